import { Slice } from '@tombstone-lab/core';
import { checkFlag, checkOptionsBag, checkSlice } from '../argument-checks.js';
import { hashKey, type KeyHash } from '../compaction/bloom-filter.js';
import { SortedRun } from '../compaction/sorted-run.js';
import { describeValue, PartitionArgumentError } from '../errors.js';
import type { Partition } from '../model/partition.js';
import { checkPartitionKey, type PartitionKey } from '../model/partition-key.js';
import { type Row, UNDER } from '../model/row.js';
import { checkTableOptions, type TableOptions } from '../table/table-options.js';
import { Memtable } from '../write/memtable.js';
import { mergeRows, newestDeletionAt, uniformDeletion } from './partition-merge.js';

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
 * its timestamp; cells are reconciled per column, so a cell tombstone shadows that column's older writes) and
 * returns only the rows that still have live data (liveness or a live cell), in clustering order (or reversed).
 * Returned rows carry no deletion, no cell tombstones and only their live cells.
 */
export function readPartition(
  table: TableOptions,
  sources: ReadSources,
  key: PartitionKey,
  query: ReadQuery = {},
): Row[] {
  checkTableOptions(table, 'readPartition');
  checkSources(table, sources);
  return readTableSources(table, sources, key, query);
}

const READ_SOURCE_KEYS: readonly string[] = ['memtable', 'runs'];

/**
 * Throws unless `sources` is `{ runs, memtable? }` of `table`: an array of its runs and its memtable (or null). `null`,
 * `{}`, `{ runs: run }` or `{ runs: [5] }` failed with a plain TypeError, and a misspelled `memtble` was ignored.
 */
function checkSources(table: TableOptions, sources: unknown): void {
  checkOptionsBag(sources, READ_SOURCE_KEYS, 'read source');
  const { runs, memtable } = sources as { runs: unknown; memtable: unknown };
  if (!Array.isArray(runs) || !runs.every((run) => run instanceof SortedRun)) {
    throw new PartitionArgumentError(
      `read sources runs must be an array of SortedRun, got ${describeValue(runs)}`,
    );
  }
  if (memtable != null && !(memtable instanceof Memtable)) {
    throw new PartitionArgumentError(
      `read sources memtable must be a Memtable or null, got ${describeValue(memtable)}`,
    );
  }
  for (const run of runs as SortedRun[]) {
    if (run.table !== table)
      throw new PartitionArgumentError(`read sources run ${run.id} belongs to another table`);
  }
  if (memtable != null && (memtable as Memtable).table !== table) {
    throw new PartitionArgumentError('read sources memtable belongs to another table');
  }
}

/**
 * @internal {@link readPartition} of a table's own settings and sources (its default read stage: both were checked when
 * the table was made, so a point read does not re-check them).
 */
export function readTableSources(
  table: TableOptions,
  sources: ReadSources,
  key: PartitionKey,
  query: ReadQuery = {},
): Row[] {
  checkPartitionKey(key);
  const { slice, reversed } = checkQuery(table, query);
  const versions: Partition[] = [];
  const fromMemtable = sources.memtable?.get(key);
  if (fromMemtable !== undefined) versions.push(fromMemtable);
  // Hashed only when a run is there to probe: a memtable-only read spent ~6% of its time hashing the key.
  let hash: KeyHash | undefined;
  for (const run of sources.runs) {
    hash ??= hashKey(key);
    const version = run.lookup(key, hash);
    if (version !== undefined) versions.push(version);
  }
  return collectLiveRows(table, versions, slice, reversed);
}

/**
 * Validates a query before any source is touched: a slice that is not a {@link Slice}, or whose bounds do not fit the
 * table's clustering columns, would otherwise be compared against rows of another shape and silently select rows.
 * @throws PartitionArgumentError for a query, slice or `reversed` of the wrong kind; core's
 *   InvalidClusteringValueError for a bound with too many values or a value of the wrong type.
 */
function checkQuery(table: TableOptions, query: ReadQuery): { slice: Slice; reversed: boolean } {
  checkOptionsBag(query, READ_QUERY_KEYS, 'read query option');
  // Only an absent field takes the default: `null` is a caller's mistake, not a request for everything.
  const slice = query.slice === undefined ? Slice.ALL : query.slice;
  const reversed = query.reversed === undefined ? false : query.reversed;
  checkRange(table, slice, reversed);
  return { slice, reversed };
}

const READ_QUERY_KEYS: readonly string[] = ['slice', 'reversed'];

function checkRange(table: TableOptions, slice: Slice, reversed: boolean): void {
  checkSlice(table.comparator, slice, 'query.slice');
  checkFlag(reversed, false, 'query.reversed');
}

/**
 * The live rows of the combined `versions` within `slice`. Exposed for callers holding snapshots directly.
 * @throws PartitionArgumentError / InvalidClusteringValueError for a bad slice or `reversed`, as {@link readPartition}.
 */
export function liveRows(
  table: TableOptions,
  versions: readonly Partition[],
  slice: Slice,
  reversed: boolean,
): Row[] {
  checkRange(table, slice, reversed);
  return collectLiveRows(table, versions, slice, reversed);
}

/** {@link liveRows} once the query is checked (a read checks it once, before touching any source). */
function collectLiveRows(
  table: TableOptions,
  versions: readonly Partition[],
  slice: Slice,
  reversed: boolean,
): Row[] {
  if (versions.length === 0) return [];
  // No merged DeletionInfo: each row is checked against the newest deletion of every version (see newestDeletionAt),
  // so a read never copies, merges into or claims the tail of a published range container. Without ranges that
  // deletion is the same for every row, looked up once.
  const uniform = uniformDeletion(versions);
  // Filtered in place: mergeRows' array is ours.
  const rows = mergeRows(table, versions, slice);
  let kept = 0;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as Row;
    const visible = row[UNDER](uniform ?? newestDeletionAt(versions, row.clustering), false)?.live();
    if (visible) rows[kept++] = visible;
  }
  rows.length = kept;
  return reversed ? rows.reverse() : rows;
}
