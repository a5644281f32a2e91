import type { ClusteringBound } from '../model/clustering-bound.js';
import type { Clustering, ClusteringComparator } from '../model/clustering-comparator.js';
import type { DeletionTime } from '../model/deletion-time.js';
import type { RangeTombstone } from '../model/range-tombstone.js';
import type { Slice } from '../model/slice.js';

/**
 * Heap figures of a range-tombstone container, in bytes under its {@link SizeModel}.
 *
 * - `total`: what the container keeps alive if every other copy is dropped: its own object, the backing arrays at
 *   full capacity, and the bounds of its live entries. Equal to `unsharedHeapSize()`. Because it depends only on the
 *   container's own state, `Σ (new.total − old.total)` over a chain of copy-then-mutate steps telescopes to the
 *   final container's `total`, which is the identity memtable accounting relies on.
 * - `shared`: the part of `total` made of backing arrays that at least one other copy references (or referenced:
 *   dropped copies cannot be observed, so this is conservative). 0 when the arrays are exclusively this container's.
 * - `owned`: `total − shared`: the container object, the bounds of its entries, and its arrays when not shared.
 *   Bound objects are immutable and shared by reference between copies in every mode; like Cassandra, each container
 *   charges the bounds of its own entries.
 */
export interface HeapUsage {
  readonly total: number;
  readonly owned: number;
  readonly shared: number;
}

/**
 * What `DeletionInfo` (package `@tombstone-lab/partition`) needs from a range-tombstone container. Implemented by
 * {@link RangeTombstoneList} in both its eager and copy-on-write modes; all semantics are Cassandra's
 * `RangeTombstoneList` (sorted, non-overlapping ranges, newest markedForDeleteAt wins, ties keep the existing range,
 * no coalescing, size never decreases).
 *
 * Mutators validate their input first and throw a typed error without changing anything.
 */
export interface RangeTombstoneStore extends Iterable<RangeTombstone> {
  /** The comparator every bound in this container is ordered by. */
  readonly comparator: ClusteringComparator;
  /** Number of ranges. */
  readonly size: number;
  /** `size === 0`. */
  isEmpty(): boolean;

  /** Adds a range tombstone, splitting/overwriting existing ranges by precedence. */
  add(rangeTombstone: RangeTombstone): void;
  /** Same as `add(new RangeTombstone(Slice.make(start, end), DeletionTime.build(markedForDeleteAt, ldt)))`. */
  add(
    start: ClusteringBound,
    end: ClusteringBound,
    markedForDeleteAt: number,
    localDeletionTime?: number,
  ): void;
  /** Adds every range of `other` (same comparator) as if added one by one. `other` is not modified. */
  addAll(other: RangeTombstoneStore): void;
  /** An independent copy: later mutations of either side are invisible to the other. */
  copy(): RangeTombstoneStore;

  /** The range covering `clustering` (with its stored bounds), or null. */
  search(clustering: Clustering): RangeTombstone | null;
  /** The deletion time of the range covering `clustering`, or null. */
  searchDeletionTime(clustering: Clustering): DeletionTime | null;
  /**
   * Whether data at `clustering` written at `timestamp` is shadowed (`timestamp <= markedForDeleteAt` of the covering
   * range). Counter cells are deleted whenever covered, whatever their timestamp.
   */
  isDeleted(clustering: Clustering, timestamp: number, isCounter?: boolean): boolean;

  /** All ranges in ascending (or descending) order; each slice keeps its orientation. */
  iterator(reversed?: boolean): IterableIterator<RangeTombstone>;
  /** The ranges intersecting `slice`, clipped to it. */
  iterator(slice: Slice, reversed?: boolean): IterableIterator<RangeTombstone>;

  /** Largest markedForDeleteAt, or `NO_TIMESTAMP` when empty. */
  maxMarkedAt(): number;
  /** Sets every markedForDeleteAt to `timestamp`, in place. */
  updateAllTimestamp(timestamp: number): void;
  /** Sets every markedForDeleteAt and every (unsigned) local deletion time, in place. */
  updateAllTimestampAndLocalDeletionTime(timestamp: number, localDeletionTime: number): void;

  /** Serialized size: 4 + Σ (start + end data size + 12). */
  dataSize(): number;
  /** Cassandra's delta-safe heap figure; see {@link HeapUsage.total}. */
  unsharedHeapSize(): number;
  /** Heap figures with explicit sharing; see {@link HeapUsage}. */
  heapSize(): HeapUsage;

  /** Same ranges (bounds and deletion times) in the same order; capacity and mode are ignored. */
  equals(other: unknown): boolean;
  /** `{[1,5]@3, (10,13]@1}` notation. */
  toString(): string;
}

/** Builds an empty container for a comparator; `DeletionInfo` takes one so the list implementation is pluggable. */
export type RangeTombstoneStoreFactory = (comparator: ClusteringComparator) => RangeTombstoneStore;
