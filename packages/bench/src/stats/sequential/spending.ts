/**
 * Lan–DeMets alpha-spending functions: how much of a design's alpha may be spent by information fraction t (the
 * share of the maximum samples per side seen so far). Spending instead of fixed nominal levels is what keeps the
 * false-verdict rate at alpha however many looks a run takes and wherever they fall.
 */

import { StatsInputError } from '../errors.js';
import { normalUpperTail } from '../special-functions.js';

/** The spending functions a sequential design can use. */
export type Spending = 'pocock' | 'obrien-fleming';

/** Every spending function, in the order the CLI lists them. */
export const SPENDINGS: readonly Spending[] = ['pocock', 'obrien-fleming'];

/** The z with P(Z > z) = p, by bisection on {@link normalUpperTail} (monotone, 60 halvings reach 1e-15). */
export function normalUpperQuantile(p: number): number {
  let lo = -40;
  let hi = 40;
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (normalUpperTail(mid) > p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * Cumulative alpha spent by information fraction `t` ∈ [0, 1] (0 at t = 0, `alpha` at t = 1):
 * Pocock type α·ln(1 + (e − 1)·t) spends evenly (early stops likely); O'Brien–Fleming type
 * 2 − 2·Φ(z_{α/2} / √t) spends almost nothing early and keeps nearly the fixed design's power at the end.
 * @throws {StatsInputError} for alpha outside (0, 1), t outside [0, 1] or an unknown spending.
 */
export function alphaSpent(spending: Spending, alpha: number, t: number): number {
  if (!(alpha > 0 && alpha < 1)) throw new StatsInputError('alpha', alpha, 'expected a level in (0, 1)');
  if (!(t >= 0 && t <= 1)) throw new StatsInputError('t', t, 'expected an information fraction in [0, 1]');
  if (t === 0) return 0;
  if (spending === 'pocock') return alpha * Math.log(1 + (Math.E - 1) * t);
  if (spending === 'obrien-fleming') {
    if (t === 1) return alpha;
    return Math.min(alpha, 2 * normalUpperTail(normalUpperQuantile(alpha / 2) / Math.sqrt(t)));
  }
  throw new StatsInputError(
    'spending',
    spending,
    `unknown spending "${String(spending)}" (${SPENDINGS.join(', ')})`,
  );
}
