/**
 * Whether a run's sample sizes can reach alpha at all. The exact U test has a floor: with n vs n samples no data
 * gives p below 2 / C(2n, n) (0.1 at n = 3), and Holm multiplies the smallest p by the family size (8 benchmarks at
 * n = 5: 8 · 2/252 = 0.063). Below that floor no benchmark can be Won or Lost and a gate cannot fail, whatever the
 * code does — a user must be told, not shown `gate: pass`.
 */

import type { SignificanceReach } from '../protocol/types.js';
import type { Correction } from './holm.js';
import { minimumAchievableP } from './mann-whitney.js';

export type { SignificanceReach };

/** Above this the search for a sufficient n stops (2/C(2n, n) is ~1e-29 at n = 50: no alpha needs more). */
const MAX_SEARCH_N = 50;

/** The smallest p the first step of the correction can give for the smallest raw p `p` in a family of `family`. */
function corrected(p: number, family: number, correction: Correction): number {
  return Math.min(1, correction === 'holm' ? p * family : p);
}

/** The smallest equal n per side whose corrected floor is below alpha. */
export function minimumSamplesPerSide(alpha: number, family: number, correction: Correction): number {
  for (let n = 1; n < MAX_SEARCH_N; n++) {
    if (corrected(minimumAchievableP(n, n), family, correction) < alpha) return n;
  }
  return MAX_SEARCH_N;
}

/**
 * The reach of a run whose benchmarks have `sizes` samples per side (those with values on both sides form the
 * correction's family); null when there are none.
 */
export function significanceReach(
  sizes: readonly { baseline: number; candidate: number }[],
  alpha: number,
  correction: Correction,
): SignificanceReach | null {
  const family = sizes.filter((s) => s.baseline > 0 && s.candidate > 0);
  if (family.length === 0) return null;
  const floors = family.map((s) => minimumAchievableP(s.baseline, s.candidate));
  const smallestP = corrected(Math.min(...floors), family.length, correction);
  return {
    samplesPerSide: Math.min(...family.map((s) => Math.min(s.baseline, s.candidate))),
    family: family.length,
    smallestP,
    alpha,
    reachable: smallestP < alpha,
    minimumSamplesPerSide: minimumSamplesPerSide(alpha, family.length, correction),
  };
}
