import type { ClusteringBound } from '../model/clustering-bound.js';
import { COMPARE } from '../model/clustering-comparator.js';
import type { RangeSlots, RangeSlotWriter as Writer } from './range-slots.js';

/** Short names, so that insertFrom's signature fits on one line (see insertFrom for why that matters). */
type Bound = ClusteringBound;

/**
 * Cassandra's write algebra of `RangeTombstoneList` (add, insertFrom, the addAll merge), written once against
 * `RangeSlotWriter` so that every storage — flat copy-on-write arrays or a persistent tree — gets exactly the same
 * lists. Inputs are validated by the caller; these functions only place ranges.
 */

/**
 * Adds the range `[start, end]@(t, ldt)` (already validated, `start < end`). A range sorting after the last one is
 * appended (the memtable's common case: one comparison, no search).
 */
export function addRange(
  list: Writer,
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
  if (list.comparator[COMPARE](list.endAt(n - 1), start) <= 0) {
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
 *
 * The head split and the gap fill stay inline on purpose: split out into helpers (to fit 60 lines) they made
 * `PersistentOps.copyAndAddMiddle[size=10]` on the persistent list +8.1% [+3.0%, +14.5%] slower (Lost, p = 0.0057,
 * `tombstone-bench compare --baseline 882c508 --candidate 34b36dc`, 2026-12-02); only the terminal tail split,
 * run at most once per add, is a function of its own.
 */
export function insertFrom(list: Writer, at: number, from: Bound, end: Bound, t: number, ldt: number): void {
  const cmp = list.comparator;
  let i = at;
  let start = from;
  while (i < list.size) {
    if (cmp[COMPARE](start, end) >= 0) return;
    const si = list.startAt(i);
    const mi = list.markedAtAt(i);
    const di = list.delTimeAt(i);
    if (t > mi) {
      if (cmp[COMPARE](si, start) < 0) {
        const headEnd = start.invert();
        if (cmp[COMPARE](si, headEnd) < 0) {
          const ei = list.endAt(i);
          list.addInternal(i, si, headEnd, mi, di);
          i++;
          list.setInternal(i, start, ei, mi, di);
        }
      }
      const curStart = list.startAt(i);
      if (cmp[COMPARE](end, curStart) < 0) {
        list.addInternal(i, start, end, t, ldt);
        return;
      }
      const curEnd = list.endAt(i);
      if (cmp[COMPARE](curEnd, end) <= 0) {
        if (i === list.size - 1 || cmp[COMPARE](end, list.startAt(i + 1)) <= 0) {
          list.setInternal(i, start, end, t, ldt);
          return;
        }
        const next = list.startAt(i + 1);
        list.setInternal(i, start, next.invert(), t, ldt);
        start = next;
        i++;
        continue;
      }
      overwriteOlderHead(list, i, start, end, t, ldt, mi, di);
      return;
    }
    if (cmp[COMPARE](start, si) < 0) {
      if (cmp[COMPARE](end, si) <= 0) {
        list.addInternal(i, start, end, t, ldt);
        return;
      }
      const gapEnd = si.invert();
      if (cmp[COMPARE](start, gapEnd) < 0) {
        list.addInternal(i, start, gapEnd, t, ldt);
        i++;
      }
    }
    const covering = list.endAt(i);
    if (cmp[COMPARE](end, covering) <= 0) return;
    start = covering.invert();
    i++;
  }
  list.addInternal(list.size, start, end, t, ldt);
}

/**
 * insertFrom's last step when the newer range ends inside the older range at slot `i`: the newer range takes slot
 * `i` and the older one keeps its tail `(end, ends[i]]` in the next slot. Ends the insertion (at most once per add).
 */
function overwriteOlderHead(
  list: Writer,
  index: number,
  start: ClusteringBound,
  end: ClusteringBound,
  t: number,
  ldt: number,
  mi: number,
  di: number,
): void {
  list.addInternal(index, start, end, t, ldt);
  const i = index + 1;
  const tailStart = end.invert();
  const tailEnd = list.endAt(i);
  if (list.comparator[COMPARE](tailStart, tailEnd) < 0) list.setInternal(i, tailStart, tailEnd, mi, di);
}

/**
 * Cassandra's addAll of a non-empty list into a non-empty one (same comparator): a much larger list adds the
 * other's ranges one at a time; otherwise the two sorted lists are merged linearly, appending the other's tail.
 */
export function mergeRanges(list: Writer, other: RangeSlots): void {
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
    if (cmp[COMPARE](other.startAt(j), list.endAt(i)) < 0) {
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
