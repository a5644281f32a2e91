import { type ClusteringComparator, NO_TIMESTAMP, Slice, unknownOptionMessage } from '@tombstone-lab/core';
import { describeValue, PartitionArgumentError } from './errors.js';

/** Lowest write timestamp: one above core's `NO_TIMESTAMP`, as Cassandra's `Long.MIN_VALUE + 1`. */
const MIN_WRITE_TIMESTAMP = NO_TIMESTAMP + 1;

/** Whether `timestamp` is one a write may carry (what {@link checkTimestamp} accepts), without building a message. */
export function isWriteTimestamp(timestamp: unknown): timestamp is number {
  return Number.isSafeInteger(timestamp) && (timestamp as number) >= MIN_WRITE_TIMESTAMP;
}

/**
 * Throws unless `timestamp` is a safe integer a write may carry. `Number.MIN_SAFE_INTEGER` is core's
 * `NO_TIMESTAMP` ("no deletion"): a deletion at it never beats LIVE and would be lost silently, so it is rejected
 * like Cassandra's "Out of bound timestamp, must be in [MIN+1, MAX]".
 */
export function checkTimestamp(timestamp: unknown, what = 'timestamp'): number {
  if (typeof timestamp !== 'number' || !Number.isSafeInteger(timestamp)) {
    throw new PartitionArgumentError(`${what} must be a safe integer, got ${describeValue(timestamp)}`);
  }
  if (timestamp < MIN_WRITE_TIMESTAMP) {
    throw new PartitionArgumentError(
      `out of bound ${what}, must be in [${MIN_WRITE_TIMESTAMP}, ${Number.MAX_SAFE_INTEGER}], got ${timestamp}`,
    );
  }
  return timestamp;
}

/** Throws unless `value` is a {@link Slice} whose bounds fit `comparator`; `what` names it in the message. */
export function checkSlice(comparator: ClusteringComparator, value: unknown, what: string): Slice {
  if (!(value instanceof Slice)) {
    throw new PartitionArgumentError(`${what} must be a Slice, got ${describeValue(value)}`);
  }
  comparator.validateBound(value.start, `${what} start`);
  comparator.validateBound(value.end, `${what} end`);
  return value;
}

/** `value` when it is a boolean, `fallback` when it is `undefined`; anything else (`'no'`, `null`, 0) throws. */
export function checkFlag(value: unknown, fallback: boolean, what: string): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') {
    throw new PartitionArgumentError(`${what} must be a boolean, got ${describeValue(value)}`);
  }
  return value;
}

/**
 * Throws unless `options` is an object whose own keys are all in `allowed`, naming the first unknown key and the
 * allowed ones (a misspelled option would otherwise be silently ignored).
 */
export function checkOptionsBag(options: unknown, allowed: readonly string[], what: string): void {
  if (options === null || typeof options !== 'object') {
    throw new PartitionArgumentError(`${what}s must be an object, got ${describeValue(options)}`);
  }
  const unknown = unknownOptionMessage(options, allowed, what);
  if (unknown !== null) throw new PartitionArgumentError(unknown);
}
