import type { ClusteringBound } from '../model/clustering-bound.js';
import type { RangeSlots, RangeSlotWriter } from './range-slots.js';

/**
 * Cassandra's write algebra of `RangeTombstoneList` (add, insertFrom, the addAll merge), written once against
 * {@link RangeSlotWriter} so that every storage — flat copy-on-write arrays or a persistent tree — gets exactly the
 * same lists. Inputs are validated by the caller; these functions only place ranges.
 */

/**
 * Adds the range `[start, end]@(t, ldt)` (already validated, `start < end`). A range sorting after the last one is
 * appended (the memtable's common case: one comparison, no search).
 */
export function addRange(
  list: RangeSlotWriter,
  start: ClusteringBound,
  end: ClusteringBound,
  t: number,
  ldt: number,
): void {
  const n = list.size;
  if (n === 0) {
    list.addInternal(0, start, end, t, ldt);
    return;
  }
  if (list.comparator.compare(list.endAt(n - 1), start) <= 0) {
    list.addInternal(n, start, end, t, ldt);
    return;
  }
  const pos = list.searchColumn(true, 0, n, start);
  insertFrom(list, pos >= 0 ? pos + 1 : -pos - 1, start, end, t, ldt);
  // Cassandra adds heap(start) + heap(end) a second time here; that double count would make the memtable's
  // Σ(new − old) differ from the heap the list really retains, so it is deliberately not reproduced.
}

/**
 * Cassandra's insertFrom, iterative (CASSANDRA-6181). Precondition: `i == 0 || ends[i-1] <= start`, and
 * `start < ends[i]` when `i < size`. The new range overwrites only strictly older ranges; gaps are filled; nothing
 * is coalesced. Slots are re-read after every write because a write may move the list to new storage.
 */
export function insertFrom(
  list: RangeSlotWriter,
  index: number,
  startBound: ClusteringBound,
  end: ClusteringBound,
  t: number,
  ldt: number,
): void {
  const cmp = list.comparator;
  let i = index;
  let start = startBound;
  while (i < list.size) {
    if (cmp.compare(start, end) >= 0) return;
    const si = list.startAt(i);
    const mi = list.markedAtAt(i);
    const di = list.delTimeAt(i);
    if (t > mi) {
      if (cmp.compare(si, start) < 0) i = keepOlderHead(list, i, si, start, mi, di);
      const curStart = list.startAt(i);
      if (cmp.compare(end, curStart) < 0) {
        list.addInternal(i, start, end, t, ldt);
        return;
      }
      const curEnd = list.endAt(i);
      if (cmp.compare(curEnd, end) <= 0) {
        if (i === list.size - 1 || cmp.compare(end, list.startAt(i + 1)) <= 0) {
          list.setInternal(i, start, end, t, ldt);
          return;
        }
        const next = list.startAt(i + 1);
        list.setInternal(i, start, next.invert(), t, ldt);
        start = next;
        i++;
        continue;
      }
      list.addInternal(i, start, end, t, ldt);
      i++;
      const tailStart = end.invert();
      const tailEnd = list.endAt(i);
      if (cmp.compare(tailStart, tailEnd) < 0) list.setInternal(i, tailStart, tailEnd, mi, di);
      return;
    }
    if (cmp.compare(start, si) < 0) {
      i = fillGapBefore(list, i, si, start, end, t, ldt);
      if (i < 0) return;
    }
    const covering = list.endAt(i);
    if (cmp.compare(end, covering) <= 0) return;
    start = covering.invert();
    i++;
  }
  list.addInternal(list.size, start, end, t, ldt);
}

/**
 * insertFrom's newer range starting inside slot `i` (starting at `si`, older): the older range keeps its head
 * `[si, start)` in a slot of its own, and its rest moves to slot `i + 1`, which is returned. Split out of insertFrom
 * to keep it under 60 lines; one call per add at most (a write starts inside one range).
 */
function keepOlderHead(
  list: RangeSlotWriter,
  i: number,
  si: ClusteringBound,
  start: ClusteringBound,
  mi: number,
  di: number,
): number {
  const headEnd = start.invert();
  if (list.comparator.compare(si, headEnd) >= 0) return i;
  const ei = list.endAt(i);
  list.addInternal(i, si, headEnd, mi, di);
  list.setInternal(i + 1, start, ei, mi, di);
  return i + 1;
}

/**
 * insertFrom's older-or-equal range at slot `i` (starting at `si`) with the new range starting before it: the gap
 * `[start, si)` gets the new deletion. Returns the index of the older range now covering the rest, or −1 when the new
 * range ended in the gap (inserted whole).
 */
function fillGapBefore(
  list: RangeSlotWriter,
  i: number,
  si: ClusteringBound,
  start: ClusteringBound,
  end: ClusteringBound,
  t: number,
  ldt: number,
): number {
  const cmp = list.comparator;
  if (cmp.compare(end, si) <= 0) {
    list.addInternal(i, start, end, t, ldt);
    return -1;
  }
  const gapEnd = si.invert();
  if (cmp.compare(start, gapEnd) >= 0) return i;
  list.addInternal(i, start, gapEnd, t, ldt);
  return i + 1;
}

/**
 * Cassandra's addAll of a non-empty list into a non-empty one (same comparator): a much larger list adds the
 * other's ranges one at a time; otherwise the two sorted lists are merged linearly, appending the other's tail.
 */
export function mergeRanges(list: RangeSlotWriter, other: RangeSlots): void {
  const m = other.size;
  if (list.size > 10 * m) {
    for (let j = 0; j < m; j++) {
      addRange(list, other.startAt(j), other.endAt(j), other.markedAtAt(j), other.delTimeAt(j));
    }
    return;
  }
  const cmp = list.comparator;
  let i = 0;
  let j = 0;
  while (i < list.size && j < m) {
    if (cmp.compare(other.startAt(j), list.endAt(i)) < 0) {
      insertFrom(list, i, other.startAt(j), other.endAt(j), other.markedAtAt(j), other.delTimeAt(j));
      j++;
    } else {
      i++;
    }
  }
  for (; j < m; j++) {
    list.addInternal(list.size, other.startAt(j), other.endAt(j), other.markedAtAt(j), other.delTimeAt(j));
  }
}
