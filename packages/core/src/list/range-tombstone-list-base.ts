import { checkFlag } from '../checks/option-bags.js';
import {
  ComparatorMismatchError,
  describeValue,
  InvalidArgumentError,
  InvalidBoundKindError,
  InvalidClusteringValueError,
  InvalidRangeStoreError,
} from '../errors.js';
import { boundHeapSize, type SizeModel } from '../heap/size-model.js';
import { type ClusteringBound, VALUES } from '../model/clustering-bound.js';
import {
  type Clustering,
  type ClusteringComparator,
  type ClusteringPrefix,
  COMPARE,
  DATA_SIZE,
} from '../model/clustering-comparator.js';
import {
  checkTimestamp,
  checkUnsignedDeletionTime,
  type DeletionTime,
  NO_TIMESTAMP,
  storedDeletionTime,
} from '../model/deletion-time.js';
import { RangeTombstone } from '../model/range-tombstone.js';
import { emptySliceError, reversedEmptySliceError, Slice } from '../model/slice.js';
import { slotsOf } from './range-slots.js';
import { addRange, mergeRanges } from './range-tombstone-insert.js';
import { allRanges, forwardSlice, reverseSlice, searchIndex } from './range-tombstone-search.js';
import type { HeapUsage, RangeTombstoneStore } from './range-tombstone-store.js';

/**
 * What every range-tombstone list of this library shares: the public API of Cassandra's `RangeTombstoneList`, input
 * validation, and the range algebra (`range-tombstone-insert.ts`) and queries (`range-tombstone-search.ts`), all
 * written against slot accessors. A subclass supplies the storage — the slot accessors, the two writes, `copy()` and
 * heap accounting: {@link RangeTombstoneList} (flat arrays, eager or copy-on-write) and
 * {@link PersistentRangeTombstoneList} (a persistent tree). One level of inheritance only: each constructor level
 * measurably slowed the ~9 ns copy-on-write `copy()`.
 *
 * Not thread-safe; like Cassandra, a list published to readers must only ever be copied, never mutated.
 */
export abstract class RangeTombstoneListBase implements RangeTombstoneStore {
  /** Orders the ranges' bounds. */
  abstract readonly comparator: ClusteringComparator;

  /** Number of ranges. */
  abstract get size(): number;

  /** An independent copy; see the subclass for its cost. */
  abstract copy(): RangeTombstoneListBase;

  /**
   * What this list retains if every other copy is dropped, under its size model. Depends only on the list's own
   * state, so memtable deltas telescope to the final list's figure.
   */
  abstract unsharedHeapSize(): number;

  /** {@link HeapUsage}: `total` (= unsharedHeapSize), `shared` (storage other copies may reference), `owned`. */
  abstract heapSize(): HeapUsage;

  protected abstract startAt(i: number): ClusteringBound;
  protected abstract endAt(i: number): ClusteringBound;
  protected abstract markedAtAt(i: number): number;
  protected abstract delTimeAt(i: number): number;
  /** The range in slot `i`, optionally clipped (see `RangeSlots.rangeAt`). */
  protected abstract rangeAt(i: number, start?: ClusteringBound, end?: ClusteringBound): RangeTombstone;
  protected abstract searchColumn(ends: boolean, lo: number, hi: number, key: ClusteringPrefix): number;
  protected abstract addInternal(
    i: number,
    s: ClusteringBound,
    e: ClusteringBound,
    t: number,
    ldt: number,
  ): void;
  protected abstract setInternal(
    i: number,
    s: ClusteringBound,
    e: ClusteringBound,
    t: number,
    ldt: number,
  ): void;
  /** Sets every markedForDeleteAt (and local deletion time, when given) of a non-empty list, in place. */
  protected abstract fillAll(timestamp: number, localDeletionTime?: number): void;
  /**
   * addAll into this empty list from a non-empty `other` of the same comparator: take `other`'s storage the
   * storage's own way (share, or copy like Cassandra's copyArrays) and return true, or return false for the
   * generic merge (a list of another storage).
   */
  protected abstract adoptAll(other: RangeTombstoneListBase): boolean;

  /**
   * Σ heap of this list's bounds under `model`: what an adopting list must charge when the list it adopted was
   * accounted under another size model (its running sum would mix the two). O(size).
   */
  protected boundsHeapUnder(model: SizeModel): number {
    let sum = 0;
    for (let i = 0; i < this.size; i++) {
      sum +=
        boundHeapSize(model, this.comparator, this.startAt(i)) +
        boundHeapSize(model, this.comparator, this.endAt(i));
    }
    return sum;
  }

