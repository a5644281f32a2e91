import { describe, expect, it } from 'vitest';
import { StatsInputError } from './errors.js';
import { fitGrowth, growthAnalysis, growthFromRun } from './growth.js';
import { jitter, makeRecord, makeRun } from './test-fixtures.js';

describe('fitGrowth', () => {
  it('recovers the exponent of exact power laws', () => {
    const pts = [10, 100, 1000].map((n) => ({ n, values: [3 * n ** 2] }));
    const fit = fitGrowth(pts);
    expect(fit.exponent).toBeCloseTo(2, 10);
    expect(fit.coefficient).toBeCloseTo(3, 8);
    expect(fit.r2).toBeCloseTo(1, 12);
  });

  it('gives a t interval that covers the true exponent for noisy replicates', () => {
    const pts = [10, 100, 1000].map((n, i) => ({ n, values: jitter(5 * n, 10, 0.2, i + 1) }));
    const fit = fitGrowth(pts);
    expect(fit.lower).not.toBeNull();
    expect(fit.lower!).toBeLessThan(1);
    expect(fit.upper!).toBeGreaterThan(1);
    expect(fit.upper! - fit.lower!).toBeLessThan(0.1);
  });

  it('has no interval without residual degrees of freedom', () => {
    const fit = fitGrowth([
      { n: 10, values: [1] },
      { n: 100, values: [10] },
    ]);
    expect(fit.exponent).toBeCloseTo(1, 12);
    expect(fit.lower).toBeNull();
  });

  it('rejects a single N and non-positive values', () => {
    expect(() => fitGrowth([{ n: 10, values: [1, 2] }])).toThrow(StatsInputError);
    expect(() =>
      fitGrowth([
        { n: 10, values: [0] },
        { n: 20, values: [1] },
      ]),
    ).toThrow(/values\[0\] is 0/);
  });
});

describe('growthFromRun', () => {
  const sized = [10, 100, 1000].map((size, i) =>
    makeRecord({
      params: { size },
      baseline: jitter(0.5 * size * size, 10, 0.1, i + 1),
      candidate: jitter(2 * size, 10, 0.1, i + 11),
    }),
  );
  const fitted = makeRun(sized);
  const single = makeRecord({
    benchmark: 'other',
    params: { size: 5, mode: 'x' },
    baseline: [1, 2],
    candidate: [1, 2],
  });
  const run = makeRun([...sized, single]);

  it('fits each side of each group: O(N^2.00) → O(N^1.00)', () => {
    const [g] = growthFromRun(fitted, 'size');
    expect(g!.key).toBe('RangeTombstoneListBench.benchCopyOnly');
    expect(g!.values).toEqual([10, 100, 1000]);
    // Numbers only: the label is the report's to make.
    expect([g!.baseline.exponent, g!.candidate.exponent].map((e) => e.toFixed(2))).toEqual(['2.00', '1.00']);
    expect(g).not.toHaveProperty('text');
    expect(g!.changed).toBe(true);
  });

  it('says a group with a single level is not fittable (needs 2, better 3) and rejects an unknown parameter', () => {
    const a = growthAnalysis(run, 'size');
    expect(a.comparisons).toHaveLength(1);
    expect(a.notFittable).toEqual([
      expect.objectContaining({
        analysis: 'growth',
        side: null,
        reason:
          'only 1 level of size (size=5): a growth exponent needs at least 2 levels of size, better 3 (--param size=…)',
      }),
    ]);
    expect(() => growthFromRun(run, 'size')).toThrow(/not fittable: only 1 level of size/);
    expect(() => growthFromRun(run, 'nope')).toThrow(/no benchmark has a numeric parameter named "nope"/);
  });
});

describe('growthAnalysis: per-group fits', () => {
  const good = [10, 100, 1000].map((size, i) =>
    makeRecord({
      params: { size },
      baseline: jitter(size, 5, 0.1, i + 1),
      candidate: jitter(size, 5, 0.1, i + 7),
    }),
  );

  it('lists a group with a side of only failures as not fittable and still fits the others', () => {
    const broken = [10, 100].map((size) =>
      makeRecord({
        benchmark: 'broken',
        params: { size },
        baseline: [5, 6, 7],
        candidate: [],
        failures: [{ side: 'candidate', kind: 'throw', message: 'boom', logTail: '' }],
      }),
    );
    const run = makeRun([...good, ...broken]);
    const { comparisons, notFittable } = growthAnalysis(run, 'size');
    expect(comparisons.map((g) => g.key)).toEqual(['RangeTombstoneListBench.benchCopyOnly']);
    expect(notFittable).toEqual([
      {
        analysis: 'growth',
        key: 'RangeTombstoneListBench.broken',
        side: 'candidate',
        reason: 'candidate side has no nsPerOp samples (only failures)',
      },
    ]);
    expect(() => growthFromRun(run, 'size')).toThrow(
      /RangeTombstoneListBench\.broken: not fittable: candidate side/,
    );
  });

  it('treats bytesPerOp values of 0 (an allocation-free op) as not fittable', () => {
    const free = [10, 100].map((size) =>
      makeRecord({ benchmark: 'free', params: { size }, baseline: [0, 0], candidate: [0, 0] }),
    );
    const { comparisons, notFittable } = growthAnalysis(makeRun([...good, ...free]), 'size', 'bytesPerOp');
    expect(comparisons).toHaveLength(1);
    expect(notFittable[0]).toMatchObject({ key: 'RangeTombstoneListBench.free', side: 'baseline' });
    expect(notFittable[0]?.reason).toMatch(/baseline side has bytesPerOp values ≤ 0 .*e\.g\. 0/);
  });
});
