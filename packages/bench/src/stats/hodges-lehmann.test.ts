import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StatsInputError } from './errors.js';
import { hodgesLehmann, hodgesLehmannK, hodgesLehmannRatio } from './hodges-lehmann.js';
import { uStatistic } from './mann-whitney.js';

const TV1x = [3362.5, 3355.0, 3370.1, 3349.8, 3365.2, 3358.7, 3361.0, 3372.4, 3359.9, 3364.3];
const TV1y = [9.02, 9.01, 9.05, 8.99, 9.03, 9.0, 9.04, 9.02, 9.06, 8.98];
const TV2x = [12.1, 12.4, 12.2, 12.9, 12.3, 12.6, 12.5, 12.8, 12.0, 12.7];
const TV2y = [12.45, 12.85, 13.0, 12.95, 12.65, 13.2, 12.75, 13.1, 12.55, 13.3];

/** Brute-force null distribution of U for m vs n distinct values: counts over all C(m+n, m) assignments. */
function bruteForceUCounts(m: number, n: number): { counts: Map<number, number>; total: number } {
  const pooled = Array.from({ length: m + n }, (_, i) => i);
  const counts = new Map<number, number>();
  let total = 0;
  const chosen: number[] = [];
  const walk = (start: number) => {
    if (chosen.length === m) {
      const u = uStatistic(
        chosen,
        pooled.filter((v) => !chosen.includes(v)),
      );
      counts.set(u, (counts.get(u) ?? 0) + 1);
      total++;
      return;
    }
    for (let i = start; i < m + n; i++) {
      chosen.push(i);
      walk(i + 1);
      chosen.pop();
    }
  };
  walk(0);
  return { counts, total };
}

describe('hodgesLehmann: test vectors', () => {
  it('TV1: -3352.73 [-3356.19, -3349.67], k = 24, achieved 0.95674', () => {
    const r = hodgesLehmann(TV1x, TV1y);
    expect(r.estimate).toBeCloseTo(-3352.73, 8);
    expect(r.lower).toBeCloseTo(-3356.19, 8);
    expect(r.upper).toBeCloseTo(-3349.67, 8);
    expect(r.k).toBe(24);
    expect(r.achievedConfidence).toBeCloseTo(0.95674, 5);
  });

  it('TV2: 0.45 [0.15, 0.75] and ratio 1.036145 [1.011811, 1.061475]', () => {
    const r = hodgesLehmann(TV2x, TV2y);
    expect(r.estimate).toBeCloseTo(0.45, 10);
    expect(r.lower).toBeCloseTo(0.15, 10);
    expect(r.upper).toBeCloseTo(0.75, 10);
    const q = hodgesLehmannRatio(TV2x, TV2y);
    expect(q.estimate).toBeCloseTo(1.036145, 6);
    expect(q.lower).toBeCloseTo(1.011811, 6);
    expect(q.upper).toBeCloseTo(1.061475, 6);
  });

  it('TV4: 4 [1, 7]', () => {
    const r = hodgesLehmann([1, 2, 3, 4, 5], [5, 6, 7, 8, 9]);
    expect(r).toMatchObject({ estimate: 4, lower: 1, upper: 7, k: 3 });
  });

  it('TV5: identical samples → 0', () => {
    expect(hodgesLehmann([1, 2, 3, 4], [1, 2, 3, 4]).estimate).toBe(0);
  });
});

describe('hodgesLehmann: brute force', () => {
  it('the estimate is the median of all pairwise differences (ties included)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -10, max: 10 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.integer({ min: -10, max: 10 }), { minLength: 1, maxLength: 8 }),
        (x, y) => {
          const d = y.flatMap((b) => x.map((a) => b - a)).sort((a, b) => a - b);
          const mid = d.length >> 1;
          const med = d.length % 2 ? d[mid]! : (d[mid - 1]! + d[mid]!) / 2;
          const r = hodgesLehmann(x, y);
          expect(r.estimate).toBe(med);
          if (r.k >= 1) {
            expect(r.lower).toBe(d[r.k - 1]);
            expect(r.upper).toBe(d[d.length - r.k]);
            expect(r.lower).toBeLessThanOrEqual(r.estimate);
            expect(r.upper).toBeGreaterThanOrEqual(r.estimate);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('k and the achieved confidence match a brute-force U distribution', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 1, max: 7 }),
        fc.constantFrom(0.8, 0.9, 0.95, 0.99),
        (m, n, conf) => {
          const { counts, total } = bruteForceUCounts(m, n);
          const cdf = (q: number) => {
            let c = 0;
            for (const [u, k] of counts) if (u <= q) c += k;
            return c / total;
          };
          let k = 0;
          while (k <= m * n && cdf(k) < (1 - conf) / 2) k++;
          const got = hodgesLehmannK(m, n, conf);
          expect(got.k).toBe(k);
          expect(got.achieved).toBeCloseTo(1 - 2 * cdf(k - 1), 12);
          expect(got.achieved).toBeGreaterThanOrEqual(conf - 1e-12);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('the interval is the set of shifts the exact test does not reject (test inversion)', () => {
    // Shifting y by the lower bound makes U sit at the boundary: just inside it, never rejected.
    const r = hodgesLehmann(TV2x, TV2y, 0.95);
    const inside = (r.lower + r.upper) / 2;
    const shifted = TV2y.map((v) => v - inside);
    const u = uStatistic(TV2x, shifted);
    expect(u).toBeGreaterThanOrEqual(r.k);
    expect(u).toBeLessThanOrEqual(100 - r.k);
  });
});

describe('hodgesLehmann: small samples and bad input', () => {
  it('gives an unbounded interval when no finite bound reaches the confidence (2 vs 2)', () => {
    const r = hodgesLehmann([1, 2], [3, 4]);
    expect(r.k).toBe(0);
    expect(r.lower).toBe(Number.NEGATIVE_INFINITY);
    expect(r.upper).toBe(Number.POSITIVE_INFINITY);
  });

  it('rejects a bad confidence level, naming it', () => {
    expect(() => hodgesLehmann([1], [2], 1.5)).toThrow(/confidence: .*1\.5/);
    expect(() => hodgesLehmann([1], [2], 0)).toThrow(StatsInputError);
  });

  it('rejects non-positive values for the ratio, naming the value', () => {
    expect(() => hodgesLehmannRatio([1, 0], [2])).toThrow(/x: element \[1\] is 0/);
  });

  it('rejects empty and NaN samples', () => {
    expect(() => hodgesLehmann([], [1])).toThrow(StatsInputError);
    expect(() => hodgesLehmann([1], [Number.NaN])).toThrow(/y: element \[0\] is NaN/);
  });
});
