/**
 * Tests of independence over time order, applied per side to the samples sorted by `seq`: a drifting host
 * (thermal, a neighbour's load) or serial correlation breaks the i.i.d. assumption behind the U test.
 */

import { assertSample } from './errors.js';
import { lnChoose, normalUpperTail } from './special-functions.js';

/** Lag-1 autocorrelation with its rule-of-thumb flag. */
export interface Lag1Result {
  /** r1 = Σ (x_t − m)(x_{t+1} − m) / Σ (x_t − m)²; 0 for a constant series. */
  r1: number;
  /** 2 / √n: the approximate 95% bound for r1 of a white-noise series. */
  threshold: number;
  /** |r1| > threshold. */
  flagged: boolean;
}

/**
 * Lag-1 autocorrelation of a series in time order, flagged when |r1| > 2/√n.
 * @throws {StatsInputError} for fewer than 2 values or a non-finite value.
 */
export function lag1Autocorrelation(xs: readonly number[]): Lag1Result {
  assertSample('xs', xs, 2);
  const n = xs.length;
  let mean = 0;
  for (const v of xs) mean += v;
  mean /= n;
  let num = 0;
  let den = 0;
  for (let t = 0; t < n; t++) {
    const d = xs[t]! - mean;
    den += d * d;
    if (t + 1 < n) num += d * (xs[t + 1]! - mean);
  }
  const r1 = den === 0 ? 0 : num / den;
  const threshold = 2 / Math.sqrt(n);
  return { r1, threshold, flagged: Math.abs(r1) > threshold };
}

/** Wald-Wolfowitz runs test result. */
export interface RunsTestResult {
  /** Number of runs of values above / below the median. */
  runs: number;
  nAbove: number;
  nBelow: number;
  /** Two-sided p = min(1, 2·min(P(R ≤ runs), P(R ≥ runs))), exact; 1 when one category is empty. */
  p: number;
}

/** log P(R = r) for n1 values of one kind and n2 of the other, arranged at random. */
function lnRunsPmf(r: number, n1: number, n2: number): number {
  const lnTotal = lnChoose(n1 + n2, n1);
  if (r % 2 === 0) {
    const k = r / 2;
    return Math.log(2) + lnChoose(n1 - 1, k - 1) + lnChoose(n2 - 1, k - 1) - lnTotal;
  }
  const k = (r - 1) / 2;
  const a = lnChoose(n1 - 1, k - 1) + lnChoose(n2 - 1, k);
  const b = lnChoose(n1 - 1, k) + lnChoose(n2 - 1, k - 1);
  const hi = Math.max(a, b);
  if (hi === Number.NEGATIVE_INFINITY) return hi;
  return hi + Math.log(Math.exp(a - hi) + Math.exp(b - hi)) - lnTotal;
}

/**
 * Wald-Wolfowitz runs test above/below the median, exact for any n (values equal to the median are dropped).
 * Too few runs means trend or clustering; too many means alternation.
 * @throws {StatsInputError} for fewer than 2 values or a non-finite value.
 */
export function runsTest(xs: readonly number[]): RunsTestResult {
  assertSample('xs', xs, 2);
  const sorted = [...xs].sort((a, b) => a - b);
  const n = sorted.length;
  const med = n % 2 === 1 ? sorted[n >> 1]! : (sorted[(n >> 1) - 1]! + sorted[n >> 1]!) / 2;
  const signs = xs.filter((v) => v !== med).map((v) => v > med);
  const nAbove = signs.filter(Boolean).length;
  const nBelow = signs.length - nAbove;
  let runs = signs.length > 0 ? 1 : 0;
  for (let i = 1; i < signs.length; i++) if (signs[i] !== signs[i - 1]) runs++;
  if (nAbove === 0 || nBelow === 0) return { runs, nAbove, nBelow, p: 1 };
  const maxRuns = 2 * Math.min(nAbove, nBelow) + (nAbove === nBelow ? 0 : 1);
  let lower = 0;
  let upper = 0;
  for (let r = 2; r <= maxRuns; r++) {
    const pr = Math.exp(lnRunsPmf(r, nAbove, nBelow));
    if (r <= runs) lower += pr;
    if (r >= runs) upper += pr;
  }
  return { runs, nAbove, nBelow, p: Math.min(1, 2 * Math.min(lower, upper)) };
}

