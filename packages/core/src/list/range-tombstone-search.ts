import type { ClusteringBound } from '../model/clustering-bound.js';
import { type ClusteringComparator, type ClusteringPrefix, COMPARE } from '../model/clustering-comparator.js';
import { storedDeletionTime } from '../model/deletion-time.js';
import { RangeTombstone, type StoredRangeTombstone, TRUSTED } from '../model/range-tombstone.js';
import { type Slice, uncheckedSlice } from '../model/slice.js';
import type { RangeSlots } from './range-slots.js';

/**
 * Read-only search and iteration over the first `n` slots of a list ({@link RangeSlots}): the query half of
 * Cassandra's `RangeTombstoneList`, shared by every storage and kept apart from the write path.
 */

/** Java's `Arrays.binarySearch` over `arr[lo, hi)`: the index if found, else `-(insertion point) - 1`. */
export function binarySearch(
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
    const c = cmp[COMPARE](arr[mid] as ClusteringBound, key);
    if (c < 0) low = mid + 1;
    else if (c > 0) high = mid - 1;
    else return mid;
  }
  return -(low + 1);
}

/**
 * Cassandra's searchInternal over `starts[lo, hi)`: `>= 0` is the index of the range covering `name`; a negative
 * `r` means not covered, and `-r - 1` is the index of the first range starting after `name`.
 */
export function searchIndex(
  cmp: ClusteringComparator,
  st: RangeSlots,
  n: number,
  name: ClusteringPrefix,
  lo: number,
  hi: number,
): number {
  if (n === 0) return -1;
  const pos = st.searchColumn(false, lo, hi, name);
  if (pos >= 0) return -pos - 1;
  const k = -pos - 2;
  if (k < 0) return -1;
  return cmp[COMPARE](name, st.endAt(k)) < 0 ? k : -k - 2;
}

/**
 * A range tombstone from one slot's fields (`start`/`end` possibly clipped): the one place a slot becomes a
 * `RangeTombstone`, used by every storage's {@link RangeSlots.rangeAt}.
 */
export function makeRange(
  start: ClusteringBound,
  end: ClusteringBound,
  markedAt: number,
  delTime: number,
): RangeTombstone {
  const Stored = RangeTombstone as unknown as StoredRangeTombstone;
  return new Stored(uncheckedSlice(start, end), storedDeletionTime(markedAt, delTime), TRUSTED);
}

/** Every range of slots `[0, n)`, ascending or descending. */
export function* allRanges(st: RangeSlots, n: number, reversed: boolean): IterableIterator<RangeTombstone> {
  if (reversed) for (let i = n - 1; i >= 0; i--) yield st.rangeAt(i);
  else for (let i = 0; i < n; i++) yield st.rangeAt(i);
}

/** The ranges intersecting `slice`, clipped to it, ascending. */
export function* forwardSlice(
  cmp: ClusteringComparator,
  st: RangeSlots,
  n: number,
  slice: Slice,
): IterableIterator<RangeTombstone> {
  const si = slice.start.isBottom() ? 0 : searchIndex(cmp, st, n, slice.start, 0, n);
  const s = si < 0 ? -si - 1 : si;
  if (s >= n) return;
  let f = slice.end.isTop() ? n - 1 : searchIndex(cmp, st, n, slice.end, s, n);
  if (f < 0) f = -f - 2;
  if (s > f) return;
  const first = st.startAt(s);
  const last = st.endAt(f);
  const clippedStart = cmp[COMPARE](first, slice.start) < 0 ? slice.start : first;
  const clippedEnd = cmp[COMPARE](slice.end, last) < 0 ? slice.end : last;
  if (s === f) {
    if (cmp[COMPARE](clippedStart, clippedEnd) < 0) yield st.rangeAt(s, clippedStart, clippedEnd);
    return;
  }
  yield st.rangeAt(s, clippedStart);
  for (let i = s + 1; i < f; i++) yield st.rangeAt(i);
  yield st.rangeAt(f, undefined, clippedEnd);
}

/** The ranges intersecting `slice`, clipped to it, descending (the slice keeps its orientation). */
export function* reverseSlice(
  cmp: ClusteringComparator,
  st: RangeSlots,
  n: number,
  slice: Slice,
): IterableIterator<RangeTombstone> {
  const si = slice.end.isTop() ? n - 1 : searchIndex(cmp, st, n, slice.end, 0, n);
  const s = si < 0 ? -si - 2 : si;
  if (s < 0) return;
  const fi = slice.start.isBottom() ? 0 : searchIndex(cmp, st, n, slice.start, 0, s + 1);
  const f = fi < 0 ? -fi - 1 : fi;
  if (s < f) return;
  const last = st.endAt(s);
  const first = st.startAt(f);
  const clippedEnd = cmp[COMPARE](slice.end, last) < 0 ? slice.end : last;
  const clippedStart = cmp[COMPARE](first, slice.start) < 0 ? slice.start : first;
  if (s === f) {
    if (cmp[COMPARE](clippedStart, clippedEnd) < 0) yield st.rangeAt(s, clippedStart, clippedEnd);
    return;
  }
  yield st.rangeAt(s, undefined, clippedEnd);
  for (let i = s - 1; i > f; i--) yield st.rangeAt(i);
  yield st.rangeAt(f, clippedStart);
}
