import type { ClusteringBound } from './clustering-bound.js';
import type { Clustering, ClusteringComparator } from './clustering-comparator.js';
import { checkTimestamp, checkUnsignedDeletionTime, DeletionTime, NO_TIMESTAMP } from './deletion-time.js';
import { ComparatorMismatchError, describeValue, EmptySliceError, InvalidRangeStoreError } from './errors.js';
import { RangeTombstone } from './range-tombstone.js';
import type { ListConfig, RangeTombstoneListOptions } from './range-tombstone-list-options.js';
import { RangeTombstoneListStorage } from './range-tombstone-list-storage.js';
import {
  allRanges,
  binarySearch,
  forwardSlice,
  rangeAt,
  reverseSlice,
  searchIndex,
} from './range-tombstone-search.js';
import type { RangeTombstoneStore } from './range-tombstone-store.js';
import type { SharedArrays } from './shared-arrays.js';
import { Slice } from './slice.js';

export { backingArrays } from './range-tombstone-list-storage.js';

type CopyHook = (source: RangeTombstoneList) => void;

/**
 * Backing variable of the static `onCopy` hook. A module variable rather than a static field: `copy()` is a ~10 ns
 * operation and a property load from the class object measurably added to it.
 */
let copyHook: CopyHook | null = null;

/**
 * Cassandra's `RangeTombstoneList`: sorted, non-overlapping range tombstones in four parallel arrays (starts, ends,
 * markedAts, unsigned local deletion times; see {@link SharedArrays} for why they are plain JS arrays).
 *
 * With `copyOnWrite: true` (the default) `copy()` is O(1): copies share one store and isolate lazily, only when they
 * rewrite a slot another copy can see. A copy whose size equals the store's claimed length appends in place, so the
 * memtable pattern "copy, append at the tail, drop the old copy" costs amortised O(1) per step instead of O(N). With
 * `copyOnWrite: false` it is the pre-CASSANDRA-21492 list: every copy is trimmed to size.
 *
 * This class holds the range algebra (Cassandra's insertFrom, addAll) and the query API; the arrays and every write
 * to them belong to {@link RangeTombstoneListStorage}, searching and iteration to `range-tombstone-search.ts`.
 *
 * Not thread-safe; like Cassandra, a list published to readers must only ever be copied, never mutated.
 */
export class RangeTombstoneList extends RangeTombstoneListStorage implements RangeTombstoneStore {
  /** Called on every `copy()` (Cassandra's static test hook `onCopy`); null to disable. */
  static get onCopy(): CopyHook | null {
    return copyHook;
  }

  static set onCopy(hook: CopyHook | null) {
    copyHook = hook;
  }

  /**
   * An empty list ordered by `comparator`.
   * @throws InvalidClusteringValueError if `comparator` is not a ClusteringComparator.
   * @throws InvalidConfigurationError for an out-of-range capacity or growth factor, or a bad size model.
   */
  constructor(comparator: ClusteringComparator, options?: RangeTombstoneListOptions);
  // The implementation's extra parameters are the internal copy path (see createRangeTombstoneList).
  constructor(
    comparator: ClusteringComparator,
    options: RangeTombstoneListOptions | ListConfig = {},
    store?: SharedArrays,
    count = 0,
    boundsHeap = 0,
  ) {
    super(comparator, options, store, count, boundsHeap);
  }

