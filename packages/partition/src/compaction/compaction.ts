import type { RangeTombstone } from '@tombstone-lab/core';
import { SUPERSEDES } from '@tombstone-lab/core/internal';
import { checkFlag, checkOptionsBag } from '../argument-checks.js';
import { gcBeforeProblem, isGcBefore } from '../deletion-seconds.js';
import { describeValue, PartitionArgumentError } from '../errors.js';
import { DeletionInfo } from '../model/deletion-info.js';
import { Partition } from '../model/partition.js';
import { comparePartitionKeys, type PartitionKey } from '../model/partition-key.js';
import { PURGE_CELLS, type Row, UNDER } from '../model/row.js';
import { mergeVersions } from '../read/partition-merge.js';
import { checkTableOptions, type TableOptions } from '../table/table-options.js';
import { TRUSTED } from '../trusted.js';
import { Memtable } from '../write/memtable.js';
import { type PurgeCounters, type PurgeOrder, Purger, type PurgeSettings } from './purger.js';
import { SortedRun } from './sorted-run.js';

export type { PurgeOrder };

/** What to compact and against what. */
export interface CompactionRequest {
  readonly table: TableOptions;
  /** The runs merged into one output run. */
  readonly inputs: readonly SortedRun[];
  /** Runs that stay (non-compacting): they decide max-purgeable through their bloom filters and min timestamps. */
  readonly others: readonly SortedRun[];
  /** The live memtable, if any: its min timestamp counts for keys it holds. */
  readonly memtable?: Memtable | null;
  /** Id of the output run. */
  readonly outputId: number;
  /**
   * Tombstones with `localDeletionTime < gcBefore` have passed gc grace (seconds): a number (timeout mode: now −
   * gcGraceSeconds) or a per-key function (repair mode: a repair-history lookup), called lazily at most once per
   * partition, only when a purge decision needs it.
   */
  readonly gcBefore: number | ((key: PartitionKey) => number);
  /** Default `'deferred'`. */
  readonly purgeOrder?: PurgeOrder;
  /** False: never purge tombstones (shadowed data is still dropped). Default true. */
  readonly purge?: boolean;
}

/** Counters of one compaction. */
export interface CompactionStats {
  /** Distinct partitions read from the inputs. */
  readonly partitionsIn: number;
  /** Partitions written (those left with rows or tombstones). */
  readonly partitionsOut: number;
  /** Partitions for which max-purgeable was computed (at most once each). */
  readonly maxPurgeableComputations: number;
  /** Bloom-filter probes of non-compacting runs made to compute max-purgeable. */
  readonly bloomProbes: number;
  /** Partitions for which a per-key `gcBefore` function was called (at most once each; 0 for a number). */
  readonly gcBeforeLookups: number;
  /** Tombstones (partition deletions, range pieces, row deletions, cell tombstones) dropped because they were purgeable. */
  readonly tombstonesPurged: number;
  /** Tombstones written to the output. */
  readonly tombstonesKept: number;
  /** Rows (or row tombstones) dropped because a partition or range deletion shadowed them entirely. */
  readonly rowsDropped: number;
}

const COMPACTION_REQUEST_KEYS: readonly string[] = [
  'table',
  'inputs',
  'others',
  'memtable',
  'outputId',
  'gcBefore',
  'purgeOrder',
  'purge',
];

/** `'deferred'` when absent; throws PartitionArgumentError for anything but the two orders. */
export function checkPurgeOrder(value: unknown): PurgeOrder {
  if (value === undefined) return 'deferred';
  if (value !== 'deferred' && value !== 'eager') {
    throw new PartitionArgumentError(`purgeOrder must be 'deferred' or 'eager', got ${describeValue(value)}`);
  }
  return value;
}

/** The output run and what it cost. */
export interface CompactionResult {
  readonly output: SortedRun;
  readonly stats: CompactionStats;
}

/**
 * The result of a compaction with nothing to compact: an empty run with id `outputId` and all-zero stats. Why: a
 * table without runs refused `compact()`, where Cassandra's compaction of nothing does nothing (issue 34).
 */
export function emptyCompaction(table: TableOptions, outputId: number): CompactionResult {
  return {
    output: new SortedRun(
      outputId,
      table,
      [],
      { min: Number.POSITIVE_INFINITY, max: Number.NEGATIVE_INFINITY },
      TRUSTED,
    ),
    stats: {
      partitionsIn: 0,
      partitionsOut: 0,
      maxPurgeableComputations: 0,
      bloomProbes: 0,
      gcBeforeLookups: 0,
      tombstonesPurged: 0,
      tombstonesKept: 0,
      rowsDropped: 0,
    },
  };
}

