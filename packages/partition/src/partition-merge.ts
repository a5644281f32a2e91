import { DeletionInfo } from './deletion-info.js';
import type { Partition } from './partition.js';
import type { Row } from './row.js';
import { mergeSortedRows } from './sorted-rows.js';
import type { TableOptions } from './table-options.js';

/** Several stored versions of one partition combined, deletions not yet applied to the rows. */
export interface MergedVersions {
  /** A fresh (mutable, unpublished) deletion info holding every version's deletions. */
  readonly deletionInfo: DeletionInfo;
  /** Every version's rows merged by clustering, sorted. */
  readonly rows: readonly Row[];
}

/**
 * Combines versions of one partition from different sources (memtable, runs), as reads and compaction do: the
 * newest partition deletion, all range tombstones (through the table's range container), rows merged per clustering.
 * The inputs are not modified.
 */
export function mergeVersions(table: TableOptions, versions: readonly Partition[]): MergedVersions {
  const deletionInfo = new DeletionInfo(table);
  let rows: readonly Row[] = [];
  for (const version of versions) {
    deletionInfo.add(version.deletionInfo);
    rows = rows.length === 0 ? version.rows : mergeSortedRows(table.comparator, rows, version.rows);
  }
  return { deletionInfo, rows };
}
