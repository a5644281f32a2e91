import { type Clustering, DeletionTime, RangeTombstone, type Slice } from '@tombstone-lab/core';
import { checkUnsignedDeletionTime } from '@tombstone-lab/core/internal';
import { checkSlice, checkTimestamp } from '../argument-checks.js';
import { describeValue, ImmutableStateError, PartitionArgumentError } from '../errors.js';
import type { CellValue } from '../model/cell.js';
import { DeletionInfo, type ReadonlyDeletionInfo } from '../model/deletion-info.js';
import { checkPartitionKey, type PartitionKey } from '../model/partition-key.js';
import { Row } from '../model/row.js';
import { maxTimestampOf, minTimestampOf, sortAndMergeRows } from '../model/sorted-rows.js';
import { checkTableOptions, type TableOptions } from '../table/table-options.js';
import { TRUSTED, type Trusted } from '../trusted.js';

const NO_ROWS: readonly Row[] = Object.freeze([]);

/**
 * Passed by the callers that hold checked settings ({@link builderFor}, {@link PartitionUpdate.builder}), so a table's
 * write does not look its own settings up again (one WeakSet lookup per write); not exported from the package.
 */
const CHECKED: unique symbol = Symbol('PartitionUpdateBuilder.checked');

/** A builder for `table`'s own settings (already checked when the table was made): `Table.update`'s path. */
export function builderFor(table: TableOptions, key: PartitionKey): PartitionUpdateBuilder {
  return new PartitionUpdateBuilder(table, key, CHECKED);
}

/**
 * One write to one partition: rows plus deletions, as Cassandra's `PartitionUpdate`. Immutable once built; build
 * with {@link PartitionUpdate.builder}.
 */
export class PartitionUpdate {
  readonly table: TableOptions;
  readonly key: PartitionKey;
  /** Rows sorted by clustering, one per clustering, frozen. */
  readonly rows: readonly Row[];
  /** Partition deletion and range tombstones carried by this write (frozen). */
  readonly deletionInfo: ReadonlyDeletionInfo;
  // Computed once: the memtable reads both on every put, and the ranges' minimum is a scan of the container.
  readonly #minTimestamp: number;
  readonly #maxTimestamp: number;

  /**
   * Prefer {@link PartitionUpdate.builder}, which hands over its row array (frozen here, not copied) unchecked.
   * @throws PartitionArgumentError unless `table` is what `tableOptions(…)` returned, `rows` an array of Rows and
   *   `deletionInfo` a DeletionInfo (`null` failed with a plain TypeError, `[5]` later), or for a bad key.
   */
  constructor(
    table: TableOptions,
    key: PartitionKey,
    rows: readonly Row[],
    deletionInfo: ReadonlyDeletionInfo,
    trusted?: Trusted,
  ) {
    if (trusted !== TRUSTED) checkUpdateParts(table, rows, deletionInfo);
    this.table = table;
    this.key = checkPartitionKey(key);
    this.rows = Object.freeze(sortAndMergeRows(table.comparator, rows));
    this.deletionInfo = deletionInfo.isFrozen() ? deletionInfo : (deletionInfo as DeletionInfo).freeze();
    this.#minTimestamp = minTimestampOf(this.deletionInfo, this.rows);
    this.#maxTimestamp = maxTimestampOf(this.deletionInfo, this.rows);
    Object.freeze(this);
  }

  /**
   * Starts building a write to partition `key` of a table.
   * @throws PartitionArgumentError unless `table` is settings `tableOptions` returned (a misspelled key or a wrong
   *   value is named), or for a bad key.
   */
  static builder(table: TableOptions, key: PartitionKey): PartitionUpdateBuilder {
    return new PartitionUpdateBuilder(checkTableOptions(table, 'PartitionUpdate.builder'), key, CHECKED);
  }

  /** No rows and no deletion. */
  isEmpty(): boolean {
    return this.rows.length === 0 && this.deletionInfo.isLive();
  }

  /** Smallest timestamp in the write (rows and deletions); `Infinity` for an empty write. */
  minTimestamp(): number {
    return this.#minTimestamp;
  }

  /** Largest timestamp in the write; `-Infinity` for an empty write. */
  maxTimestamp(): number {
    return this.#maxTimestamp;
  }
}

/**
 * Accumulates rows and deletions for one partition. Each method validates its arguments before changing anything
 * and throws a typed error naming the bad value.
 */
export class PartitionUpdateBuilder {
  readonly #table: TableOptions;
  readonly #key: PartitionKey;
  // Most writes carry one row: the first is held in an exact-size array (a push onto [] reserved 16 slots, 152 bytes).
  #rows: Row[] | null = null;
  // Created by the first deletion: most writes carry rows only, and build() then passes the shared LIVE instance.
  #deletion: DeletionInfo | null = null;
  #built = false;

  /**
   * Prefer `table.update(key)` or {@link PartitionUpdate.builder}.
   * @throws PartitionArgumentError unless `table` is settings `tableOptions` returned, or for a bad key.
   */
  constructor(table: TableOptions, key: PartitionKey, checked?: typeof CHECKED) {
    this.#table = checked === CHECKED ? table : checkTableOptions(table, 'PartitionUpdateBuilder');
    this.#key = checkPartitionKey(key);
  }

