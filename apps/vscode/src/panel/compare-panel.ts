import { basename } from 'node:path';
import { compareFiles, readRun } from '@tombstone-lab/bench/runner';
import * as vscode from 'vscode';
import { compareHtml, parseFileComparison } from '../model/compare-html.js';

/**
 * Shows two saved results files compared as the runner's `compare-files` compares them, by the engine bundled with
 * the extension (`readRun`, `compareFiles`: statistics on saved samples, nothing of the workspace runs — so it works
 * read-only in an untrusted workspace too). The newer file's metric, alpha and threshold judge; Holm across rows.
 */
/** `names`: how each file is titled (its run's label and time), else its file name. */
export async function openComparePanel(
  first: string,
  second: string,
  names: [string, string] = [basename(first), basename(second)],
): Promise<void> {
  const old = readRun(first);
  const next = readRun(second);
  const { metric, alpha, threshold } = next.config;
  const comparison = compareFiles(old, next, { metric, alpha, threshold, correction: 'holm' });
  // Through JSON and the same validation as the runner's `compare-files --json` output.
  const parsed = parseFileComparison(
    JSON.stringify(comparison, (_k, v) => (typeof v === 'number' && !Number.isFinite(v) ? null : v)),
  );
  const panel = vscode.window.createWebviewPanel(
    'tombstoneBench.compare',
    `Bench: ${names.join(' → ')}`,
    vscode.ViewColumn.Beside,
    { enableScripts: false },
  );
  panel.webview.html = compareHtml(parsed, names);
}
