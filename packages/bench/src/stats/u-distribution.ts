/**
 * The exact null distribution of the Mann-Whitney U statistic, with or without ties.
 *
 * Under H0 the pooled mid-ranks are assigned to the first sample in all C(N, n1) ways with equal probability.
 * With ties the ranks are not 1..N, so the textbook recursion on U does not apply; instead this runs the dynamic
 * programme over tie groups described in the measurement notes: state (items placed in the sample, doubled rank
 * sum), and a group of size t with doubled mid-rank r moves (k, S) to (k + j, S + j·r) with weight C(t, j).
 * Doubling keeps every rank sum an integer, so the distribution is indexed by 2U exactly.
 */

import { choose, normalUpperTail } from './special-functions.js';

/** Exact null distribution of 2·U1 for samples of sizes n1, n2 with the given pooled tie structure. */
export interface UDistribution {
  readonly n1: number;
  readonly n2: number;
  /** `pmf[i]` = P(2·U1 = i), for i = 0 … 2·n1·n2. */
  readonly pmf: Float64Array;
}

/** Work budget (DP cell updates) above which callers should fall back to the normal approximation. */
export const EXACT_WORK_LIMIT = 2e8;

/** Estimated DP work for the exact distribution; compare with {@link EXACT_WORK_LIMIT}. */
export function exactWork(n1: number, n2: number): number {
  const n = n1 + n2;
  return n * (Math.min(n1, n2) + 1) * n * (n + 1);
}

/**
 * Exact null distribution of 2·U1.
 * @param tieSizes sizes of the pooled tie groups in ascending value order (sum = n1 + n2; all 1 when no ties).
 */
export function exactUDistribution(tieSizes: readonly number[], n1: number, n2: number): UDistribution {
  // Enumerate the smaller sample's placements: fewer DP rows, same distribution by symmetry.
  const m = Math.min(n1, n2);
  const n = n1 + n2;
  const maxS = n * (n + 1);
  const rows: Float64Array[] = [];
  for (let k = 0; k <= m; k++) rows.push(new Float64Array(maxS + 1));
  rows[0]![0] = 1;
  let placed = 0;
  let sumSoFar = 0;
  for (const t of tieSizes) {
    const r = 2 * placed + t + 1; // doubled mid-rank of ranks placed+1 … placed+t
    const weights: number[] = [];
    for (let j = 0; j <= t; j++) weights.push(choose(t, j));
    // Descending k: rows k-j (j ≥ 1) still hold the previous group's state when row k is updated in place.
    for (let k = Math.min(m, placed + t); k >= 1; k--) {
      const target = rows[k]!;
      for (let j = 1; j <= Math.min(t, k); j++) {
        const source = rows[k - j]!;
        const w = weights[j]!;
        const shift = j * r;
        for (let s = sumSoFar; s >= 0; s--) {
          const v = source[s]!;
          if (v !== 0) target[s + shift] = target[s + shift]! + w * v;
        }
      }
    }
    placed += t;
    sumSoFar += t * r;
  }
  const total = choose(n, m);
  const cells = 2 * n1 * n2;
  const pmf = new Float64Array(cells + 1);
  const row = rows[m]!;
  const minTwoR = m * (m + 1); // 2·R = 2·U + m(m+1)
  for (let twoU = 0; twoU <= cells; twoU++) {
    const v = row[twoU + minTwoR];
    if (v) pmf[twoU] = v / total;
  }
  if (m === n1) return { n1, n2, pmf };
  // We enumerated the second sample: 2·U1 = 2·n1·n2 − 2·U2.
  const flipped = new Float64Array(cells + 1);
  for (let i = 0; i <= cells; i++) flipped[i] = pmf[cells - i]!;
  return { n1, n2, pmf: flipped };
}

/** P(2·U1 ≤ twoU) under the exact distribution. */
export function cdfAtMost(dist: UDistribution, twoU: number): number {
  let acc = 0;
  const hi = Math.min(twoU, dist.pmf.length - 1);
  for (let i = 0; i <= hi; i++) acc += dist.pmf[i]!;
  return Math.min(1, acc);
}

/** P(2·U1 ≥ twoU) under the exact distribution. */
export function cdfAtLeast(dist: UDistribution, twoU: number): number {
  let acc = 0;
  for (let i = Math.max(0, twoU); i < dist.pmf.length; i++) acc += dist.pmf[i]!;
  return Math.min(1, acc);
}

/**
 * Normal approximation of P(U1 ≤ u) and P(U1 ≥ u) with tie-corrected variance and continuity correction,
 * for sample sizes too large for the exact programme.
 */
export function normalUTails(
  u: number,
  n1: number,
  n2: number,
  tieSizes: readonly number[],
): { lower: number; upper: number } {
  const n = n1 + n2;
  const mean = (n1 * n2) / 2;
  let tieTerm = 0;
  for (const t of tieSizes) tieTerm += t * t * t - t;
  const variance = ((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1)));
  if (variance <= 0) return { lower: 1, upper: 1 };
  const sd = Math.sqrt(variance);
  return {
    lower: 1 - normalUpperTail((u + 0.5 - mean) / sd),
    upper: normalUpperTail((u - 0.5 - mean) / sd),
  };
}

/** Sizes of the tie groups of the pooled values, in ascending value order. */
export function tieGroupSizes(pooled: readonly number[]): number[] {
  const sorted = [...pooled].sort((a, b) => a - b);
  const sizes: number[] = [];
  let i = 0;
  while (i < sorted.length) {
    let j = i + 1;
    while (j < sorted.length && sorted[j] === sorted[i]) j++;
    sizes.push(j - i);
    i = j;
  }
  return sizes;
}
