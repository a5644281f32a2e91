/**
 * Pure workload builders for the partition benchmarks. Each builder does all preparation up front and returns a
 * `run()` that performs only the measured work, is repeatable (every call starts from the same state) and returns a
 * value derived from the work so a benchmark can sink it. Randomness comes from a seeded pure-rand generator.
 */
import {
  ClusteringBound,
  ClusteringComparator,
  type RangeTombstoneStoreFactory,
  Slice,
  types,
} from '@tombstone-lab/core';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import {
  type CompactionResult,
  compact,
  Memtable,
  Partition,
  PartitionUpdate,
  type PurgeOrder,
  SortedRun,
  type TableOptions,
  tableOptions,
} from '../src/index.js';

/** Where successive range tombstones land in the partition. */
export type Arrival = 'tail' | 'random';

/** Result of one {@link SuccessiveRangeWritesWorkload.run}. */
export interface SuccessiveRangeWritesResult {
  /** The partition snapshot after the last write. */
  readonly partition: Partition;
  /** Σ of the heap deltas the updater reported (equals the final snapshot's retained heap). */
  readonly heapReported: number;
}

/** N range-tombstone writes into one unflushed partition, prepared. */
export interface SuccessiveRangeWritesWorkload {
  readonly n: number;
  readonly arrival: Arrival;
  readonly table: TableOptions;
  /** The N single-range updates, in arrival order. */
  readonly updates: readonly PartitionUpdate[];
  /** Applies every update, in order, to a fresh memtable through the real updater (copy-then-add per write). */
  run(): SuccessiveRangeWritesResult;
}

/** A seeded Fisher–Yates permutation of 0..n-1. */
function permutation(n: number, seed: number): number[] {
  const rng = xoroshiro128plus(seed);
  const out = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = uniformInt(rng, 0, i);
    const t = out[i]!;
    out[i] = out[j]!;
    out[j] = t;
  }
  return out;
}

/**
 * N successive range-tombstone writes into one unflushed partition (the CASSANDRA-21492 workload): write k deletes
 * `[2p, 2p+1]` at timestamp k+1, where p = k for `'tail'` arrivals (each range sorts after all earlier ones: the
 * fast append path) or p = a seeded random permutation of 0..n-1 for `'random'` arrivals (inserts at interior
 * positions). Ranges are disjoint, so the final partition holds exactly n ranges whatever the order.
 * Every write goes through `Memtable.put` → `mergePartitions` → `existing.mutableCopy().add(update)`.
 * @param factory the range container under test (e.g. core's eager or copy-on-write list factory)
 */
export function successiveRangeWrites(
  n: number,
  factory: RangeTombstoneStoreFactory,
  arrival: Arrival,
  seed = 1,
): SuccessiveRangeWritesWorkload {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`n must be a positive integer, got ${n}`);
  if (arrival !== 'tail' && arrival !== 'random')
    throw new RangeError(`arrival must be 'tail' or 'random', got ${arrival}`);
  const table = tableOptions({ comparator: new ClusteringComparator([types.int32]), rangeStore: factory });
  const positions = arrival === 'tail' ? Array.from({ length: n }, (_, i) => i) : permutation(n, seed);
  const updates = positions.map((p, k) =>
    PartitionUpdate.builder(table, 'pk')
      .deleteRange(
        Slice.make(ClusteringBound.inclusiveStart(2 * p), ClusteringBound.inclusiveEnd(2 * p + 1)),
        k + 1,
        1,
      )
      .build(),
  );
  return {
    n,
    arrival,
    table,
    updates,
    run() {
      const memtable = new Memtable(table);
      let last: Partition | undefined;
      for (const update of updates) last = memtable.put(update).partition;
      return { partition: last!, heapReported: memtable.heapSize };
    },
  };
}

/** Shape of the {@link tombstoneHeavyCompaction} case. */
export interface TombstoneHeavyOptions {
  /** Distinct partition keys in the compacting runs (each holds one range tombstone and a row). Default 5000. */
  readonly partitions?: number;
  /** Runs being compacted together; every one holds every key. Default 2. */
  readonly compactingRuns?: number;
  /** Non-compacting runs; each covers the whole key range but holds only a few keys. Default 500. */
  readonly otherRuns?: number;
  /** Fraction of partitions whose tombstones are past gc grace (the rest are still within it). Default 0.05. */
  readonly gcableFraction?: number;
  /** Range container factory. Default the table default (copy-on-write list). */
  readonly rangeStore?: RangeTombstoneStoreFactory;
  /** Seed choosing the gc-able partitions and the other runs' keys. Default 1. */
  readonly seed?: number;
}