  /** INSERT: the row exists (primary-key liveness) with these column values, at `timestamp`. */
  insert(clustering: Clustering, values: Readonly<Record<string, CellValue>>, timestamp: number): this {
    this.#checkOpen();
    this.#add(Row.insert(this.#table.comparator, clustering, values, timestamp));
    return this;
  }

  /** UPDATE: sets column values without primary-key liveness. */
  update(clustering: Clustering, values: Readonly<Record<string, CellValue>>, timestamp: number): this {
    this.#checkOpen();
    this.#add(Row.update(this.#table.comparator, clustering, values, timestamp));
    return this;
  }

  /** Deletes one row. */
  deleteRow(clustering: Clustering, timestamp: number, localDeletionTime: number): this {
    this.#checkOpen();
    const dt = deletionTime(timestamp, localDeletionTime, 'row deletion timestamp');
    this.#add(Row.deleted(this.#table.comparator, clustering, dt));
    return this;
  }

  /**
   * Deletes columns of one row (`DELETE c1, c2 FROM … WHERE <full primary key> USING TIMESTAMP t`): one cell
   * tombstone per column, shadowing that column's writes at or before `timestamp`. The row's primary-key liveness is
   * untouched (an INSERTed row stays visible with every column deleted; an UPDATEd one disappears).
   * @throws PartitionArgumentError for an empty or non-array column list, a name that is not a non-empty string or
   *   is repeated, an out-of-bound timestamp (`NO_TIMESTAMP` included) or a local deletion time above
   *   MAX_DELETION_TIME; core's InvalidTimestampError for a local deletion time outside [0, 2^32 − 1].
   */
  deleteColumns(
    clustering: Clustering,
    columns: readonly string[],
    timestamp: number,
    localDeletionTime: number,
  ): this {
    this.#checkOpen();
    this.#add(Row.deletedColumns(this.#table.comparator, clustering, columns, timestamp, localDeletionTime));
    return this;
  }

  /**
   * Deletes every row in `slice` (a range tombstone). The slice must be a non-empty {@link Slice}, as reads require.
   * @throws PartitionArgumentError for a non-Slice, an out-of-bound timestamp or a local deletion time outside
   *   [0, 2^32 - 1]; core's range errors for an empty slice or bounds of the wrong shape.
   */
  deleteRange(slice: Slice, timestamp: number, localDeletionTime: number): this {
    this.#checkOpen();
    checkSlice(this.#table.comparator, slice, 'deleteRange slice');
    const dt = deletionTime(timestamp, localDeletionTime, 'range deletion timestamp');
    this.#deletions().add(new RangeTombstone(slice, dt));
    return this;
  }

  /** Deletes the whole partition (everything written at or before `timestamp`). */
  deletePartition(timestamp: number, localDeletionTime: number): this {
    this.#checkOpen();
    this.#deletions().add(deletionTime(timestamp, localDeletionTime, 'partition deletion timestamp'));
    return this;
  }

  /** The immutable update. The builder cannot be used afterwards. */
  build(): PartitionUpdate {
    this.#checkOpen();
    this.#built = true;
    const deletion = this.#deletion === null ? DeletionInfo.LIVE : this.#deletion.freeze();
    return new PartitionUpdate(this.#table, this.#key, this.#rows ?? NO_ROWS, deletion, TRUSTED);
  }

  #add(row: Row): void {
    if (this.#rows === null) this.#rows = [row];
    else this.#rows.push(row);
  }

  #deletions(): DeletionInfo {
    this.#deletion ??= new DeletionInfo(this.#table);
    return this.#deletion;
  }

  #checkOpen(): void {
    if (this.#built)
      throw new ImmutableStateError('this PartitionUpdateBuilder has already built its update');
  }
}

/** What `new PartitionUpdate` takes from outside the package (the builder passes {@link TRUSTED}). */
function checkUpdateParts(table: TableOptions, rows: unknown, deletionInfo: unknown): void {
  checkTableOptions(table, 'PartitionUpdate');
  if (!Array.isArray(rows) || !rows.every((row) => row instanceof Row)) {
    throw new PartitionArgumentError(
      `a PartitionUpdate's rows must be an array of Rows, got ${describeValue(rows)}`,
    );
  }
  if (!(deletionInfo instanceof DeletionInfo)) {
    throw new PartitionArgumentError(
      `a PartitionUpdate's deletionInfo must be a DeletionInfo, got ${describeValue(deletionInfo)}`,
    );
  }
}

/**
 * A write's deletion time: the timestamp through the write check (no `NO_TIMESTAMP`), the local deletion time through
 * core's one unsigned check (so `-1` and `2 ** 33` are rejected, not wrapped) — both with this package's
 * PartitionArgumentError: core's InvalidTimestampError for the local deletion time made one builder throw two classes,
 * and code catching PartitionArgumentError missed half (issue 24).
 */
function deletionTime(timestamp: number, localDeletionTime: number, what: string): DeletionTime {
  checkTimestamp(timestamp, what);
  checkUnsignedDeletionTime(localDeletionTime, 'localDeletionTime', PartitionArgumentError);
  return DeletionTime.build(timestamp, localDeletionTime);
}
