/**
 * Holm–Bonferroni step-down adjustment: family-wise error control across the benchmarks of one run.
 *
 * Why a correction at all: with m independent benchmarks at alpha 0.05 a run has a 1 − 0.95^m chance of at least
 * one false verdict (34% at m = 8). Holm controls that family-wise rate at alpha under any dependence between the
 * tests and is uniformly more powerful than plain Bonferroni; no library on our pin list does it, and it is a sort
 * and one pass, so it is written here.
 */

import { StatsInputError } from './errors.js';

/** How the p values of one run are corrected for multiple comparisons. */
export type Correction = 'holm' | 'none';

/** The corrections a run can be analysed with. */
export const CORRECTIONS: readonly Correction[] = ['holm', 'none'];

/**
 * Holm-adjusted p values, in input order: sort ascending, p(i)·(m − i) for rank i (0-based), made monotone
 * non-decreasing along the sorted order and capped at 1. Rejecting where adjusted p < alpha is Holm's procedure.
 * @throws {StatsInputError} for a p outside [0, 1] or not a number.
 */
export function holmAdjust(ps: readonly number[]): number[] {
  ps.forEach((p, i) => {
    if (typeof p !== 'number' || !(p >= 0 && p <= 1)) {
      throw new StatsInputError('ps', p, `element [${i}] is ${String(p)}, expected a p value in [0, 1]`);
    }
  });
  const m = ps.length;
  const order = ps.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p || a.i - b.i);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, p * (m - rank)));
    adjusted[i] = running;
  });
  return adjusted;
}

/** Adjusted p values under `correction` (identity for 'none'). */
export function adjustPValues(ps: readonly number[], correction: Correction): number[] {
  return correction === 'holm' ? holmAdjust(ps) : [...ps];
}