/** A prepared tombstone-heavy compaction. */
export interface TombstoneHeavyWorkload {
  readonly purgeOrder: PurgeOrder;
  readonly inputs: readonly SortedRun[];
  readonly others: readonly SortedRun[];
  /** Partitions holding a tombstone past gc grace. */
  readonly gcablePartitions: number;
  /** Partitions holding any tombstone (all of them). */
  readonly tombstonePartitions: number;
  /** Runs the compaction; the input runs are immutable, so every call does the same work. */
  run(): CompactionResult;
}

/** Seconds "now" is pinned to in {@link tombstoneHeavyCompaction}. */
export const WORKLOAD_NOW = 10_000_000;
const GC_GRACE = 864_000;

/**
 * A compaction after a deletion burst, where most tombstones are still within gc grace (seed 003): `compactingRuns`
 * runs each hold every one of `partitions` keys with a range tombstone and a live row; a `gcableFraction` of the keys
 * carry tombstones older than gc grace. `otherRuns` non-compacting runs each cover the whole key range (first and
 * last key) plus a sparse seeded subset, so every key costs one bloom probe per other run when max-purgeable is
 * computed. Expected probes: `gcablePartitions × otherRuns` deferred, `tombstonePartitions × otherRuns` eager.
 */
export function tombstoneHeavyCompaction(
  options: TombstoneHeavyOptions,
  purgeOrder: PurgeOrder,
): TombstoneHeavyWorkload {
  const partitions = options.partitions ?? 5000;
  const compactingRuns = options.compactingRuns ?? 2;
  const otherRuns = options.otherRuns ?? 500;
  const gcableFraction = options.gcableFraction ?? 0.05;
  const seed = options.seed ?? 1;
  if (!Number.isSafeInteger(partitions) || partitions < 2)
    throw new RangeError(`partitions must be ≥ 2, got ${partitions}`);
  if (!Number.isSafeInteger(compactingRuns) || compactingRuns < 1) {
    throw new RangeError(`compactingRuns must be ≥ 1, got ${compactingRuns}`);
  }
  if (!Number.isSafeInteger(otherRuns) || otherRuns < 0)
    throw new RangeError(`otherRuns must be ≥ 0, got ${otherRuns}`);
  if (!(gcableFraction >= 0 && gcableFraction <= 1))
    throw new RangeError(`gcableFraction must be in [0, 1], got ${gcableFraction}`);
  if (purgeOrder !== 'deferred' && purgeOrder !== 'eager')
    throw new RangeError(`bad purgeOrder ${purgeOrder}`);

  const table = tableOptions({
    comparator: new ClusteringComparator([types.int32]),
    gcGraceSeconds: GC_GRACE,
    ...(options.rangeStore ? { rangeStore: options.rangeStore } : {}),
  });
  const keys = Array.from({ length: partitions }, (_, i) => `k${String(i).padStart(8, '0')}`);
  const order = permutation(partitions, seed);
  const gcable = new Set(order.slice(0, Math.round(partitions * gcableFraction)));
  const recent = WORKLOAD_NOW - 60;
  const expired = WORKLOAD_NOW - 2 * GC_GRACE;

  let ts = 1_000;
  const inputs: SortedRun[] = [];
  for (let r = 0; r < compactingRuns; r++) {
    const parts = keys.map((key, i) => {
      const ldt = gcable.has(i) ? expired : recent;
      const u = PartitionUpdate.builder(table, key)
        .insert([10 * r], { v: r }, ts++)
        .deleteRange(
          Slice.make(ClusteringBound.inclusiveStart(10 * r + 1), ClusteringBound.inclusiveEnd(10 * r + 5)),
          ts++,
          ldt,
        )
        .build();
      return new Partition(table, key, u.deletionInfo, u.rows);
    });
    inputs.push(new SortedRun(r + 1, table, parts));
  }
  // Other runs: written later (newer timestamps), sparse in keys but spanning the whole key range.
  const rng = xoroshiro128plus(seed + 1);
  const others: SortedRun[] = [];
  const perRun = Math.max(0, Math.floor(partitions / Math.max(1, otherRuns)) - 2);
  for (let r = 0; r < otherRuns; r++) {
    const chosen = new Set([0, partitions - 1]);
    while (chosen.size < perRun + 2) chosen.add(uniformInt(rng, 0, partitions - 1));
    const parts = [...chosen].map((i) => {
      const u = PartitionUpdate.builder(table, keys[i]!)
        .insert([1000 + r], { w: r }, ts++)
        .build();
      return new Partition(table, keys[i]!, u.deletionInfo, u.rows);
    });
    others.push(new SortedRun(compactingRuns + r + 1, table, parts));
  }
  const gcBefore = WORKLOAD_NOW - GC_GRACE;
  let outputId = compactingRuns + otherRuns + 1;
  return {
    purgeOrder,
    inputs,
    others,
    gcablePartitions: gcable.size,
    tombstonePartitions: partitions,
    run() {
      return compact({ table, inputs, others, outputId: outputId++, gcBefore, purgeOrder });
    },
  };
}
