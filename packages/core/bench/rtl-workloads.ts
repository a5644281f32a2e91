/**
 * Pure workload builders mirroring Cassandra's `RangeTombstoneListBench` (perfloop fork), shared by the benchmark
 * suites and their tests. Nothing here measures anything; every builder is deterministic given its inputs.
 */
import {
  ClusteringBound,
  ClusteringComparator,
  DeletionTime,
  PersistentRangeTombstoneList,
  RangeTombstone,
  RangeTombstoneList,
  type RangeTombstoneListBase,
  Slice,
  types,
} from '@tombstone-lab/core';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

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

/** The three storages: pre-CASSANDRA-21492 eager arrays, copy-on-write arrays, the persistent tree. */
export type Storage = 'eager' | 'cow' | 'persistent';

/** `name` as a {@link Storage} (a suite's factor level). @throws RangeError naming any other value. */
export function storageNamed(name: string): Storage {
  if (name === 'eager' || name === 'cow' || name === 'persistent') return name;
  throw new RangeError(`storage must be eager, cow or persistent, got ${JSON.stringify(name)}`);
}

/** An empty list of `storage` (`capacity` applies to the array lists; the tree has none). */
export function emptyList(storage: Storage, capacity: number): RangeTombstoneListBase {
  return storage === 'persistent'
    ? new PersistentRangeTombstoneList(BENCH_COMPARATOR)
    : new RangeTombstoneList(BENCH_COMPARATOR, { capacity, copyOnWrite: storage === 'cow' });
}

/**
 * The bench's `existing` list: `size` disjoint ranges `[2i, 2i+1]@(1,1)` with capacity == size (no spare capacity,
 * so a copy-on-write copy shares the arrays and the first append must grow).
 * @throws RangeError if size is not an integer in [0, 1024] (the initial-capacity limit).
 */
export function buildExisting(size: number, storage: Storage): RangeTombstoneListBase {
  if (!Number.isInteger(size) || size < 0 || size > 1024) {
    throw new RangeError(`size must be an integer in [0, 1024], got ${size}`);
  }
  const list = emptyList(storage, size);
  for (let i = 0; i < size; i++) list.add(benchRange(2 * i, 2 * i + 1));
  return list;
}

/** `benchCopyOnly`: the copy is returned so the caller can sink it. */
export function copyOnly(list: RangeTombstoneListBase): RangeTombstoneListBase {
  return list.copy();
}

/** `benchCopyAndAdd`: copy, then add `rt` (the tail tombstone appends), as a memtable merge does. */
export function copyAndAdd(
  list: RangeTombstoneListBase,
  rt: RangeTombstone = TAIL_TOMBSTONE,
): RangeTombstoneListBase {
  const copy = list.copy();
  copy.add(rt);
  return copy;
}

/**
 * `benchCopyAndAddMiddle`: copy, then insert at an interior position picked by `rng` (returns a float in [0, 1)).
 * The integer gaps between ranges are empty on int32, so the insert is the newer point range `[2k+1, 2k+1]@(2,1)`
 * overlapping the end of range k: it splits range k and shifts every later range, a non-append write.
 */
export function copyAndAddMiddle(list: RangeTombstoneListBase, rng: () => number): RangeTombstoneListBase {
  const copy = list.copy();
  const k = Math.min(list.size - 1, Math.max(0, Math.floor(rng() * list.size)));
  copy.add(ClusteringBound.inclusiveStart(2 * k + 1), ClusteringBound.inclusiveEnd(2 * k + 1), 2, 1);
  return copy;
}

/** A seeded source of floats in [0, 1) (pure-rand's xoroshiro128+), so every fork sees the same positions. */
export function seededUnit(seed: number): () => number {
  const rng = xoroshiro128plus(seed);
  const scale = 2 ** 30;
  return () => uniformInt(rng, 0, scale - 1) / scale;
}

/** 0 … n−1 in an order fixed by `seed` (Fisher–Yates). */
export function shuffledKeys(n: number, seed: number): number[] {
  const next = seededUnit(seed);
  const keys = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [keys[i], keys[j]] = [keys[j] as number, keys[i] as number];
  }
  return keys;
}

