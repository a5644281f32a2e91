import type { DeletionTime, RangeTombstone } from '@tombstone-lab/core';
import { checkFlag, checkOptionsBag } from '../argument-checks.js';
import { describeValue, PartitionArgumentError } from '../errors.js';
import { DeletionInfo } from '../model/deletion-info.js';
import { Partition } from '../model/partition.js';
import { comparePartitionKeys, type PartitionKey } from '../model/partition-key.js';
import type { Row } from '../model/row.js';
import { mergeVersions } from '../read/partition-merge.js';
import type { TableOptions } from '../table/table-options.js';
import type { Memtable } from '../write/memtable.js';
import { hashKey } from './bloom-filter.js';
import { SortedRun } from './sorted-run.js';

/**
 * Order of the two purge checks. `'deferred'` (the default, ScyllaDB 38b226f997 / Cassandra's order): the cheap
 * grace check first, so max-purgeable — a bloom probe of every overlapping non-compacting run — is only computed
 * for a tombstone that is already old enough. `'eager'` reproduces the regression: max-purgeable first, for every
 * partition holding any tombstone.
 */
export type PurgeOrder = 'deferred' | 'eager';

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
 * Compacts `inputs` into one run. Per partition: versions are merged; data shadowed by a deletion is dropped, and so
 * are range tombstones and row deletions the partition deletion (or a covering range) already supersedes; then a
 * tombstone is purged only when `localDeletionTime < gcBefore` **and** `markedForDeleteAt < maxPurgeable(key)`.
 * maxPurgeable(key) is the lowest min-timestamp of the memtable (if it holds the key) and of every non-compacting run
 * that covers the key and whose bloom filter may contain it — computed lazily, at most once per partition.
 * Nothing live is lost: a purged tombstone shadowed nothing still stored anywhere.
 * @throws PartitionArgumentError for an input also listed in `others`, or a bad `gcBefore` / `purgeOrder`.
 */