  /**
   * Adds a range tombstone (or its parts: start, end, markedForDeleteAt, unsigned localDeletionTime = 0).
   * @throws InvalidBoundKindError, InvalidClusteringValueError, EmptySliceError, InvalidTimestampError; the list is
   *   unchanged when any of them is thrown.
   */
  add(rangeTombstone: RangeTombstone): void;
  add(
    start: ClusteringBound,
    end: ClusteringBound,
    markedForDeleteAt: number,
    localDeletionTime?: number,
  ): void;
  add(
    a: RangeTombstone | ClusteringBound,
    end?: ClusteringBound,
    markedForDeleteAt?: number,
    localDeletionTime = 0,
  ): void {
    let slice: Slice;
    let t: number;
    let ldt: number;
    if (a instanceof RangeTombstone) {
      slice = Slice.make(a.slice.start, a.slice.end);
      t = checkTimestamp(a.deletionTime.markedForDeleteAt);
      ldt = checkUnsignedDeletionTime(a.deletionTime.localDeletionTime);
    } else {
      slice = Slice.make(a, end as ClusteringBound);
      t = checkTimestamp(markedForDeleteAt);
      ldt = checkUnsignedDeletionTime(localDeletionTime);
    }
    this.checkSlice(slice.start, slice.end);
    this.addChecked(slice.start, slice.end, t, ldt);
  }

  private checkSlice(start: ClusteringBound, end: ClusteringBound): void {
    this.comparator.validateBound(start, 'slice start');
    this.comparator.validateBound(end, 'slice end');
    if (this.comparator.compare(start, end) >= 0) {
      throw new EmptySliceError(
        `slice ${Slice.make(start, end)} is empty (its start does not sort before its end)`,
      );
    }
  }

  private addChecked(start: ClusteringBound, end: ClusteringBound, t: number, ldt: number): void {
    const n = this.count;
    if (n === 0) {
      this.addInternal(0, start, end, t, ldt);
      return;
    }
    const cmp = this.comparator;
    const ends = this.store.ends;
    if (cmp.compare(ends[n - 1] as ClusteringBound, start) <= 0) {
      this.addInternal(n, start, end, t, ldt);
      return;
    }
    const pos = binarySearch(cmp, ends, 0, n, start);
    this.insertFrom(pos >= 0 ? pos + 1 : -pos - 1, start, end, t, ldt);
    // Cassandra adds heap(start) + heap(end) a second time here; that double count would make the memtable's
    // Σ(new − old) differ from the heap the list really retains, so it is deliberately not reproduced.
  }

  /**
   * Cassandra's insertFrom, iterative (CASSANDRA-6181). Precondition: `i == 0 || ends[i-1] <= start`, and
   * `start < ends[i]` when `i < size`. The new range overwrites only strictly older ranges; gaps are filled; nothing
   * is coalesced. Arrays are re-read after every write because a write may move the list to a new store.
   */
  private insertFrom(
    index: number,
    startBound: ClusteringBound,
    end: ClusteringBound,
    t: number,
    ldt: number,
  ): void {
    const cmp = this.comparator;
    let i = index;
    let start = startBound;
    while (i < this.count) {
      if (cmp.compare(start, end) >= 0) return;
      const si = this.store.starts[i] as ClusteringBound;
      const mi = this.store.markedAts[i] as number;
      const di = this.store.delTimes[i] as number;
      if (t > mi) {
        if (cmp.compare(si, start) < 0) {
          const headEnd = start.invert();
          if (cmp.compare(si, headEnd) < 0) {
            const ei = this.store.ends[i] as ClusteringBound;
            this.addInternal(i, si, headEnd, mi, di);
            i++;
            this.setInternal(i, start, ei, mi, di);
          }
        }
        const curStart = this.store.starts[i] as ClusteringBound;
        if (cmp.compare(end, curStart) < 0) {
          this.addInternal(i, start, end, t, ldt);
          return;
        }
        const curEnd = this.store.ends[i] as ClusteringBound;
        if (cmp.compare(curEnd, end) <= 0) {
          if (i === this.count - 1 || cmp.compare(end, this.store.starts[i + 1] as ClusteringBound) <= 0) {
            this.setInternal(i, start, end, t, ldt);
            return;
          }
          const next = this.store.starts[i + 1] as ClusteringBound;
          this.setInternal(i, start, next.invert(), t, ldt);
          start = next;
          i++;
          continue;
        }
        this.addInternal(i, start, end, t, ldt);
        i++;
        const tailStart = end.invert();
        const tailEnd = this.store.ends[i] as ClusteringBound;
        if (cmp.compare(tailStart, tailEnd) < 0) this.setInternal(i, tailStart, tailEnd, mi, di);
        return;
      }
      if (cmp.compare(start, si) < 0) {
        if (cmp.compare(end, si) <= 0) {
          this.addInternal(i, start, end, t, ldt);
          return;
        }
        const gapEnd = si.invert();
        if (cmp.compare(start, gapEnd) < 0) {
          this.addInternal(i, start, gapEnd, t, ldt);
          i++;
        }
      }
      const covering = this.store.ends[i] as ClusteringBound;
      if (cmp.compare(end, covering) <= 0) return;
      start = covering.invert();
      i++;
    }
    this.addInternal(this.count, start, end, t, ldt);
  }

