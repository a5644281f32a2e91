/**
 * Opens a results file: it is analysed (see {@link analyseResults}: the workspace's runner, or read-only with the
 * bundled engine in an untrusted workspace), the store takes it as a run (so lenses, hover, status bar and Test
 * Explorer show it as the newest run), and a webview shows the page, titled by the run (`vs HEAD~1 · 14:03`), with
 * the list of the session's runs. One view is reused: opening another run replaces its page.
 *
 * The view follows the runs: a view showing the newest run shows the next one when it ends (a view left open beside
 * the editor kept an old `Unchanged†` next to a lens saying `Won`); a view showing an older run, picked on purpose,
 * stays and says that a newer run exists, with a button that shows it.
 */
import * as vscode from 'vscode';
import { analyseResults } from '../editor/analyse-results.js';
import { recallSources } from '../editor/measured-memory.js';
import { runTag } from '../model/case-text.js';
import { interruptedNote, notMeasuredText } from '../model/interrupted-run.js';
import type { ResultsDocument } from '../model/protocol.js';
import { savedRun } from '../model/protocol.js';
import { type ListedRun, type ResultsPage, resultsHtml } from '../model/results-html.js';
import type { ResultsStore, RunState } from '../model/results-store.js';
import { newestEndedRun } from './newest-run.js';

/** The open view and what it shows. */
interface View {
  panel: vscode.WebviewPanel;
  file: string;
  /** The newest ended run when it was shown: a later one is "newer". */
  newestId: number;
  /** Whether it showed the newest run (then it follows the next). */
  follows: boolean;
  /** What it rendered, for the newer-run note. */
  doc: ResultsDocument;
  page: Omit<ResultsPage, 'cspSource' | 'newer'>;
  /** Stops following the store (when another file is opened in the view, or it closes). */
  unsubscribe: () => void;
}

let view: View | null = null;
let following: Promise<unknown> | null = null;
/** Counts Clear Results: a view following a run does not come back once the results were cleared meanwhile. */
let clears = 0;

/** Loads `file` into the store and shows it in the results view. */
export async function openResultsPanel(
  store: ResultsStore,
  file: string,
  follow = false,
): Promise<vscode.WebviewPanel | null> {
  const clearsBefore = clears;
  const { doc, plots, plotsNote } = await analyseResults(file);
  if (follow && clears !== clearsBefore) return null;
  // Not followed while loading: the load itself is a change, and may add the opened run as the newest.
  view?.unsubscribe();
  const sources = recallSources(file);
  const run = store.load({ ...savedRun(doc, file), ...(sources ? { sources } : {}) });
  const newest = newestEndedRun(store);
  const page = pageOf(store, run, file, { plots, plotsNote });
  const panel = view?.panel ?? createPanel();
  if (view) panel.reveal(undefined, true);
  const unsubscribe = store.onChange(() => onStoreChange(store));
  const newestId = newest?.id ?? run.id;
  view = { panel, file, newestId, follows: newestId === run.id, doc, page, unsubscribe };
  render(view, null);
  return panel;
}

/** Closes the results view (Clear Results: no page of a forgotten run stays open). */
export function closeResultsPanel(): void {
  clears++;
  const v = view;
  view = null;
  v?.unsubscribe();
  v?.panel.dispose();
}

function createPanel(): vscode.WebviewPanel {
  // The editor keeps focus: VS Code drops a pending CodeLens refresh when its editor loses focus, so a view that
  // took focus left the lenses without the opened run's verdicts (the untrusted e2e saw `lenses: []`).
  const column = { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true };
  const panel = vscode.window.createWebviewPanel('tombstoneBench.results', 'Bench results', column, {
    enableScripts: false,
    enableCommandUris: ['tombstoneBench.openResults'],
  });
  panel.onDidDispose(() => {
    if (view?.panel !== panel) return;
    view.unsubscribe();
    view = null;
  });
  return panel;
}

function pageOf(
  store: ResultsStore,
  run: RunState,
  file: string,
  plots: Pick<ResultsPage, 'plots' | 'plotsNote'>,
): View['page'] {
  const runs: ListedRun[] = store.runs().map((r) => ({
    tag: runTag(r),
    status: r.status,
    file: r.resultsFile,
    current: r.id === run.id,
  }));
  const notMeasured = new Map<string, string>();
  for (const c of run.cases.values())
    if (c.status === 'cancelled') notMeasured.set(c.key, notMeasuredText(c.done, c.total));
  // The runner's plots judge every case of the file, so an unfinished one is captioned Invalid there.
  const shown =
    run.status === 'interrupted' && notMeasured.size > 0
      ? { plots: [], plotsNote: 'no plots: the run was cancelled (they come with the finished run)' }
      : plots;
  return {
    title: runTag(run),
    file: vscode.workspace.asRelativePath(file),
    ...shown,
    runs,
    notMeasured,
    interruptedNote: interruptedNote(run),
  };
}

function render(v: View, newer: ResultsPage['newer']): void {
  v.panel.title = `Bench: ${v.page.title}`;
  v.panel.webview.html = resultsHtml(v.doc, { ...v.page, newer, cspSource: v.panel.webview.cspSource });
}

/** A run ended after the view was shown: follow it, or say it exists. */
function onStoreChange(store: ResultsStore): void {
  const v = view;
  const newest = newestEndedRun(store);
  if (!v || !newest?.resultsFile || newest.id <= v.newestId || following) return;
  v.newestId = newest.id;
  if (!v.follows) {
    render(v, { tag: runTag(newest), file: newest.resultsFile });
    return;
  }
  following = openResultsPanel(store, newest.resultsFile, true)
    .catch((e) => vscode.window.showErrorMessage(`Tombstone Bench: ${(e as Error).message}`))
    .finally(() => {
      following = null;
    });
}
