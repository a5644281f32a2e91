import { MAX_DELETION_TIME, NO_DELETION_TIME, type SizeModel } from '@tombstone-lab/core';
import { checkUnsignedDeletionTime, objectSize, primitiveArraySize } from '@tombstone-lab/core/internal';
import { checkSizeModel, checkTimestamp, isWriteTimestamp } from '../argument-checks.js';
import { describeValue, PartitionArgumentError } from '../errors.js';

/** A regular column's value. Kept to a few JSON-like shapes: the partition layer is about deletions, not types. */
export type CellValue = string | number | boolean | Uint8Array;

const encoder = new TextEncoder();

function checkValue(value: unknown, column: string): CellValue {
  if (typeof value === 'string' || typeof value === 'boolean' || value instanceof Uint8Array) return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new PartitionArgumentError(
    `value of column ${describeValue(column)} must be a string, finite number, boolean or Uint8Array, got ${describeValue(value)}`,
  );
}

// Type tag first, then bytes: a total, deterministic order so equal-timestamp reconciliation does not depend on
// which side was written first (Cassandra breaks timestamp ties on the value bytes for the same reason).
function encode(value: CellValue): Uint8Array {
  if (typeof value === 'string') return prefixed(1, encoder.encode(value));
  if (typeof value === 'number') {
    const out = new Uint8Array(9);
    out[0] = 2;
    new DataView(out.buffer).setFloat64(1, value);
    return out;
  }
  if (typeof value === 'boolean') return Uint8Array.of(3, value ? 1 : 0);
  return prefixed(4, value);
}

function prefixed(tag: number, bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length + 1);
  out[0] = tag;
  out.set(bytes, 1);
  return out;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = a[i]! - b[i]!;
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

// Passed as the value by Cell.tombstone: the one constructor builds both kinds, so every cell has one hidden class
// (the row merge and reads touch cells of both kinds at the same call sites).
const TOMBSTONE: unique symbol = Symbol('cell tombstone');

/**
 * An immutable cell, as Cassandra's `BufferCell`: either live (a value written at a timestamp) or a tombstone
 * (`DELETE column …` at a timestamp, with the local deletion time in seconds that gc grace counts from).
 */
export class Cell {
  /**
   * The column this cell belongs to. Kept on the cell, so a row's cells are the cells themselves: a `{ column, cell }`
   * wrapper per cell was one more retained object per column, and retained objects are what V8's scavenges copy
   * (issue 13's row-write growth, see `row.ts`).
   */
  readonly column: string;
  /** The value; null for a tombstone. */
  readonly value: CellValue | null;
  readonly timestamp: number;
  /** When a tombstone was created (seconds, unsigned 32-bit); core's `NO_DELETION_TIME` for a live cell. */
  readonly localDeletionTime: number;

  /**
   * A live cell of `column` (named in errors).
   * @throws PartitionArgumentError for a column that is not a string (`new Cell(5, …)` was kept, named by a number),
   *   a value that is not a cell value, or a timestamp a write may not carry.
   */
  constructor(column: string, value: unknown, timestamp: number);
  constructor(column: string, value: unknown, timestamp: number, localDeletionTime?: number) {
    // '' was kept (`insert([1], { '': 1 }, t)`, `new Cell('', …)`) while deleteColumns refused it.
    if (typeof column !== 'string' || column.length === 0) {
      throw new PartitionArgumentError(
        `a cell's column must be a non-empty string, got ${describeValue(column)}`,
      );
    }
    this.column = column;
    if (value === TOMBSTONE) {
      this.value = null;
      this.localDeletionTime = localDeletionTime!;
    } else {
      this.value = checkValue(value, column);
      this.localDeletionTime = NO_DELETION_TIME;
    }
    // The message is built only for a bad timestamp: a template per cell showed as ~2% of a row write in a profile.
    this.timestamp = isWriteTimestamp(timestamp)
      ? timestamp
      : checkTimestamp(timestamp, `timestamp of column ${describeValue(column)}`);
    Object.freeze(this);
  }

