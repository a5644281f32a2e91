import { describe, expect, it } from 'vitest';
import { analyzeRun, summarize } from './analyze-run.js';
import { aroundMedian, jitter, makeRecord, makeRun } from './test-fixtures.js';

describe('analyzeRun', () => {
  it('summarises outcomes and checks; Lost gates the run', () => {
    const base = [100, 103, 99, 101, 98, 102, 100.5, 97, 101.5, 99.5];
    const run = makeRun([
      makeRecord({ benchmark: 'a', baseline: base, candidate: base.map((x) => x / 2) }),
      makeRecord({ benchmark: 'b', role: 'guardrail', baseline: base, candidate: base.map((x) => x * 1.2) }),
      makeRecord({ benchmark: 'c', role: 'guardrail', baseline: [1, 2, 3], candidate: [1, 2, 3] }),
    ]);
    const a = analyzeRun(run);
    expect(a.verdicts.map((v) => v.outcome)).toEqual(['Won', 'Lost', 'Held']);
    expect(a.summary.outcomes).toMatchObject({ Won: 1, Lost: 1, Held: 1 });
    expect(a.summary.gate).toBe('fail');
    const sufficiency = a.summary.checks.find((c) => c.name === 'sample_sufficiency')!;
    expect(sufficiency.passed).toBe(false);
    expect(sufficiency.passedCount).toBe(2);
    expect(sufficiency.failures).toEqual([
      { key: 'RangeTombstoneListBench.c', reason: expect.stringMatching(/^n=3 vs 3/) },
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
});
