import { referenceArraySize } from '@tombstone-lab/core';
import type { ReadonlyDeletionInfo } from './deletion-info.js';
import { PartitionArgumentError } from './errors.js';
import { Partition, partitionShellHeap } from './partition.js';
import type { PartitionUpdate } from './partition-update.js';
import { mergeSortedRows } from './sorted-rows.js';

/** What merging one update into a partition produced. */
export interface MergeResult {
  /** The new published snapshot (the input snapshot itself when nothing changed). */
  readonly partition: Partition;
  /** Change in row/cell data size. Deletion info never contributes (Cassandra's liveDataSize ignores it). */
  readonly dataSizeDelta: number;
  /**
   * Change in retained heap: the new partition shell if there was none, row and cell heap, the rows array, and the
   * deletion info's `unsharedHeapSize()` (new − existing).
   */
  readonly heapSizeDelta: number;
}

/**
 * Cassandra's `BTreePartitionUpdater.mergePartitions` for one attempt: merges `update` into `current` (null when the
 * memtable has no partition for the key yet) and returns a new snapshot. `current` is never modified.
 *
 * Deletion info follows `mergeDeletion`: an update that is live or cannot modify the existing deletion info
 * (`!update.mayModify(existing)`) leaves it untouched — nothing is copied; otherwise the new deletion info is
 * `existing.mutableCopy().add(update)`, frozen before publication. That copy is the O(N) step per range-tombstone
 * write that a copy-on-write range container turns into O(1).
 * @throws PartitionArgumentError if the update is for another key or another table.
 */
export function mergePartitions(current: Partition | null, update: PartitionUpdate): MergeResult {
  if (current !== null && current.key !== update.key) {
    throw new PartitionArgumentError(
      `cannot merge an update for key "${update.key}" into partition "${current.key}"`,
    );
  }
  if (current !== null && current.table !== update.table) {
    throw new PartitionArgumentError(
      `cannot merge an update of another table into partition "${current.key}"`,
    );
  }
  const table = update.table;
  const model = table.sizeModel;
  let heapSizeDelta = 0;
  let dataSizeDelta = 0;
  const existing = current ?? Partition.empty(table, update.key);
  if (current === null) heapSizeDelta += partitionShellHeap(table);

  const deletionInfo = mergeDeletion(existing.deletionInfo, update.deletionInfo);
  heapSizeDelta += deletionInfo.unsharedHeapSize() - existing.deletionInfo.unsharedHeapSize();

  let rows = existing.rows;
  if (update.rows.length > 0) {
    rows = Object.freeze(
      mergeSortedRows(table.comparator, existing.rows, update.rows, (before, after) => {
        dataSizeDelta += after.dataSize() - (before === null ? 0 : before.dataSize());
        heapSizeDelta +=
          after.unsharedHeapSize(model) - (before === null ? 0 : before.unsharedHeapSize(model));
      }),
    );
    heapSizeDelta += referenceArraySize(model, rows.length) - referenceArraySize(model, existing.rows.length);
  }

  if (current !== null && deletionInfo === existing.deletionInfo && rows === existing.rows) {
    return { partition: current, dataSizeDelta: 0, heapSizeDelta: 0 };
  }
  return { partition: new Partition(table, update.key, deletionInfo, rows), dataSizeDelta, heapSizeDelta };
}

/**
 * `mergeDeletion(existing, update)`: returns `existing` untouched when the update cannot change it, else a frozen
 * `existing.mutableCopy().add(update)`.
 */
export function mergeDeletion(
  existing: ReadonlyDeletionInfo,
  update: ReadonlyDeletionInfo,
): ReadonlyDeletionInfo {
  if (update.isLive() || !update.mayModify(existing)) return existing;
  return existing.mutableCopy().add(update).freeze();
}