  /** `size === 0`. */
  isEmpty(): boolean {
    return this.size === 0;
  }

  /**
   * Adds a range tombstone (or its parts: start, end, markedForDeleteAt, unsigned localDeletionTime = 0).
   * @throws InvalidBoundKindError, InvalidClusteringValueError, EmptySliceError, InvalidTimestampError;
   *   InvalidArgumentError for a RangeTombstone whose slice or deletion time is not one. The list is unchanged when any
   *   of them is thrown.
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
    if (a instanceof RangeTombstone) {
      checkTombstoneParts(a);
      const dt = a.deletionTime;
      const { start, end } = a.slice;
      this.checkRange(start, end, dt.markedForDeleteAt, dt.localDeletionTime);
      this.addChecked(start, end, dt.markedForDeleteAt, dt.localDeletionTime);
    } else {
      this.checkRange(a, end, markedForDeleteAt, localDeletionTime);
      this.addChecked(a, end as ClusteringBound, markedForDeleteAt as number, localDeletionTime);
    }
  }

  /**
   * Every check `add` makes, shared with `addAll` of a foreign container: bound kinds (`Slice.checkBounds`), both
   * timestamps, then the values against the comparator and emptiness. Builds no slice (one per add was 40 B).
   */
  private checkRange(start: unknown, end: unknown, t: unknown, ldt: unknown): void {
    Slice.checkBounds(start as ClusteringBound, end as ClusteringBound);
    checkTimestamp(t);
    checkUnsignedDeletionTime(ldt);
    this.checkSlice(start as ClusteringBound, end as ClusteringBound);
  }

  private checkSlice(start: ClusteringBound, end: ClusteringBound): void {
    this.comparator.validateBound(start, 'slice start');
    this.comparator.validateBound(end, 'slice end');
    if (this.comparator[COMPARE](start, end) >= 0) throw emptySliceError(start, end, this.comparator);
  }

  private addChecked(start: ClusteringBound, end: ClusteringBound, t: number, ldt: number): void {
    addRange(slotsOf(this), start, end, t, ldt);
  }

  /**
   * Adds every range of `other` (same comparator types). `other` is never modified. An empty list adopts `other`'s
   * storage (see the subclass); a much larger list adds one range at a time; otherwise the two sorted lists are
   * merged linearly.
   * @throws InvalidRangeStoreError if `other` is not a range-tombstone container; ComparatorMismatchError if the
   *   comparators' column types differ (nothing is changed in either case).
   */
  addAll(other: RangeTombstoneStore): void {
    if (other === this) return; // every range would tie with itself, and ties keep the existing range
    const ours = other instanceof RangeTombstoneListBase;
    if (!ours) checkStore(other);
    if (!this.comparator.equals(other.comparator)) {
      throw new ComparatorMismatchError(
        `cannot add ranges ordered by ${other.comparator} to a list ordered by ${this.comparator}`,
      );
    }
    if (!ours) {
      const ranges = [...other];
      for (const rt of ranges) {
        if (!(rt instanceof RangeTombstone) || typeof rt.slice !== 'object' || rt.slice === null) {
          throw new InvalidRangeStoreError(
            `addAll: the container yielded ${describeValue(rt)}, not a RangeTombstone`,
          );
        }
        const dt = rt.deletionTime;
        this.checkRange(rt.slice.start, rt.slice.end, dt?.markedForDeleteAt, dt?.localDeletionTime);
      }
      for (const rt of ranges) {
        const dt = rt.deletionTime;
        this.addChecked(rt.slice.start, rt.slice.end, dt.markedForDeleteAt, dt.localDeletionTime);
      }
      return;
    }
    if (other.size === 0) return;
    if (this.size === 0 && this.adoptAll(other)) return;
    mergeRanges(slotsOf(this), slotsOf(other));
  }

  /**
   * The range covering `clustering`, with its stored bounds, or null.
   * @throws InvalidClusteringValueError if `clustering` does not fit the comparator.
   */
  search(clustering: Clustering): RangeTombstone | null {
    this.comparator.validateClustering(clustering);
    const idx = searchIndex(this.comparator, slotsOf(this), this.size, clustering, 0, this.size);
    return idx < 0 ? null : this.rangeAt(idx);
  }

