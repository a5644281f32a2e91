/**
 * Seeds 000/001 in the HarryCompactionWithRangeDeletionsTest shape: background partitions and the target
 * partition's rows are flushed first; then N range deletes go into the one unflushed target partition (each a
 * memtable merge: copy-then-add of its deletion info), then flush and a major compaction; afterwards every partition
 * is read forward and reversed and checked against what the workload wrote.
 */
import {
  ClusteringBound,
  ClusteringComparator,
  type RangeTombstoneStoreFactory,
  Slice,
  types,
} from '@tombstone-lab/core';
import {
  type CompactionStats,
  PartitionUpdate,
  Table,
  type TableOptions,
  tableOptions,
} from '@tombstone-lab/partition';
import { HarnessArgumentError } from '../errors.js';
import type { Op } from '../generator/ops.js';
import { defineWorkload, type WorkloadSpec } from '../generator/spec.js';
import { seededPermutation } from './seeded-permutation.js';
import type { Arrival } from './successive-range-writes.js';

/** Shape of one {@link rangeMerges} workload. */
export interface RangeMergesOptions {
  /** Range deletes into the unflushed target partition. */
  readonly n: number;
  readonly rangeStore: RangeTombstoneStoreFactory;
  readonly arrival: Arrival;
  /** Seed of the random arrival order. Default 1. */
  readonly seed?: number;
  /** Other partitions (rows only). Default 16. */
  readonly backgroundPartitions?: number;
  /** Rows per background partition. Default 20. */
  readonly backgroundRows?: number;
}

/** What one {@link RangeMergesWorkload.run} leaves behind. */
export interface RangeMergesResult {
  /** The table after flush and major compaction (one run). */
  readonly table: Table;
  /** Heap the memtable reported after the N merges (Σ of the updater's deltas). */
  readonly memtableHeap: number;
  readonly compaction: CompactionStats;
}

/** Outcome of {@link RangeMergesWorkload.check}. */
export interface RangeMergesCheck {
  readonly partitionsChecked: number;
  readonly rowsChecked: number;
  /** One line per divergent read (key, direction, expected and actual clusterings); empty when all agree. */
  readonly divergences: readonly string[];
}

/** A prepared range-merges workload. */
export interface RangeMergesWorkload {
  readonly n: number;
  readonly arrival: Arrival;
  readonly options: TableOptions;
  readonly keys: readonly string[];
  /** Writes, merges, flushes and compacts on a fresh table. */
  run(): RangeMergesResult;
  /** Reads every partition of `result.table` forward and reversed and compares with the expectation. */
  check(result: RangeMergesResult): RangeMergesCheck;
  /** Clusterings a forward read of `key` must return, from how the workload wrote it (not from the engine). */
  expectedClusterings(key: string): number[];
  /**
   * The same workload as an op history for the model checker (`runHistory` with {@link spec}): the writes one row
   * per op, a flush, the N range deletes, a flush and a major compaction. Clustering values are the spec's value
   * space (`c − ⌊cardinality / 2⌋`), the same rows and ranges shifted.
   */
  history(): Op[];
  /** The schema of {@link history}: one int32 clustering column wide enough for every row written. */
  readonly spec: WorkloadSpec;
}

/** Seconds the workload's clock is pinned to: tombstones are all within gc grace, so all are kept. */
export const RANGE_MERGES_NOW = 10_000_000;
const TARGET = 'pk';

function count(name: string, value: number, min: number): number {
  if (!Number.isSafeInteger(value) || value < min)
    throw new HarnessArgumentError(`${name} must be an integer ≥ ${min}, got ${value}`);
  return value;
}

/**
 * Target partition: rows at clusterings 0 … 2N−1, those with c % 3 = 0 written newer (timestamp N + 1) than every
 * range delete, the rest at timestamp 0; range delete k covers [2p, 2p+1] at timestamp k + 1 (p = k for tail
 * arrival, a seeded permutation for random arrival). So exactly the rows with c % 3 = 0 survive.
 * @throws HarnessArgumentError for a bad option.
 */
