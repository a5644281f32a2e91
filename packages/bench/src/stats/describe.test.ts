import fc from 'fast-check';
import { expect, describe as group, it } from 'vitest';
import { coefficientOfVariation, describe, mad, median, quantiles } from './describe.js';
import { StatsInputError } from './errors.js';

group('describe', () => {
  it('summarises a small sample', () => {
    const d = describe([4, 1, 3, 2, 100]);
    expect(d).toMatchObject({ n: 5, min: 1, max: 100, median: 3, mean: 22, q1: 2, q3: 4, mad: 1 });
    expect(d.robustCv).toBeCloseTo(1.4826 / 3, 12);
    expect(d.sd).toBeCloseTo(Math.sqrt((18 ** 2 + 21 ** 2 + 19 ** 2 + 20 ** 2 + 78 ** 2) / 4), 12);
    expect(d.cv).toBeCloseTo(d.sd / 22, 12);
  });

  it('median of an even sample averages the middle pair; quantiles interpolate (type 7)', () => {
    expect(median([1, 2, 3, 10])).toBe(2.5);
    expect(quantiles([1, 2, 3, 4, 5], [0, 0.1, 0.5, 1])).toEqual([1, 1.4, 3, 5]);
  });

  it('MAD ignores one host-stall outlier; CV does not', () => {
    const clean = [10, 10.1, 9.9, 10.05, 9.95, 10, 10.02, 9.98, 10.01, 9.99];
    const stalled = [...clean.slice(0, 9), 40];
    expect(mad(stalled)).toBeCloseTo(mad(clean), 1);
    expect(coefficientOfVariation(stalled)).toBeGreaterThan(10 * coefficientOfVariation(clean));
  });

  it('median is order-invariant and bounded by min/max', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1 }), (xs) => {
        const m = median(xs);
        expect(m).toBe(median([...xs].reverse()));
        expect(m).toBeGreaterThanOrEqual(Math.min(...xs));
        expect(m).toBeLessThanOrEqual(Math.max(...xs));
      }),
    );
  });

  it('rejects empty input and bad quantile levels', () => {
    expect(() => median([])).toThrow(StatsInputError);
    expect(() => quantiles([1], [1.2])).toThrow(/levels: element \[0\] is 1\.2/);
  });
});
