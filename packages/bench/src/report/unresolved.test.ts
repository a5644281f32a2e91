import { describe, expect, it } from 'vitest';
import { analyseRun } from '../analyse/analyse-run.js';
import { parseResultsDocument } from '../protocol/parse.js';
import { makeRecord, makeRun } from '../stats/test-fixtures.js';
import { renderResultsJson } from './json.js';
import { renderMarkdownReport } from './markdown.js';
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

describe('Unchanged and Held only when the interval shows them (protocol 10)', () => {
  it('an Unchanged or Held the interval does not show is Inconclusive, with the interval and the n that would resolve it', () => {
    const outcomes = analysed.report.verdicts.map((v) => [v.outcome, v.basis.statisticalOutcome]);
    expect(outcomes).toEqual([
      ['Unchanged', 'Unchanged'],
      ['Inconclusive', 'Unchanged'],
      ['Held', 'Held'],
      ['Inconclusive', 'Held'],
    ]);
    const [tightV, noisyV, fasterV, wobblyV] = analysed.report.verdicts;
    expect(tightV!.basis.unresolved).toBeNull();
    expect(fasterV!.basis.unresolved).toBeNull();
    for (const v of [noisyV!, wobblyV!]) {
      expect(v.basis.failedChecks).toEqual([]);
      const u = v.basis.unresolved!;
      expect(u.lowerPercent).toBeLessThan(-2);
      expect(u.upperPercent).toBeGreaterThan(2);
      // n · (half-width ÷ room)²: more than the 10 it had.
      expect(u.samplesPerSide).toBeGreaterThan(10);
    }
    expect(analysed.report.summary.outcomes).toMatchObject({ Unchanged: 1, Held: 1, Inconclusive: 2 });
  });

  it('terminal: the rows read Inconclusive, the verdict lines say why and what would resolve it, no † mark', () => {
    const text = renderTerminalReport(analysed);
    expect(rowOf(text, 'tight')).toMatch(/ Unchanged {2}/);
    expect(rowOf(text, 'noisy')).toMatch(/ Inconclusive /);
    expect(rowOf(text, 'faster')).toMatch(/ Held {2}/);
    expect(rowOf(text, 'wobbly')).toMatch(/ Inconclusive /);
    expect(text).not.toContain('†');
    expect(text).toMatch(
      /not resolved: its interval \[-\d[\d.]*%, \+\d[\d.]*%\] reaches past ±2%, so Unchanged is not shown; about \d+ samples per side \(-n \d+\) would resolve it/,
    );
    expect(text).toMatch(/not resolved: its interval \[[^\]]+\] reaches past \+2%, so Held is not shown/);
    expect(text.split('\n').at(-1)).toBe('0 Won, 1 Held, 1 Unchanged, 0 Lost, 2 Inconclusive — gate: pass');
  });

  it('Markdown: the Outcome cells read Inconclusive', () => {
    const md = renderMarkdownReport(analysed);
    expect(md).toMatch(/\| RangeTombstoneListBench\.noisy \|.*\| Inconclusive \|/);
    expect(md).toMatch(/\| RangeTombstoneListBench\.tight \|.*\| Unchanged \|/);
    expect(md).toMatch(/\| RangeTombstoneListBench\.wobbly \|.*\| Inconclusive \|/);
    expect(md).toMatch(/\| RangeTombstoneListBench\.faster \|.*\| Held \|/);
    expect(md).not.toContain('†');
  });

  it("JSON carries each verdict's unresolved interval and its equivalence, and validates", () => {
    const doc = parseResultsDocument(renderResultsJson(analysed));
    const noisyVerdict = doc.analysis.verdicts[1]!;
    expect(noisyVerdict.outcome).toBe('Inconclusive');
    expect(noisyVerdict.basis.unresolved?.samplesPerSide).toBeGreaterThan(10);
    expect(noisyVerdict.equivalence).toMatchObject({ withinThreshold: false });
    expect(doc.analysis.verdicts[2]!.equivalence).toMatchObject({ belowThreshold: true });
  });

  it('no † mark anywhere, on a run whose intervals show every claim or not', () => {
    for (const a of [analyseRun(seedRun()), analysed, analyseRun(run, { overrides: { threshold: 0.3 } })]) {
      expect(renderTerminalReport(a)).not.toContain('†');
      expect(renderMarkdownReport(a)).not.toContain('†');
    }
    // A threshold the noise fits: every interval shows its claim, nothing is left unresolved.
    const wide = analyseRun(run, { overrides: { threshold: 0.3 } });
    expect(wide.report.verdicts.map((v) => v.outcome)).toEqual(['Unchanged', 'Unchanged', 'Held', 'Held']);
  });
});