  /**
   * An independent copy. Eager mode: arrays trimmed to `size` (Cassandra before CASSANDRA-21492). Copy-on-write: O(1),
   * sharing this list's arrays unless they hold excess capacity (then the copy gets trimmed arrays). The options are
   * not re-validated: the copy reuses this list's frozen configuration.
   */
  copy(): RangeTombstoneList {
    if (copyHook !== null) copyHook(this);
    return createRangeTombstoneList(
      this.comparator,
      this.config,
      this.storeForCopy(),
      this.count,
      this.boundsHeap,
    );
  }

  /**
   * Adds every range of `other` (same comparator types). `other` is never modified. An empty list adopts `other`'s
   * arrays (shared copy-on-write, or copied eagerly); a much larger list adds one range at a time; otherwise the two
   * sorted lists are merged linearly.
   * @throws InvalidRangeStoreError if `other` is not a range-tombstone container; ComparatorMismatchError if the
   *   comparators' column types differ (nothing is changed in either case).
   */
  addAll(other: RangeTombstoneStore): void {
    if (other === this) return; // every range would tie with itself, and ties keep the existing range
    if (!(other instanceof RangeTombstoneList)) checkStore(other);
    if (!this.comparator.equals(other.comparator)) {
      throw new ComparatorMismatchError(
        `cannot add ranges ordered by ${other.comparator} to a list ordered by ${this.comparator}`,
      );
    }
    if (!(other instanceof RangeTombstoneList)) {
      const ranges = [...other];
      for (const rt of ranges) {
        if (!(rt instanceof RangeTombstone)) {
          throw new InvalidRangeStoreError(
            `addAll: the container yielded ${describeValue(rt)}, not a RangeTombstone`,
          );
        }
        this.checkSlice(rt.slice.start, rt.slice.end);
      }
      for (const rt of ranges) {
        const dt = rt.deletionTime;
        this.addChecked(rt.slice.start, rt.slice.end, dt.markedForDeleteAt, dt.localDeletionTime);
      }
      return;
    }
    const m = other.count;
    if (m === 0) return;
    const o = other.store;
    if (this.count === 0) {
      this.adopt(other);
      return;
    }
    if (this.count > 10 * m) {
      for (let j = 0; j < m; j++) {
        this.addChecked(
          o.starts[j] as ClusteringBound,
          o.ends[j] as ClusteringBound,
          o.markedAts[j] as number,
          o.delTimes[j] as number,
        );
      }
      return;
    }
    const cmp = this.comparator;
    let i = 0;
    let j = 0;
    while (i < this.count && j < m) {
      if (cmp.compare(o.starts[j] as ClusteringBound, this.store.ends[i] as ClusteringBound) < 0) {
        const s = o.starts[j] as ClusteringBound;
        this.insertFrom(
          i,
          s,
          o.ends[j] as ClusteringBound,
          o.markedAts[j] as number,
          o.delTimes[j] as number,
        );
        j++;
      } else {
        i++;
      }
    }
    for (; j < m; j++) {
      const s = o.starts[j] as ClusteringBound;
      this.addInternal(
        this.count,
        s,
        o.ends[j] as ClusteringBound,
        o.markedAts[j] as number,
        o.delTimes[j] as number,
      );
    }
  }