export function compact(request: CompactionRequest): CompactionResult {
  checkOptionsBag(request, COMPACTION_REQUEST_KEYS, 'compaction request field');
  const { table, inputs, others } = request;
  const purgeOrder = checkPurgeOrder(request.purgeOrder);
  const purge = checkFlag(request.purge, true, 'purge');
  const gcBeforeSource = request.gcBefore;
  if (
    typeof gcBeforeSource !== 'function' &&
    (typeof gcBeforeSource !== 'number' || Number.isNaN(gcBeforeSource))
  ) {
    throw new PartitionArgumentError(
      `gcBefore must be a number of seconds or a per-key function, got ${describeValue(gcBeforeSource)}`,
    );
  }
  for (const run of inputs) {
    if (others.includes(run))
      throw new PartitionArgumentError(`run ${run.id} is both compacting and non-compacting`);
  }
  const memtable = request.memtable ?? null;

  const byKey = new Map<PartitionKey, Partition[]>();
  for (const run of inputs) {
    for (const p of run.partitions) {
      const list = byKey.get(p.key);
      if (list === undefined) byKey.set(p.key, [p]);
      else list.push(p);
    }
  }
  const keys = [...byKey.keys()].sort(comparePartitionKeys);

  let computations = 0;
  let bloomProbes = 0;
  let gcBeforeLookups = 0;
  let purged = 0;
  let kept = 0;
  let rowsDropped = 0;
  let minTimestamp = Number.POSITIVE_INFINITY;
  let maxTimestamp = Number.NEGATIVE_INFINITY;
  const out: Partition[] = [];

  const maxPurgeableOf = (key: PartitionKey): number => {
    computations++;
    let ts = Number.POSITIVE_INFINITY;
    if (memtable?.has(key)) ts = Math.min(ts, memtable.minTimestamp);
    const hash = hashKey(key);
    for (const run of others) {
      if (!run.coversKey(key)) continue;
      bloomProbes++;
      if (run.bloomFilter.mightContain(hash)) ts = Math.min(ts, run.minTimestamp);
    }
    return ts;
  };

  for (const key of keys) {
    const { deletionInfo: merged, rows } = mergeVersions(table, byKey.get(key)!);
    let maxPurgeable: number | undefined;
    const mp = (): number => {
      maxPurgeable ??= maxPurgeableOf(key);
      return maxPurgeable;
    };
    let keyGcBefore: number | undefined;
    const gcb = (): number => {
      if (keyGcBefore === undefined) {
        if (typeof gcBeforeSource === 'number') keyGcBefore = gcBeforeSource;
        else {
          gcBeforeLookups++;
          keyGcBefore = gcBeforeSource(key);
        }
      }
      return keyGcBefore;
    };
    // The one purge rule of every tombstone kind: partition, range and row deletions pass their DeletionTime's
    // fields, cell tombstones their own timestamp and local deletion time.
    const purgeableAt = (timestamp: number, localDeletionTime: number): boolean => {
      if (!purge) return false;
      if (purgeOrder === 'deferred') return localDeletionTime < gcb() && timestamp < mp();
      return timestamp < mp() && localDeletionTime < gcb();
    };
    const purgeable = (dt: DeletionTime): boolean => purgeableAt(dt.markedForDeleteAt, dt.localDeletionTime);

    const pd = merged.getPartitionDeletion();
    let dropped = false;
    if (!pd.isLive()) {
      if (purgeable(pd)) {
        purged++;
        dropped = true;
      } else {
        kept++;
        minTimestamp = Math.min(minTimestamp, pd.markedForDeleteAt);
        maxTimestamp = Math.max(maxTimestamp, pd.markedForDeleteAt);
      }
    }
    const keptRanges: RangeTombstone[] = [];
    for (const rt of merged.rangeIterator(false)) {
      // A range the partition deletion supersedes shadows nothing it does not. On a timestamp tie the later local
      // deletion time wins (Cassandra's DeletionTime.supersedes), so a tied range with a later or equal one is kept.
      if (pd.supersedes(rt.deletionTime)) dropped = true;
      else if (purgeable(rt.deletionTime)) {
        purged++;
        dropped = true;
      } else {
        kept++;
        keptRanges.push(rt);
        minTimestamp = Math.min(minTimestamp, rt.deletionTime.markedForDeleteAt);
        maxTimestamp = Math.max(maxTimestamp, rt.deletionTime.markedForDeleteAt);
      }
    }
    // Rebuilt only when a tombstone is actually dropped; otherwise the merged deletion info is published as is
    // (saves a container allocation per partition in the common "nothing purgeable yet" case).
    let deletionInfo = merged;
    if (dropped) {
      deletionInfo = new DeletionInfo(table);
      if (!pd.isLive() && !purgeable(pd)) deletionInfo.add(pd);
      for (const rt of keptRanges) deletionInfo.add(rt);
    }
    const outRows: Row[] = [];
    for (const row of rows) {
      let r = row.under(merged.deletionAt(row.clustering), true);
      if (r === null) {
        rowsDropped++;
        continue;
      }
      if (!r.deletion.isLive()) {
        if (purgeable(r.deletion)) {
          purged++;
          r = r.withoutDeletion();
        } else kept++;
      }
      if (r !== null) {
        const cells = r.withoutCellTombstones(purgeableAt);
        purged += cells.purged;
        kept += cells.kept;
        r = cells.row;
      }
      if (r !== null) {
        outRows.push(r);
        minTimestamp = Math.min(minTimestamp, r.minTimestamp());
        maxTimestamp = Math.max(maxTimestamp, r.maxTimestamp());
      }
    }
    if (outRows.length > 0 || !deletionInfo.isLive()) {
      out.push(new Partition(table, key, deletionInfo.freeze(), Object.freeze(outRows)));
    }
  }

  return {
    output: new SortedRun(request.outputId, table, out, { min: minTimestamp, max: maxTimestamp }),
    stats: {
      partitionsIn: keys.length,
      partitionsOut: out.length,
      maxPurgeableComputations: computations,
      bloomProbes,
      gcBeforeLookups,
      tombstonesPurged: purged,
      tombstonesKept: kept,
      rowsDropped,
    },
  };
}
