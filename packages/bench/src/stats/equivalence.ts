/**
 * Whether a comparison's Hodges-Lehmann interval shows the change to be within the noise threshold. A verdict of
 * Unchanged or Held says only that no change beyond the threshold was *found* (p ≥ alpha or |Δ| < threshold); with
 * a wide interval ([-15.6%, +18.8%] at ±3%) a change of 15% is as consistent with the samples as none. Numbers
 * only: the reports word it.
 */

import type { HodgesLehmannResult } from './hodges-lehmann.js';

/** The interval of one comparison held against ±threshold. */
export interface ThresholdInterval {
  /**
   * The interval's bounds as a percent change candidate vs baseline: from the Hodges-Lehmann ratio interval, or the
   * shift interval over |baseline median| when no ratio exists (a value ≤ 0). ±Infinity when the samples are too
   * small for a finite bound (null on the wire); null when the change has no relative size (baseline median 0).
   */
  lowerPercent: number | null;
  upperPercent: number | null;
  /**
   * The interval's half-width over the threshold (both in percent): above 1 the interval cannot fit inside
   * ±threshold wherever it lies; at or below 1 it fits only if it is also centred closely enough. Infinity (null on
   * the wire) for an unbounded interval or a threshold of 0; null when the bounds are null.
   */
  halfWidthToThreshold: number | null;
  /** The whole interval lies inside [-threshold, +threshold]: equivalence within ±threshold is shown. */
  withinThreshold: boolean;
  /**
   * The interval's upper end is at most +threshold: no regression beyond the threshold is shown, however much it
   * improved. What a guardrail's Held claims (guardrails are Held unless they regress; see `sequential/look.ts`).
   */
  belowThreshold: boolean;
}

/** What {@link thresholdInterval} reads of a comparison: its intervals and the baseline median. */
export interface IntervalInput {
  shift: Pick<HodgesLehmannResult, 'lower' | 'upper'>;
  ratio: Pick<HodgesLehmannResult, 'lower' | 'upper'> | null;
  baseline: { median: number };
}

/**
 * Holds a comparison's interval against ±`threshold` (a fraction, 0.02 = ±2%). With a ratio the test is made on the
 * ratio itself (upper ≤ 1 + threshold), exactly as the sequential equivalence stop makes it, so a benchmark that
 * stopped "equivalent" is always within; without one (a value ≤ 0, e.g. 0 B/op) on the shift against
 * threshold · |baseline median|, so two all-zero sides ([0, 0]) are within and any other shift from a zero median
 * is not.
 */
export function thresholdInterval(stats: IntervalInput, threshold: number): ThresholdInterval {
  const ratio = stats.ratio;
  const scale = Math.abs(stats.baseline.median);
  // On the ratio's own scale when it exists: 0.98 − 1 is −0.020000000000000018, so a bound of exactly 1 ± threshold
  // would fall outside if it were moved to a change first.
  const [lower, upper, low, high] = ratio
    ? [ratio.lower, ratio.upper, 1 - threshold, 1 + threshold]
    : [stats.shift.lower, stats.shift.upper, -threshold * scale, threshold * scale];
  const percent = (x: number): number | null =>
    ratio ? (x - 1) * 100 : scale > 0 ? (x / scale) * 100 : null;
  const lowerPercent = percent(lower);
  const upperPercent = percent(upper);
  return {
    lowerPercent,
    upperPercent,
    halfWidthToThreshold: halfWidthRatio(lowerPercent, upperPercent, threshold),
    withinThreshold: lower >= low && upper <= high,
    belowThreshold: upper <= high,
  };
}

function halfWidthRatio(lower: number | null, upper: number | null, threshold: number): number | null {
  if (lower === null || upper === null) return null;
  const halfWidth = (upper - lower) / 2;
  // A point interval needs no threshold to fit; anything wider cannot fit inside ±0.
  if (threshold === 0) return halfWidth === 0 ? 0 : Number.POSITIVE_INFINITY;
  return halfWidth / (threshold * 100);
}

/**
 * A comparison's interval against ±threshold: the numbers an Unchanged or Held outcome needs (protocol 10 gives them
 * only when the interval shows them: verdict.ts `unresolvedClaim`).
 */
export type Equivalence = ThresholdInterval;

/** {@link thresholdInterval} of a verdict's statistics. */
export function equivalenceOf(stats: IntervalInput, threshold: number): Equivalence {
  return thresholdInterval(stats, threshold);
}
