/**
 * Seed 003 (ScyllaDB 38b226f997) as a workload: a compaction after a deletion burst, where most tombstones are still
 * within gc grace and many non-compacting runs overlap every key. Prepared up front; `run()` does only the compaction.
 */
import {
  ClusteringBound,
  ClusteringComparator,
  type RangeTombstoneStoreFactory,
  Slice,
  types,
} from '@tombstone-lab/core';
import {
  type CompactionResult,
  compact,
  MAX_TOKEN,
  Partition,
  PartitionUpdate,
  type PurgeOrder,
  RepairHistory,
  readPartition,
  SortedRun,
  type TableOptions,
  type TombstoneGcMode,
  tableOptions,
} from '@tombstone-lab/partition';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { HarnessArgumentError } from '../errors.js';
import { seededPermutation } from './seeded-permutation.js';

/** Shape of the {@link tombstoneHeavyCompaction} case. */
export interface TombstoneHeavyOptions {
  /** Distinct partition keys in the compacting runs (each holds one range tombstone and a row). Default 5000. */
  readonly partitions?: number;
  /** Runs being compacted together; every one holds every key. Default 2. */
  readonly compactingRuns?: number;
  /** Non-compacting runs; each covers the whole key range but holds only a few keys. Default 500. */
  readonly otherRuns?: number;
  /** Fraction of partitions whose tombstones are past gc_before (the rest are still within it). Default 0.05. */
  readonly gcableFraction?: number;
  /** Range container factory. Default the table default (partition's DEFAULT_RANGE_STORE_NAME, the persistent tree). */
  readonly rangeStore?: RangeTombstoneStoreFactory;
  /**
   * The table's `tombstoneGc` mode. `'repair'`: gc_before of each key is a lookup in a repair history of
   * {@link repairRanges} token ranges, each repaired at a seeded time chosen so that exactly the same tombstones are
   * GC-able as in `'timeout'` mode — the two columns differ only in what gc_before costs. Default `'timeout'`.
   */
  readonly gcMode?: TombstoneGcMode;
  /** Token ranges in the repair history (repair mode). Default 256 (a vnode ring's worth). */
  readonly repairRanges?: number;
  /** Seed choosing the gc-able partitions, the other runs' keys and the repair times. Default 1. */
  readonly seed?: number;
}

/** A prepared tombstone-heavy compaction. */
export interface TombstoneHeavyWorkload {
  readonly purgeOrder: PurgeOrder;
  readonly gcMode: TombstoneGcMode;
  readonly table: TableOptions;
  readonly keys: readonly string[];
  readonly inputs: readonly SortedRun[];
  readonly others: readonly SortedRun[];
  /** The repair history gc_before is looked up in (repair mode), else null. */
  readonly repairHistory: RepairHistory | null;
  /** Partitions holding a tombstone past gc_before. */
  readonly gcablePartitions: number;
  /** Partitions holding any tombstone (all of them). */
  readonly tombstonePartitions: number;
  /** Runs the compaction; the input runs are immutable, so every call does the same work. */
  run(): CompactionResult;
  /**
   * The clusterings a read of `key` must return (before or after compaction), derived from how the workload was
   * written — not from the engine: compacting run r wrote row [10r], other run r wrote [1000 + r] where it holds the
   * key, and no range tombstone covers any row.
   */
  expectedClusterings(key: string): number[];
  /** Live clusterings the engine reads for `key` from `runs` (all inputs and others, or an output and the others). */
  readClusterings(key: string, runs: readonly SortedRun[]): number[];
}

/** Seconds "now" is pinned to in {@link tombstoneHeavyCompaction}. */
export const WORKLOAD_NOW = 10_000_000;
const GC_GRACE = 864_000;
const PROPAGATION_DELAY = 3600;
const RECENT = WORKLOAD_NOW - 60;
const EXPIRED = WORKLOAD_NOW - 2 * GC_GRACE;

function positiveInt(name: string, value: number, min: number): number {
  if (!Number.isSafeInteger(value) || value < min)
    throw new HarnessArgumentError(`${name} must be an integer ≥ ${min}, got ${value}`);
  return value;
}

/**
 * A repair history of `ranges` equal token ranges, each repaired at a seeded time with
 * EXPIRED < repairedAt − delay ≤ RECENT, so the expired tombstones (and only they) are GC-able.
 */
function repairHistoryFor(ranges: number, seed: number): RepairHistory {
  const rng = xoroshiro128plus(seed + 2);
  const history = new RepairHistory();
  const width = Math.floor((MAX_TOKEN + 1) / ranges);
  for (let i = 0; i < ranges; i++) {
    const end = i === ranges - 1 ? MAX_TOKEN : (i + 1) * width - 1;
    history.record(i * width, end, uniformInt(rng, EXPIRED + 1, RECENT) + PROPAGATION_DELAY);
  }
  return history;
}

function checkPurgeOrder(purgeOrder: PurgeOrder): PurgeOrder {
  if (purgeOrder !== 'deferred' && purgeOrder !== 'eager')
    throw new HarnessArgumentError(`purgeOrder must be 'deferred' or 'eager', got ${String(purgeOrder)}`);
  return purgeOrder;
}

