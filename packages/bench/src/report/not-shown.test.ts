import { describe, expect, it } from 'vitest';
import { analyseRun } from '../analyse/analyse-run.js';
import { parseResultsDocument } from '../protocol/parse.js';
import { makeRecord, makeRun } from '../stats/test-fixtures.js';
import { renderResultsJson } from './json.js';
import { renderMarkdownReport } from './markdown.js';
import { claimsNotShownNote } from './report-model.js';
import { renderTerminalReport } from './terminal.js';
import { seedRun } from './test-seed-run.js';

// ±0.1% fork noise: an interval far inside ±2%. ±3% fork noise: an interval straddling ±2%.
const tight = [100, 100.1, 99.9, 100.05, 99.95, 100.08, 99.92, 100.02, 99.98, 100];
const noisy = [100, 103, 97, 101, 98, 102, 100.5, 97.5, 101.5, 99.5];
const reversed = (xs: number[]) => [...xs].reverse();

/** Two Unchanged primaries and two Held guardrails: one of each shown by its interval, one not. */
const run = makeRun([
  makeRecord({ benchmark: 'tight', baseline: tight, candidate: reversed(tight) }),
  makeRecord({ benchmark: 'noisy', baseline: noisy, candidate: reversed(noisy) }),
  // 20% faster: wholly outside ±2%, but a guardrail claims only that it did not regress.
  makeRecord({
    benchmark: 'faster',
    role: 'guardrail',
    baseline: tight,
    candidate: tight.map((x) => x * 0.8),
  }),
  makeRecord({ benchmark: 'wobbly', role: 'guardrail', baseline: noisy, candidate: reversed(noisy) }),
]);
const analysed = analyseRun(run);
const rowOf = (text: string, name: string) =>
  text.split('\n').find((l) => l.startsWith(`RangeTombstoneListBench.${name} `)) ?? '';
const FOOTNOTE =
  '† Unchanged but not shown within ±2%: 1 of 2; Held but not shown below +2%: 1 of 2 ' +
  '(the 95% Δ CI (HL) reaches past the threshold; more forks (-n) would narrow it)';

describe('Held/Unchanged whose interval does not show the claim', () => {
  it('the run reads as intended: two Unchanged, two Held, one of each not shown', () => {
    const outcomes = analysed.report.verdicts.map((v) => [v.outcome, v.equivalence?.claimNotShown]);
    expect(outcomes).toEqual([
      ['Unchanged', false],
      ['Unchanged', true],
      ['Held', false],
      ['Held', true],
    ]);
    expect(analysed.report.summary.claimsNotShown).toEqual({ Held: 1, Unchanged: 1 });
  });

  it('terminal: the mark on those rows only, the footnote under the table, the counts in the summary line', () => {
    const text = renderTerminalReport(analysed);
    expect(rowOf(text, 'tight')).toMatch(/ Unchanged {2}/);
    expect(rowOf(text, 'noisy')).toMatch(/ Unchanged† /);
    expect(rowOf(text, 'faster')).toMatch(/ Held {2}/);
    expect(rowOf(text, 'wobbly')).toMatch(/ Held† /);
    const lines = text.split('\n');
    const start = lines.findIndex((l) => l.startsWith('Benchmark '));
    // The mark does not shift a column: header, rule and rows keep one width; the footnote follows the last row.
    expect(new Set(lines.slice(start, start + 6).map((l) => [...l].length)).size).toBe(1);
    expect(lines[start + 6]).toBe(FOOTNOTE);
    expect(text.match(/†/g)).toHaveLength(3);
    expect(lines.at(-1)).toBe(
      '0 Won, 2 Held (1 not shown below +2%), 2 Unchanged (1 not shown within ±2%), 0 Lost — gate: pass',
    );
  });

  it('Markdown: the mark in the Outcome cell and the footnote as a paragraph under the table', () => {
    const md = renderMarkdownReport(analysed);
    expect(md).toMatch(/\| RangeTombstoneListBench\.noisy \|.*\| Unchanged† \|/);
    expect(md).toMatch(/\| RangeTombstoneListBench\.tight \|.*\| Unchanged \|/);
    expect(md).toMatch(/\| RangeTombstoneListBench\.wobbly \|.*\| Held† \|/);
    expect(md).toMatch(/\| RangeTombstoneListBench\.faster \|.*\| Held \|/);
    expect(md).toMatch(new RegExp(`\\| Held† \\|[^\\n]*\\|\\n\\n${FOOTNOTE.replace(/[()+.]/g, '\\$&')}\\n`));
  });

  it("JSON carries each verdict's equivalence and the summary counts, and validates", () => {
    const doc = parseResultsDocument(renderResultsJson(analysed));
    const noisyVerdict = doc.analysis.verdicts[1]!;
    expect(noisyVerdict.equivalence).toMatchObject({
      withinThreshold: false,
      belowThreshold: false,
      claimNotShown: true,
    });
    expect(noisyVerdict.equivalence?.halfWidthToThreshold).toBeGreaterThan(1);
    expect(doc.analysis.verdicts[2]!.equivalence).toMatchObject({
      withinThreshold: false,
      belowThreshold: true,
      claimNotShown: false,
    });
    expect(doc.analysis.summary.claimsNotShown).toEqual({ Held: 1, Unchanged: 1 });
  });

  it('no mark, footnote or count when every interval shows its claim: the seed run, or a threshold the noise fits', () => {
    for (const a of [analyseRun(seedRun()), analyseRun(run, { overrides: { threshold: 0.3 } })]) {
      expect(claimsNotShownNote(a.report)).toBeNull();
      const text = renderTerminalReport(a);
      expect(text).not.toContain('†');
      expect(text).not.toContain('not shown');
      expect(renderMarkdownReport(a)).not.toContain('†');
    }
    expect(renderTerminalReport(analyseRun(seedRun()))).toContain(
      '1 Won, 3 Held, 0 Unchanged, 0 Lost — gate: pass',
    );
  });

  it("the footnote names only the outcomes that have a mark, with the run's threshold and confidence", () => {
    const only = { Held: 0, Unchanged: 12 };
    const outcomes = { Won: 0, Held: 3, Unchanged: 40, Lost: 0, Inconclusive: 0, Invalid: 0 };
    expect(
      claimsNotShownNote({
        summary: { outcomes, claimsNotShown: only },
        config: { threshold: 0.03, confidence: 0.9 },
      }),
    ).toBe(
      '† Unchanged but not shown within ±3%: 12 of 40 (the 90% Δ CI (HL) reaches past the threshold; ' +
        'more forks (-n) would narrow it)',
    );
  });
});