/**
 * Compacts `inputs` into one run. Per partition: versions are merged; data shadowed by a deletion is dropped, and so
 * are range tombstones and row deletions the partition deletion (or a covering range) already supersedes; then a
 * tombstone is purged only when `localDeletionTime < gcBefore` **and** `markedForDeleteAt < maxPurgeable(key)`.
 * maxPurgeable(key) is the lowest min-timestamp of the memtable (if it holds the key) and of every non-compacting run
 * that covers the key and whose bloom filter may contain it — computed lazily, at most once per partition.
 * Nothing live is lost: a purged tombstone shadowed nothing still stored anywhere.
 * @throws PartitionArgumentError for an input also listed in `others`, or a bad `gcBefore` / `purgeOrder`.
 */
export function compact(request: CompactionRequest): CompactionResult {
  const settings = checkRequest(request);
  const { table, inputs } = request;
  const byKey = new Map<PartitionKey, Partition[]>();
  for (const run of inputs) {
    for (const p of run.partitions) {
      const list = byKey.get(p.key);
      if (list === undefined) byKey.set(p.key, [p]);
      else list.push(p);
    }
  }
  const keys = [...byKey.keys()].sort(comparePartitionKeys);
  const counters: PurgeCounters = { maxPurgeableComputations: 0, bloomProbes: 0, gcBeforeLookups: 0 };
  const tally: Tally = {
    purged: 0,
    kept: 0,
    rowsDropped: 0,
    min: Number.POSITIVE_INFINITY,
    max: Number.NEGATIVE_INFINITY,
  };
  const out: Partition[] = [];
  for (const key of keys) {
    const partition = compactPartition(
      table,
      key,
      byKey.get(key)!,
      new Purger(settings, counters, key),
      tally,
    );
    if (partition !== null) out.push(partition);
  }
  return {
    output: new SortedRun(request.outputId, table, out, { min: tally.min, max: tally.max }, TRUSTED),
    stats: {
      partitionsIn: keys.length,
      partitionsOut: out.length,
      ...counters,
      tombstonesPurged: tally.purged,
      tombstonesKept: tally.kept,
      rowsDropped: tally.rowsDropped,
    },
  };
}

/** Validates a request and returns what its purgers share. */
function checkRequest(request: CompactionRequest): PurgeSettings {
  checkOptionsBag(request, COMPACTION_REQUEST_KEYS, 'compaction request field');
  const order = checkPurgeOrder(request.purgeOrder);
  const purge = checkFlag(request.purge, true, 'purge');
  const gcBefore = request.gcBefore;
  // Infinity, a fraction or milliseconds (`Date.now()`) purged tombstones still inside gc grace; NaN purged nothing.
  if (typeof gcBefore !== 'function' && !isGcBefore(gcBefore)) {
    throw new PartitionArgumentError(
      `gcBefore must be a per-key function or a number of seconds, got ${describeValue(gcBefore)}: ${gcBeforeProblem(gcBefore)}`,
    );
  }
  const table = checkTableOptions(request.table, 'compact');
  const inputs = checkRuns(table, request.inputs, 'inputs');
  const others = checkRuns(table, request.others, 'others');
  if (request.memtable != null && !(request.memtable instanceof Memtable)) {
    throw new PartitionArgumentError(
      `compaction request memtable must be a Memtable or null, got ${describeValue(request.memtable)}`,
    );
  }
  if (request.memtable != null && request.memtable.table !== table) {
    throw new PartitionArgumentError('compaction request memtable belongs to another table');
  }
  for (const run of inputs) {
    if (others.includes(run))
      throw new PartitionArgumentError(`run ${run.id} is both compacting and non-compacting`);
  }
  if (!Number.isSafeInteger(request.outputId) || request.outputId < 0) {
    throw new PartitionArgumentError(
      `compaction request outputId must be a non-negative integer, got ${describeValue(request.outputId)}`,
    );
  }
  return { purge, order, gcBefore, memtable: request.memtable ?? null, others };
}

/**
 * Throws unless `value` is an array of runs (a request without `others` failed on `undefined.includes`; `others: 5`
 * was never read when no input held a tombstone).
 */
