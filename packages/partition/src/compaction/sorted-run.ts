import { PartitionArgumentError } from '../errors.js';
import type { Partition } from '../model/partition.js';
import { checkPartitionKey, comparePartitionKeys, type PartitionKey } from '../model/partition-key.js';
import type { TableOptions } from '../table/table-options.js';
import { BloomFilter, hashKey, type KeyHash, PROBE } from './bloom-filter.js';

/**
 * An immutable flushed or compacted run of partitions (an SSTable stand-in): partitions in key order, a per-partition
 * index, min/max timestamps over everything stored, and a sealed bloom filter on the partition keys whose probes
 * are counted.
 */
export class SortedRun {
  /** Identifies the run within its table (Cassandra's generation). */
  readonly id: number;
  readonly table: TableOptions;
  /** Partitions in key order, frozen. */
  readonly partitions: readonly Partition[];
  /** Oldest timestamp of any row, cell or tombstone; `Infinity` for an empty run. */
  readonly minTimestamp: number;
  /** Newest timestamp stored; `-Infinity` for an empty run. */
  readonly maxTimestamp: number;
  /** Smallest and largest key, or null for an empty run. */
  readonly firstKey: PartitionKey | null;
  readonly lastKey: PartitionKey | null;
  readonly bloomFilter: BloomFilter;
  readonly #index: ReadonlyMap<PartitionKey, number>;

  /**
   * @param partitions snapshots to store; sorted here, must have distinct keys and belong to `table`
   * @param timestamps the min/max timestamps over `partitions` when the caller already knows them (compaction
   *   computes them while merging); trusted as given. Omitted: computed here from every partition.
   * @throws PartitionArgumentError for a duplicate key or a partition of another table
   */
  constructor(
    id: number,
    table: TableOptions,
    partitions: Iterable<Partition>,
    timestamps?: { readonly min: number; readonly max: number },
  ) {
    if (!Number.isSafeInteger(id) || id < 0)
      throw new PartitionArgumentError(`run id must be a non-negative integer, got ${id}`);
    const sorted = [...partitions].sort((a, b) => comparePartitionKeys(a.key, b.key));
    const index = new Map<PartitionKey, number>();
    const filter = new BloomFilter(sorted.length, table.bloomFalsePositiveRate);
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    sorted.forEach((p, i) => {
      if (p.table !== table)
        throw new PartitionArgumentError(`partition "${p.key}" belongs to another table`);
      if (index.has(p.key))
        throw new PartitionArgumentError(`duplicate partition key "${p.key}" in run ${id}`);
      index.set(p.key, i);
      filter.add(p.key);
      if (timestamps === undefined) {
        min = Math.min(min, p.minTimestamp());
        max = Math.max(max, p.maxTimestamp());
      }
    });
    if (timestamps !== undefined) {
      min = timestamps.min;
      max = timestamps.max;
    }
    this.id = id;
    this.table = table;
    this.partitions = Object.freeze(sorted);
    this.minTimestamp = min;
    this.maxTimestamp = max;
    this.firstKey = sorted[0]?.key ?? null;
    this.lastKey = sorted[sorted.length - 1]?.key ?? null;
    this.bloomFilter = filter.seal();
    this.#index = index;
    Object.freeze(this);
  }

  /**
   * Whether `key` lies within [firstKey, lastKey] (no probe: the cheap "sstables selected for key" check).
   * @throws PartitionArgumentError unless `key` is a non-empty string (a number compared false: "absent", silently);
   *   {@link mayContain} and {@link lookup} check through here.
   */
  coversKey(key: PartitionKey): boolean {
    return this[PROBE](checkPartitionKey(key));
  }

  /** @internal {@link coversKey} of a key the caller checked (compaction's max-purgeable loop; see {@link PROBE}). */
  [PROBE](key: PartitionKey): boolean {
    return this.firstKey !== null && this.lastKey !== null && key >= this.firstKey && key <= this.lastKey;
  }

  /** Key-range check, then one bloom-filter probe: false means the run certainly lacks `key`. */
  mayContain(key: PartitionKey, hash?: KeyHash): boolean {
    return this.coversKey(key) && this.bloomFilter.mightContain(hash ?? hashKey(key));
  }

  /**
   * The stored partition via the index (no bloom probe), or undefined.
   * @throws PartitionArgumentError unless `key` is a non-empty string.
   */
  get(key: PartitionKey): Partition | undefined {
    checkPartitionKey(key);
    const i = this.#index.get(key);
    return i === undefined ? undefined : this.partitions[i];
  }

  /** Read-path lookup: bloom filter first (counted), index only when it may be present. */
  lookup(key: PartitionKey, hash?: KeyHash): Partition | undefined {
    return this.mayContain(key, hash) ? this.get(key) : undefined;
  }

  /** Number of partitions. */
  get size(): number {
    return this.partitions.length;
  }
}
