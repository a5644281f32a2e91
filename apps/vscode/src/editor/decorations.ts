import * as vscode from 'vscode';
import { caseShort, caseSuffix, caseTone, firstLine, runTag, type Tone } from '../model/case-text.js';
import type { ResultsStore } from '../model/results-store.js';
import { surfaceSettings } from './settings.js';
import { isBenchDocument, sitesWithCases } from './site-cases.js';
import { isStale } from './staleness.js';

const COLORS: Record<Tone, string> = {
  won: 'tombstoneBench.won',
  lost: 'tombstoneBench.lost',
  neutral: 'tombstoneBench.neutral',
};

/**
 * The verdicts after each benchmark's line, in theme colours (`tombstoneBench.inline.show`: `decoration` or
 * `both`; for editors with CodeLens turned off).
 */
export class BenchDecorations implements vscode.Disposable {
  private readonly types = new Map<Tone, vscode.TextEditorDecorationType>();
  private readonly subs: vscode.Disposable[] = [];
  private readonly unsubscribe: () => void;

  constructor(private readonly store: ResultsStore) {
    for (const tone of Object.keys(COLORS) as Tone[]) {
      this.types.set(
        tone,
        vscode.window.createTextEditorDecorationType({
          after: { color: new vscode.ThemeColor(COLORS[tone]), margin: '0 0 0 2em', fontStyle: 'italic' },
          rangeBehavior: vscode.DecorationRangeBehavior.ClosedClosed,
        }),
      );
    }
    this.unsubscribe = store.onChange(() => this.refresh());
    this.subs.push(
      vscode.window.onDidChangeVisibleTextEditors(() => this.refresh()),
      vscode.workspace.onDidChangeTextDocument((e) => this.refreshDocument(e.document)),
    );
  }

  /** Redraws every visible bench editor. */
  refresh(): void {
    for (const editor of vscode.window.visibleTextEditors) this.draw(editor);
  }

  private refreshDocument(doc: vscode.TextDocument): void {
    for (const editor of vscode.window.visibleTextEditors) if (editor.document === doc) this.draw(editor);
  }

  private draw(editor: vscode.TextEditor): void {
    if (!isBenchDocument(editor.document)) return;
    const byTone = new Map<Tone, vscode.DecorationOptions[]>();
    if (surfaceSettings().decorations) {
      for (const { site, cases } of sitesWithCases(editor.document, this.store)) {
        if (cases.length === 0) continue;
        // After code on the same line, which cannot wrap: each case's short form and the run, cut to stay in view
        // (the full line is in the hover).
        const short = cases.map((c) => `${caseSuffix(c.key)} ${caseShort(c)}`.trim()).join(' · ');
        const run = cases[0]!.run;
        // First, so the 90-character cut never drops it.
        const stale = isStale(site.file, run) ? '⚠ stale · ' : '';
        const text = firstLine(`${stale}${short}  (${runTag(run)})`, 90);
        const tone = worstTone(cases.map(caseTone));
        const line = editor.document.lineAt(site.line - 1);
        byTone.set(tone, [
          ...(byTone.get(tone) ?? []),
          {
            range: new vscode.Range(line.range.end, line.range.end),
            renderOptions: { after: { contentText: text } },
          },
        ]);
      }
    }
    for (const [tone, type] of this.types) editor.setDecorations(type, byTone.get(tone) ?? []);
  }

  dispose(): void {
    this.unsubscribe();
    for (const s of this.subs) s.dispose();
    for (const t of this.types.values()) t.dispose();
  }
}

/** A line with one Lost case is drawn as lost; all Won as won; otherwise neutral. */
export function worstTone(tones: readonly Tone[]): Tone {
  if (tones.some((t) => t === 'lost')) return 'lost';
  if (tones.length > 0 && tones.every((t) => t === 'won')) return 'won';
  return 'neutral';
}