  /**
   * The range covering `clustering`, with its stored bounds, or null.
   * @throws InvalidClusteringValueError if `clustering` does not fit the comparator.
   */
  search(clustering: Clustering): RangeTombstone | null {
    this.comparator.validateClustering(clustering);
    const idx = searchIndex(this.comparator, this.store, this.count, clustering, 0, this.count);
    return idx < 0 ? null : rangeAt(this.store, idx);
  }

  /** The deletion time covering `clustering`, or null. */
  searchDeletionTime(clustering: Clustering): DeletionTime | null {
    this.comparator.validateClustering(clustering);
    const idx = searchIndex(this.comparator, this.store, this.count, clustering, 0, this.count);
    if (idx < 0) return null;
    return DeletionTime.fromUnsigned(this.store.markedAts[idx] as number, this.store.delTimes[idx] as number);
  }

  /**
   * Whether data at `clustering` written at `timestamp` is deleted: covered by a range with
   * `markedForDeleteAt >= timestamp`, or covered at all for a counter cell (CASSANDRA-7346).
   */
  isDeleted(clustering: Clustering, timestamp: number, isCounter = false): boolean {
    this.comparator.validateClustering(clustering);
    checkTimestamp(timestamp, 'timestamp');
    const idx = searchIndex(this.comparator, this.store, this.count, clustering, 0, this.count);
    return idx >= 0 && (isCounter || (this.store.markedAts[idx] as number) >= timestamp);
  }

  /** Ascending iteration over all ranges. */
  [Symbol.iterator](): IterableIterator<RangeTombstone> {
    return allRanges(this.store, this.count, false);
  }

  /**
   * `iterator(reversed?)`: every range; `iterator(slice, reversed?)`: the ranges intersecting `slice`, clipped to it.
   * Slices keep their orientation in both directions. Do not mutate the list while iterating.
   */
  iterator(reversed?: boolean): IterableIterator<RangeTombstone>;
  iterator(slice: Slice, reversed?: boolean): IterableIterator<RangeTombstone>;
  iterator(a?: Slice | boolean, b?: boolean): IterableIterator<RangeTombstone> {
    if (a instanceof Slice) {
      this.comparator.validateBound(a.start, 'slice start');
      this.comparator.validateBound(a.end, 'slice end');
      return b === true
        ? reverseSlice(this.comparator, this.store, this.count, a)
        : forwardSlice(this.comparator, this.store, this.count, a);
    }
    return allRanges(this.store, this.count, a === true);
  }

  /** Largest markedForDeleteAt, or {@link NO_TIMESTAMP} when empty. */
  maxMarkedAt(): number {
    let max = NO_TIMESTAMP;
    const m = this.store.markedAts;
    for (let i = 0; i < this.count; i++) if ((m[i] as number) > max) max = m[i] as number;
    return max;
  }

  /** Sets every markedForDeleteAt to `timestamp` in place (isolating shared arrays first). */
  updateAllTimestamp(timestamp: number): void {
    checkTimestamp(timestamp, 'timestamp');
    if (this.count === 0) return;
    this.isolate();
    this.store.markedAts.fill(timestamp, 0, this.count);
  }

  /** Sets every markedForDeleteAt and unsigned local deletion time in place (isolating shared arrays first). */
  updateAllTimestampAndLocalDeletionTime(timestamp: number, localDeletionTime: number): void {
    checkTimestamp(timestamp, 'timestamp');
    checkUnsignedDeletionTime(localDeletionTime);
    if (this.count === 0) return;
    this.isolate();
    this.store.markedAts.fill(timestamp, 0, this.count);
    this.store.delTimes.fill(localDeletionTime, 0, this.count);
  }