  /** The deletion time covering `clustering`, or null. */
  searchDeletionTime(clustering: Clustering): DeletionTime | null {
    this.comparator.validateClustering(clustering);
    const idx = searchIndex(this.comparator, slotsOf(this), this.size, clustering, 0, this.size);
    if (idx < 0) return null;
    return storedDeletionTime(this.markedAtAt(idx), this.delTimeAt(idx));
  }

  /**
   * Whether data at `clustering` written at `timestamp` is deleted: covered by a range with
   * `markedForDeleteAt >= timestamp`, or covered at all for a counter cell (CASSANDRA-7346).
   * @throws InvalidClusteringValueError, InvalidTimestampError; InvalidArgumentError when `isCounter` is given and is
   *   not a boolean.
   */
  isDeleted(clustering: Clustering, timestamp: number, isCounter = false): boolean {
    this.comparator.validateClustering(clustering);
    checkTimestamp(timestamp, 'timestamp');
    checkFlag(isCounter, false, 'isCounter', InvalidArgumentError);
    const idx = searchIndex(this.comparator, slotsOf(this), this.size, clustering, 0, this.size);
    return idx >= 0 && (isCounter || this.markedAtAt(idx) >= timestamp);
  }

  /** Ascending iteration over all ranges. */
  [Symbol.iterator](): IterableIterator<RangeTombstone> {
    return allRanges(slotsOf(this), this.size, false);
  }

  /**
   * `iterator(reversed?)`: every range; `iterator(slice, reversed?)`: the ranges intersecting `slice`, clipped to it.
   * Slices keep their orientation in both directions. Do not mutate the list while iterating.
   * @throws InvalidBoundKindError when the first argument is neither a Slice nor a boolean (`null`, a plain object)
   *   or is a Slice whose bounds are not a start and an end bound; InvalidClusteringValueError when a bound does not
   *   fit the comparator; InvalidArgumentError when `reversed` (the second argument) is given and is not a boolean.
   */
  iterator(reversed?: boolean): IterableIterator<RangeTombstone>;
  iterator(slice: Slice, reversed?: boolean): IterableIterator<RangeTombstone>;
  iterator(a?: Slice | boolean, b?: boolean): IterableIterator<RangeTombstone> {
    checkFlag(b, false, 'reversed', InvalidArgumentError);
    if (a !== undefined && typeof a !== 'boolean' && !(a instanceof Slice)) {
      throw new InvalidBoundKindError(
        `iterator takes a Slice or a boolean (reversed), got ${describeValue(a)}`,
      );
    }
    if (a instanceof Slice) {
      // The checks add makes: a Slice built around Slice.make (a subclass, Object.create) may hold anything.
      Slice.checkBounds(a.start, a.end);
      this.comparator.validateBound(a.start, 'slice start');
      this.comparator.validateBound(a.end, 'slice end');
      // An ascending [1,5] on a types.reversed column selects nothing: said here, as add says it, not read as [].
      const reversedEmpty = reversedEmptySliceError(a.start, a.end, this.comparator);
      if (reversedEmpty !== null) throw reversedEmpty;
      return b === true
        ? reverseSlice(this.comparator, slotsOf(this), this.size, a)
        : forwardSlice(this.comparator, slotsOf(this), this.size, a);
    }
    return allRanges(slotsOf(this), this.size, a === true);
  }

  /** Largest markedForDeleteAt, or {@link NO_TIMESTAMP} when empty. */
  maxMarkedAt(): number {
    let max = NO_TIMESTAMP;
    for (let i = 0; i < this.size; i++) {
      const m = this.markedAtAt(i);
      if (m > max) max = m;
    }
    return max;
  }

  /** Sets every markedForDeleteAt to `timestamp` in place (never visible to other copies). */
  updateAllTimestamp(timestamp: number): void {
    checkTimestamp(timestamp, 'timestamp');
    if (this.size > 0) this.fillAll(timestamp);
  }

  /** Sets every markedForDeleteAt and unsigned local deletion time in place (never visible to other copies). */
  updateAllTimestampAndLocalDeletionTime(timestamp: number, localDeletionTime: number): void {
    checkTimestamp(timestamp, 'timestamp');
    checkUnsignedDeletionTime(localDeletionTime);
    if (this.size > 0) this.fillAll(timestamp, localDeletionTime);
  }

