import { checkOptionsBag } from '../argument-checks.js';
import { describeValue, PartitionArgumentError } from '../errors.js';
import { Partition } from '../model/partition.js';
import { checkPartitionKey, comparePartitionKeys, type PartitionKey } from '../model/partition-key.js';
import { checkTableOptions, type TableOptions } from '../table/table-options.js';
import { TRUSTED, type Trusted } from '../trusted.js';
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
   *   computes them while merging): safe integers with `min <= max`, or `{ min: Infinity, max: -Infinity }` for no
   *   partitions. Omitted: computed here from every partition.
   * @throws PartitionArgumentError for a bad id, settings `tableOptions(…)` did not return, partitions that are not an
   *   iterable of Partitions, a duplicate key, a partition of another table, or bad timestamps
   */
  constructor(
    id: number,
    table: TableOptions,
    partitions: Iterable<Partition>,
    timestamps?: { readonly min: number; readonly max: number },
    trusted?: Trusted,
  ) {
    if (!Number.isSafeInteger(id) || id < 0)
      throw new PartitionArgumentError(`run id must be a non-negative integer, got ${describeValue(id)}`);
    const all = trusted === TRUSTED ? [...partitions] : checkRunParts(table, partitions, timestamps);
    const sorted = all.sort((a, b) => comparePartitionKeys(a.key, b.key));
    const index = new Map<PartitionKey, number>();
    const filter = new BloomFilter(sorted.length, table.bloomFalsePositiveRate);
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    sorted.forEach((p, i) => {
      if (p.table !== table)
        throw new PartitionArgumentError(`partition ${describeValue(p.key)} belongs to another table`);
      if (index.has(p.key))
        throw new PartitionArgumentError(`duplicate partition key ${describeValue(p.key)} in run ${id}`);
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

/**
 * What `new SortedRun` takes from outside the package (flush and compaction pass {@link TRUSTED}): `null` partitions
 * failed with a plain TypeError and `[5]` as "partition "undefined" belongs to another table"; `{ min: 5, max: 1 }`,
 * `{ min: 'a' }` or a misspelled `{ mn: 1 }` (min undefined) were kept and fed max-purgeable, which decides purging.
 */
function checkRunParts(table: TableOptions, partitions: unknown, timestamps: unknown): Partition[] {
  checkTableOptions(table, 'SortedRun');
  if (
    partitions === null ||
    typeof partitions !== 'object' ||
    typeof (partitions as Iterable<unknown>)[Symbol.iterator] !== 'function'
  ) {
    throw new PartitionArgumentError(
      `a run's partitions must be an iterable of Partitions, got ${describeValue(partitions)}`,
    );
  }
  // Iterated once (a generator would be empty the second time), then checked as an array.
  const all: unknown[] = [...(partitions as Iterable<unknown>)];
  for (const p of all) {
    if (!(p instanceof Partition)) {
      throw new PartitionArgumentError(`a run's partitions must be Partitions, got ${describeValue(p)}`);
    }
  }
  checkRunTimestamps(timestamps);
  return all as Partition[];
}

function checkRunTimestamps(timestamps: unknown): void {
  if (timestamps === undefined) return;
  checkOptionsBag(timestamps, ['min', 'max'], 'run timestamps field');
  const { min, max } = timestamps as { min: unknown; max: unknown };
  const empty = min === Number.POSITIVE_INFINITY && max === Number.NEGATIVE_INFINITY;
  if (
    !empty &&
    !(Number.isSafeInteger(min) && Number.isSafeInteger(max) && (min as number) <= (max as number))
  ) {
    throw new PartitionArgumentError(
      `a run's timestamps must be safe integers with min <= max (or { min: Infinity, max: -Infinity } when empty), got ${describeValue(timestamps)}`,
    );
  }
}
