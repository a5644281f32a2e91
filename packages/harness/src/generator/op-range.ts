import { MAX_DELETION_TIME } from '@tombstone-lab/core';
import type { WorkloadSpec } from './spec.js';

/**
 * The last op index a spec can generate with every value in the engine's ranges: each write timestamp a safe
 * integer, and each local deletion time (and each compaction's clock) at most core's `MAX_DELETION_TIME`
 * (2^32 − 3; 2^32 − 2 marks an invalid deletion time and 2^32 − 1 no deletion). Past it the generator would hand
 * the engine values it rightly refuses or stores differently, and `check` would blame the engine for them (issue 23:
 * `check --spec check-mixed --from 3000000000` reported a divergence that was the generator's). Op indexes past this
 * limit are refused, never wrapped: a wrapped clock would run backwards and change what gc grace purges.
 */
export interface OpRange {
  /** The largest valid op index (inclusive). */
  readonly lastOp: number;
  /** What sets the limit, for error messages. */
  readonly why: string;
}

/** The largest k with `clock.start + floor(k · secondsPerOp) ≤ MAX_DELETION_TIME` (the generator's `now(k)`). */
function lastClockOp({ start, secondsPerOp }: WorkloadSpec['clock']): number {
  if (secondsPerOp === 0 || start > MAX_DELETION_TIME)
    return secondsPerOp === 0 ? Number.MAX_SAFE_INTEGER : -1;
  const now = (k: number) => start + Math.floor(k * secondsPerOp);
  let k = Math.min(Math.floor((MAX_DELETION_TIME - start + 1) / secondsPerOp), Number.MAX_SAFE_INTEGER);
  // The division is a float estimate: settle it on the exact clock function.
  while (k > 0 && now(k) > MAX_DELETION_TIME) k--;
  while (k < Number.MAX_SAFE_INTEGER && now(k + 1) <= MAX_DELETION_TIME) k++;
  return k;
}

/** The largest k whose write timestamp (`start + k`, ± `window` out of order) is a safe integer. */
function lastTimestampOp({ policy, start, window }: WorkloadSpec['timestamps']): number {
  return Number.MAX_SAFE_INTEGER - start - (policy === 'outOfOrder' ? window : 0);
}

/** The valid op indexes of `spec`: 0 … {@link OpRange.lastOp}. */
export function opRange(spec: WorkloadSpec): OpRange {
  const clock = lastClockOp(spec.clock);
  const ts = lastTimestampOp(spec.timestamps);
  if (clock <= ts) {
    return {
      lastOp: clock,
      why: `its clock (clock.start ${spec.clock.start} + ${spec.clock.secondsPerOp} s per op) passes the largest local deletion time ${MAX_DELETION_TIME} (2^32 − 3) after op ${clock}`,
    };
  }
  return {
    lastOp: ts,
    why: `its write timestamps (timestamps.start ${spec.timestamps.start} + op index) stop being safe integers after op ${ts}`,
  };
}
