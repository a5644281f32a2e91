import type { ClusteringBound } from './clustering-bound.js';
import type { Clustering, ClusteringComparator, ClusteringPrefix } from './clustering-comparator.js';
import { checkTimestamp, checkUnsignedDeletionTime, DeletionTime, NO_TIMESTAMP } from './deletion-time.js';
import {
  ComparatorMismatchError,
  describeValue,
  EmptySliceError,
  InvalidClusteringValueError,
} from './errors.js';
import { RangeTombstone } from './range-tombstone.js';
import {
  buildConfig,
  checkCapacity,
  grownCapacity,
  hasExcessCapacity,
  type ListConfig,
  type RangeTombstoneListOptions,
} from './range-tombstone-list-options.js';
import type { HeapUsage, RangeTombstoneStore } from './range-tombstone-store.js';
import { allocate, copyInto, type SharedArrays, shiftRight } from './shared-arrays.js';
import { arraysHeapSize, boundHeapSize } from './size-model.js';
import { Slice } from './slice.js';

/**
 * State handed from `copy()` to the constructor through module variables rather than an argument object: copy() is
 * the O(1) hot path and this keeps it to a single allocation (the new list). Set and consumed synchronously.
 */
let pendingStore: SharedArrays | null = null;
let pendingConfig: ListConfig | null = null;
let pendingSize = 0;
let pendingHeap = 0;

/** Java's `Arrays.binarySearch` over `arr[lo, hi)`: the index if found, else `-(insertion point) - 1`. */
function binarySearch(
  cmp: ClusteringComparator,
  arr: readonly (ClusteringBound | undefined)[],
  lo: number,
  hi: number,
  key: ClusteringPrefix,
): number {
  let low = lo;
  let high = hi - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const c = cmp.compare(arr[mid] as ClusteringBound, key);
    if (c < 0) low = mid + 1;
    else if (c > 0) high = mid - 1;
    else return mid;
  }
  return -(low + 1);
}

/**
 * Cassandra's `RangeTombstoneList`: sorted, non-overlapping range tombstones in four parallel arrays (starts, ends,
 * markedAts as a `Float64Array`, unsigned local deletion times as a `Uint32Array`).
 *
 * With `copyOnWrite: true` (the default) `copy()` is O(1): copies share one {@link SharedArrays} store and isolate
 * lazily, only when they rewrite a slot another copy can see. A copy whose size equals the store's claimed length
 * appends in place, so the memtable pattern "copy, append at the tail, drop the old copy" costs amortised O(1) per
 * step instead of O(N). With `copyOnWrite: false` it is the pre-CASSANDRA-21492 list: every copy is trimmed to size.
 *
 * Not thread-safe; like Cassandra, a list published to readers must only ever be copied, never mutated.
 */
export class RangeTombstoneList implements RangeTombstoneStore {
  /** Called on every `copy()` (Cassandra's static test hook `onCopy`); null to disable. */
  static onCopy: ((source: RangeTombstoneList) => void) | null = null;

  readonly comparator: ClusteringComparator;
  private readonly config: ListConfig;
  private store: SharedArrays;
  private count: number;
  /** Σ heap of the bounds in slots [0, count) under the size model; kept exact (no Cassandra double count). */
  private boundsHeap: number;

  constructor(comparator: ClusteringComparator, options: RangeTombstoneListOptions = {}) {
    this.comparator = comparator;
    if (pendingStore !== null) {
      this.config = pendingConfig as ListConfig;
      this.store = pendingStore;
      this.count = pendingSize;
      this.boundsHeap = pendingHeap;
      pendingStore = null;
      pendingConfig = null;
      return;
    }
    if (comparator === null || typeof comparator !== 'object' || typeof comparator.compare !== 'function') {
      throw new InvalidClusteringValueError(
        `comparator must be a ClusteringComparator, got ${describeValue(comparator)}`,
      );
    }
    this.config = buildConfig(options);
    this.store = allocate(checkCapacity(options.capacity ?? 1));
    this.count = 0;
    this.boundsHeap = 0;
  }

  /** Number of ranges. */
  get size(): number {
    return this.count;
  }

