import { type Clustering, objectSize, referenceArraySize } from '@tombstone-lab/core';
import { DeletionInfo, type ReadonlyDeletionInfo } from './deletion-info.js';
import { ImmutableStateError } from './errors.js';
import { checkPartitionKey, type PartitionKey } from './partition-key.js';
import type { Row } from './row.js';
import { findRow, maxTimestampOf, minTimestampOf } from './sorted-rows.js';
import type { TableOptions } from './table-options.js';

/**
 * An immutable, published snapshot of one partition: what the memtable map holds and what readers see. A new
 * snapshot replaces it on every write; a reader holding an old one never observes a change (its rows array and
 * the snapshot are frozen, its `DeletionInfo` is frozen so every mutator throws).
 */
export class Partition {
  readonly table: TableOptions;
  readonly key: PartitionKey;
  readonly deletionInfo: ReadonlyDeletionInfo;
  /** Sorted by clustering, one row per clustering, frozen. */
  readonly rows: readonly Row[];

  /**
   * @param rows must already be sorted by clustering without duplicates (the updater and compaction produce them so)
   * @throws ImmutableStateError if `deletionInfo` is not frozen: a published snapshot must not share mutable state
   */
  constructor(
    table: TableOptions,
    key: PartitionKey,
    deletionInfo: ReadonlyDeletionInfo,
    rows: readonly Row[],
  ) {
    if (!deletionInfo.isFrozen()) {
      throw new ImmutableStateError(
        'a Partition snapshot needs a frozen DeletionInfo (call freeze() before publishing)',
      );
    }
    this.table = table;
    this.key = checkPartitionKey(key);
    this.deletionInfo = deletionInfo;
    this.rows = Object.isFrozen(rows) ? rows : Object.freeze([...rows]);
    Object.freeze(this);
  }

  /** The snapshot of a partition nothing was written to (Cassandra's `BTreePartitionData.EMPTY`). */
  static empty(table: TableOptions, key: PartitionKey): Partition {
    return new Partition(table, key, DeletionInfo.LIVE, EMPTY_ROWS);
  }

  /** No rows and no deletion. */
  isEmpty(): boolean {
    return this.rows.length === 0 && this.deletionInfo.isLive();
  }

  /** The stored row at `clustering` (deletions not applied), or null. */
  getRow(clustering: Clustering): Row | null {
    return findRow(this.table.comparator, this.rows, clustering);
  }

  /** Has a partition deletion, a range tombstone or a row deletion. */
  hasTombstones(): boolean {
    return !this.deletionInfo.isLive() || this.rows.some((r) => !r.deletion.isLive());
  }

  /** Smallest timestamp stored (rows and deletions); `Infinity` when empty. */
  minTimestamp(): number {
    return minTimestampOf(this.deletionInfo, this.rows);
  }

  /** Largest timestamp stored; `-Infinity` when empty. */
  maxTimestamp(): number {
    return maxTimestampOf(this.deletionInfo, this.rows);
  }

  /** Row data size (deletion info excluded, as in the memtable's live data size). */
  dataSize(): number {
    let size = 0;
    for (const row of this.rows) size += row.dataSize();
    return size;
  }

  /**
   * Heap this snapshot keeps alive under the table's size model: the {@link partitionShellHeap} shell, the rows
   * array and rows, and the deletion info. The updater's reported deltas sum to this for the newest snapshot.
   */
  unsharedHeapSize(): number {
    let size = partitionShellHeap(this.table) + this.deletionInfo.unsharedHeapSize();
    for (const row of this.rows) size += row.unsharedHeapSize(this.table.sizeModel);
    return (
      size +
      referenceArraySize(this.table.sizeModel, this.rows.length) -
      referenceArraySize(this.table.sizeModel, 0)
    );
  }
}

const EMPTY_ROWS: readonly Row[] = Object.freeze([]);

/**
 * Heap of an empty partition snapshot: the object (table, key, deletion info and rows references) plus an empty rows
 * array — what the updater charges when a partition is first created (Cassandra's `UNSHARED_HEAP_SIZE`).
 */
export function partitionShellHeap(table: TableOptions): number {
  return objectSize(table.sizeModel, 4, 0) + referenceArraySize(table.sizeModel, 0);
}
