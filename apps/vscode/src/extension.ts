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
import { pickRef } from './editor/ref-picker.js';
import { RunController } from './editor/run-controller.js';
import { BenchStatusBar } from './editor/status-bar.js';
import { BenchTesting } from './editor/testing.js';
import { BENCH_GLOB } from './model/bench-files.js';
import { ResultsStore } from './model/results-store.js';

const BENCH_FILES: vscode.DocumentSelector = { scheme: 'file', pattern: BENCH_GLOB };

/** Extension entry point. */
export function activate(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('Tombstone Bench');
  const store = new ResultsStore();
  const runs = new RunController(store, log);
  const lenses = new BenchLensProvider(store);
  const decorations = new BenchDecorations(store);
  const root = () => vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? process.cwd();
  const testing = new BenchTesting(store, runs, () => pickRef(root()));
  const discovery = new Discovery((sites) => testing.setSites(sites), log);
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
  );
  void vscode.commands.executeCommand('setContext', 'tombstoneBench.running', false);
  void discovery.refresh();
}

/** Nothing to do: every resource is in the context's subscriptions. */
export function deactivate(): void {}