/**
 * The memtable pattern: starting from an empty list, `keys.length` times copy the newest list and add the
 * tombstone `[2k, 2k+1]@(1,1)` for the next key k, keeping only the newest copy. Keys in order append at the tail;
 * shuffled keys land at random interior positions. Returns the final list.
 */
export function successiveMergesOf(storage: Storage, keys: readonly number[]): RangeTombstoneListBase {
  let list = emptyList(storage, 1);
  for (const k of keys) {
    const next = list.copy();
    next.add(benchRange(2 * k, 2 * k + 1));
    list = next;
  }
  return list;
}

/** Stands for a copy: one object with the same five fields as an array list (comparator, config, store, size, heap). */
export class BareCopy {
  constructor(
    readonly comparator: unknown,
    readonly config: unknown,
    readonly store: unknown,
    readonly count: number,
    readonly boundsHeap: number,
  ) {}
}

/**
 * The cheapest conceivable O(1) copy of `list`: one new object holding a list's five fields, with no hook, no
 * capacity rule and no sharing bookkeeping — less than any correct `copy()` can do.
 */
export function bareCopy(list: RangeTombstoneListBase): BareCopy {
  return new BareCopy(list.comparator, list, list, list.size, list.size);
}

/** `count` clusterings `[2k]` at positions k drawn by `seededUnit(seed)` over a list of `size` ranges `[2i, 2i+1]`. */
export function searchKeys(size: number, count: number, seed: number): number[][] {
  const next = seededUnit(seed);
  return Array.from({ length: count }, () => [2 * Math.floor(next() * size)]);
}

/** The middle fifth of a list of `size` ranges `[2i, 2i+1]`: a slice over `size / 5` of them, clipped at both ends. */
export function middleSlice(size: number): Slice {
  const from = Math.floor((2 * size) / 5);
  return Slice.make(
    ClusteringBound.inclusiveStart(2 * from + 1),
    ClusteringBound.inclusiveEnd(2 * (from + size / 5)),
  );
}

/** Iterates the ranges of `list` intersecting `slice`; returns the sum of their timestamps (a value to sink). */
export function sliceSum(list: RangeTombstoneListBase, slice: Slice): number {
  let sum = 0;
  for (const rt of list.iterator(slice)) sum += rt.deletionTime.markedForDeleteAt;
  return sum;
}

/**
 * A bare object with eight fields: the persistent list when it was copied as one object (configuration, bounds heap
 * and tree state).
 */
export class BareCopy8 {
  constructor(
    readonly config: unknown,
    readonly boundsHeap: number,
    readonly owner: number,
    readonly root: unknown,
    readonly n: number,
    readonly tail: unknown,
    readonly cacheLeaf: unknown,
    readonly cacheBase: number,
  ) {}
}

/**
 * A bare object with six fields: that one-object list without its leaf cache (the fewest it could hold):
 * configuration, bounds heap, owner id, root, size, tail.
 */
export class BareCopy6 {
  // biome-ignore format: one line, the fields of BareCopy8 without its last two
  constructor(readonly c: unknown, readonly h: number, readonly o: number, readonly r: unknown, readonly n: number, readonly t: unknown) {}
}

/** A bare object with three fields: the persistent list's handle (its state, size and bounds heap). */
export class BareCopy3 {
  constructor(
    readonly state: unknown,
    readonly n: number,
    readonly boundsHeap: number,
  ) {}
}

/**
 * {@link bareCopy} with `fields` fields (3, 5, 6 or 8): the floor of a one-allocation copy holding that much state.
 * @throws RangeError for any other count.
 */
export function bareCopyWith(fields: number): (list: RangeTombstoneListBase) => unknown {
  if (fields === 3) return (list) => new BareCopy3(list, list.size, list.size);
  if (fields === 5) return bareCopy;
  if (fields === 6) return (list) => new BareCopy6(list, list.size, list.size, list, list.size, list);
  if (fields === 8) {
    return (list) => new BareCopy8(list, list.size, list.size, list, list.size, list, list, list.size);
  }
  throw new RangeError(`a bare copy has 3, 5, 6 or 8 fields, got ${fields}`);
}
