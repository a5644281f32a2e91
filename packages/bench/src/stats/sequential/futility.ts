/**
 * A non-binding futility stop for the sequential design: at a look before the last, a benchmark whose predictive
 * power of still reaching the design's final difference boundary is below gamma stops, claiming nothing (its
 * sequential p is 1, as after an equivalence stop). Why: with the main suite's fork-to-fork noise (robust CV
 * 10–35%) an unchanged benchmark's 95% interval never fits within ±2%, so an A/A benchmark could stop only at the
 * maximum: 18.91 of 20 forks per side over 91 recorded A/A comparisons, for the Unchanged the last look gives
 * (docs/bench-sequential-sampling.md, "Futility stop"). Non-binding means the difference boundaries are the design's
 * own, computed as if the benchmark always ran on: a futility stop only removes chances to reject, so the false
 * Won/Lost rate and the validity of the sequential p (what Holm reads) stay as they were.
 */

import { StatsInputError } from '../errors.js';
import { normalUpperTail } from '../special-functions.js';
import type { SequentialDesign } from './design.js';
import { normalUpperQuantile } from './spending.js';

/**
 * The default gamma: stop when the predictive power is below 3%. Chosen on the recorded forks (14 A/A runs of the
 * main suite, 107 comparisons, replayed look by look): A/A 18.98 → 9.84 of 20 forks per side, no detection lost at
 * +5%, 2 of 60 at +10% (both only through Holm's later steps); 0.01–0.03 lose the same two, 0.05 one more, 0.10
 * five (docs/bench-sequential-sampling.md, "Futility stop").
 */
export const DEFAULT_FUTILITY = 0.03;

/**
 * The standardized Mann–Whitney statistic of n per side in the direction of a slower candidate:
 * (n²/2 − U) / √(n²(2n + 1)/12), U = #(baseline > candidate) (no tie correction: ties are rare in timings, and the
 * design's boundaries assume none).
 */
export function slowerZ(u: number, n: number): number {
  return (n * n - 2 * u) / 2 / Math.sqrt((n * n * (2 * n + 1)) / 12);
}

/**
 * The standardized signed-rank statistic of n paired forks in the direction of a slower candidate (positive log
 * ratios raise W+): (W+ − n(n+1)/4) / √(n(n+1)(2n+1)/24).
 */
export function slowerZSignedRank(wPlus: number, n: number): number {
  return (wPlus - (n * (n + 1)) / 4) / Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24);
}

/**
 * Conditional power under the current trend (B-value approximation, Lan & Wittes 1988): with information fraction
 * t = n / n_max and B = z·√t, the drift is estimated as θ = B / t and the probability that the final B(1) exceeds
 * the final critical value c is 1 − Φ((c − B − θ(1 − t)) / √(1 − t)). `z` is signed (the direction asked about).
 * Not the rule the runner stops on (see {@link predictivePower}); kept as the measured alternative.
 * @throws {StatsInputError} for t outside (0, 1) or a non-finite z or c.
 */
export function conditionalPower(z: number, t: number, c: number): number {
  assertLook(z, t, c);
  const b = z * Math.sqrt(t);
  const theta = b / t;
  return normalUpperTail((c - b - theta * (1 - t)) / Math.sqrt(1 - t));
}

/**
 * Predictive power (Spiegelhalter, Freedman & Blackburn 1986; Jennison & Turnbull 2000, §10.3): the conditional
 * power averaged over the drift's posterior given the data so far (flat prior: θ ~ N(B/t, 1/t)), so
 * B(1) ~ N(B/t, (1 − t)/t) and the probability of ending above c is 1 − Φ((c·√t − z) / √(1 − t)).
 * Why this and not {@link conditionalPower}: the current trend at n = 6 of 20 is an estimate from 6 forks, and
 * treating it as the truth stops real slowdowns whose first forks happened to read flat. Replayed on the recorded
 * forks of 12 A/A runs of the main suite with +10% injected, trend-CP at gamma 0.10 lost 8 of 56 detections (56 → 48
 * Lost of 83) and 0.01 still lost 5; predictive power at gamma 0.03 lost 2 (56 → 54) with the A/A mean at 9.79 of
 * 20 forks per side (docs/bench-sequential-sampling.md, "Futility stop").
 * @throws {StatsInputError} for t outside (0, 1) or a non-finite z or c.
 */
export function predictivePower(z: number, t: number, c: number): number {
  assertLook(z, t, c);
  return normalUpperTail((c * Math.sqrt(t) - z) / Math.sqrt(1 - t));
}

function assertLook(z: number, t: number, c: number): void {
  if (!(t > 0 && t < 1)) throw new StatsInputError('t', t, 'expected an information fraction in (0, 1)');
  if (!(Number.isFinite(z) && Number.isFinite(c)))
    throw new StatsInputError('z', z, 'expected finite z and c');
}

/**
 * The predictive power of look `index` (before the last) of `design` reaching the final difference boundary, from
 * the look's U: for a primary in the direction observed (|z|), for a guardrail towards a regression only (it can
 * only be Lost). The final critical value is the z of the last boundary's nominal two-sided p (c = z_{p/2}).
 * @throws {StatsInputError} for the last look or one the design does not have.
 */
export function lookPredictivePower(
  design: SequentialDesign,
  index: number,
  u: number,
  guardrail: boolean,
): number {
  const b = design.boundaries[index];
  const last = design.boundaries[design.boundaries.length - 1]!;
  if (!b || b === last)
    throw new StatsInputError(
      'index',
      index,
      `expected a look before the last of ${design.boundaries.length}`,
    );
  // A final look that cannot stop (nominal p 0) has nothing to reach: no power.
  if (!(last.nominalP > 0)) return 0;
  const z = design.test === 'signed-rank' ? slowerZSignedRank(u, b.n) : slowerZ(u, b.n);
  const c = normalUpperQuantile(last.nominalP / 2);
  return predictivePower(guardrail ? z : Math.abs(z), b.n / last.n, c);
}
