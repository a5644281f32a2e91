import { objectSize, primitiveArraySize, type SizeModel } from '@tombstone-lab/core';
import { checkTimestamp, isWriteTimestamp } from './argument-checks.js';
import { describeValue, PartitionArgumentError } from './errors.js';

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

/** An immutable live cell: a value written at a timestamp. */
export class Cell {
  readonly value: CellValue;
  readonly timestamp: number;

  constructor(column: string, value: unknown, timestamp: number) {
    this.value = checkValue(value, column);
    // The message is built only for a bad timestamp: a template per cell showed as ~2% of a row write in a profile.
    this.timestamp = isWriteTimestamp(timestamp)
      ? timestamp
      : checkTimestamp(timestamp, `timestamp of column ${describeValue(column)}`);
    Object.freeze(this);
  }

  /** Serialized size: 8 bytes of timestamp plus the value's bytes (strings as UTF-8). */
  dataSize(): number {
    return 8 + valueBytes(this.value);
  }

  /**
   * Heap this cell holds alone under `model`, shaped like Cassandra's `BufferCell`: an object with three references
   * (column, value, path) and 16 primitive bytes (timestamp, ttl, local deletion time), plus the value's box.
   */
  unsharedHeapSize(model: SizeModel): number {
    return (
      objectSize(model, 3, 16) + model.valueOverhead + primitiveArraySize(model, valueBytes(this.value), 1)
    );
  }

  /** Last-write-wins with a deterministic, commutative tie-break on equal timestamps (larger encoded value wins). */
  static reconcile(a: Cell, b: Cell): Cell {
    if (a.timestamp !== b.timestamp) return a.timestamp > b.timestamp ? a : b;
    return compareBytes(encode(a.value), encode(b.value)) >= 0 ? a : b;
  }
}

/** Serialized byte length of a value (strings as UTF-8). */
export function valueBytes(value: CellValue): number {
  if (typeof value === 'string') return encoder.encode(value).length;
  if (typeof value === 'number') return 8;
  if (typeof value === 'boolean') return 1;
  return value.length;
}
