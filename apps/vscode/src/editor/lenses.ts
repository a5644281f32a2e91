import * as vscode from 'vscode';
import { caseTooltip, inlineTexts, runTag } from '../model/case-text.js';
import type { ResultsStore } from '../model/results-store.js';
import { throttle } from '../model/throttle.js';
import { surfaceSettings } from './settings.js';
import { isBenchDocument, sitesWithCases } from './site-cases.js';
import { isStale, STALE_MARK } from './staleness.js';

const STALE_TOOLTIP =
  'The bench file or a module it imports changed after this run: its results may not hold for the code now. Run again, or click to open them.';

/** Time between lens redraws during a run; above VS Code's lens scheduler delay (250 ms at least). */
const LENS_REDRAW_MS = 1000;

/**
 * A CodeLens row above each benchmark: run it, which run the results are from (`vs HEAD~1 · 14:03`), then one
 * verdict (or progress) per case — of the newest run that measured the benchmark only.
 */
export class BenchLensProvider implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly unsubscribe: () => void;
  /** At most one redraw a second: see `throttle` for why firing on every event starved the lenses. */
  private readonly redraw = throttle(() => this.changed.fire(), LENS_REDRAW_MS);

  constructor(private readonly store: ResultsStore) {
    this.unsubscribe = store.onChange(() => this.redraw.call());
  }

  /** Redraws (settings changed). */
  refresh(): void {
    this.changed.fire();
  }

  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    if (!isBenchDocument(doc) || !surfaceSettings().codeLens) return [];
    const trusted = vscode.workspace.isTrusted;
    return sitesWithCases(doc, this.store).flatMap(({ site, cases }) => {
      const range = new vscode.Range(site.line - 1, 0, site.line - 1, 0);
      const run = trusted
        ? [
            new vscode.CodeLens(range, {
              title: '$(play) run',
              tooltip: `Compare ${site.key} (in-code factor)`,
              command: 'tombstoneBench.runBenchmark',
              arguments: [site.file, site.key],
            }),
          ]
        : [];
      const first = cases[0];
      if (!first) return run;
      const open = (title: string, tooltip: string) =>
        new vscode.CodeLens(range, {
          title,
          tooltip,
          command: 'tombstoneBench.openResults',
          arguments: [first.resultsFile],
        });
      const tag = open(runTag(first.run), `Results of the run ${runTag(first.run)}: open them`);
      const staleMark = isStale(site.file, first.run);
      const stale = staleMark ? [open(`$(warning) ${STALE_MARK}`, STALE_TOOLTIP)] : [];
      const texts = inlineTexts(cases);
      const results = cases.map((c, i) => open(texts[i]!, caseTooltip(c)));
      // The verdicts first, the run's label last: a lens row does not wrap, and at half the editor's width the label
      // in front (`impl: copyLoop → slice · 14:59 (saved) | `, 40 characters) pushed the verdict out of view (e2e
      // screenshot, 1400 px window). The short stale mark goes before the verdicts it qualifies.
      return [...run, ...stale, ...results, tag];
    });
  }

  dispose(): void {
    this.unsubscribe();
    this.redraw.dispose();
    this.changed.dispose();
  }
}
