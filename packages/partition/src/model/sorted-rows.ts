import type { ClusteringComparator } from '@tombstone-lab/core';
import { COMPARE } from '@tombstone-lab/core/internal';
import type { ReadonlyDeletionInfo } from './deletion-info.js';
import { MERGE, Row } from './row.js';

/**
 * Called for each row of the merged output: `before` is the row `a` contributed (null if the clustering was only in
 * `b`), `after` the merged row. The updater uses it to account data and heap deltas.
 */
export type RowMergeListener = (before: Row | null, after: Row) => void;

/**
 * Sorts rows by clustering and merges rows that share one (later rows merge into earlier ones). Rows already in order
 * come back as the same array: the caller hands over an array nobody changes afterwards (the update builder's).
 */
export function sortAndMergeRows(comparator: ClusteringComparator, rows: readonly Row[]): readonly Row[] {
  // Most writes carry one row, or rows already in order: no sort, no second pass, and no copy (a copy was 57 of the
  // 605 bytes a one-row write allocated, sampled with V8's heap profiler).
  // Unchecked compares and merges in this module: rows the library built (clusterings checked), per row or pair.
  let inOrder = true;
  for (let i = 1; i < rows.length && inOrder; i++) {
    inOrder = comparator[COMPARE]((rows[i - 1] as Row).clustering, (rows[i] as Row).clustering) < 0;
  }
  if (inOrder) return rows;
  const sorted = [...rows].sort((x, y) => comparator[COMPARE](x.clustering, y.clustering));
  const out: Row[] = [];
  for (const row of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && comparator[COMPARE](last.clustering, row.clustering) === 0) {
      out[out.length - 1] = Row[MERGE](last, row);
    } else {
      out.push(row);
    }
  }
  return out;
}

/**
 * Merges two clustering-sorted row lists (each without duplicates) into a new sorted list. O(|a| + |b|): what reads
 * and compaction do with the versions of a partition (the memtable writes its row tree instead, see the updater).
 */
export function mergeSortedRows(
  comparator: ClusteringComparator,
  a: readonly Row[],
  b: readonly Row[],
  listener?: RowMergeListener,
): Row[] {
  if (b.length === 0) return [...a];
  const out: Row[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    const c = x === undefined ? 1 : y === undefined ? -1 : comparator[COMPARE](x.clustering, y.clustering);
    if (c < 0) {
      out.push(x!);
      i++;
    } else if (c > 0) {
      out.push(y!);
      listener?.(null, y!);
      j++;
    } else {
      const merged = Row[MERGE](x!, y!);
      out.push(merged);
      listener?.(x!, merged);
      i++;
      j++;
    }
  }
  return out;
}

/** Smallest timestamp over a deletion info and rows (deletions and cells); `Infinity` when there is none. */
export function minTimestampOf(deletionInfo: ReadonlyDeletionInfo, rows: Iterable<Row>): number {
  let min = deletionInfo.minTimestamp();
  if (Array.isArray(rows)) {
    for (let i = 0; i < rows.length; i++) min = Math.min(min, (rows[i] as Row).minTimestamp());
    return min;
  }
  for (const row of rows) min = Math.min(min, row.minTimestamp());
  return min;
}

/** Largest timestamp over a deletion info and rows; `-Infinity` when there is none. */
export function maxTimestampOf(deletionInfo: ReadonlyDeletionInfo, rows: Iterable<Row>): number {
  let max = deletionInfo.isLive() ? Number.NEGATIVE_INFINITY : deletionInfo.maxTimestamp();
  if (Array.isArray(rows)) {
    for (let i = 0; i < rows.length; i++) max = Math.max(max, (rows[i] as Row).maxTimestamp());
    return max;
  }
  for (const row of rows) max = Math.max(max, row.maxTimestamp());
  return max;
}
