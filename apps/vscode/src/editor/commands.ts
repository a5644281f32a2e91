/** The palette commands. */
import { dirname } from 'node:path';
import { readRun } from '@tombstone-lab/bench/runner';
import * as vscode from 'vscode';
import { BENCH_FILES_TEXT } from '../model/bench-files.js';
import { runTag } from '../model/case-text.js';
import { comparisonLabel, type ResultsStore } from '../model/results-store.js';
import type { RunRequest } from '../model/runner-args.js';
import { filterFor, sitesInText } from '../model/source-map.js';
import { openComparePanel } from '../panel/compare-panel.js';
import { closeResultsPanel, openResultsPanel } from '../panel/results-panel.js';
import { pickRef } from './ref-picker.js';
import type { RunController } from './run-controller.js';
import { isBenchDocument } from './site-cases.js';

/** The active bench file, saved (the runner reads the file from disk); undefined with a message otherwise. */
async function activeBenchFile(): Promise<vscode.TextDocument | undefined> {
  const doc = vscode.window.activeTextEditor?.document;
  if (!doc || !isBenchDocument(doc)) {
    void vscode.window.showWarningMessage(`Tombstone Bench: open ${BENCH_FILES_TEXT} first.`);
    return undefined;
  }
  if (doc.isDirty) await doc.save();
  return doc;
}

/** `vs HEAD~1 · 14:03 · 2 benchmarks` for a results file (its label, not its time-stamped name), or null. */
function describeResultsFile(file: string): { tag: string; started: number } | null {
  try {
    // The engine's reader (bundled): every results version the runner reads, checked as the runner checks it.
    const run = readRun(file);
    const startedAt = new Date(run.startedAt);
    const n = run.benchmarks.length;
    const state = run.finishedAt ? '' : ' · interrupted';
    const tag = `${runTag({ id: 0, label: comparisonLabel(run.comparison), startedAt })} · ${n} benchmark${n === 1 ? '' : 's'}${state}`;
    return { tag, started: startedAt.getTime() };
  } catch {
    return null;
  }
}

interface ResultsItem extends vscode.QuickPickItem {
  file: string;
  t: number;
}

/** The workspace's saved results files, newest first. */
async function savedResults(): Promise<ResultsItem[]> {
  const uris = await vscode.workspace.findFiles('**/.tombstone-bench/*.json', '**/node_modules/**');
  const items = uris.flatMap((u) => {
    const d = describeResultsFile(u.fsPath);
    return d
      ? [{ label: d.tag, description: vscode.workspace.asRelativePath(u), file: u.fsPath, t: d.started }]
      : [];
  });
  items.sort((a, b) => b.t - a.t);
  if (items[0]) items[0].description = `newest · ${items[0].description ?? ''}`;
  return items;
}

/**
 * A picker over the saved results files. It opens at once, busy while the workspace is searched: the search took
 * over 15 s on a loaded machine, with nothing on screen meanwhile.
 */
async function pickResultsFile(title: string): Promise<string | undefined> {
  const pick = vscode.window.createQuickPick<ResultsItem>();
  Object.assign(pick, {
    title,
    busy: true,
    matchOnDescription: true,
    placeholder: 'Searching .tombstone-bench/*.json…',
  });
  let closed = false;
  const chosen = new Promise<string | undefined>((resolve) => {
    pick.onDidAccept(() => {
      resolve(pick.selectedItems[0]?.file);
      pick.hide();
    });
    pick.onDidHide(() => {
      closed = true;
      resolve(undefined);
      pick.dispose();
    });
  });
  pick.show();
  const items = await savedResults();
  if (closed) return undefined;
  if (items.length === 0) {
    pick.hide();
    void vscode.window.showInformationMessage(
      'Tombstone Bench: no saved results (.tombstone-bench/*.json) yet.',
    );
    return undefined;
  }
  Object.assign(pick, { items, busy: false, placeholder: 'Pick a results file' });
  return chosen;
}

/** What the commands act on besides the store and the runs. */
export interface CommandHosts {
  log: vscode.OutputChannel;
  clearTests: () => Promise<void>;
}

/** Registers every command. */
export function registerCommands(
  store: ResultsStore,
  runs: RunController,
  hosts: CommandHosts,
): vscode.Disposable[] {
  const run = (req: RunRequest) => void runs.run(req);
  const show = async (file: string | undefined) => {
    if (!file) return;
    try {
      await openResultsPanel(store, file);
    } catch (e) {
      void vscode.window.showErrorMessage(`Tombstone Bench: ${(e as Error).message}`);
    }
  };
  const commands: Record<string, (...args: never[]) => unknown> = {
    'tombstoneBench.runFile': async () => {
      const doc = await activeBenchFile();
      if (doc) run({ kind: 'factor', files: [doc.uri.fsPath] });
    },
    'tombstoneBench.runAtCursor': async () => {
      const doc = await activeBenchFile();
      const line = (vscode.window.activeTextEditor?.selection.active.line ?? 0) + 1;
      if (!doc) return;
      const site = sitesInText(doc.uri.fsPath, doc.getText())
        .filter((s) => s.line <= line)
        .at(-1);
      if (!site)
        return void vscode.window.showWarningMessage('Tombstone Bench: no benchmark at or above the cursor.');
      run({ kind: 'factor', files: [doc.uri.fsPath], filter: filterFor([site.key]) });
    },
    'tombstoneBench.runBenchmark': (file: string, key: string) =>
      run({ kind: 'factor', files: [file], filter: filterFor([key]) }),
    'tombstoneBench.compareRef': async () => {
      const doc = await activeBenchFile();
      if (!doc) return;
      const baseline = await pickRef(dirname(doc.uri.fsPath));
      if (baseline) run({ kind: 'revision', baseline, files: [doc.uri.fsPath] });
    },
    'tombstoneBench.rerunLast': () => runs.rerunLast(),
    'tombstoneBench.cancel': () => runs.cancel(),
    'tombstoneBench.calibrate': async () => {
      const doc = await activeBenchFile();
      if (doc) run({ kind: 'calibrate', files: [doc.uri.fsPath] });
    },
    // From a lens or a Runs entry: that run. From the palette: a picker of every saved run, newest first.
    'tombstoneBench.openResults': async (file?: string) =>
      show(typeof file === 'string' && file ? file : await pickResultsFile('Open results')),
    'tombstoneBench.compareFiles': async () => {
      const a = await pickResultsFile('First results file (before)');
      const b = a && (await pickResultsFile('Second results file (after)'));
      const name = (f: string) => describeResultsFile(f)?.tag.replace(/ · \d+ benchmarks?.*$/, '') ?? f;
      if (a && b)
        await openComparePanel(a, b, [name(a), name(b)]).catch((e) =>
          vscode.window.showErrorMessage(`Tombstone Bench: ${(e as Error).message}`),
        );
    },
    'tombstoneBench.clearResults': async () => {
      closeResultsPanel();
      store.clear();
      runs.clearProblems();
      await hosts.clearTests();
    },
    'tombstoneBench.showOutput': () => hosts.log.show(true),
  };
  return Object.entries(commands).map(([id, fn]) => vscode.commands.registerCommand(id, fn));
}
