import type { ClusteringBound } from '../model/clustering-bound.js';
import type { ClusteringComparator, ClusteringPrefix } from '../model/clustering-comparator.js';
import type { RangeTombstone } from '../model/range-tombstone.js';

/**
 * Slot-level read access to a sorted, non-overlapping range list: slot `i` in `[0, size)` holds a range
 * `[startAt(i), endAt(i)]` deleted at (`markedAtAt(i)`, unsigned `delTimeAt(i)`). Cassandra's algorithms (insertFrom,
 * the addAll merge, searchInternal, slice iteration) are written once against this and {@link RangeSlotWriter}, and
 * serve every storage: the flat arrays of `RangeTombstoneList` and the persistent tree of
 * `PersistentRangeTombstoneList`.
 *
 * Lists implement these as `protected` members (they are not public API: an index past `size` is unchecked, and a
 * raw write bypasses every invariant), so the shared code reaches them through {@link slotsOf}.
 */
export interface RangeSlots {
  readonly comparator: ClusteringComparator;
  /** Number of live slots. */
  readonly size: number;
  startAt(i: number): ClusteringBound;
  endAt(i: number): ClusteringBound;
  markedAtAt(i: number): number;
  delTimeAt(i: number): number;
  /**
   * The range in slot `i` (its start or end replaced by a clipped one when given): one read of the slot, where four
   * accessor calls per range made a persistent list's slice iteration 2× the array list's.
   */
  rangeAt(i: number, start?: ClusteringBound, end?: ClusteringBound): RangeTombstone;
  /**
   * Java's `Arrays.binarySearch` over the starts (`ends: false`) or ends (`ends: true`) of slots `[lo, hi)`: the
   * index of an equal bound, else `-(insertion point) - 1`. Each column is strictly increasing.
   */
  searchColumn(ends: boolean, lo: number, hi: number, key: ClusteringPrefix): number;
}

/** The two writes Cassandra's insert algorithm makes (its `addInternal` and `setInternal`). */
export interface RangeSlotWriter extends RangeSlots {
  /** Inserts a slot at `i` (`0 <= i <= size`), shifting `[i, size)` one slot right. */
  addInternal(
    i: number,
    start: ClusteringBound,
    end: ClusteringBound,
    markedAt: number,
    delTime: number,
  ): void;
  /** Rewrites live slot `i`. */
  setInternal(
    i: number,
    start: ClusteringBound,
    end: ClusteringBound,
    markedAt: number,
    delTime: number,
  ): void;
}

/**
 * A list seen through its protected slot members. The one place the `protected` wall is crossed, on purpose: the
 * shared algorithms are module functions rather than methods of a deeper class hierarchy, because every extra
 * constructor level measurably slowed the ~9 ns copy-on-write `copy()`.
 */
export function slotsOf(list: object): RangeSlotWriter {
  return list as RangeSlotWriter;
}
