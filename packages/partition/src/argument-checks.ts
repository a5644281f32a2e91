import {
  type ClusteringComparator,
  InvalidConfigurationError,
  type SizeModel,
  Slice,
} from '@tombstone-lab/core';
import {
  checkFlag as checkFlagAs,
  checkOptionsBag as checkOptionsBagAs,
  checkPlainObject as checkPlainObjectAs,
  checkTimestamp as checkSafeIntegerTimestamp,
  checkWriteTimestamp,
  describeValue,
  reversedEmptySliceError,
  validateSizeModel,
} from '@tombstone-lab/core/internal';
import { PartitionArgumentError } from './errors.js';

/**
 * core's shared argument checks (`@tombstone-lab/core/internal`: one rule, one message for every package), bound to
 * this package's {@link PartitionArgumentError}. Nothing here decides anything of its own but {@link checkSlice}.
 */

export { isWriteTimestamp } from '@tombstone-lab/core/internal';

/** Throws unless `timestamp` is a safe integer a write may carry, in [`NO_TIMESTAMP` + 1, `MAX_SAFE_INTEGER`]. */
export function checkTimestamp(timestamp: unknown, what = 'timestamp'): number {
  return checkWriteTimestamp(timestamp, what, PartitionArgumentError);
}

/** A timestamp a question may name (any safe integer, `NO_TIMESTAMP` too), or a PartitionArgumentError naming it. */
export function checkQueryTimestamp(timestamp: unknown, what: string): number {
  return checkSafeIntegerTimestamp(timestamp, what, PartitionArgumentError);
}

/** `value` when it is a boolean, `fallback` when it is `undefined`; anything else (`'no'`, `null`, 0) throws. */
export function checkFlag(value: unknown, fallback: boolean, what: string): boolean {
  return checkFlagAs(value, fallback, what, PartitionArgumentError);
}

/** Throws unless `options` is an object whose own keys are all in `allowed`, naming the first unknown key. */
export function checkOptionsBag(options: unknown, allowed: readonly string[], what: string): void {
  checkOptionsBagAs(options, allowed, what, PartitionArgumentError);
}

/** Throws unless `value` is a plain object (not a Map, Date, array or class instance). */
export function checkPlainObject(value: unknown, what: string): void {
  checkPlainObjectAs(value, what, PartitionArgumentError);
}

/** Throws unless `value` is a {@link Slice} whose bounds fit `comparator`; `what` names it in the message. */
export function checkSlice(comparator: ClusteringComparator, value: unknown, what: string): Slice {
  if (!(value instanceof Slice)) {
    throw new PartitionArgumentError(`${what} must be a Slice, got ${describeValue(value)}`);
  }
  comparator.validateBound(value.start, `${what} start`);
  comparator.validateBound(value.end, `${what} end`);
  // An ascending [1,5] on a types.reversed column selects nothing; a read returned [] and said nothing.
  const reversedEmpty = reversedEmptySliceError(value.start, value.end, comparator);
  if (reversedEmpty !== null) throw reversedEmpty;
  return value;
}

/**
 * `model` when it is a size model core accepts (`JVM_COMPRESSED_OOPS`, `V8_POINTER_COMPRESSION` or one of the same
 * fields); anything else throws, `what` naming the method, with core's reason (`null` threw a plain TypeError, `{}`
 * summed to NaN).
 */
export function checkSizeModel(model: unknown, what: string): SizeModel {
  try {
    return validateSizeModel(model as SizeModel);
  } catch (e) {
    if (!(e instanceof InvalidConfigurationError)) throw e;
    throw new PartitionArgumentError(`${what} needs a SizeModel: ${e.message}`);
  }
}
