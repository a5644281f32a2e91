/**
 * Opens a results file: it is analysed (see {@link analyseResults}: the workspace's runner, or read-only with the
 * bundled engine in an untrusted workspace), the store takes it as a run (so lenses, hover, status bar and Test
 * Explorer show it as the newest run), and a webview shows the page, titled by the run (`vs HEAD~1 · 14:03`), with
 * the list of the session's runs. One view is reused: opening another run replaces its page.
 */
import * as vscode from 'vscode';
import { analyseResults } from '../editor/analyse-results.js';
import { runTag } from '../model/case-text.js';
import { savedRun } from '../model/protocol.js';
import { type ListedRun, resultsHtml } from '../model/results-html.js';
import type { ResultsStore } from '../model/results-store.js';

let panel: vscode.WebviewPanel | null = null;

/** Loads `file` into the store and shows it in the results view. */
export async function openResultsPanel(store: ResultsStore, file: string): Promise<vscode.WebviewPanel> {
  const { doc, plots, plotsNote } = await analyseResults(file);
  const run = store.load(savedRun(doc, file));
  const title = runTag(run);
  const runs: ListedRun[] = store.runs().map((r) => ({
    tag: runTag(r),
    status: r.status,
    file: r.resultsFile,
    current: r.id === run.id,
  }));
  if (!panel) {
    // The editor keeps focus: VS Code drops a pending CodeLens refresh when its editor loses focus, so a view that
    // took focus left the lenses without the opened run's verdicts (the untrusted e2e saw `lenses: []`).
    const column = { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true };
    panel = vscode.window.createWebviewPanel('tombstoneBench.results', title, column, {
      enableScripts: false,
      enableCommandUris: ['tombstoneBench.openResults'],
    });
    panel.onDidDispose(() => {
      panel = null;
    });
  } else panel.reveal(undefined, true);
  panel.title = `Bench: ${title}`;
  panel.webview.html = resultsHtml(doc, {
    title,
    file: vscode.workspace.asRelativePath(file),
    plots,
    plotsNote,
    runs,
    cspSource: panel.webview.cspSource,
  });
  return panel;
}
