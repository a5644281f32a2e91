import { type Clustering, Slice } from '@tombstone-lab/core';
import { objectSize, PersistentBTree } from '@tombstone-lab/core/internal';
import { checkFlag, checkSlice } from '../argument-checks.js';
import { describeValue, ImmutableStateError, PartitionArgumentError } from '../errors.js';
import { checkTableOptions, type TableOptions } from '../table/table-options.js';
import { TRUSTED, type Trusted } from '../trusted.js';
import { DeletionInfo, type ReadonlyDeletionInfo } from './deletion-info.js';
import { checkPartitionKey, type PartitionKey } from './partition-key.js';
import { HEAP_SIZE, Row } from './row.js';
import {
  emptyRowTree,
  type RowTree,
  rowProbe,
  rowsInSlice,
  rowTreeHandleHeap,
  rowTreeNodesHeap,
  rowTreeOf,
} from './row-tree.js';
import { maxTimestampOf, minTimestampOf } from './sorted-rows.js';

/**
 * An immutable, published snapshot of one partition: what the memtable map holds and what readers see. A new
 * snapshot replaces it on every write; a reader holding an old one never observes a change (its row tree and the
 * snapshot are frozen, its `DeletionInfo` is frozen so every mutator throws).
 */
export class Partition {
  readonly table: TableOptions;
  readonly key: PartitionKey;
  readonly deletionInfo: ReadonlyDeletionInfo;
  /** The rows, sorted by clustering, one per clustering, in a frozen persistent tree (O(log N) lookups). */
  readonly rowTree: RowTree;

  /**
   * @param rows sorted by clustering without duplicates (checked for an array, O(N)), or a tree the caller hands
   *   over (the updater's fork: frozen here, so the caller must not keep writing it)
   * @throws ImmutableStateError if `deletionInfo` is not frozen: a published snapshot must not share mutable state
   * @throws PartitionArgumentError unless `table` is what `tableOptions(…)` returned, `deletionInfo` a DeletionInfo and
   *   `rows` an array of Rows (or a row tree); if an array of rows is out of clustering order or repeats a clustering
   */
  constructor(
    table: TableOptions,
    key: PartitionKey,
    deletionInfo: ReadonlyDeletionInfo,
    rows: readonly Row[] | RowTree,
    trusted?: Trusted,
  ) {
    if (trusted !== TRUSTED) checkPartitionParts(table, deletionInfo, rows);
    if (!deletionInfo.isFrozen()) {
      throw new ImmutableStateError(
        'a Partition snapshot needs a frozen DeletionInfo (call freeze() before publishing)',
      );
    }
    this.table = table;
    this.key = checkPartitionKey(key);
    this.deletionInfo = deletionInfo;
    this.rowTree = rows instanceof PersistentBTree ? rows.freeze() : rowTreeOf(table.comparator, rows);
    Object.freeze(this);
  }

  /**
   * The snapshot of a partition nothing was written to (Cassandra's `BTreePartitionData.EMPTY`).
   * @throws PartitionArgumentError unless `table` is what `tableOptions(…)` returned, or for a bad key.
   */
  static empty(table: TableOptions, key: PartitionKey): Partition {
    checkTableOptions(table, 'Partition.empty');
    return new Partition(table, key, DeletionInfo.LIVE, emptyRowTree(table.comparator), TRUSTED);
  }

  /**
   * Every row copied into a new frozen array, sorted by clustering: a full materialisation, O(N) time and memory on
   * every call (a method, not a getter named `rows`, so a call site reads as the copy it is). For one row use
   * {@link getRow} (O(log N)), for a range {@link rowsIn} (O(log N + k)), to count {@link rowCount} (O(1)), to
   * iterate all of them {@link rowTree}.
   */
  toRowArray(): readonly Row[] {
    return Object.freeze(this.rowTree.toArray());
  }

  /** Number of rows (row tombstones included). O(1). */
  get rowCount(): number {
    return this.rowTree.size;
  }

