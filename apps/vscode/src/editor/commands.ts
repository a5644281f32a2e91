/** The palette commands. */
import { dirname } from 'node:path';
import * as vscode from 'vscode';
import type { ResultsStore } from '../model/results-store.js';
import type { RunRequest } from '../model/runner-args.js';
import { filterFor, sitesInText } from '../model/source-map.js';
import { openComparePanel } from '../panel/compare-panel.js';
import { openResultsPanel } from '../panel/results-panel.js';
import { pickRef } from './ref-picker.js';
import type { RunController } from './run-controller.js';
import { isBenchDocument } from './site-cases.js';

/** The active bench file, saved (the runner reads the file from disk); undefined with a message otherwise. */
async function activeBenchFile(): Promise<vscode.TextDocument | undefined> {
  const doc = vscode.window.activeTextEditor?.document;
  if (!doc || !isBenchDocument(doc)) {
    void vscode.window.showWarningMessage('Tombstone Bench: open a *.bench.ts file first.');
    return undefined;
  }
  if (doc.isDirty) await doc.save();
  return doc;
}

async function pickResultsFile(title: string): Promise<string | undefined> {
  const uris = await vscode.workspace.findFiles('**/.tombstone-bench/*.json', '**/node_modules/**');
  if (uris.length === 0) {
    void vscode.window.showInformationMessage(
      'Tombstone Bench: no saved results (.tombstone-bench/*.json) yet.',
    );
    return undefined;
  }
  const items = uris
    .map((u) => ({ label: vscode.workspace.asRelativePath(u), file: u.fsPath }))
    .sort((a, b) => b.label.localeCompare(a.label));
  return (await vscode.window.showQuickPick(items, { title }))?.file;
}

/** Registers every command. */
export function registerCommands(store: ResultsStore, runs: RunController): vscode.Disposable[] {
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
      if (doc && (await runs.run({ kind: 'aa', files: [doc.uri.fsPath] }))) showCalibration(store);
    },
    'tombstoneBench.openResults': async (file?: string) =>
      show(
        typeof file === 'string' && file
          ? file
          : (store.run?.resultsFile ?? (await pickResultsFile('Open results'))),
      ),
    'tombstoneBench.compareFiles': async () => {
      const a = await pickResultsFile('First results file (before)');
      const b = a && (await pickResultsFile('Second results file (after)'));
      if (a && b) await openComparePanel(a, b).catch((e) => vscode.window.showErrorMessage(String(e)));
    },
    'tombstoneBench.clearResults': () => store.clear(),
  };
  return Object.entries(commands).map(([id, fn]) => vscode.commands.registerCommand(id, fn));
}

/** After an A/A run: how often this machine produced a verdict or a p < alpha when nothing changed. */
function showCalibration(store: ResultsStore): void {
  const cases = store.all().filter((c) => c.verdict?.stats);
  if (cases.length === 0) return;
  const verdicts = cases.filter((c) => c.verdict?.outcome === 'Won' || c.verdict?.outcome === 'Lost').length;
  const significant = cases.filter((c) => (c.verdict?.stats?.p ?? 1) < c.limits.alpha).length;
  const pct = (k: number) => `${Math.round((k / cases.length) * 100)}%`;
  void vscode.window.showInformationMessage(
    `A/A calibration: ${verdicts} of ${cases.length} benchmarks got a false Won/Lost (${pct(verdicts)}); ` +
      `p < α in ${significant} (${pct(significant)}, nominal ${cases[0]!.limits.alpha * 100}%).`,
  );
}