  /** Length of the backing arrays (shared ones included). */
  get capacity(): number {
    return this.store.markedAts.length;
  }

  /** Whether copies share arrays copy-on-write. */
  get copyOnWrite(): boolean {
    return this.config.copyOnWrite;
  }

  /** The growth factor used when the arrays are full. */
  get growthFactor(): number {
    return this.config.growthFactor;
  }

  /** `size === 0`. */
  isEmpty(): boolean {
    return this.count === 0;
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
   * Inserts at slot `i`, shifting `[i, size)` right. A full store grows into fresh arrays (no isolate needed: the
   * new arrays are this list's alone). A shared store is copied around the gap in one pass, except for an append by
   * the sharer that holds the claimed tail, which writes in place (see {@link SharedArrays}).
   */
  private addInternal(i: number, s: ClusteringBound, e: ClusteringBound, t: number, ldt: number): void {
    const n = this.count;
    let st = this.store;
    const cap = st.markedAts.length;
    if (n === cap) {
      st = this.store = copyInto(st, n, grownCapacity(cap, this.config.growthFactor), i);
    } else if (i < n) {
      if (st.shared) st = this.store = copyInto(st, n, cap, i);
      else shiftRight(st, i, n);
    } else if (st.shared && st.claimed !== n) {
      st = this.store = copyInto(st, n, cap, n);
    }
    st.starts[i] = s;
    st.ends[i] = e;
    st.markedAts[i] = t;
    st.delTimes[i] = ldt;
    this.count = n + 1;
    st.claimed = n + 1;
    this.boundsHeap += this.boundHeap(s) + this.boundHeap(e);
  }

  /** Rewrites live slot `i`; needs exclusive arrays. Isolating with room to grow saves the insert that usually follows. */
  private setInternal(i: number, s: ClusteringBound, e: ClusteringBound, t: number, ldt: number): void {
    let st = this.store;
    if (st.shared) {
      const cap = st.markedAts.length;
      const n = this.count;
      st = this.store = copyInto(st, n, n === cap ? grownCapacity(cap, this.config.growthFactor) : cap, n);
    }
    this.boundsHeap -=
      this.boundHeap(st.starts[i] as ClusteringBound) + this.boundHeap(st.ends[i] as ClusteringBound);
    st.starts[i] = s;
    st.ends[i] = e;
    st.markedAts[i] = t;
    st.delTimes[i] = ldt;
    this.boundsHeap += this.boundHeap(s) + this.boundHeap(e);
  }

  private boundHeap(bound: ClusteringBound): number {
    return boundHeapSize(this.config.sizeModel, this.comparator, bound);
  }

  /** Makes the arrays exclusive before an in-place rewrite of every live slot (same capacity). */
  private isolate(): void {
    const st = this.store;
    if (st.shared) this.store = copyInto(st, this.count, st.markedAts.length, this.count);
  }

  /**
   * An independent copy. Eager mode: arrays trimmed to `size` (Cassandra before CASSANDRA-21492). Copy-on-write: O(1),
   * sharing this list's arrays, unless they hold excess capacity ({@link hasExcessCapacity}), in which case the copy
   * gets trimmed arrays and this list's arrays stay unshared.
   */
  copy(): RangeTombstoneList {
    RangeTombstoneList.onCopy?.(this);
    const st = this.store;
    const n = this.count;
    const config = this.config;
    let store: SharedArrays;
    if (!config.copyOnWrite || hasExcessCapacity(st.markedAts.length, n, config.growthFactor)) {
      store = copyInto(st, n, n, n);
    } else {
      st.shared = true;
      store = st;
    }
    pendingStore = store;
    pendingConfig = config;
    pendingSize = n;
    pendingHeap = this.boundsHeap;
    return new RangeTombstoneList(this.comparator);
  }

  /**
   * Adds every range of `other` (same comparator types). `other` is never modified. An empty list adopts `other`'s
   * arrays (shared copy-on-write, or copied eagerly); a much larger list adds one range at a time; otherwise the two
   * sorted lists are merged linearly.
   * @throws ComparatorMismatchError if the comparators' column types differ (nothing is changed).
   */
  addAll(other: RangeTombstoneStore): void {
    if (other === this) return; // every range would tie with itself, and ties keep the existing range
    if (!this.comparator.equals(other.comparator)) {
      throw new ComparatorMismatchError(
        `cannot add ranges ordered by ${other.comparator} to a list ordered by ${this.comparator}`,
      );
    }
    if (!(other instanceof RangeTombstoneList)) {
      const ranges = [...other];
      for (const rt of ranges) this.checkSlice(rt.slice.start, rt.slice.end);
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

  /** addAll into an empty list: Cassandra's copyArrays (eager) or an O(1) share (copy-on-write). */
  private adopt(other: RangeTombstoneList): void {
    const o = other.store;
    const m = other.count;
    if (this.config.copyOnWrite) {
      if (hasExcessCapacity(o.markedAts.length, m, this.config.growthFactor)) {
        this.store = copyInto(o, m, m, m);
      } else {
        o.shared = true;
        this.store = o;
      }
    } else {
      // copyArrays keeps this list's own arrays when they are large enough, else grows them to exactly m.
      const st = this.store.markedAts.length >= m ? this.store : allocate(m);
      for (let k = 0; k < m; k++) {
        st.starts[k] = o.starts[k];
        st.ends[k] = o.ends[k];
      }
      st.markedAts.set(o.markedAts.subarray(0, m));
      st.delTimes.set(o.delTimes.subarray(0, m));
      st.claimed = m;
      this.store = st;
    }
    this.count = m;
    this.boundsHeap = other.boundsHeap;
  }

  /**
   * Cassandra's searchInternal over `starts[lo, hi)`: `>= 0` is the index of the range covering `name`; a negative
   * `r` means not covered, and `-r - 1` is the index of the first range starting after `name`.
   */
  private searchInternal(name: ClusteringPrefix, lo: number, hi: number): number {
    if (this.count === 0) return -1;
    const st = this.store;
    const cmp = this.comparator;
    const pos = binarySearch(cmp, st.starts, lo, hi, name);
    if (pos >= 0) return -pos - 1;
    const k = -pos - 2;
    if (k < 0) return -1;
    return cmp.compare(name, st.ends[k] as ClusteringBound) < 0 ? k : -k - 2;
  }

  private rangeAt(i: number, start?: ClusteringBound, end?: ClusteringBound): RangeTombstone {
    const st = this.store;
    return new RangeTombstone(
      Slice.make(start ?? (st.starts[i] as ClusteringBound), end ?? (st.ends[i] as ClusteringBound)),
      DeletionTime.fromUnsigned(st.markedAts[i] as number, st.delTimes[i] as number),
    );
  }

  /**
   * The range covering `clustering`, with its stored bounds, or null.
   * @throws InvalidClusteringValueError if `clustering` does not fit the comparator.
   */
  search(clustering: Clustering): RangeTombstone | null {
    this.comparator.validateClustering(clustering);
    const idx = this.searchInternal(clustering, 0, this.count);
    return idx < 0 ? null : this.rangeAt(idx);
  }

  /** The deletion time covering `clustering`, or null. */
  searchDeletionTime(clustering: Clustering): DeletionTime | null {
    this.comparator.validateClustering(clustering);
    const idx = this.searchInternal(clustering, 0, this.count);
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
    const idx = this.searchInternal(clustering, 0, this.count);
    return idx >= 0 && (isCounter || (this.store.markedAts[idx] as number) >= timestamp);
  }

  /** Ascending iteration over all ranges. */
  [Symbol.iterator](): IterableIterator<RangeTombstone> {
    return this.iterator(false);
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
      return b === true ? this.reverseSlice(a) : this.forwardSlice(a);
    }
    return this.all(a === true);
  }

  private *all(reversed: boolean): IterableIterator<RangeTombstone> {
    const n = this.count;
    if (reversed) for (let i = n - 1; i >= 0; i--) yield this.rangeAt(i);
    else for (let i = 0; i < n; i++) yield this.rangeAt(i);
  }

  private *forwardSlice(slice: Slice): IterableIterator<RangeTombstone> {
    const n = this.count;
    const cmp = this.comparator;
    const st = this.store;
    const si = slice.start.isBottom() ? 0 : this.searchInternal(slice.start, 0, n);
    const s = si < 0 ? -si - 1 : si;
    if (s >= n) return;
    let f = slice.end.isTop() ? n - 1 : this.searchInternal(slice.end, s, n);
    if (f < 0) f = -f - 2;
    if (s > f) return;
    const first = st.starts[s] as ClusteringBound;
    const last = st.ends[f] as ClusteringBound;
    const clippedStart = cmp.compare(first, slice.start) < 0 ? slice.start : first;
    const clippedEnd = cmp.compare(slice.end, last) < 0 ? slice.end : last;
    if (s === f) {
      if (cmp.compare(clippedStart, clippedEnd) < 0) yield this.rangeAt(s, clippedStart, clippedEnd);
      return;
    }
    yield this.rangeAt(s, clippedStart);
    for (let i = s + 1; i < f; i++) yield this.rangeAt(i);
    yield this.rangeAt(f, undefined, clippedEnd);
  }

  private *reverseSlice(slice: Slice): IterableIterator<RangeTombstone> {
    const n = this.count;
    const cmp = this.comparator;
    const st = this.store;
    const si = slice.end.isTop() ? n - 1 : this.searchInternal(slice.end, 0, n);
    const s = si < 0 ? -si - 2 : si;
    if (s < 0) return;
    const fi = slice.start.isBottom() ? 0 : this.searchInternal(slice.start, 0, s + 1);
    const f = fi < 0 ? -fi - 1 : fi;
    if (s < f) return;
    const last = st.ends[s] as ClusteringBound;
    const first = st.starts[f] as ClusteringBound;
    const clippedEnd = cmp.compare(slice.end, last) < 0 ? slice.end : last;
    const clippedStart = cmp.compare(first, slice.start) < 0 ? slice.start : first;
    if (s === f) {
      if (cmp.compare(clippedStart, clippedEnd) < 0) yield this.rangeAt(s, clippedStart, clippedEnd);
      return;
    }
    yield this.rangeAt(s, undefined, clippedEnd);
    for (let i = s - 1; i > f; i--) yield this.rangeAt(i);
    yield this.rangeAt(f, clippedStart);
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

  /**
   * What this list retains if every other copy is dropped: list object + arrays at full capacity + bounds of the
   * live entries, under the size model. Depends only on this list's own state, so memtable deltas telescope.
   */
  unsharedHeapSize(): number {
    return (
      this.config.shallow +
      arraysHeapSize(this.config.sizeModel, this.store.markedAts.length) +
      this.boundsHeap
    );
  }

  /** {@link HeapUsage}: `total` (= unsharedHeapSize), `shared` (arrays also referenced by a copy), `owned`. */
  heapSize(): HeapUsage {
    const total = this.unsharedHeapSize();
    const shared = this.store.shared ? arraysHeapSize(this.config.sizeModel, this.store.markedAts.length) : 0;
    return { total, owned: total - shared, shared };
  }

  /** Same size and, slot by slot, equal bounds, markedForDeleteAt and local deletion time. */
  equals(other: unknown): boolean {
    if (other === this) return true;
    if (!(other instanceof RangeTombstoneList) || other.count !== this.count) return false;
    const a = this.store;
    const b = other.store;
    for (let i = 0; i < this.count; i++) {
      if (a.markedAts[i] !== b.markedAts[i] || a.delTimes[i] !== b.delTimes[i]) return false;
      if (!(a.starts[i] as ClusteringBound).equals(b.starts[i])) return false;
      if (!(a.ends[i] as ClusteringBound).equals(b.ends[i])) return false;
    }
    return true;
  }

  /** `{[1,5]@3, (10,13]@1}`; `/ldt` is appended to ranges whose local deletion time is not 0. */
  toString(): string {
    return `{${[...this.all(false)].join(', ')}}`;
  }
}

/**
 * The backing arrays of a list, for white-box tests and heap audits (not part of the public API).
 * @internal
 */
export function backingArrays(list: RangeTombstoneList): Readonly<SharedArrays> {
  // biome-ignore lint/complexity/useLiteralKeys: element access is TypeScript's sanctioned way past `private` here
  return list['store'];
}
