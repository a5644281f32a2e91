/**
 * A growth or factorial group that could not be analysed, reported in place of its fit so one bad group does not
 * discard the rest of the report.
 */

import type { Side } from '../model.js';

/** One group of `--growth` or `--factorial` that could not be fitted, and why. */
export interface NotFittable {
  analysis: 'growth' | 'factorial';
  /** Group key: the benchmark identity without the swept parameter, e.g. `Suite.bench[mode=a]`. */
  key: string;
  /** The side whose data is unusable, or null when the problem is the group's shape. */
  side: Side | null;
  /** Why, naming the side, e.g. `candidate side has no samples (only failures)`. */
  reason: string;
}

/**
 * Why a side's values cannot enter a log-scale fit or a percent effect, or null when they can: no values at all
 * (every fork failed), or a value that is not a positive finite number (an allocation-free op under bytesPerOp).
 */
export function unusableValues(side: Side, metric: string, values: readonly number[]): string | null {
  if (values.length === 0) return `${side} side has no ${metric} samples (only failures)`;
  const bad = values.find((v) => !(Number.isFinite(v) && v > 0));
  if (bad !== undefined)
    return `${side} side has ${metric} values ≤ 0 or non-finite (e.g. ${String(bad)}); the fit needs positive values`;
  return null;
}

/** "Suite.bench: not fittable: candidate side has …", the one-line form every text report uses. */
export function notFittableLine(n: NotFittable): string {
  return `${n.key}: not fittable: ${n.reason}`;
}
