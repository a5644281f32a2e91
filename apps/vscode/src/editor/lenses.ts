import * as vscode from 'vscode';
import { caseLine, caseSuffix } from '../model/case-text.js';
import type { ResultsStore } from '../model/results-store.js';
import { surfaceSettings } from './settings.js';
import { isBenchDocument, sitesWithCases } from './site-cases.js';

/** A CodeLens row above each benchmark: run it, then one verdict (or progress) per case. */
export class BenchLensProvider implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly unsubscribe: () => void;

  constructor(private readonly store: ResultsStore) {
    this.unsubscribe = store.onChange(() => this.changed.fire());
  }

  /** Redraws (settings changed). */
  refresh(): void {
    this.changed.fire();
  }

  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    if (!isBenchDocument(doc) || !surfaceSettings().codeLens) return [];
    return sitesWithCases(doc, this.store).flatMap(({ site, cases }) => {
      const range = new vscode.Range(site.line - 1, 0, site.line - 1, 0);
      const run = new vscode.CodeLens(range, {
        title: '$(play) run',
        tooltip: `Compare ${site.key} (in-code factor)`,
        command: 'tombstoneBench.runBenchmark',
        arguments: [site.file, site.key],
      });
      const results = cases.map(
        (c) =>
          new vscode.CodeLens(range, {
            title: `${caseSuffix(c.key)} ${caseLine(c)}`.trim(),
            tooltip: `${c.key}: open the results`,
            command: 'tombstoneBench.openResults',
            arguments: [c.resultsFile],
          }),
      );
      return [run, ...results];
    });
  }

  dispose(): void {
    this.unsubscribe();
    this.changed.dispose();
  }
}
