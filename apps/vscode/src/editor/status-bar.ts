import * as vscode from 'vscode';
import { runSummary, runTooltip } from '../model/case-text.js';
import type { ResultsStore } from '../model/results-store.js';

/**
 * The newest run in one item: `bench vs HEAD~1: 1 Lost · 1 Unchanged`, `bench: building baseline HEAD~1…`,
 * `bench: measuring 7/20 · vs HEAD~1`, `bench: run failed — …` (stays until the next run: a failure is not only a
 * toast).
 */
export class BenchStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem(
    'tombstoneBench.summary',
    vscode.StatusBarAlignment.Left,
    10,
  );
  private readonly unsubscribe: () => void;

  constructor(private readonly store: ResultsStore) {
    this.item.name = 'Tombstone Bench';
    this.unsubscribe = store.onChange(() => this.update());
    this.update();
  }

  private update(): void {
    const run = this.store.run;
    if (!run) {
      this.item.hide();
      return;
    }
    this.item.text = `${run.status === 'failed' ? '$(error) ' : ''}${runSummary(run)}`;
    this.item.backgroundColor =
      run.status === 'failed' ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
    if (run.status === 'preparing' || run.status === 'running') {
      this.item.text = `$(sync~spin) ${this.item.text}`;
      this.item.command = 'tombstoneBench.cancel';
      this.item.tooltip = 'Cancel the run';
    } else if (run.status === 'failed') {
      this.item.command = 'tombstoneBench.showOutput';
      this.item.tooltip = `${run.errors[0] ?? 'The runner failed'}\n\nShow the runner's output`;
    } else {
      this.item.command = 'tombstoneBench.openResults';
      this.item.tooltip = runTooltip(run);
    }
    this.item.show();
  }

  dispose(): void {
    this.unsubscribe();
    this.item.dispose();
  }
}
