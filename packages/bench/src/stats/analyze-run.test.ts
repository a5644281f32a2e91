import { describe, expect, it } from 'vitest';
import { SINGLE_VARIANT_LABEL } from '../model.js';
import { verdictReasonText } from '../protocol/verdict-text.js';
import { analyzeRun, summarize } from './analyze-run.js';
import { aroundMedian, jitter, makeRecord, makeRun } from './test-fixtures.js';

describe('analyzeRun', () => {
  it('summarises outcomes and checks; Lost gates the run; a failed check makes c Inconclusive', () => {
    const base = [100, 103, 99, 101, 98, 102, 100.5, 97, 101.5, 99.5];
    const run = makeRun([
      makeRecord({ benchmark: 'a', baseline: base, candidate: base.map((x) => x / 2) }),
      makeRecord({ benchmark: 'b', role: 'guardrail', baseline: base, candidate: base.map((x) => x * 1.2) }),
      makeRecord({ benchmark: 'c', role: 'guardrail', baseline: [1, 2, 3], candidate: [1, 2, 3] }),
    ]);
    const a = analyzeRun(run);
    expect(a.verdicts.map((v) => v.outcome)).toEqual(['Won', 'Lost', 'Inconclusive']);
    expect(a.summary.outcomes).toMatchObject({ Won: 1, Lost: 1, Held: 0, Inconclusive: 1 });
    expect(verdictReasonText(a.verdicts[2]!)).toMatch(/^checks failed: .*sample_sufficiency ✗ n=3 vs 3/);
    expect(a.summary.gate).toBe('fail');
    const sufficiency = a.summary.checks.find((c) => c.name === 'sample_sufficiency')!;
    expect(sufficiency.passed).toBe(false);
    expect(sufficiency.passedCount).toBe(2);
    expect(sufficiency.failures).toEqual([
      {
        key: 'RangeTombstoneListBench.c',
        findings: expect.arrayContaining([
          // Holm's first step over the family of 3: 3 · 0.1, capped at 1 by nothing here.
          expect.objectContaining({
            quantity: 'min_achievable_p',
            value: expect.closeTo(0.3, 12),
            note: '0.1 × 3 benchmarks, Holm',
          }),
        ]),
      },
    ]);
    expect(a.summary.allChecksPassed).toBe(false);
    expect(a.summary.aa).toBeNull();
  });

  it('an A/A run reports its false-verdict and false-positive rates', () => {
    const records = Array.from({ length: 40 }, (_, i) =>
      makeRecord({
        benchmark: `b${i}`,
        baseline: jitter(100, 10, 0.1, i + 1),
        candidate: jitter(100, 10, 0.1, i + 101),
      }),
    );
    const a = analyzeRun(makeRun(records, {}, { kind: 'aa', label: 'same code' }));
    expect(a.summary.aa).not.toBeNull();
    const { falsePositiveRate, falseVerdictRate } = a.summary.aa!;
    expect(falseVerdictRate).toBeLessThanOrEqual(falsePositiveRate);
    // Independent null samples: the exact test rejects at about alpha (binomial(40, 0.05) ≤ 7 with 99.8%).
    expect(falsePositiveRate).toBeLessThanOrEqual(7 / 40);
  });

  it('passes the gate when nothing is lost', () => {
    const s = summarize([], 0.05, false);
    expect(s.gate).toBe('pass');
    expect(s.benchmarks).toBe(0);
    expect(aroundMedian(5)).toHaveLength(10);
  });

  // One benchmark with a marginal shift among seven unchanged ones: significant on its own, not after Holm.
  const base = [100, 104, 99, 103, 98, 102, 100.5, 97, 101.5, 99.5];
  const marginal = makeRecord({
    benchmark: 'm',
    baseline: base,
    candidate: [...base.slice(3), ...base.slice(0, 3)].map((x) => x * 1.03),
  });
  const nulls = Array.from({ length: 7 }, (_, i) =>
    makeRecord({ benchmark: `n${i}`, baseline: base, candidate: [...base].reverse() }),
  );
  const family = makeRun([marginal, ...nulls]);

  it('Holm (default) adjusts p across the run; the raw p stays beside it', () => {
    const raw = analyzeRun(family, { correction: 'none' }).verdicts[0]!;
    expect(raw.stats!.p).toBeLessThan(0.05);
    expect(raw.stats!.p * 8).toBeGreaterThanOrEqual(0.05);
    expect(raw.outcome).toBe('Lost');
    expect(raw.pAdjusted).toBe(raw.stats!.p);
    const holm = analyzeRun(family).verdicts[0]!;
    expect(holm.pAdjusted).toBeCloseTo(raw.stats!.p * 8, 12);
    expect(holm.stats!.p).toBe(raw.stats!.p);
    // Not significant after Holm, and its interval reaches past ±2%: not shown Unchanged either.
    expect(holm.outcome).toBe('Inconclusive');
    expect(holm.basis.statisticalOutcome).toBe('Unchanged');
    expect(verdictReasonText(holm)).toMatch(
      /so Unchanged is not shown; .*\(the statistics alone read Unchanged: Holm-adjusted p \S+ ≥ 0.05 \(raw p \S+\), \+3(\.\d+)?% beyond ±2%\)$/,
    );
  });

  it('a clear change survives the correction', () => {
    const clear = makeRecord({ benchmark: 'c', baseline: base, candidate: base.map((x) => x * 1.5) });
    const v = analyzeRun(makeRun([clear, ...nulls])).verdicts[0]!;
    expect(v.outcome).toBe('Lost');
    expect(v.pAdjusted).toBeLessThan(0.05);
  });

  it('a Lost whose checks fail is Inconclusive, with the failed check as the reason', () => {
    // A steady climb on the candidate side: Mann-Kendall flags drift.
    const drift = base.map((_, i) => 110 + i * 3);
    const v = analyzeRun(makeRun([makeRecord({ benchmark: 'd', baseline: base, candidate: drift })]))
      .verdicts[0]!;
    expect(v.checks.find((c) => c.name === 'sample_independence')!.passed).toBe(false);
    expect(v.outcome).toBe('Inconclusive');
    expect(verdictReasonText(v)).toMatch(
      /^checks failed: sample_independence ✗ .*drift.*the statistics alone read Lost: regression/,
    );
  });

  it('an Inconclusive that reads as a regression fails the gate; one that reads as no change does not', () => {
    const drift = base.map((_, i) => 110 + i * 3);
    const regressed = analyzeRun(makeRun([makeRecord({ benchmark: 'd', baseline: base, candidate: drift })]));
    expect(regressed.verdicts[0]!.outcome).toBe('Inconclusive');
    expect(regressed.summary.gate).toBe('fail');
    // One broken sample (20× the median) fails measurements_sane; the statistics read no change.
    const flat = analyzeRun(
      makeRun([makeRecord({ benchmark: 'f', baseline: base, candidate: [...base.slice(0, 9), 2000] })]),
    );
    expect(flat.verdicts[0]!.outcome).toBe('Inconclusive');
    expect(flat.verdicts[0]!.basis.statisticalOutcome).toBe('Unchanged');
    expect(flat.summary.gate).toBe('pass');
    // Too few samples to reach alpha at all: the run could not have caught a regression, so it fails.
    const tiny = analyzeRun(
      makeRun([makeRecord({ benchmark: 'f', baseline: [1, 2, 3], candidate: [1, 2, 3] })]),
    );
    expect(tiny.verdicts[0]!.outcome).toBe('Inconclusive');
    expect(tiny.summary.gate).toBe('fail');
  });

  it('a same-code run gates on Invalid only: its Won/Lost is a false verdict; injected slowdown still gates', () => {
    const slower = makeRecord({ benchmark: 's', baseline: base, candidate: base.map((x) => x * 1.6) });
    const single = { kind: 'aa', label: SINGLE_VARIANT_LABEL, slowdown: 0 } as const;
    const aa = analyzeRun(makeRun([slower], {}, single));
    expect(aa.verdicts[0]!.outcome).toBe('Lost');
    expect(aa.summary.gate).toBe('pass');
    expect(aa.summary.aa).toEqual({ falseVerdictRate: 1, falsePositiveRate: 1 });
    // Too few samples to reach alpha: nothing to gate in a same-code run either.
    expect(
      analyzeRun(
        makeRun([makeRecord({ benchmark: 't', baseline: [1, 2, 3], candidate: [1, 2, 3] })], {}, single),
      ).summary.gate,
    ).toBe('pass');
    const invalid = makeRecord({ benchmark: 'i', baseline: base, candidate: [] });
    expect(analyzeRun(makeRun([invalid], {}, single)).summary).toMatchObject({
      gate: 'fail',
      outcomes: { Invalid: 1 },
    });
    const injected = analyzeRun(makeRun([slower], {}, { kind: 'aa', label: 'A/A +60%', slowdown: 0.6 }));
    expect(injected.summary).toMatchObject({ gate: 'fail', aa: null });
  });

  it('rejects an unknown correction by name', () => {
    expect(() => analyzeRun(family, { correction: 'bonferroni' as never })).toThrow(
      /unknown correction "bonferroni"/,
    );
  });
});