  /** 4 + Σ (start.dataSize + end.dataSize + 8 + 4), as Cassandra. */
  dataSize(): number {
    const st = this.store;
    let size = 4;
    for (let i = 0; i < this.count; i++) {
      size += this.comparator.dataSize(st.starts[i] as ClusteringBound);
      size += this.comparator.dataSize(st.ends[i] as ClusteringBound) + 12;
    }
    return size;
  }

  /** Same size and, slot by slot, equal bounds, markedForDeleteAt and local deletion time. */
  equals(other: unknown): boolean {
    if (other === this) return true;
    if (!(other instanceof RangeTombstoneList) || other.count !== this.count) return false;
    const a = this.store;
    const b = other.store;
    // Values can only be compared under one column typing; lists typed differently fall back to JS value equality.
    if (!this.comparator.equals(other.comparator)) {
      for (let i = 0; i < this.count; i++) {
        if (a.markedAts[i] !== b.markedAts[i] || a.delTimes[i] !== b.delTimes[i]) return false;
        if (!(a.starts[i] as ClusteringBound).equals(b.starts[i])) return false;
        if (!(a.ends[i] as ClusteringBound).equals(b.ends[i])) return false;
      }
      return true;
    }
    for (let i = 0; i < this.count; i++) {
      if (a.markedAts[i] !== b.markedAts[i] || a.delTimes[i] !== b.delTimes[i]) return false;
      if (!this.sameBound(a.starts[i] as ClusteringBound, b.starts[i] as ClusteringBound)) return false;
      if (!this.sameBound(a.ends[i] as ClusteringBound, b.ends[i] as ClusteringBound)) return false;
    }
    return true;
  }

  /**
   * Cassandra compares bounds by kind and serialized bytes. The comparator returns 0 exactly when two values of a
   * column serialize alike (int32 -0 and 0; uuid strings differing in hex case), while `ClusteringBound.equals`, which
   * knows no column types, compares the JS values.
   */
  private sameBound(x: ClusteringBound, y: ClusteringBound): boolean {
    return x.kind === y.kind && x.values.length === y.values.length && this.comparator.compare(x, y) === 0;
  }

  /** `{[1,5]@3, (10,13]@1}`; `/ldt` is appended to ranges whose local deletion time is not 0. */
  override toString(): string {
    return `{${[...allRanges(this.store, this.count, false)].join(', ')}}`;
  }
}

/**
 * Duck-typed check for a foreign {@link RangeTombstoneStore} (a list of this class needs none): addAll reads its
 * comparator and iterates it, so anything lacking either would otherwise fail with a raw TypeError midway.
 */
function checkStore(other: unknown): void {
  const o = other as { comparator?: { equals?: unknown }; [Symbol.iterator]?: unknown } | null;
  if (
    o === null ||
    typeof o !== 'object' ||
    typeof o.comparator !== 'object' ||
    o.comparator === null ||
    typeof o.comparator.equals !== 'function' ||
    typeof o[Symbol.iterator] !== 'function'
  ) {
    throw new InvalidRangeStoreError(
      `addAll expects a range-tombstone container (a comparator and an iterator), got ${describeValue(other)}`,
    );
  }
}

type InternalConstructor = new (
  comparator: ClusteringComparator,
  config: ListConfig,
  store: SharedArrays,
  count: number,
  boundsHeap: number,
) => RangeTombstoneList;

/**
 * Builds a list from already validated parts (copies, factories): one allocation, no validation beyond the
 * configuration's brand. Not part of the public API.
 * @internal
 */
export function createRangeTombstoneList(
  comparator: ClusteringComparator,
  config: ListConfig,
  store: SharedArrays,
  count: number,
  boundsHeap: number,
): RangeTombstoneList {
  return new (RangeTombstoneList as unknown as InternalConstructor)(
    comparator,
    config,
    store,
    count,
    boundsHeap,
  );
}
