/**
 * The CASSANDRA-21492 write path as a workload: N range-tombstone writes into one unflushed partition. Like every
 * workload builder here it does all preparation up front and returns a `run()` that performs only the measured work,
 * is repeatable (every call starts from the same state) and returns a value a benchmark can sink.
 */
import {
  ClusteringBound,
  ClusteringComparator,
  type RangeTombstoneStoreFactory,
  Slice,
  types,
} from '@tombstone-lab/core';
import {
  Memtable,
  type Partition,
  PartitionUpdate,
  type TableOptions,
  tableOptions,
} from '@tombstone-lab/partition';
import { seededPermutation } from './seeded-permutation.js';

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
  const positions = arrival === 'tail' ? Array.from({ length: n }, (_, i) => i) : seededPermutation(n, seed);
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
