/**
 * Pure workload builders mirroring Cassandra's `RangeTombstoneListBench` (perfloop fork), shared by the benchmark
 * suites and their tests. Nothing here measures anything; every builder is deterministic given its inputs.
 */
import {
  ClusteringBound,
  ClusteringComparator,
  DeletionTime,
  RangeTombstone,
  RangeTombstoneList,
  Slice,
  types,
} from '@tombstone-lab/core';

/** The benchmark's comparator: a single int32 clustering column. */
export const BENCH_COMPARATOR = new ClusteringComparator([types.int32]);

/** Every benchmark tombstone is deleted at (markedForDeleteAt 1, localDeletionTime 1), as in the JMH bench. */
export const BENCH_DELETION = DeletionTime.build(1, 1);

/** `[a, b]@(1,1)`. */
export function benchRange(a: number, b: number): RangeTombstone {
  return new RangeTombstone(
    Slice.make(ClusteringBound.inclusiveStart(a), ClusteringBound.inclusiveEnd(b)),
    BENCH_DELETION,
  );
}

/** `[100000, 100001]@(1,1)`: sorts after every range of {@link buildExisting} (sizes up to 50,000), so adding it appends. */
export const TAIL_TOMBSTONE: RangeTombstone = benchRange(100000, 100001);

/**
 * The bench's `existing` list: `size` disjoint ranges `[2i, 2i+1]@(1,1)` with capacity == size (no spare capacity,
 * so a copy-on-write copy shares the arrays and the first append must grow).
 * @throws RangeError if size is not an integer in [0, 1024] (the initial-capacity limit).
 */
export function buildExisting(size: number, copyOnWrite: boolean): RangeTombstoneList {
  if (!Number.isInteger(size) || size < 0 || size > 1024) {
    throw new RangeError(`size must be an integer in [0, 1024], got ${size}`);
  }
  const list = new RangeTombstoneList(BENCH_COMPARATOR, { capacity: size, copyOnWrite });
  for (let i = 0; i < size; i++) list.add(benchRange(2 * i, 2 * i + 1));
  return list;
}

/** `benchCopyOnly`: the copy is returned so the caller can sink it. */
export function copyOnly(list: RangeTombstoneList): RangeTombstoneList {
  return list.copy();
}

/** `benchCopyAndAdd`: copy, then add `rt` (the tail tombstone appends), as a memtable merge does. */
export function copyAndAdd(
  list: RangeTombstoneList,
  rt: RangeTombstone = TAIL_TOMBSTONE,
): RangeTombstoneList {
  const copy = list.copy();
  copy.add(rt);
  return copy;
}

/**
 * `benchCopyAndAddMiddle`: copy, then insert at an interior position picked by `rng` (returns a float in [0, 1)).
 * The integer gaps between ranges are empty on int32, so the insert is the newer point range `[2k+1, 2k+1]@(2,1)`
 * overlapping the end of range k: it splits range k and shifts every later range, a non-append write.
 */
export function copyAndAddMiddle(list: RangeTombstoneList, rng: () => number): RangeTombstoneList {
  const copy = list.copy();
  const k = Math.min(list.size - 1, Math.max(0, Math.floor(rng() * list.size)));
  copy.add(ClusteringBound.inclusiveStart(2 * k + 1), ClusteringBound.inclusiveEnd(2 * k + 1), 2, 1);
  return copy;
}

/**
 * The memtable pattern: starting from an empty list, `n` times copy the newest list and append one tombstone
 * `[2k, 2k+1]@(1,1)` at its tail, keeping only the newest copy. Returns the final list (size `n`).
 */
export function successiveMerges(n: number, copyOnWrite: boolean): RangeTombstoneList {
  let list = new RangeTombstoneList(BENCH_COMPARATOR, { capacity: 1, copyOnWrite });
  for (let k = 0; k < n; k++) {
    const next = list.copy();
    next.add(benchRange(2 * k, 2 * k + 1));
    list = next;
  }
  return list;
}
