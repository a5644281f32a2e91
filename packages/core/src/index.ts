/**
 * `@tombstone-lab/core`: Apache Cassandra's range-tombstone list, with exact semantics, and an O(1) copy-on-write
 * `copy()` (CASSANDRA-21492 done right: honest heap accounting, no pinned spare capacity, in-place tail appends),
 * plus a persistent variant whose writes after a copy cost O(log N) instead of O(N).
 *
 * @packageDocumentation
 */

// The public surface, one group per folder (see the README's map). Every runtime name here is used by another
// package of this repository or by the README, pinned by index.test.ts; what only this repository's packages, tests
// and benchmarks share (argument checks, the generic B+tree, heap arithmetic, white-box access) is in `./internal`.

/** Typed errors; every one is thrown before any state changes. */
export {
  ComparatorMismatchError,
  EmptySliceError,
  InvalidArgumentError,
  InvalidBoundKindError,
  InvalidClusteringValueError,
  InvalidConfigurationError,
  InvalidRangeStoreError,
  InvalidTimestampError,
} from './errors.js';
/** The explicit heap size model: the two layouts a list's heap figures can be computed under. */
export { JVM_COMPRESSED_OOPS, type SizeModel, V8_POINTER_COMPRESSION } from './heap/size-model.js';
/** The same list in a persistent B+tree: O(1) copies, O(log N) writes after a copy. */
export {
  PersistentRangeTombstoneList,
  type PersistentRangeTombstoneListOptions,
  persistentRangeTombstoneListFactory,
} from './list/persistent-range-tombstone-list.js';
/** The list itself, in copy-on-write arrays. */
export { RangeTombstoneList } from './list/range-tombstone-list.js';
/** What every list of this library shares (the public API of Cassandra's list): use it to accept either storage. */
export { RangeTombstoneListBase } from './list/range-tombstone-list-base.js';
/** Ready-made store factories for `DeletionInfo`. */
export {
  copyOnWriteRangeTombstoneListFactory,
  eagerRangeTombstoneListFactory,
  rangeTombstoneListFactory,
} from './list/range-tombstone-list-factory.js';
/** List options (initial capacity, growth factor, size model). */
export type { RangeTombstoneListOptions } from './list/range-tombstone-list-options.js';
/** The pluggable container contract `DeletionInfo` codes against. */
export type {
  HeapUsage,
  RangeTombstoneStore,
  RangeTombstoneStoreFactory,
} from './list/range-tombstone-store.js';
/** Clustering bound kinds and the bound class (`[x`, `(x`, `x]`, `x)`, BOTTOM, TOP). */
export { ClusteringBound, Kind } from './model/clustering-bound.js';
/** Orders clusterings and bounds like Cassandra's `ClusteringComparator`. */
export {
  type Clustering,
  ClusteringComparator,
  type ClusteringPrefix,
} from './model/clustering-comparator.js';
/** Column types (`types.int32`, `types.text`, `types.reversed(t)`, …) and clustering values. */
export { type ClusteringValue, type ColumnType, types } from './model/column-types.js';
/** Deletion times and their sentinels. */
export {
  DeletionTime,
  INVALID_DELETION_TIME,
  InvalidDeletionTime,
  MAX_DELETION_TIME,
  NO_DELETION_TIME,
  NO_TIMESTAMP,
} from './model/deletion-time.js';
/** A slice plus a deletion time. */
export { RangeTombstone } from './model/range-tombstone.js';
/** Slices of clusterings. */
export { Slice } from './model/slice.js';