export function rangeMerges(options: RangeMergesOptions): RangeMergesWorkload {
  const n = count('n', options.n, 1);
  const bgPartitions = count('backgroundPartitions', options.backgroundPartitions ?? 16, 0);
  const bgRows = count('backgroundRows', options.backgroundRows ?? 20, 1);
  const { arrival } = options;
  if (arrival !== 'tail' && arrival !== 'random')
    throw new HarnessArgumentError(`arrival must be 'tail' or 'random', got ${String(arrival)}`);
  if (typeof options.rangeStore !== 'function')
    throw new HarnessArgumentError('rangeStore must be a RangeTombstoneStoreFactory');
  const table = tableOptions({
    comparator: new ClusteringComparator([types.int32]),
    rangeStore: options.rangeStore,
  });
  const bgKeys = Array.from({ length: bgPartitions }, (_, i) => `bg${String(i).padStart(4, '0')}`);
  const seedWrites: PartitionUpdate[] = bgKeys.map((key, i) => {
    const b = PartitionUpdate.builder(table, key);
    for (let c = 0; c < bgRows; c++) b.insert([c], { v: i }, 1 + c);
    return b.build();
  });
  const rows = PartitionUpdate.builder(table, TARGET);
  for (let c = 0; c < 2 * n; c++) rows.insert([c], { v: c }, c % 3 === 0 ? n + 1 : 0);
  seedWrites.push(rows.build());
  const positions =
    arrival === 'tail' ? Array.from({ length: n }, (_, i) => i) : seededPermutation(n, options.seed ?? 1);
  const deletes = positions.map((p, k) =>
    PartitionUpdate.builder(table, TARGET)
      .deleteRange(
        Slice.make(ClusteringBound.inclusiveStart(2 * p), ClusteringBound.inclusiveEnd(2 * p + 1)),
        k + 1,
        RANGE_MERGES_NOW - 60,
      )
      .build(),
  );
  const expectedClusterings = (key: string): number[] =>
    key === TARGET
      ? Array.from({ length: Math.ceil((2 * n) / 3) }, (_, i) => 3 * i)
      : Array.from({ length: bgRows }, (_, c) => c);
  const keys = [...bgKeys, TARGET];
  const spec = historySpec(Math.max(2 * n, bgRows));
  const history = (): Op[] => {
    const offset = Math.floor(spec.schema.clustering[0]!.cardinality / 2);
    const ops: Op[] = [];
    const ldt = RANGE_MERGES_NOW - 60;
    bgKeys.forEach((pk, i) => {
      for (let c = 0; c < bgRows; c++)
        ops.push({ k: ops.length, kind: 'insert', pk, ck: [c - offset], values: { v: i }, ts: 1 + c });
    });
    for (let c = 0; c < 2 * n; c++) {
      const ts = c % 3 === 0 ? n + 1 : 0;
      ops.push({ k: ops.length, kind: 'insert', pk: TARGET, ck: [c - offset], values: { v: c }, ts });
    }
    ops.push({ k: ops.length, kind: 'flush' });
    positions.forEach((p, k) => {
      const range = {
        prefix: [],
        lower: { value: 2 * p - offset, inclusive: true },
        upper: { value: 2 * p + 1 - offset, inclusive: true },
      };
      ops.push({ k: ops.length, kind: 'deleteRange', pk: TARGET, range, ts: k + 1, ldt });
    });
    ops.push({ k: ops.length, kind: 'flush' });
    ops.push({ k: ops.length, kind: 'compact', scope: 'all', now: RANGE_MERGES_NOW });
    return ops;
  };
  return {
    history,
    spec,
    n,
    arrival,
    options: table,
    keys,
    run() {
      const t = new Table(table, { clock: () => RANGE_MERGES_NOW });
      for (const u of seedWrites) t.apply(u);
      t.flush();
      for (const u of deletes) t.apply(u);
      const memtableHeap = t.memtable.heapSize;
      t.flush();
      return { table: t, memtableHeap, compaction: t.compact().stats };
    },
    check: (result) => checkReads(result.table, keys, expectedClusterings),
    expectedClusterings,
  };
}

const NO_OPS = { weight: 0 };

/** A spec whose schema holds the range-merges rows (its op mix is unused: the history is explicit). */
function historySpec(cardinality: number): WorkloadSpec {
  return defineWorkload({
    schema: {
      clustering: [{ name: 'c', type: 'int32', cardinality }],
      columns: [{ name: 'v', type: 'int' }],
    },
    partitions: { count: 1, distribution: { kind: 'uniform' } },
    ops: {
      insert: { weight: 1 },
      update: NO_OPS,
      rowDelete: NO_OPS,
      columnDelete: NO_OPS,
      rangeDelete: NO_OPS,
      partitionDelete: NO_OPS,
      readPartition: NO_OPS,
      readRow: NO_OPS,
      readSlice: NO_OPS,
      flush: NO_OPS,
      compact: NO_OPS,
    },
  });
}

function checkReads(
  table: Table,
  keys: readonly string[],
  expected: (key: string) => number[],
): RangeMergesCheck {
  const divergences: string[] = [];
  let rowsChecked = 0;
  for (const key of keys) {
    const want = expected(key);
    for (const reversed of [false, true]) {
      const got = table.read(key, { reversed }).map((r) => r.clustering[0] as number);
      const exp = reversed ? [...want].reverse() : want;
      rowsChecked += got.length;
      if (got.length !== exp.length || got.some((c, i) => c !== exp[i])) {
        divergences.push(
          `${key} ${reversed ? 'reversed' : 'forward'}: expected [${exp.join(',')}], got [${got.join(',')}]`,
        );
      }
    }
  }
  return { partitionsChecked: keys.length, rowsChecked, divergences };
}
