import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StatsInputError } from './errors.js';
import { mannWhitneyU, minimumAchievableP, uStatistic } from './mann-whitney.js';

const TV1x = [3362.5, 3355.0, 3370.1, 3349.8, 3365.2, 3358.7, 3361.0, 3372.4, 3359.9, 3364.3];
const TV1y = [9.02, 9.01, 9.05, 8.99, 9.03, 9.0, 9.04, 9.02, 9.06, 8.98];
const TV2x = [12.1, 12.4, 12.2, 12.9, 12.3, 12.6, 12.5, 12.8, 12.0, 12.7];
const TV2y = [12.45, 12.85, 13.0, 12.95, 12.65, 13.2, 12.75, 13.1, 12.55, 13.3];

/** Brute force: every assignment of the pooled values to x, equally likely; the U of each. */
function bruteForceP(x: number[], y: number[]): number {
  const pooled = [...x, ...y];
  const n = pooled.length;
  const n1 = x.length;
  const observed = uStatistic(x, y);
  let total = 0;
  let le = 0;
  let ge = 0;
  const chosen: number[] = [];
  const walk = (start: number) => {
    if (chosen.length === n1) {
      const xs = chosen.map((i) => pooled[i]!);
      const ys = pooled.filter((_, i) => !chosen.includes(i));
      const u = uStatistic(xs, ys);
      total++;
      if (u <= observed + 1e-9) le++;
      if (u >= observed - 1e-9) ge++;
      return;
    }
    for (let i = start; i < n; i++) {
      chosen.push(i);
      walk(i + 1);
      chosen.pop();
    }
  };
  walk(0);
  return Math.min(1, (2 * Math.min(le, ge)) / total);
}

describe('mannWhitneyU: test vectors from measurement-notes', () => {
  it('TV1: complete separation of 10 vs 10', () => {
    const r = mannWhitneyU(TV1x, TV1y);
    expect(r.u).toBe(100);
    expect(r.p).toBeCloseTo(1.0825088224469e-5, 15);
    expect(r.exact).toBe(true);
  });

  it('TV2: interleaved samples', () => {
    const r = mannWhitneyU(TV2x, TV2y);
    expect(r.u).toBe(15);
    expect(r.p).toBeCloseTo(0.006841455757864, 13);
  });

  it('TV4: one tie across samples', () => {
    const r = mannWhitneyU([1, 2, 3, 4, 5], [5, 6, 7, 8, 9]);
    expect(r.u).toBe(0.5);
    expect(r.p).toBeCloseTo(0.015873015873, 11);
  });

  it('TV5: identical samples give U = mn/2 and p = 1', () => {
    const r = mannWhitneyU([1, 2, 3, 4], [1, 2, 3, 4]);
    expect(r.u).toBe(8);
    expect(r.p).toBe(1);
  });
});

describe('mannWhitneyU: brute-force enumeration of all C(N, n1) assignments', () => {
  it('agrees on small random samples with heavy ties', () => {
    const value = fc.integer({ min: 0, max: 5 });
    fc.assert(
      fc.property(
        fc.array(value, { minLength: 1, maxLength: 6 }),
        fc.array(value, { minLength: 1, maxLength: 6 }),
        (x, y) => {
          expect(mannWhitneyU(x, y).p).toBeCloseTo(bruteForceP(x, y), 12);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('agrees on small random samples of distinct reals', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.double({ min: -100, max: 100, noNaN: true }), { minLength: 2, maxLength: 12 }),
        fc.integer({ min: 1, max: 11 }),
        (pooled, cut) => {
          const c = Math.min(cut, pooled.length - 1);
          const x = pooled.slice(0, c);
          const y = pooled.slice(c);
          expect(mannWhitneyU(x, y).p).toBeCloseTo(bruteForceP(x, y), 12);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('is symmetric: U(x,y) + U(y,x) = mn and the p-values match', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 15 }),
        fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 15 }),
        (x, y) => {
          const a = mannWhitneyU(x, y);
          const b = mannWhitneyU(y, x);
          expect(a.u + b.u).toBe(x.length * y.length);
          expect(a.p).toBeCloseTo(b.p, 12);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('minimum achievable p = 2 / C(2n, n)', () => {
  it.each([
    [3, 0.1],
    [4, 0.0286],
    [5, 0.0079],
  ])('n = %i → %f', (n, expected) => {
    expect(minimumAchievableP(n, n)).toBeCloseTo(expected, 4);
  });

  it('n = 10 → 1.0825088e-05, reached by complete separation', () => {
    expect(minimumAchievableP(10, 10)).toBeCloseTo(1.0825088e-5, 12);
    const x = Array.from({ length: 10 }, (_, i) => i);
    const y = x.map((v) => v + 100);
    expect(mannWhitneyU(x, y).p).toBeCloseTo(minimumAchievableP(10, 10), 15);
  });

  it('n = 3 vs 3 can never reach p < 0.05', () => {
    expect(mannWhitneyU([1, 2, 3], [4, 5, 6]).p).toBeCloseTo(0.1, 12);
  });
});

describe('mannWhitneyU: sizes and fallbacks', () => {
  it('handles 50 vs 50 with ties exactly', () => {
    const x = Array.from({ length: 50 }, (_, i) => Math.round(i * 0.7));
    const y = Array.from({ length: 50 }, (_, i) => Math.round(i * 0.75 + 3));
    const r = mannWhitneyU(x, y);
    expect(r.exact).toBe(true);
    expect(r.p).toBeGreaterThan(0);
    expect(r.p).toBeLessThan(1);
  });

  it('exact and normal approximation agree closely at 60 vs 60', () => {
    const x = Array.from({ length: 60 }, (_, i) => (i * 37) % 101);
    const y = Array.from({ length: 60 }, (_, i) => ((i * 53) % 97) + 8);
    const exact = mannWhitneyU(x, y);
    expect(exact.exact).toBe(true);
    // Large samples (beyond the exact budget) fall back to the normal approximation.
    const big = mannWhitneyU([...x, ...x, ...x], [...y, ...y, ...y]);
    expect(big.exact).toBe(false);
    expect(big.p).toBeLessThan(exact.p);
  });
});

describe('mannWhitneyU: bad input', () => {
  it('rejects an empty sample, naming it', () => {
    expect(() => mannWhitneyU([], [1])).toThrow(StatsInputError);
    expect(() => mannWhitneyU([1], [])).toThrow(/^y: .*empty/);
  });

  it('rejects NaN and Infinity, naming the index and value', () => {
    expect(() => mannWhitneyU([1, Number.NaN], [1])).toThrow(/x: element \[1\] is NaN/);
    expect(() => mannWhitneyU([1], [Number.POSITIVE_INFINITY])).toThrow(/y: element \[0\] is Infinity/);
  });
});
