/**
 * Typed errors thrown by `@tombstone-lab/core`. Every error is raised before any state is touched, so the object the
 * caller was operating on is unchanged when one of these escapes.
 */

export { describeValue } from './checks/describe-value.js';

/** A timestamp (markedForDeleteAt) or local deletion time that is NaN, fractional, or outside its range. */
export class InvalidTimestampError extends RangeError {
  override readonly name = 'InvalidTimestampError';
}

/**
 * An argument of the wrong kind where no more specific error applies: a flag that is not a boolean (`iterator`'s
 * `reversed`, `isDeleted`'s `isCounter`, `ClusteringBound.of`'s `isStart` and `isInclusive`; `'false'` is truthy,
 * so it would silently read as `true`).
 */
export class InvalidArgumentError extends TypeError {
  override readonly name = 'InvalidArgumentError';
}

/** A configuration value (growth factor, initial capacity, size model field) outside its accepted range. */
export class InvalidConfigurationError extends RangeError {
  override readonly name = 'InvalidConfigurationError';
}

/** A clustering or bound value whose JS type or range does not fit its column type, or a prefix of the wrong length. */
export class InvalidClusteringValueError extends TypeError {
  override readonly name = 'InvalidClusteringValueError';
}

/**
 * A bound used where the other kind is required (an end as a slice start, a boundary kind, …), or something that is
 * not a bound or slice at all where one is required (`null` as a slice start or as `iterator`'s slice).
 */
export class InvalidBoundKindError extends TypeError {
  override readonly name = 'InvalidBoundKindError';
}

/** A slice that selects nothing (start >= end under the comparator), e.g. `(5,5]` or `[7,3]`. */
export class EmptySliceError extends RangeError {
  override readonly name = 'EmptySliceError';
}

/** Two structures built on different clustering comparators were combined. */
export class ComparatorMismatchError extends TypeError {
  override readonly name = 'ComparatorMismatchError';
}

/** Something that is not a range-tombstone container passed where one is required (e.g. to `addAll`). */
export class InvalidRangeStoreError extends TypeError {
  override readonly name = 'InvalidRangeStoreError';
}

/** A write to a frozen {@link PersistentBTree} (a published snapshot's tree): fork it and write the fork. */
export class FrozenTreeError extends TypeError {
  override readonly name = 'FrozenTreeError';
}

/** Items handed to a sorted bulk build that are out of order or repeat a key. */
export class UnsortedItemsError extends RangeError {
  override readonly name = 'UnsortedItemsError';
}

/** A {@link PersistentBTree} written from inside an `upsert` callback of a write in progress. */
export class ReentrantWriteError extends Error {
  override readonly name = 'ReentrantWriteError';
}
