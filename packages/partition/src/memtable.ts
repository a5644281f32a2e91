import { PartitionArgumentError } from './errors.js';
import type { Partition } from './partition.js';
import { comparePartitionKeys, type PartitionKey } from './partition-key.js';
import type { PartitionUpdate } from './partition-update.js';
import { mergePartitions } from './partition-updater.js';
import type { TableOptions } from './table-options.js';

/** Cassandra charges 8 bytes of live data for every new partition (the key's token position), besides its rows. */
export const NEW_PARTITION_DATA_SIZE = 8;

/** What one {@link Memtable.put} reported. */
export interface PutResult {
  /** Live data added: {@link NEW_PARTITION_DATA_SIZE} for a new partition plus the updater's data delta. */
  readonly dataSizeDelta: number;
  /** Heap delta reported by the updater. */
  readonly heapSizeDelta: number;
  /** The snapshot now published for the key. */
  readonly partition: Partition;
}

/**
 * The in-memory write buffer: partition key → latest published {@link Partition} snapshot. Every write goes through
 * {@link mergePartitions} and replaces the snapshot; readers holding an old snapshot keep seeing it unchanged.
 * Single-threaded JS has no CAS race, so each write is one successful "attempt".
 */
export class Memtable {
  readonly table: TableOptions;
  readonly #partitions = new Map<PartitionKey, Partition>();
  #liveDataSize = 0;
  #heapSize = 0;
  #minTimestamp = Number.POSITIVE_INFINITY;
  #maxTimestamp = Number.NEGATIVE_INFINITY;
  #operations = 0;
  #frozen = false;

  constructor(table: TableOptions) {
    this.table = table;
  }

  /**
   * Applies a write. Accounts live data and heap, and tracks the min/max timestamp of everything written (data and
   * tombstones: compaction's max-purgeable check needs the oldest timestamp the memtable may hold).
   * @throws PartitionArgumentError for an update of another table or after the memtable was frozen for flushing.
   */
  put(update: PartitionUpdate): PutResult {
    if (update.table !== this.table) {
      throw new PartitionArgumentError(`update for key "${update.key}" belongs to another table`);
    }
    if (this.#frozen)
      throw new PartitionArgumentError('this memtable is being flushed and accepts no more writes');
    const current = this.#partitions.get(update.key) ?? null;
    const result = mergePartitions(current, update);
    const dataSizeDelta = (current === null ? NEW_PARTITION_DATA_SIZE : 0) + result.dataSizeDelta;
    if (result.partition !== current) this.#partitions.set(update.key, result.partition);
    this.#liveDataSize += dataSizeDelta;
    this.#heapSize += result.heapSizeDelta;
    this.#minTimestamp = Math.min(this.#minTimestamp, update.minTimestamp());
    this.#maxTimestamp = Math.max(this.#maxTimestamp, update.maxTimestamp());
    this.#operations++;
    return { dataSizeDelta, heapSizeDelta: result.heapSizeDelta, partition: result.partition };
  }

  /** The published snapshot for `key`, or undefined. */
  get(key: PartitionKey): Partition | undefined {
    return this.#partitions.get(key);
  }

  /** Whether a partition exists for `key`. */
  has(key: PartitionKey): boolean {
    return this.#partitions.has(key);
  }

  /** Snapshots in partition-key order. */
  sortedPartitions(): Partition[] {
    return [...this.#partitions.values()].sort((a, b) => comparePartitionKeys(a.key, b.key));
  }

  /** Number of partitions. */
  get partitionCount(): number {
    return this.#partitions.size;
  }

  /** Sum of reported data deltas (row data plus 8 per partition). */
  get liveDataSize(): number {
    return this.#liveDataSize;
  }

  /** Sum of reported heap deltas; equals Σ partition.unsharedHeapSize() of the current snapshots. */
  get heapSize(): number {
    return this.#heapSize;
  }

  /** Oldest timestamp written; `Infinity` when empty. */
  get minTimestamp(): number {
    return this.#minTimestamp;
  }

  /** Newest timestamp written; `-Infinity` when empty. */
  get maxTimestamp(): number {
    return this.#maxTimestamp;
  }

  /** Number of successful puts. */
  get operationCount(): number {
    return this.#operations;
  }

  /** Stops accepting writes (done by a flush so the flushed content cannot change underneath it). */
  freeze(): void {
    this.#frozen = true;
  }
}
