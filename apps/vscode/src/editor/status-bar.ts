import * as vscode from 'vscode';
import { statusSummary } from '../model/case-text.js';
import type { ResultsStore } from '../model/results-store.js';

/** `bench: 3 Won · 5 Held · 0 Lost`, or `bench: measuring 7/20` while a run is in progress. */
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
    const cases = this.store.all();
    if (run?.status === 'running') {
      this.item.text = `$(sync~spin) bench: measuring ${run.completed}/${run.total}`;
      this.item.command = 'tombstoneBench.cancel';
      this.item.tooltip = 'Cancel the run';
    } else if (cases.length > 0) {
      this.item.text = statusSummary(cases);
      this.item.command = 'tombstoneBench.openResults';
      this.item.tooltip = 'Open the results';
    } else {
      this.item.hide();
      return;
    }
    this.item.show();
  }

  dispose(): void {
    this.unsubscribe();
    this.item.dispose();
  }
}
