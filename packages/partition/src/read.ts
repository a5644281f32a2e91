import { Slice } from '@tombstone-lab/core';
import { hashKey } from './bloom-filter.js';
import type { Memtable } from './memtable.js';
import type { Partition } from './partition.js';
import { checkPartitionKey, type PartitionKey } from './partition-key.js';
import { mergeVersions } from './partition-merge.js';
import type { Row } from './row.js';
import type { SortedRun } from './sorted-run.js';
import type { TableOptions } from './table-options.js';

/** Which part of a partition to read. */
export interface ReadQuery {
  /** Clustering range to return; default `Slice.ALL`. */
  readonly slice?: Slice;
  /** Descending clustering order when true. */
  readonly reversed?: boolean;
}

/** Where a read looks: the current memtable (if any) and the flushed/compacted runs. */
export interface ReadSources {
  readonly memtable?: Memtable | null;
  readonly runs: readonly SortedRun[];
}

/**
 * Reads one partition: merges its versions from the memtable and every run whose bloom filter may hold the key, then
 * applies the partition deletion, range tombstones and row deletions (a deletion shadows data written at or before
 * its timestamp) and returns only the rows that still have live data, in clustering order (or reversed). Returned
 * rows carry no deletion and only their live cells.
 */
export function readPartition(
  table: TableOptions,
  sources: ReadSources,
  key: PartitionKey,
  query: ReadQuery = {},
): Row[] {
  checkPartitionKey(key);
  const slice = query.slice ?? Slice.ALL;
  const versions: Partition[] = [];
  const fromMemtable = sources.memtable?.get(key);
  if (fromMemtable !== undefined) versions.push(fromMemtable);
  const hash = hashKey(key);
  for (const run of sources.runs) {
    const version = run.lookup(key, hash);
    if (version !== undefined) versions.push(version);
  }
  return liveRows(table, versions, slice, query.reversed ?? false);
}

/** The live rows of the combined `versions` within `slice`. Exposed for callers holding snapshots directly. */
export function liveRows(
  table: TableOptions,
  versions: readonly Partition[],
  slice: Slice,
  reversed: boolean,
): Row[] {
  if (versions.length === 0) return [];
  const { deletionInfo, rows } = mergeVersions(table, versions);
  const out: Row[] = [];
  for (const row of rows) {
    if (!slice.includes(table.comparator, row.clustering)) continue;
    const visible = row.under(deletionInfo.deletionAt(row.clustering));
    if (visible?.hasLiveData()) out.push(visible.deletion.isLive() ? visible : visible.withoutDeletion()!);
  }
  return reversed ? out.reverse() : out;
}
