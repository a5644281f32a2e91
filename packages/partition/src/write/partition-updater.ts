import type { SizeModel } from '@tombstone-lab/core';
import { describeValue, PartitionArgumentError } from '../errors.js';
import type { ReadonlyDeletionInfo } from '../model/deletion-info.js';
import { Partition, partitionShellHeap } from '../model/partition.js';
import { HEAP_SIZE, MERGE, Row } from '../model/row.js';
import { FullClusteringProbe, type RowTree, rowTreeNodesHeap } from '../model/row-tree.js';
import { TRUSTED } from '../trusted.js';
import { PartitionUpdate } from './partition-update.js';

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
 * memtable has no partition for the key yet) and returns a new snapshot. `current` is never modified: its frozen row
 * tree is forked (O(1)) and the fork written.
 *
 * Deletion info follows `mergeDeletion`: an update that is live or cannot modify the existing deletion info
 * (`!update.mayModify(existing)`) leaves it untouched — nothing is copied; otherwise the new deletion info is
 * `existing.mutableCopy().add(update)`, frozen before publication. That copy is the O(N) step per range-tombstone
 * write that a copy-on-write range container turns into O(1).
 * @throws PartitionArgumentError if the update is for another key or another table.
 */
export function mergePartitions(current: Partition | null, update: PartitionUpdate): MergeResult {
  if (!(update instanceof PartitionUpdate))
    throw new PartitionArgumentError(
      `mergePartitions needs a PartitionUpdate (table.update(key)…build()), got ${describeValue(update)}`,
    );
  if (current !== null && !(current instanceof Partition))
    throw new PartitionArgumentError(
      `mergePartitions merges into a Partition or null, got ${describeValue(current)}`,
    );
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
  const existing = current ?? Partition.empty(table, update.key);
  const state: PartitionState = { deletionInfo: existing.deletionInfo, rows: existing.rowTree };
  const written = writeUpdate(state, update);
  if (current !== null && !written.changed) return { partition: current, dataSizeDelta: 0, heapSizeDelta: 0 };
  return {
    partition: new Partition(table, update.key, state.deletionInfo, state.rows, TRUSTED),
    dataSizeDelta: written.dataSizeDelta,
    heapSizeDelta: written.heapSizeDelta + (current === null ? partitionShellHeap(table) : 0),
  };
}

/**
 * A partition's contents as a writer holds them between snapshots: the memtable keeps one per key, and
 * {@link mergePartitions} builds one on the snapshot it merges into.
 */
export interface PartitionState {
  /** Always frozen: replaced, never written, by {@link writeUpdate}. */
  deletionInfo: ReadonlyDeletionInfo;
  /**
   * Frozen (a snapshot's tree: {@link writeUpdate} forks it before the first row) or writable and reachable only
   * through this state and through frozen forks of it, whose nodes the tree's owner ids keep from being written.
   */
  rows: RowTree;
}

/** What {@link writeUpdate} changed. */
export interface WriteOutcome {
  /** Whether the state's contents changed (the snapshot last published from it is then stale). */
  readonly changed: boolean;
  /** Row and cell data size change, as {@link MergeResult.dataSizeDelta}. */
  readonly dataSizeDelta: number;
  /** Heap change of rows, cells, row tree nodes and deletion info (a new partition's shell is the caller's). */
  readonly heapSizeDelta: number;
}

/**
 * The updater's write of `update` into `state`, in place: the deletion info through {@link mergeDeletion}, each row
 * through one O(log N) upsert into `state.rows` (forked first if frozen). Serves both {@link mergePartitions} (on a
 * fork of a snapshot's tree) and the memtable (on its own writable tree, which a snapshot forks when published).
 */
export function writeUpdate(state: PartitionState, update: PartitionUpdate): WriteOutcome {
  const model = update.table.sizeModel;
  const before = state.deletionInfo;
  const deletionInfo = mergeDeletion(before, update.deletionInfo);
  let heapSizeDelta = 0;
  if (deletionInfo !== before) {
    heapSizeDelta += deletionInfo.unsharedHeapSize() - before.unsharedHeapSize();
    state.deletionInfo = deletionInfo;
  }
  if (update.rows.length === 0) {
    return { changed: deletionInfo !== before, dataSizeDelta: 0, heapSizeDelta };
  }
  if (state.rows.isFrozen) state.rows = state.rows.fork();
  const rows = state.rows;
  const nodesBefore = rowTreeNodesHeap(model, rows);
  const merged = mergeRowsInto(rows, update);
  heapSizeDelta += merged.heapSizeDelta + rowTreeNodesHeap(model, rows) - nodesBefore;
  return { changed: true, dataSizeDelta: merged.dataSizeDelta, heapSizeDelta };
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
 * The updater's upsert callback with its state: the row being written and the deltas summed so far. One instance
 * reused by every write (upserts run synchronously and never re-enter), not a closure per row.
 */
class RowMerger {
  row: Row | null = null;
  sizeModel: SizeModel | null = null;
  dataSizeDelta = 0;
  heapSizeDelta = 0;

  readonly make = (before: Row | undefined): Row => {
    const row = this.row as Row;
    const model = this.sizeModel as SizeModel;
    // Unchecked: the row written and the one it replaces, under the table's validated model; once per row write.
    const after = before === undefined ? row : Row[MERGE](before, row);
    this.dataSizeDelta += after.dataSize() - (before === undefined ? 0 : before.dataSize());
    this.heapSizeDelta += after[HEAP_SIZE](model) - (before === undefined ? 0 : before[HEAP_SIZE](model));
    return after;
  };
}

const MERGER = new RowMerger();
const PROBE = new FullClusteringProbe();

/**
 * The update's rows written into the writable `rows` (Cassandra's `BTree.update` with the updater as its merge
 * function): one O(log N) upsert per row, copying only nodes the tree does not own. Returns the merger, holding the
 * rows' data and heap deltas (nodes excluded) until the next call: no result object per write.
 */
function mergeRowsInto(rows: RowTree, update: PartitionUpdate): RowMerger {
  const { comparator, sizeModel } = update.table;
  const merger = MERGER;
  merger.sizeModel = sizeModel;
  merger.dataSizeDelta = 0;
  merger.heapSizeDelta = 0;
  // Indexed loops here and in the per-write row methods: for-of over the frozen arrays allocated an iterator result
  // per element (~900 of 2,250 bytes per random-key write, sampled with V8's heap profiler, minor GCs included).
  const updated = update.rows;
  try {
    for (let i = 0; i < updated.length; i++) {
      const row = updated[i] as Row;
      merger.row = row;
      rows.upsert(PROBE.target(comparator, row), merger.make);
    }
    return merger;
  } finally {
    merger.row = null;
    PROBE.clear();
  }
}
