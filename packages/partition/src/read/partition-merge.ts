import { type Clustering, DeletionTime, Slice } from '@tombstone-lab/core';
import { SUPERSEDES } from '@tombstone-lab/core/internal';
import { DeletionInfo } from '../model/deletion-info.js';
import type { Partition } from '../model/partition.js';
import type { Row } from '../model/row.js';
import { rowArrayInSlice } from '../model/row-tree.js';
import { mergeSortedRows } from '../model/sorted-rows.js';
import type { TableOptions } from '../table/table-options.js';

/** Several stored versions of one partition combined, deletions not yet applied to the rows. */
export interface MergedVersions {
  /** A fresh (mutable, unpublished) deletion info holding every version's deletions, in a private container. */
  readonly deletionInfo: DeletionInfo;
  /** Every version's rows merged by clustering, sorted. */
  readonly rows: readonly Row[];
}

/**
 * Combines versions of one partition from different sources (memtable, runs), as compaction does: the newest
 * partition deletion, all range tombstones (through the table's range container), rows merged per clustering.
 * The inputs are not modified.
 *
 * The merged ranges go into a container of their own, never into a copy of a version's container. A copy-on-write
 * copy shares its source's arrays, and appending to it (which merging a second version does whenever its ranges
 * sort after) would claim the shared tail of the published list — the memtable's next write would then have to copy
 * instead of appending in place. Filling a fresh container costs O(ranges), which a merge pays anyway.
 */
export function mergeVersions(table: TableOptions, versions: readonly Partition[]): MergedVersions {
  const deletionInfo = new DeletionInfo(table);
  for (const version of versions) {
    const di = version.deletionInfo;
    deletionInfo.add(di.getPartitionDeletion());
    if (!di.hasRanges()) continue;
    if (deletionInfo.hasRanges()) {
      // Merging into our private container: only its arrays are written; `di`'s are only read.
      deletionInfo.add(di);
    } else {
      // Sorted, non-overlapping ranges: each add is an append to the fresh container.
      for (const rt of di.rangeIterator(false)) deletionInfo.add(rt);
    }
  }
  return { deletionInfo, rows: mergeRows(table, versions) };
}

/**
 * Every version's rows within `slice` merged by clustering, sorted, in a new array the caller owns:
 * O(v · (log N + k)) for v versions of N rows with k in the slice, since each version's tree is only entered at the
 * slice start.
 */
export function mergeRows(
  table: TableOptions,
  versions: readonly Partition[],
  slice: Slice = Slice.ALL,
): Row[] {
  let rows: Row[] = [];
  for (const version of versions) {
    const own = rowArrayInSlice(table.comparator, version.rowTree, slice);
    rows = rows.length === 0 ? own : mergeSortedRows(table.comparator, rows, own);
  }
  return rows;
}

/**
 * The deletion applying to data at `clustering` across `versions`: the newest of each version's partition deletion
 * and covering range. Reads use this instead of merging the versions' range containers, so a read allocates no
 * container and never writes into (or claims the tail of) a published one.
 */
export function newestDeletionAt(versions: readonly Partition[], clustering: Clustering): DeletionTime {
  let newest = DeletionTime.LIVE;
  // Unchecked supersedes here and below: stored deletion times, once per version of every row read.
  for (const version of versions) {
    const d = version.deletionInfo.deletionAt(clustering);
    if (d[SUPERSEDES](newest)) newest = d;
  }
  return newest;
}

/**
 * The deletion applying to every clustering of `versions` when none of them has a range tombstone (the newest
 * partition deletion), else null: a read then looks it up once, not per row with {@link newestDeletionAt}.
 */
export function uniformDeletion(versions: readonly Partition[]): DeletionTime | null {
  let newest = DeletionTime.LIVE;
  for (let i = 0; i < versions.length; i++) {
    const di = (versions[i] as Partition).deletionInfo;
    if (di.hasRanges()) return null;
    const d = di.getPartitionDeletion();
    if (d[SUPERSEDES](newest)) newest = d;
  }
  return newest;
}