  /**
   * A cell tombstone (Cassandra's `BufferCell.tombstone`): shadows writes of `column` at or before `timestamp`.
   * @throws PartitionArgumentError for a timestamp a write may not carry (`NO_TIMESTAMP` included), a local deletion
   *   time outside [0, 2^32 − 1] (core's check) or above `MAX_DELETION_TIME` (it would read as a live cell's), or an
   *   empty column name.
   */
  static tombstone(column: string, timestamp: number, localDeletionTime: number): Cell {
    checkTimestamp(timestamp, `deletion timestamp of column ${describeValue(column)}`);
    // This package's error, as for the timestamp: one class per call (issue 24); core's message.
    checkUnsignedDeletionTime(
      localDeletionTime,
      `local deletion time of column ${describeValue(column)}`,
      PartitionArgumentError,
    );
    if (localDeletionTime > MAX_DELETION_TIME) {
      throw new PartitionArgumentError(
        `local deletion time of column ${describeValue(column)} must be at most ${MAX_DELETION_TIME}, got ${localDeletionTime}`,
      );
    }
    return new (Cell as unknown as new (c: string, v: unknown, t: number, l: number) => Cell)(
      column,
      TOMBSTONE,
      timestamp,
      localDeletionTime,
    );
  }

  /** Whether this cell is a tombstone (Cassandra's `isTombstone()`). */
  isTombstone(): boolean {
    return this.value === null;
  }

  /**
   * Serialized size: 8 bytes of timestamp plus the value's bytes (strings as UTF-8); a tombstone has no value but
   * its 4-byte local deletion time.
   */
  dataSize(): number {
    return this.value === null ? 12 : 8 + valueBytes(this.value);
  }

  /**
   * Heap this cell holds alone under `model`, shaped like Cassandra's `BufferCell`: an object with three references
   * (column, value, path) and 16 primitive bytes (timestamp, ttl, local deletion time), plus the value's box. A
   * tombstone's value is the shared empty buffer, so it holds the object alone.
   */
  unsharedHeapSize(model: SizeModel): number {
    return cellHeapSize(this, checkSizeModel(model, 'Cell.unsharedHeapSize'));
  }

  /**
   * Cassandra's `Cells.reconcile`: the higher timestamp wins. On a tie a tombstone beats a live cell (a deletion
   * wins ties), two tombstones keep the later local deletion time, and two live cells the larger encoded value: a
   * deterministic, commutative choice whichever side was written first.
   * @throws PartitionArgumentError when `a` or `b` is not a Cell (`null` threw a plain TypeError, `{}` could win).
   */
  static reconcile(a: Cell, b: Cell): Cell {
    if (!(a instanceof Cell))
      throw new PartitionArgumentError(`Cell.reconcile a must be a Cell, got ${describeValue(a)}`);
    if (!(b instanceof Cell))
      throw new PartitionArgumentError(`Cell.reconcile b must be a Cell, got ${describeValue(b)}`);
    // Two versions of one column only: cells of "v" and "w" answered one of them, as if one overwrote the other.
    if (a.column !== b.column) {
      throw new PartitionArgumentError(
        `Cell.reconcile needs two cells of one column, got ${describeValue(a.column)} and ${describeValue(b.column)}`,
      );
    }
    return reconcileCells(a, b);
  }
}

/**
 * {@link Cell.reconcile} unchecked, for {@link Row.merge}'s per-cell loop (memtable writes of existing rows, reads and
 * compaction merging versions) over cells it holds. Not exported from the package.
 */
export function reconcileCells(a: Cell, b: Cell): Cell {
  if (a.timestamp !== b.timestamp) return a.timestamp > b.timestamp ? a : b;
  if (a.value === null || b.value === null) {
    if (b.value !== null) return a;
    if (a.value !== null) return b;
    return a.localDeletionTime >= b.localDeletionTime ? a : b;
  }
  return compareBytes(encode(a.value), encode(b.value)) >= 0 ? a : b;
}

/** {@link Cell.unsharedHeapSize} unchecked, for a row's per-cell sum under its table's validated model. */
export function cellHeapSize(cell: Cell, model: SizeModel): number {
  const shell = objectSize(model, 3, 16);
  if (cell.value === null) return shell;
  return shell + model.valueOverhead + primitiveArraySize(model, valueBytes(cell.value), 1);
}

/** Serialized byte length of a value (strings as UTF-8). */
export function valueBytes(value: CellValue): number {
  if (typeof value === 'string') return encoder.encode(value).length;
  if (typeof value === 'number') return 8;
  if (typeof value === 'boolean') return 1;
  return value.length;
}
