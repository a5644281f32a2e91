import { basename } from 'node:path';
import * as vscode from 'vscode';
import { analyseResults } from '../editor/analyse-results.js';
import { compareHtml, compareRows } from '../model/compare-html.js';

/** Shows two saved results files side by side. */
export async function openComparePanel(first: string, second: string): Promise<void> {
  const [a, b] = await Promise.all([analyseResults(first), analyseResults(second)]);
  const names: [string, string] = [basename(first), basename(second)];
  const panel = vscode.window.createWebviewPanel(
    'tombstoneBench.compare',
    `Bench: ${names.join(' vs ')}`,
    vscode.ViewColumn.Beside,
    {
      enableScripts: false,
    },
  );
  panel.webview.html = compareHtml(compareRows(a.doc, b.doc), names);
}
