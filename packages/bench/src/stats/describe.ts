/**
 * Descriptive statistics for one sample: location, spread and the robust dispersion used by the sanity checks.
 */

import { assertSample, StatsInputError } from './errors.js';

/** A summary of one sample. */
export interface Description {
  n: number;
  min: number;
  max: number;
  mean: number;
  median: number;
  /** Sample standard deviation (n − 1 denominator); 0 for a single value. */
  sd: number;
  /** Coefficient of variation sd / |mean|; NaN when the mean is 0. */
  cv: number;
  /** Median absolute deviation from the median (unscaled). */
  mad: number;
  /** MAD · 1.4826 / |median|: a robust CV (≈ CV for normal data, insensitive to a few stalls); NaN at median 0. */
  robustCv: number;
  q1: number;
  q3: number;
}

function sortedCopy(xs: readonly number[]): number[] {
  return [...xs].sort((a, b) => a - b);
}

/** Quantile of already-sorted data by linear interpolation between order statistics (Hyndman-Fan type 7). */
function quantileSorted(sorted: readonly number[], q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  const a = sorted[lo]!;
  return a + (h - lo) * (sorted[hi]! - a);
}

/**
 * The median (mean of the two middle values for even n).
 * @throws {StatsInputError} for an empty or non-finite sample.
 */
export function median(xs: readonly number[]): number {
  assertSample('xs', xs);
  return quantileSorted(sortedCopy(xs), 0.5);
}

/**
 * Quantiles by linear interpolation between order statistics (type 7, as R's and NumPy's default).
 * @throws {StatsInputError} for an empty sample or a level outside [0, 1].
 */
export function quantiles(xs: readonly number[], levels: readonly number[]): number[] {
  assertSample('xs', xs);
  const sorted = sortedCopy(xs);
  return levels.map((q, i) => {
    if (typeof q !== 'number' || !(q >= 0 && q <= 1)) {
      throw new StatsInputError('levels', q, `element [${i}] is ${String(q)}, expected a level in [0, 1]`);
    }
    return quantileSorted(sorted, q);
  });
}

/**
 * Median absolute deviation from the median, unscaled (multiply by 1.4826 for a normal-consistent sigma).
 * @throws {StatsInputError} for an empty or non-finite sample.
 */
export function mad(xs: readonly number[]): number {
  const m = median(xs);
  return median(xs.map((v) => Math.abs(v - m)));
}

/**
 * Coefficient of variation, sample sd / |mean|.
 * @throws {StatsInputError} for an empty or non-finite sample.
 */
export function coefficientOfVariation(xs: readonly number[]): number {
  const d = describe(xs);
  return d.cv;
}

/**
 * All descriptive statistics of one sample at once.
 * @throws {StatsInputError} for an empty or non-finite sample.
 */
export function describe(xs: readonly number[]): Description {
  assertSample('xs', xs);
  const sorted = sortedCopy(xs);
  const n = sorted.length;
  let sum = 0;
  for (const v of sorted) sum += v;
  const mean = sum / n;
  let ss = 0;
  for (const v of sorted) ss += (v - mean) ** 2;
  const sd = n > 1 ? Math.sqrt(ss / (n - 1)) : 0;
  const med = quantileSorted(sorted, 0.5);
  const madValue = quantileSorted(sortedCopy(sorted.map((v) => Math.abs(v - med))), 0.5);
  return {
    n,
    min: sorted[0]!,
    max: sorted[n - 1]!,
    mean,
    median: med,
    sd,
    cv: mean === 0 ? Number.NaN : sd / Math.abs(mean),
    mad: madValue,
    robustCv: med === 0 ? Number.NaN : (1.4826 * madValue) / Math.abs(med),
    q1: quantileSorted(sorted, 0.25),
    q3: quantileSorted(sorted, 0.75),
  };
}
