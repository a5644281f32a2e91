/**
 * The exact Wilcoxon signed-rank test on paired differences (here: each paired fork's log ratio candidate ÷
 * baseline), and the one-sample Hodges-Lehmann estimate with the distribution-free interval obtained by inverting it.
 *
 * Why this test for the paired design: a paired fork's log ratio is its own comparison (what is common to both sides
 * of a fork cancels in it), so the test runs over forks, one value each. Under "no difference" the two sides of a
 * fork are exchangeable (the same code in A/A; the order of loading and of every block a coin flip), so each log
 * ratio is as likely to be negative as positive, whatever its size: every assignment of signs to the ranks of |d| is
 * equally likely, and the null distribution is exact for any n and any tie pattern (computed below by dynamic
 * programming over doubled mid-ranks, as the Mann–Whitney distribution is in u-distribution.ts).
 */

import { assertOpenUnit, assertSample } from './errors.js';
import type { HodgesLehmannResult } from './hodges-lehmann.js';

/** Result of {@link signedRankTest}. */
export interface SignedRankResult {
  /** W+ = the sum of the (mid-)ranks of |d| over the positive differences; zeros are dropped (Wilcoxon). */
  wPlus: number;
  /** Non-zero differences the test used. */
  n: number;
  /** Two-sided p = min(1, 2·min(P(W+ ≤ w), P(W+ ≥ w))), exact with ties; 1 when every difference is zero. */
  p: number;
}

/** Doubled mid-ranks of |d| for the non-zero differences, in input order (integers even with ties). */
function doubledRanks(d: readonly number[]): { ranks: number[]; positive: boolean[] } {
  const nz = d.filter((x) => x !== 0);
  const order = nz.map((x, i) => ({ a: Math.abs(x), i })).sort((p, q) => p.a - q.a);
  const ranks = new Array<number>(nz.length).fill(0);
  for (let s = 0; s < order.length; ) {
    let e = s;
    while (e + 1 < order.length && order[e + 1]!.a === order[s]!.a) e++;
    // Ranks s+1 … e+1 share their mean; doubled: (s + 1) + (e + 1).
    for (let k = s; k <= e; k++) ranks[order[k]!.i] = s + e + 2;
    s = e + 1;
  }
  return { ranks, positive: nz.map((x) => x > 0) };
}

/**
 * The exact null distribution of 2·W+ for the given doubled ranks: counts[s] / 2^n = P(2W+ = s). Each rank joins
 * the positive set with probability ½, independently: a subset-sum count, O(n · Σranks) = O(n³).
 */
export function signedRankDistribution(ranks: readonly number[]): Float64Array {
  const total = ranks.reduce((a, b) => a + b, 0);
  const counts = new Float64Array(total + 1);
  counts[0] = 1;
  let reach = 0;
  for (const r of ranks) {
    for (let s = reach; s >= 0; s--) counts[s + r]! += counts[s]!;
    reach += r;
  }
  const scale = 2 ** -ranks.length;
  for (let s = 0; s <= total; s++) counts[s]! *= scale;
  return counts;
}

/**
 * Exact two-sided Wilcoxon signed-rank test of "the differences are symmetric about 0".
 * @throws {StatsInputError} for an empty sample or a non-finite value.
 */
export function signedRankTest(d: readonly number[]): SignedRankResult {
  assertSample('d', d);
  const { ranks, positive } = doubledRanks(d);
  if (ranks.length === 0) return { wPlus: 0, n: 0, p: 1 };
  let twice = 0;
  ranks.forEach((r, i) => {
    if (positive[i]) twice += r;
  });
  const pmf = signedRankDistribution(ranks);
  let below = 0;
  let above = 0;
  for (let s = 0; s < pmf.length; s++) {
    if (s <= twice) below += pmf[s]!;
    if (s >= twice) above += pmf[s]!;
  }
  return { wPlus: twice / 2, n: ranks.length, p: Math.min(1, 2 * Math.min(below, above)) };
}

/**
 * The smallest exact two-sided p that n paired forks can reach: 2 / 2^n (all differences of one sign), 0.0625 at
 * n = 5, 0.0020 at n = 10, 1.9e-6 at n = 20.
 */
export function minimumSignedRankP(n: number): number {
  return Math.min(1, 2 * 2 ** -n);
}

/**
 * The index k = the smallest q with P(W+ ≤ q) ≥ α/2 under the no-tie null of n differences, and the confidence
 * 1 − 2·P(W+ ≤ k − 1) it achieves (the signed-rank counterpart of hodges-lehmann.ts `hodgesLehmannK`).
 */
export function walshK(n: number, confidence: number): { k: number; achieved: number } {
  const halfAlpha = (1 - confidence) / 2;
  const pmf = signedRankDistribution(Array.from({ length: n }, (_, i) => 2 * (i + 1)));
  let below = 0;
  let atMost = 0;
  const top = (n * (n + 1)) / 2;
  for (let q = 0; q <= top; q++) {
    atMost += pmf[2 * q] ?? 0;
    if (atMost >= halfAlpha) return { k: q, achieved: 1 - 2 * below };
    below = atMost;
  }
  return { k: top, achieved: 1 - 2 * below };
}

function median(sorted: readonly number[]): number {
  const n = sorted.length;
  const mid = n >> 1;
  return n % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * One-sample Hodges-Lehmann estimate of the centre of `d` (the median of the n(n+1)/2 Walsh averages
 * (d_i + d_j) / 2, i ≤ j) with the exact interval [W(k), W(M − k + 1)] of the sorted averages, k from
 * {@link walshK}; for n ≤ 5 at 95% no finite interval exists (k = 0).
 * @throws {StatsInputError} for an empty or non-finite sample, or a confidence outside (0, 1).
 */
export function hodgesLehmannPaired(d: readonly number[], confidence = 0.95): HodgesLehmannResult {
  assertSample('d', d);
  assertOpenUnit('confidence', confidence);
  const walsh: number[] = [];
  for (let i = 0; i < d.length; i++) for (let j = i; j < d.length; j++) walsh.push((d[i]! + d[j]!) / 2);
  walsh.sort((a, b) => a - b);
  const estimate = median(walsh);
  const { k, achieved } = walshK(d.length, confidence);
  if (k < 1) {
    return {
      estimate,
      lower: Number.NEGATIVE_INFINITY,
      upper: Number.POSITIVE_INFINITY,
      achievedConfidence: 1,
      k: 0,
    };
  }
  const m = walsh.length;
  return { estimate, lower: walsh[k - 1]!, upper: walsh[m - k]!, achievedConfidence: achieved, k };
}

/**
 * The ratio candidate ÷ baseline from paired log ratios: the one-sample Hodges-Lehmann estimate and interval of the
 * logs, mapped back (1.036 [1.012, 1.061] reads "3.6% slower, between 1.2% and 6.1%").
 * @throws {StatsInputError} as {@link hodgesLehmannPaired}.
 */
export function pairedRatio(logRatios: readonly number[], confidence = 0.95): HodgesLehmannResult {
  const r = hodgesLehmannPaired(logRatios, confidence);
  return { ...r, estimate: Math.exp(r.estimate), lower: Math.exp(r.lower), upper: Math.exp(r.upper) };
}