  /** 4 + Σ (start.dataSize + end.dataSize + 8 + 4), as Cassandra. */
  dataSize(): number {
    let size = 4;
    for (let i = 0; i < this.size; i++) {
      size += this.comparator[DATA_SIZE](this.startAt(i));
      size += this.comparator[DATA_SIZE](this.endAt(i)) + 12;
    }
    return size;
  }

  /**
   * Same size and, slot by slot, equal bounds, markedForDeleteAt and local deletion time, whatever the storage
   * (an array list and a persistent list holding the same ranges are equal).
   */
  equals(other: unknown): boolean {
    if (other === this) return true;
    if (!(other instanceof RangeTombstoneListBase) || other.size !== this.size) return false;
    // Values can only be compared under one column typing; lists typed differently fall back to JS value equality.
    const typed = this.comparator.equals(other.comparator);
    for (let i = 0; i < this.size; i++) {
      if (this.markedAtAt(i) !== other.markedAtAt(i) || this.delTimeAt(i) !== other.delTimeAt(i))
        return false;
      if (typed) {
        if (!this.sameBound(this.startAt(i), other.startAt(i))) return false;
        if (!this.sameBound(this.endAt(i), other.endAt(i))) return false;
      } else if (!this.startAt(i).equals(other.startAt(i)) || !this.endAt(i).equals(other.endAt(i))) {
        return false;
      }
    }
    return true;
  }

  /**
   * Cassandra compares bounds by kind and serialized bytes. The comparator returns 0 exactly when two values of a
   * column serialize alike (int32 -0 and 0; uuid strings differing in hex case), while `ClusteringBound.equals`, which
   * knows no column types, compares the JS values.
   */
  private sameBound(x: ClusteringBound, y: ClusteringBound): boolean {
    return x.kind === y.kind && x[VALUES].length === y[VALUES].length && this.comparator[COMPARE](x, y) === 0;
  }

  /** `{[1,5]@3, (10,13]@1}`; `/ldt` is appended to ranges whose local deletion time is not 0. */
  toString(): string {
    return `{${[...allRanges(slotsOf(this), this.size, false)].join(', ')}}`;
  }
}

/**
 * Duck-typed check for a foreign {@link RangeTombstoneStore} (a list of this class needs none): addAll reads its
 * comparator and iterates it, so anything lacking either would otherwise fail with a raw TypeError midway.
 */
function checkStore(other: unknown): void {
  const o = other as {
    comparator?: { equals?: unknown; types?: unknown };
    [Symbol.iterator]?: unknown;
  } | null;
  if (
    o === null ||
    typeof o !== 'object' ||
    typeof o.comparator !== 'object' ||
    o.comparator === null ||
    typeof o.comparator.equals !== 'function' ||
    // ClusteringComparator.equals compares the column types, so a comparator without them cannot be compared.
    !Array.isArray(o.comparator.types) ||
    typeof o[Symbol.iterator] !== 'function'
  ) {
    throw new InvalidRangeStoreError(
      `addAll expects a range-tombstone container (a ClusteringComparator and an iterator), got ${describeValue(other)}`,
    );
  }
}

/**
 * A tombstone-like object the constructor did not build (`{ slice: null, … }`, another copy of this package's
 * tombstone) failed on `null.start` with a plain TypeError. An object in either place is left to the checks of its
 * bounds and times, as `addAll` leaves a foreign container's.
 */
function checkTombstoneParts(rt: RangeTombstone): void {
  if (typeof rt.slice !== 'object' || rt.slice === null) {
    throw new InvalidArgumentError(
      `a range tombstone's slice must be a Slice, got ${describeValue(rt.slice)}`,
    );
  }
  if (typeof rt.deletionTime !== 'object' || rt.deletionTime === null) {
    throw new InvalidArgumentError(
      `a range tombstone's deletionTime must be a DeletionTime, got ${describeValue(rt.deletionTime)}`,
    );
  }
}

/**
 * @throws InvalidClusteringValueError unless `comparator` looks like a {@link ClusteringComparator}: the lists call its
 *   unchecked {@link COMPARE}, so an object with only a `compare` would fail there with a plain TypeError.
 */
export function checkComparator(comparator: ClusteringComparator): void {
  if (
    comparator === null ||
    typeof comparator !== 'object' ||
    typeof comparator.compare !== 'function' ||
    typeof comparator[COMPARE] !== 'function'
  ) {
    throw new InvalidClusteringValueError(
      `comparator must be a ClusteringComparator, got ${describeValue(comparator)}`,
    );
  }
}