/** Mann-Kendall trend test result. */
export interface MannKendallResult {
  /** S = Σ_{i<j} sign(x_j − x_i). */
  s: number;
  /** Kendall's tau-b between value and time (tau-a when there are no ties). */
  tau: number;
  /** Two-sided p-value. */
  p: number;
  /** `true` when p is exact (no ties, n ≤ 200); otherwise tie-corrected normal with continuity correction. */
  exact: boolean;
}

const EXACT_MANN_KENDALL_MAX_N = 200;

/**
 * Distribution of the number of inversions of a random permutation of n (Mahonian numbers), as probabilities.
 * S = n(n−1)/2 − 2·inversions, so this is the exact null distribution of S without ties.
 */
function inversionDistribution(n: number): Float64Array {
  const maxInv = (n * (n - 1)) / 2;
  let dist = new Float64Array(maxInv + 1);
  dist[0] = 1;
  let reach = 0;
  for (let i = 2; i <= n; i++) {
    // Inserting element i adds 0 … i−1 inversions with equal probability: a sliding-window mean.
    const next = new Float64Array(maxInv + 1);
    reach += i - 1;
    let window = 0;
    for (let k = 0; k <= reach; k++) {
      window += dist[k] ?? 0;
      if (k - i >= 0) window -= dist[k - i]!;
      next[k] = window / i;
    }
    dist = next;
  }
  return dist;
}

/**
 * Mann-Kendall test for monotonic trend of a series in time order. Without ties the p-value is exact
 * (tau = 1 at n = 10 gives 2/10! = 5.51e-7; the normal approximation would say 8.3e-5).
 * @throws {StatsInputError} for fewer than 2 values or a non-finite value.
 */
export function mannKendall(xs: readonly number[]): MannKendallResult {
  assertSample('xs', xs, 2);
  const n = xs.length;
  let s = 0;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) s += Math.sign(xs[j]! - xs[i]!);
  const pairs = (n * (n - 1)) / 2;
  const ties = new Map<number, number>();
  for (const v of xs) ties.set(v, (ties.get(v) ?? 0) + 1);
  let tiedPairs = 0;
  let tieVar = 0;
  for (const t of ties.values()) {
    tiedPairs += (t * (t - 1)) / 2;
    tieVar += t * (t - 1) * (2 * t + 5);
  }
  const tau = s / Math.sqrt(pairs * (pairs - tiedPairs));
  if (tiedPairs === 0 && n <= EXACT_MANN_KENDALL_MAX_N) {
    const inv = inversionDistribution(n);
    const invAtS = (pairs - s) / 2;
    let atMostInv = 0; // P(I ≤ invAtS) = P(S ≥ s)
    let atLeastInv = 0; // P(I ≥ invAtS) = P(S ≤ s)
    for (let k = 0; k < inv.length; k++) {
      if (k <= invAtS) atMostInv += inv[k]!;
      if (k >= invAtS) atLeastInv += inv[k]!;
    }
    return { s, tau, p: Math.min(1, 2 * Math.min(atMostInv, atLeastInv)), exact: true };
  }
  const variance = (n * (n - 1) * (2 * n + 5) - tieVar) / 18;
  if (variance <= 0) return { s, tau: Number.isFinite(tau) ? tau : 0, p: 1, exact: false };
  const z = s === 0 ? 0 : (Math.abs(s) - 1) / Math.sqrt(variance);
  return { s, tau: Number.isFinite(tau) ? tau : 0, p: Math.min(1, 2 * normalUpperTail(z)), exact: false };
}
