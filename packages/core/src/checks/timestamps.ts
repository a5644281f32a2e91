import { InvalidTimestampError } from '../errors.js';
import { describeValue } from './describe-value.js';
import type { ErrorType } from './error-type.js';

/**
 * The timestamp and local-deletion-time rules of every package: core's lists and `DeletionTime`, partition's writes
 * and cells (which pass their own error type). The two range limits live here, not in `model/deletion-time.ts`
 * (which re-exports them), so that module can use these checks without an import cycle.
 */

/**
 * `markedForDeleteAt` of `DeletionTime.LIVE`: stands for Java's `Long.MIN_VALUE` ("no deletion").
 *
 * Timestamps are JS numbers restricted to safe integers rather than `bigint`: they live in plain number arrays
 * (V8 double elements) inside the range-tombstone list, compare without allocation, and cover ±2^53 µs (≈ ±285
 * years around 1970), which every real write timestamp fits in. The price is that the int64 extremes are not
 * representable, so the lowest safe integer plays the role of `Long.MIN_VALUE`.
 */
export const NO_TIMESTAMP = Number.MIN_SAFE_INTEGER;

/** Unsigned 32-bit encoding of Cassandra's `NO_DELETION_TIME` (`Long.MAX_VALUE` on the Java side). */
export const NO_DELETION_TIME = 0xffffffff;

/** Lowest timestamp a write may carry: one above {@link NO_TIMESTAMP}, as Cassandra's `Long.MIN_VALUE + 1`. */
export const MIN_WRITE_TIMESTAMP = NO_TIMESTAMP + 1;

/** Throws unless `value` is a safe integer; used for every markedForDeleteAt / cell timestamp entering the library. */
export function checkTimestamp(
  value: unknown,
  what = 'markedForDeleteAt',
  error: ErrorType = InvalidTimestampError,
): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new error(`${what} must be a safe integer, got ${describeValue(value)}`);
  }
  return value;
}

/** Whether `timestamp` is one a write may carry (what {@link checkWriteTimestamp} accepts), without a message. */
export function isWriteTimestamp(timestamp: unknown): timestamp is number {
  return Number.isSafeInteger(timestamp) && (timestamp as number) >= MIN_WRITE_TIMESTAMP;
}

/**
 * Throws unless `timestamp` is a safe integer a write may carry. `NO_TIMESTAMP` is "no deletion": a deletion at it
 * never beats LIVE and would be lost silently, so it is rejected like Cassandra's "Out of bound timestamp, must be in
 * [MIN+1, MAX]".
 */
export function checkWriteTimestamp(
  timestamp: unknown,
  what = 'timestamp',
  error: ErrorType = InvalidTimestampError,
): number {
  checkTimestamp(timestamp, what, error);
  if ((timestamp as number) < MIN_WRITE_TIMESTAMP) {
    throw new error(
      `out of bound ${what}, must be in [${MIN_WRITE_TIMESTAMP}, ${Number.MAX_SAFE_INTEGER}], got ${timestamp}`,
    );
  }
  return timestamp as number;
}

/** Throws unless `value` is an integer in [0, 2^32 − 1], the unsigned range a local deletion time is stored in. */
export function checkUnsignedDeletionTime(
  value: unknown,
  what = 'localDeletionTime',
  error: ErrorType = InvalidTimestampError,
): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > NO_DELETION_TIME) {
    throw new error(`${what} must be an integer in [0, 4294967295], got ${describeValue(value)}`);
  }
  return value;
}
