/**
 * Opens a results file: the runner analyses it (`report --format json --svg`, the runner's own statistics and
 * plots), the store takes its cases (so lenses and hovers show saved results), and a webview shows the page.
 */
import { basename } from 'node:path';
import * as vscode from 'vscode';
import { analyseResults } from '../editor/analyse-results.js';
import { savedCases } from '../model/protocol.js';
import { resultsHtml } from '../model/results-html.js';
import type { ResultsStore } from '../model/results-store.js';

/** Loads `file` into the store and shows it in the results view. */
export async function openResultsPanel(store: ResultsStore, file: string): Promise<vscode.WebviewPanel> {
  const { doc, plots } = await analyseResults(file);
  const { cases, limits } = savedCases(doc);
  store.load(cases, limits, file, doc.invocation?.argv.slice(1) ?? []);
  const panel = vscode.window.createWebviewPanel(
    'tombstoneBench.results',
    `Bench: ${basename(file)}`,
    vscode.ViewColumn.Beside,
    { enableScripts: false },
  );
  panel.webview.html = resultsHtml(
    doc,
    plots,
    `Benchmark results · ${basename(file)}`,
    panel.webview.cspSource,
  );
  return panel;
}