function checkRuns(table: TableOptions, value: unknown, field: string): readonly SortedRun[] {
  if (!Array.isArray(value) || !value.every((run) => run instanceof SortedRun)) {
    throw new PartitionArgumentError(
      `compaction request ${field} must be an array of SortedRun, got ${describeValue(value)}`,
    );
  }
  // A run of another table (even one with the same comparator) was merged into this table's output.
  for (const run of value as SortedRun[]) {
    if (run.table !== table) {
      throw new PartitionArgumentError(
        `compaction request ${field} run ${run.id} belongs to another table (not request.table)`,
      );
    }
  }
  return value;
}

/** What a compaction counts across partitions: tombstones purged and kept, rows dropped, the output's timestamps. */
interface Tally {
  purged: number;
  kept: number;
  rowsDropped: number;
  min: number;
  max: number;
}

/** Counts a tombstone (or row) written to the output at `timestamp`. */
function keep(tally: Tally, timestamp: number): void {
  tally.kept++;
  tally.min = Math.min(tally.min, timestamp);
  tally.max = Math.max(tally.max, timestamp);
}

/** One partition's versions merged and purged, or null when nothing of it is left. */
function compactPartition(
  table: TableOptions,
  key: PartitionKey,
  versions: Partition[],
  purger: Purger,
  tally: Tally,
): Partition | null {
  const { deletionInfo: merged, rows } = mergeVersions(table, versions);
  const deletionInfo = purgeDeletions(table, merged, purger, tally);
  const outRows: Row[] = [];
  for (const row of rows) {
    const r = purgeRow(row, merged, purger, tally);
    if (r !== null) outRows.push(r);
  }
  if (outRows.length === 0 && deletionInfo.isLive()) return null;
  return new Partition(table, key, deletionInfo.freeze(), Object.freeze(outRows), TRUSTED);
}

/**
 * The partition deletion and the range tombstones: each may go when the purger says so; a range the partition
 * deletion supersedes goes regardless (it shadows nothing the partition deletion does not — on a timestamp tie the
 * later local deletion time wins, Cassandra's `DeletionTime.supersedes`, so a tied range with a later or equal one is
 * kept). Returns `merged` itself when nothing went (no container allocated in the common "nothing purgeable yet"
 * case), else a rebuilt deletion info holding what stays.
 */
function purgeDeletions(
  table: TableOptions,
  merged: DeletionInfo,
  purger: Purger,
  tally: Tally,
): DeletionInfo {
  const pd = merged.getPartitionDeletion();
  let dropped = false;
  if (!pd.isLive()) {
    if (purger.shouldPurgeDeletion(pd)) {
      tally.purged++;
      dropped = true;
    } else keep(tally, pd.markedForDeleteAt);
  }
  const keptRanges: RangeTombstone[] = [];
  for (const rt of merged.rangeIterator(false)) {
    // Unchecked: two stored deletion times, once per range of every compacted partition.
    if (pd[SUPERSEDES](rt.deletionTime)) dropped = true;
    else if (purger.shouldPurgeDeletion(rt.deletionTime)) {
      tally.purged++;
      dropped = true;
    } else {
      keptRanges.push(rt);
      keep(tally, rt.deletionTime.markedForDeleteAt);
    }
  }
  if (!dropped) return merged;
  const deletionInfo = new DeletionInfo(table);
  if (!pd.isLive() && !purger.shouldPurgeDeletion(pd)) deletionInfo.add(pd);
  for (const rt of keptRanges) deletionInfo.add(rt);
  return deletionInfo;
}

/**
 * A row under the partition's deletions: dropped when they shadow it entirely; its own deletion and its cell
 * tombstones purged when the purger says so. Null when nothing of it is left.
 */
function purgeRow(row: Row, merged: DeletionInfo, purger: Purger, tally: Tally): Row | null {
  let r = row[UNDER](merged.deletionAt(row.clustering), true);
  if (r === null) {
    tally.rowsDropped++;
    return null;
  }
  if (!r.deletion.isLive()) {
    if (purger.shouldPurgeDeletion(r.deletion)) {
      tally.purged++;
      r = r.withoutDeletion();
    } else tally.kept++;
  }
  if (r === null) return null;
  const cells = r[PURGE_CELLS](purger.shouldPurge);
  tally.purged += cells.purged;
  tally.kept += cells.kept;
  r = cells.row;
  if (r !== null) {
    tally.min = Math.min(tally.min, r.minTimestamp());
    tally.max = Math.max(tally.max, r.maxTimestamp());
  }
  return r;
}