  /** No rows and no deletion. */
  isEmpty(): boolean {
    return this.rowTree.size === 0 && this.deletionInfo.isLive();
  }

  /**
   * The stored row at `clustering` (deletions not applied), or null. O(log N).
   * @throws core's InvalidClusteringValueError when `clustering` does not fit the table's comparator.
   */
  getRow(clustering: Clustering): Row | null {
    // `getRow('x')` probed the tree with the string's characters and could answer some other row.
    this.table.comparator.validateClustering(clustering);
    return this.rowTree.find(rowProbe(this.table.comparator, clustering)) ?? null;
  }

  /**
   * The stored rows within `slice` (deletions not applied), in clustering order or reversed. O(log N + k).
   * @throws PartitionArgumentError when `slice` is not a Slice or `reversed` is not a boolean; core's errors for
   *   bounds that do not fit the comparator.
   */
  rowsIn(slice: Slice = Slice.ALL, reversed = false): IterableIterator<Row> {
    checkSlice(this.table.comparator, slice, 'rowsIn slice');
    checkFlag(reversed, false, 'rowsIn reversed');
    return rowsInSlice(this.table.comparator, this.rowTree, slice, reversed);
  }

  /** Has a partition deletion, a range tombstone, a row deletion or a cell tombstone. */
  hasTombstones(): boolean {
    if (!this.deletionInfo.isLive()) return true;
    for (const row of this.rowTree) if (!row.deletion.isLive() || row.cellTombstoneCount() > 0) return true;
    return false;
  }

  /** Smallest timestamp stored (rows and deletions); `Infinity` when empty. */
  minTimestamp(): number {
    return minTimestampOf(this.deletionInfo, this.rowTree);
  }

  /** Largest timestamp stored; `-Infinity` when empty. */
  maxTimestamp(): number {
    return maxTimestampOf(this.deletionInfo, this.rowTree);
  }

  /** Row data size (deletion info excluded, as in the memtable's live data size). */
  dataSize(): number {
    let size = 0;
    for (const row of this.rowTree) size += row.dataSize();
    return size;
  }

  /**
   * Heap this snapshot keeps alive under the table's size model: the {@link partitionShellHeap} shell, the row
   * tree's nodes and the rows, and the deletion info. The updater's reported deltas sum to this for the newest
   * snapshot. Nodes a newer or older snapshot shares are charged in full, as Cassandra's `BTree.sizeOnHeapOf` does.
   */
  unsharedHeapSize(): number {
    const model = this.table.sizeModel;
    let size = partitionShellHeap(this.table) + this.deletionInfo.unsharedHeapSize();
    // Unchecked: the table's model, validated with its options; once per row.
    for (const row of this.rowTree) size += row[HEAP_SIZE](model);
    return size + rowTreeNodesHeap(model, this.rowTree);
  }
}

/**
 * What `new Partition` takes from outside the package (its own callers pass {@link TRUSTED}): `null` rows or deletion
 * info failed with a plain TypeError, and `[5]` as rows was kept and failed later, in a read.
 */
function checkPartitionParts(table: TableOptions, deletionInfo: unknown, rows: unknown): void {
  checkTableOptions(table, 'Partition');
  if (!(deletionInfo instanceof DeletionInfo)) {
    throw new PartitionArgumentError(
      `a Partition's deletionInfo must be a DeletionInfo, got ${describeValue(deletionInfo)}`,
    );
  }
  if (rows instanceof PersistentBTree) return;
  if (!Array.isArray(rows) || !rows.every((row) => row instanceof Row)) {
    throw new PartitionArgumentError(
      `a Partition's rows must be an array of Rows, got ${describeValue(rows)}`,
    );
  }
}

/**
 * Heap of an empty partition snapshot: the object (table, key, deletion info and row tree references) plus its row
 * tree handle — what the updater charges when a partition is first created (Cassandra's `UNSHARED_HEAP_SIZE`).
 */
export function partitionShellHeap(table: TableOptions): number {
  return objectSize(table.sizeModel, 4, 0) + rowTreeHandleHeap(table.sizeModel);
}
