/**
 * Tombstone Bench for VS Code: a thin client of `@tombstone-lab/bench`. It runs the workspace's runner with
 * argument arrays, reads its typed events (`--events` on a pipe of their own) and shows the verdicts where the
 * benchmarks are defined; the runner's readable report goes to the output channel. Nothing is measured in the editor
 * process; saved results are read by the bundled engine (read-only, also in an untrusted workspace).
 */
import * as vscode from 'vscode';
import { registerCommands } from './editor/commands.js';
import { BenchDecorations } from './editor/decorations.js';
import { Discovery } from './editor/discovery.js';
import { BenchHoverProvider } from './editor/hover.js';
import { BenchLensProvider } from './editor/lenses.js';
import { useMeasuredMemory } from './editor/measured-memory.js';
import { pickRef } from './editor/ref-picker.js';
import { restoreSavedRuns } from './editor/restore-runs.js';
import { RunController } from './editor/run-controller.js';
import { BenchStatusBar } from './editor/status-bar.js';
import { BenchTesting } from './editor/testing.js';
import { BENCH_GLOB } from './model/bench-files.js';
import { ResultsStore } from './model/results-store.js';

const BENCH_FILES: vscode.DocumentSelector = { scheme: 'file', pattern: BENCH_GLOB };

/** Extension entry point. */
export function activate(context: vscode.ExtensionContext): void {
  useMeasuredMemory(context.workspaceState);
  const log = vscode.window.createOutputChannel('Tombstone Bench');
  const store = new ResultsStore();
  const runs = new RunController(store, log);
  const lenses = new BenchLensProvider(store);
  const decorations = new BenchDecorations(store);
  const root = () => vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? process.cwd();
  const testing = new BenchTesting(store, runs, () => pickRef(root()));
  const discovery = new Discovery((sites, reasons) => testing.setSites(sites, reasons), log);
  context.subscriptions.push(
    log,
    runs,
    lenses,
    decorations,
    testing,
    discovery,
    new BenchStatusBar(store),
    vscode.languages.registerCodeLensProvider(BENCH_FILES, lenses),
    vscode.languages.registerHoverProvider(BENCH_FILES, new BenchHoverProvider(store)),
    ...registerCommands(store, runs, { log, clearTests: () => testing.clearResults() }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration('tombstoneBench')) return;
      lenses.refresh();
      decorations.refresh();
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => void discovery.refresh()),
    ...staleRedraws(() => {
      lenses.refresh();
      decorations.refresh();
    }),
  );
  void vscode.commands.executeCommand('setContext', 'tombstoneBench.running', false);
  void discovery.refresh();
  void vscode.workspace
    .findFiles('**/.tombstone-bench/*.json', '**/node_modules/**')
    .then((uris) => restoreSavedRuns(store, uris, (l) => log.appendLine(l)));
}

/**
 * Redraws the inline surfaces when a source file changes on disk (a save, a `git checkout`) or in the editor: a
 * module a bench file imports may have changed, which makes its results stale (the lens is not asked again for a
 * file that did not change itself).
 */
function staleRedraws(redraw: () => void): vscode.Disposable[] {
  const watcher = vscode.workspace.createFileSystemWatcher('**/*.{ts,mts,cts,js,mjs,cjs}');
  return [
    watcher,
    watcher.onDidChange(redraw),
    watcher.onDidCreate(redraw),
    watcher.onDidDelete(redraw),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.contentChanges.length > 0 && e.document.uri.scheme === 'file') redraw();
    }),
  ];
}

/** Nothing to do: every resource is in the context's subscriptions. */
export function deactivate(): void {}
