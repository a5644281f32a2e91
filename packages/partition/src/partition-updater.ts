import type { ReadonlyDeletionInfo } from './deletion-info.js';
import { PartitionArgumentError } from './errors.js';
import { Partition, partitionShellHeap } from './partition.js';
import type { PartitionUpdate } from './partition-update.js';
import { Row } from './row.js';
import { fullClusteringProbe, type RowTree, rowTreeNodesHeap } from './row-tree.js';

/** What merging one update into a partition produced. */
export interface MergeResult {
  /** The new published snapshot (the input snapshot itself when nothing changed). */
  readonly partition: Partition;
  /** Change in row/cell data size. Deletion info never contributes (Cassandra's liveDataSize ignores it). */
  readonly dataSizeDelta: number;
  /**
   * Change in retained heap: the new partition shell if there was none, row and cell heap, the row tree's nodes, and
   * the deletion info's `unsharedHeapSize()` (new − existing).
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

  let rows = existing.rowTree;
  if (update.rows.length > 0) {
    const merged = mergeRowsInto(rows, update);
    rows = merged.rows;
    dataSizeDelta += merged.dataSizeDelta;
    heapSizeDelta +=
      merged.heapSizeDelta + rowTreeNodesHeap(model, rows) - rowTreeNodesHeap(model, existing.rowTree);
  }

  if (current !== null && deletionInfo === existing.deletionInfo && rows === existing.rowTree) {
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

/**
 * The update's rows written into a fork of `tree` (Cassandra's `BTree.update` with the updater as its merge
 * function): one O(log N) upsert per row, a path copied once per fork and then written in place. Returns the new
 * tree and the rows' data and heap deltas (nodes excluded).
 */
function mergeRowsInto(
  tree: RowTree,
  update: PartitionUpdate,
): { rows: RowTree; dataSizeDelta: number; heapSizeDelta: number } {
  const { comparator, sizeModel } = update.table;
  const rows = tree.fork();
  let dataSizeDelta = 0;
  let heapSizeDelta = 0;
  for (const row of update.rows) {
    rows.upsert(fullClusteringProbe(comparator, row.clustering), (before) => {
      const after = before === undefined ? row : Row.merge(before, row);
      dataSizeDelta += after.dataSize() - (before === undefined ? 0 : before.dataSize());
      heapSizeDelta +=
        after.unsharedHeapSize(sizeModel) - (before === undefined ? 0 : before.unsharedHeapSize(sizeModel));
      return after;
    });
  }
  return { rows: rows.freeze(), dataSizeDelta, heapSizeDelta };
}
