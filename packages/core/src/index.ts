/**
 * `@tombstone-lab/core`: Apache Cassandra's range-tombstone list, with exact semantics, and an O(1) copy-on-write
 * `copy()` (CASSANDRA-21492 done right: honest heap accounting, no pinned spare capacity, in-place tail appends),
 * plus a persistent variant whose writes after a copy cost O(log N) instead of O(N).
 *
 * @packageDocumentation
 */

/**
 * A generic persistent sorted B+tree (Cassandra's `BTree`): O(1) fork, O(log N) writes after a fork, O(log N + k)
 * positional and key-range reads. Partition rows live in one.
 */
export {
  BTREE_NODE_CAPACITY,
  PersistentBTree,
  type PersistentBTreeOptions,
  type Probe,
  persistentBTreeHeap,
} from './btree/persistent-btree.js';
/** The message rejecting a misspelled option key (core and partition throw it as their own typed error). */
export { unknownOptionMessage } from './checks/option-keys.js';
/** Typed errors; every one is thrown before any state changes. */
export {
  ComparatorMismatchError,
  EmptySliceError,
  FrozenTreeError,
  InvalidBoundKindError,
  InvalidClusteringValueError,
  InvalidConfigurationError,
  InvalidRangeStoreError,
  InvalidTimestampError,
  ReentrantWriteError,
  UnsortedItemsError,
} from './errors.js';
/** The explicit heap size model. */
export {
  align,
  arraysHeapSize,
  boundHeapSize,
  JVM_COMPRESSED_OOPS,
  listShallowSize,
  objectSize,
  primitiveArraySize,
  referenceArraySize,
  type SizeModel,
  V8_POINTER_COMPRESSION,
} from './heap/size-model.js';
/** The same list in a persistent B+tree: O(1) copies, O(log N) writes after a copy. */
export {
  PersistentRangeTombstoneList,
  type PersistentRangeTombstoneListOptions,
  persistentRangeTombstoneListFactory,
} from './list/persistent-range-tombstone-list.js';
/** The list itself. */
/**
 * The backing arrays of a list, for white-box tests and heap audits in other packages (e.g. counting how often the
 * memtable's list had to copy). Internal: its shape may change without notice.
 * @internal
 */
export { backingArrays, RangeTombstoneList } from './list/range-tombstone-list.js';
/** What every list of this library shares (the public API of Cassandra's list): use it to accept either storage. */
export { RangeTombstoneListBase } from './list/range-tombstone-list-base.js';
/** Ready-made store factories for `DeletionInfo`. */
export {
  copyOnWriteRangeTombstoneListFactory,
  eagerRangeTombstoneListFactory,
  rangeTombstoneListFactory,
} from './list/range-tombstone-list-factory.js';
/** List options and the spare-capacity / growth rules. */
export {
  grownCapacity,
  hasExcessCapacity,
  type RangeTombstoneListOptions,
} from './list/range-tombstone-list-options.js';
/** The pluggable container contract `DeletionInfo` codes against. */
export type {
  HeapUsage,
  RangeTombstoneStore,
  RangeTombstoneStoreFactory,
} from './list/range-tombstone-store.js';
/** Clustering bound kinds and the bound class (`[x`, `(x`, `x]`, `x)`, BOTTOM, TOP). */
export {
  ClusteringBound,
  invertKind,
  Kind,
  kindIsEnd,
  kindIsStart,
  kindName,
} from './model/clustering-bound.js';
/** Orders clusterings and bounds like Cassandra's `ClusteringComparator`. */
export {
  type Clustering,
  ClusteringComparator,
  type ClusteringPrefix,
} from './model/clustering-comparator.js';
/** Column types (`types.int32`, `types.text`, `types.reversed(t)`, …) and clustering values. */
export { type ClusteringValue, type ColumnType, types } from './model/column-types.js';
/** Deletion times, their sentinels, and the one local-deletion-time check every package applies. */
export {
  checkUnsignedDeletionTime,
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
