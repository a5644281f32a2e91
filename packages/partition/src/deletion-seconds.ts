import { NO_DELETION_TIME } from '@tombstone-lab/core';
import { describeValue, PartitionArgumentError } from './errors.js';

/**
 * Times a purge decision compares with local deletion times: a table clock's reading, a `gcBefore`, a repair time.
 * Local deletion times are whole seconds in [0, 2^32 − 1] (core's unsigned check), so a time outside that range cannot
 * be one — and a millisecond reading (`Date.now()`, ~1.8e12) is 1000× too large: as a gc_before it put every
 * tombstone past gc grace, and compaction purged tombstones still inside it (data loss, issue 24). Refused instead,
 * with a hint when the value looks like milliseconds.
 */

/** From 1e11 ms (1973) to 2^32 − 1 s: a reading in that span is a millisecond wall-clock time, not seconds. */
const LOOKS_LIKE_MS = 1e11;

/** ` (seconds, not milliseconds: …)` when `value` reads as a millisecond wall-clock time, else `''`. */
export function millisecondsHint(value: unknown): string {
  if (typeof value !== 'number' || !(value >= LOOKS_LIKE_MS) || value / 1000 > NO_DELETION_TIME) return '';
  return ` (seconds, not milliseconds: ${Math.floor(value / 1000)}?)`;
}

/** Whether `value` is a whole number of seconds a local deletion time can hold: an integer in [0, 2^32 − 1]. */
export function isDeletionSeconds(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= NO_DELETION_TIME;
}

/**
 * Throws unless `value` is a whole number of seconds in [0, 2^32 − 1]; `what` names it (`'clock returned'`,
 * `'repairedAt'`).
 */
export function checkDeletionSeconds(value: unknown, what: string): number {
  if (isDeletionSeconds(value)) return value;
  throw new PartitionArgumentError(
    `${what} must be a whole number of seconds in [0, ${NO_DELETION_TIME}], got ${describeValue(value)}${millisecondsHint(value)}`,
  );
}

/**
 * Whether `value` may be a gc_before: an integer up to 2^32 − 1, or −Infinity. Below 0 it purges nothing, as 0 does
 * (no local deletion time is below it): a table's `now − gcGraceSeconds` early in its clock's life, and repair mode's
 * "never repaired" (−Infinity), are such values. Above 2^32 − 1, `Infinity`, a fraction or NaN are refused.
 */
export function isGcBefore(value: unknown): value is number {
  return (
    value === Number.NEGATIVE_INFINITY ||
    (Number.isSafeInteger(value) && (value as number) <= NO_DELETION_TIME)
  );
}

/** The reason a gc_before is refused, for a message: its range and, for a millisecond-looking value, the hint. */
export function gcBeforeProblem(value: unknown): string {
  return `not a whole number of seconds up to ${NO_DELETION_TIME} (or -Infinity)${millisecondsHint(value)}`;
}
