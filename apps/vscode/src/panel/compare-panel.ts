import { execFile } from 'node:child_process';
import { basename } from 'node:path';
import * as vscode from 'vscode';
import { runnerFor } from '../editor/workspace-runner.js';
import { compareHtml, parseFileComparison } from '../model/compare-html.js';

/** Shows two saved results files compared by the workspace's runner (`compare-files --json`). */
export async function openComparePanel(first: string, second: string): Promise<void> {
  if (!vscode.workspace.isTrusted)
    throw new Error('comparing results runs the workspace runner: trust the workspace first');
  const runner = runnerFor(second);
  const out = await new Promise<string>((resolve, reject) => {
    execFile(
      runner.bin,
      ['compare-files', first, second, '--json'],
      { cwd: runner.cwd, shell: false, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => (err ? reject(new Error(stderr.trim() || err.message)) : resolve(stdout)),
    );
  });
  const names: [string, string] = [basename(first), basename(second)];
  const panel = vscode.window.createWebviewPanel(
    'tombstoneBench.compare',
    `Bench: ${names.join(' → ')}`,
    vscode.ViewColumn.Beside,
    {
      enableScripts: false,
    },
  );
  panel.webview.html = compareHtml(parseFileComparison(out), names);
}
