import { basename } from 'node:path';
import * as vscode from 'vscode';
import { compareHtml } from '../model/compare-html.js';
import { compareSavedFiles } from '../model/saved-results.js';

/**
 * Shows two saved results files compared as the runner's `compare-files` compares them, by the engine bundled with
 * the extension (see {@link compareSavedFiles}: read-only, so it works in an untrusted workspace too).
 * `names`: how each file is titled (its run's label and time), else its file name.
 */
export async function openComparePanel(
  first: string,
  second: string,
  names: [string, string] = [basename(first), basename(second)],
): Promise<void> {
  const comparison = compareSavedFiles(first, second);
  const panel = vscode.window.createWebviewPanel(
    'tombstoneBench.compare',
    `Bench: ${names.join(' → ')}`,
    vscode.ViewColumn.Beside,
    { enableScripts: false },
  );
  panel.webview.html = compareHtml(comparison, names);
}