/**
 * `compactingRuns` runs each hold every one of `partitions` keys with a range tombstone and a live row; a
 * `gcableFraction` of the keys carry tombstones older than gc_before. `otherRuns` non-compacting runs each cover the
 * whole key range (first and last key) plus a sparse seeded subset, so every key costs one bloom probe per other run
 * when max-purgeable is computed. Expected probes: `gcablePartitions × otherRuns` deferred,
 * `tombstonePartitions × otherRuns` eager (the seed-003 formula).
 * @throws HarnessArgumentError for a bad option.
 */
export function tombstoneHeavyCompaction(
  options: TombstoneHeavyOptions,
  purgeOrder: PurgeOrder,
): TombstoneHeavyWorkload {
  const partitions = positiveInt('partitions', options.partitions ?? 5000, 2);
  const compactingRuns = positiveInt('compactingRuns', options.compactingRuns ?? 2, 1);
  const otherRuns = positiveInt('otherRuns', options.otherRuns ?? 500, 0);
  const repairRanges = positiveInt('repairRanges', options.repairRanges ?? 256, 1);
  const gcableFraction = options.gcableFraction ?? 0.05;
  const seed = options.seed ?? 1;
  const gcMode = options.gcMode ?? 'timeout';
  if (!(gcableFraction >= 0 && gcableFraction <= 1))
    throw new HarnessArgumentError(`gcableFraction must be in [0, 1], got ${gcableFraction}`);
  if (gcMode !== 'timeout' && gcMode !== 'repair')
    throw new HarnessArgumentError(`gcMode must be 'timeout' or 'repair', got ${String(gcMode)}`);
  checkPurgeOrder(purgeOrder);

  const table = tableOptions({
    comparator: new ClusteringComparator([types.int32]),
    gcGraceSeconds: GC_GRACE,
    tombstoneGc:
      gcMode === 'repair'
        ? { mode: 'repair', propagationDelaySeconds: PROPAGATION_DELAY }
        : { mode: 'timeout' },
    ...(options.rangeStore ? { rangeStore: options.rangeStore } : {}),
  });
  const keys = Array.from({ length: partitions }, (_, i) => `k${String(i).padStart(8, '0')}`);
  const gcable = new Set(
    seededPermutation(partitions, seed).slice(0, Math.round(partitions * gcableFraction)),
  );
  const ts = { next: 1_000 };
  const inputs = compactingRunsOf(table, keys, compactingRuns, gcable, ts);
  const { others, held } = otherRunsOf(table, keys, otherRuns, compactingRuns, seed, ts);
  const repairHistory = gcMode === 'repair' ? repairHistoryFor(repairRanges, seed) : null;
  const gcBefore =
    repairHistory === null
      ? WORKLOAD_NOW - GC_GRACE
      : (key: string) => repairHistory.gcBeforeOf(key, PROPAGATION_DELAY);
  let outputId = compactingRuns + otherRuns + 1;
  return {
    purgeOrder,
    gcMode,
    table,
    keys,
    inputs,
    others,
    repairHistory,
    gcablePartitions: gcable.size,
    tombstonePartitions: partitions,
    run: () => compact({ table, inputs, others, outputId: outputId++, gcBefore, purgeOrder }),
    expectedClusterings: (key) => [
      ...Array.from({ length: compactingRuns }, (_, r) => 10 * r),
      ...(held.get(key) ?? []).map((r) => 1000 + r),
    ],
    readClusterings: (key, runs) =>
      readPartition(table, { runs }, key).map((row) => row.clustering[0] as number),
  };
}

function partitionOf(table: TableOptions, update: PartitionUpdate): Partition {
  return new Partition(table, update.key, update.deletionInfo, update.rows);
}

function compactingRunsOf(
  table: TableOptions,
  keys: readonly string[],
  runs: number,
  gcable: ReadonlySet<number>,
  ts: { next: number },
): SortedRun[] {
  const out: SortedRun[] = [];
  for (let r = 0; r < runs; r++) {
    const parts = keys.map((key, i) =>
      partitionOf(
        table,
        PartitionUpdate.builder(table, key)
          .insert([10 * r], { v: r }, ts.next++)
          .deleteRange(
            Slice.make(ClusteringBound.inclusiveStart(10 * r + 1), ClusteringBound.inclusiveEnd(10 * r + 5)),
            ts.next++,
            gcable.has(i) ? EXPIRED : RECENT,
          )
          .build(),
      ),
    );
    out.push(new SortedRun(r + 1, table, parts));
  }
  return out;
}

// Other runs: written later (newer timestamps), sparse in keys but spanning the whole key range.
function otherRunsOf(
  table: TableOptions,
  keys: readonly string[],
  runs: number,
  firstId: number,
  seed: number,
  ts: { next: number },
): { others: SortedRun[]; held: Map<string, number[]> } {
  const rng = xoroshiro128plus(seed + 1);
  const held = new Map<string, number[]>();
  const others: SortedRun[] = [];
  const perRun = Math.max(0, Math.floor(keys.length / Math.max(1, runs)) - 2);
  for (let r = 0; r < runs; r++) {
    const chosen = new Set([0, keys.length - 1]);
    while (chosen.size < perRun + 2) chosen.add(uniformInt(rng, 0, keys.length - 1));
    const parts = [...chosen].map((i) => {
      const key = keys[i]!;
      held.set(key, [...(held.get(key) ?? []), r]);
      return partitionOf(
        table,
        PartitionUpdate.builder(table, key)
          .insert([1000 + r], { w: r }, ts.next++)
          .build(),
      );
    });
    others.push(new SortedRun(firstId + r + 1, table, parts));
  }
  return { others, held };
}
