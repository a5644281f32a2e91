import { describe, expect, it } from 'vitest';
import { StatsInputError } from './errors.js';
import {
  hodgesLehmannPaired,
  minimumSignedRankP,
  pairedRatio,
  signedRankDistribution,
  signedRankTest,
  walshK,
} from './signed-rank.js';

/** The exact two-sided p by enumerating all 2^n sign assignments of the mid-ranks (the definition). */
function bruteP(d: readonly number[]): number {
  const nz = d.filter((x) => x !== 0);
  const abs = nz.map(Math.abs);
  const rank = abs.map((a) => {
    const below = abs.filter((b) => b < a).length;
    const tied = abs.filter((b) => b === a).length;
    return below + (tied + 1) / 2;
  });
  const observed = rank.reduce((s, r, i) => s + (nz[i]! > 0 ? r : 0), 0);
  let low = 0;
  let high = 0;
  const total = 2 ** nz.length;
  for (let m = 0; m < total; m++) {
    let w = 0;
    for (let i = 0; i < nz.length; i++) if (m & (1 << i)) w += rank[i]!;
    if (w <= observed + 1e-9) low++;
    if (w >= observed - 1e-9) high++;
  }
  return Math.min(1, (2 * Math.min(low, high)) / total);
}

describe('the exact signed-rank test', () => {
  it('agrees with enumeration of every sign assignment, with and without ties and zeros', () => {
    const cases = [
      [0.3, -0.1, 0.25, 0.4, 0.05, -0.2, 0.15, 0.35],
      [1, 1, -1, 2, 2, 2, -3, 4, 0, 5],
      [0.01, 0.02, 0.03, 0.04, 0.05],
      [-2, 3, -4, 5, -6, 7, -8, 9, -10, 11, 12, -1],
    ];
    for (const d of cases) expect(signedRankTest(d).p).toBeCloseTo(bruteP(d), 12);
  });

  it('reads the textbook values: all of one sign is 2/2^n; W+ is the positive ranks', () => {
    expect(signedRankTest([1, 2, 3, 4, 5]).p).toBeCloseTo(0.0625, 12);
    expect(signedRankTest(Array.from({ length: 10 }, (_, i) => -(i + 1))).p).toBeCloseTo(2 / 1024, 12);
    expect(signedRankTest([1, -2, 3]).wPlus).toBe(4);
    expect(minimumSignedRankP(10)).toBeCloseTo(0.001953125, 12);
    expect(signedRankTest([0, 0]).p).toBe(1);
  });

  it('its null distribution sums to 1 and is symmetric', () => {
    const pmf = signedRankDistribution([2, 4, 6, 8, 10, 12]);
    expect(pmf.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    for (let s = 0; s < pmf.length; s++) expect(pmf[s]).toBeCloseTo(pmf[pmf.length - 1 - s]!, 14);
  });

  it('refuses an empty or non-finite sample, naming it', () => {
    expect(() => signedRankTest([])).toThrow(StatsInputError);
    expect(() => signedRankTest([1, Number.NaN])).toThrow(/d/);
  });
});

describe('the one-sample Hodges-Lehmann interval', () => {
  it('n = 10 at 95%: k = 9 (P(W+ ≤ 8) = 25/1024), achieved 1 − 50/1024', () => {
    expect(walshK(10, 0.95)).toEqual({ k: 9, achieved: 1 - 50 / 1024 });
  });

  it('is the median of the Walsh averages with [W(k), W(M − k + 1)]', () => {
    const d = [0.9, -0.3, 1.2, 0.4, 0.7, 0.1, 1.5, -0.6, 0.8, 0.2];
    const walsh: number[] = [];
    for (let i = 0; i < d.length; i++) for (let j = i; j < d.length; j++) walsh.push((d[i]! + d[j]!) / 2);
    walsh.sort((a, b) => a - b);
    const r = hodgesLehmannPaired(d);
    expect(r.estimate).toBeCloseTo((walsh[27]! + walsh[27]!) / 2, 12);
    expect(r.lower).toBe(walsh[8]);
    expect(r.upper).toBe(walsh[55 - 9]);
    expect(r.k).toBe(9);
  });

  it('has no finite bound for n ≤ 5 at 95% (2/2^5 > 0.05)', () => {
    const r = hodgesLehmannPaired([1, 2, 3, 4, 5]);
    expect([r.lower, r.upper, r.k]).toEqual([Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY, 0]);
  });

  it('as a ratio: the interval of the logs mapped back', () => {
    const logs = [0.1, 0.12, 0.08, 0.11, 0.09, 0.1, 0.13, 0.07, 0.1, 0.1].map((x) => Math.log1p(x));
    const r = pairedRatio(logs);
    expect(r.estimate).toBeCloseTo(1.1, 2);
    expect(r.lower).toBeGreaterThan(1.08);
    expect(r.upper).toBeLessThan(1.12);
  });
});
