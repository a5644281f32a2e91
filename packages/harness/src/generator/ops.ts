/**
 * The ops of a workload history: plain, JSON-friendly objects (int64 clustering values are bigints; the NDJSON
 * codec writes them as decimal strings). `k` is the op's index in its stream; deletions carry their local deletion
 * time (`ldt`, seconds) and compactions the clock (`now`), so a history stays replayable after ops are removed from it.
 */
import { describeValue, HarnessArgumentError } from '../errors.js';

/** A clustering or key value as the engine takes it. */
export type Value = number | bigint | string;
/** A regular column value: strings or non-negative integers. */
export type CellValue = string | number;

/** One side of a range on one clustering column, in value order (`>=` / `>` below, `<=` / `<` above). */
export interface RangeBound {
  readonly value: Value;
  readonly inclusive: boolean;
}

/**
 * A clustering range in CQL's shape (Harry's `deleteRowRange`): equality on the first `prefix.length` clustering
 * columns, then lower and/or upper bounds on the next one (null: open on that side). When that column is not the
 * last, the bounds are prefix bounds. Bounds are in value order, whatever the column's clustering order.
 */
export interface ClusteringRange {
  readonly prefix: readonly Value[];
  readonly lower: RangeBound | null;
  readonly upper: RangeBound | null;
}

/** Row-level writes: INSERT (row liveness and every column) or UPDATE (some columns, no liveness). */
export interface WriteOp {
  readonly k: number;
  readonly kind: 'insert' | 'update';
  readonly pk: string;
  readonly ck: readonly Value[];
  readonly values: Readonly<Record<string, CellValue>>;
  readonly ts: number;
}

/** `DELETE FROM … WHERE <full primary key>`. */
export interface DeleteRowOp {
  readonly k: number;
  readonly kind: 'deleteRow';
  readonly pk: string;
  readonly ck: readonly Value[];
  readonly ts: number;
  readonly ldt: number;
}

/** `DELETE c1, c2 FROM … WHERE <full primary key>`: cell tombstones. */
export interface DeleteColumnsOp {
  readonly k: number;
  readonly kind: 'deleteColumns';
  readonly pk: string;
  readonly ck: readonly Value[];
  readonly columns: readonly string[];
  readonly ts: number;
  readonly ldt: number;
}

/** A range tombstone. */
export interface DeleteRangeOp {
  readonly k: number;
  readonly kind: 'deleteRange';
  readonly pk: string;
  readonly range: ClusteringRange;
  readonly ts: number;
  readonly ldt: number;
}

/** A partition tombstone. */
export interface DeletePartitionOp {
  readonly k: number;
  readonly kind: 'deletePartition';
  readonly pk: string;
  readonly ts: number;
  readonly ldt: number;
}

/** Reads: a whole partition, one row, or a slice; partition and slice reads may be reversed. */
export interface ReadPartitionOp {
  readonly k: number;
  readonly kind: 'readPartition';
  readonly pk: string;
  readonly reversed: boolean;
}

export interface ReadRowOp {
  readonly k: number;
  readonly kind: 'readRow';
  readonly pk: string;
  readonly ck: readonly Value[];
}

export interface ReadSliceOp {
  readonly k: number;
  readonly kind: 'readSlice';
  readonly pk: string;
  readonly range: ClusteringRange;
  readonly reversed: boolean;
}

/** Flush the memtable to a new run. */
export interface FlushOp {
  readonly k: number;
  readonly kind: 'flush';
}

/** Compact every run (`all`), or the oldest or newest half of them, at clock `now` (gc grace counts from it). */
export interface CompactOp {
  readonly k: number;
  readonly kind: 'compact';
  readonly scope: 'all' | 'oldest' | 'newest';
  readonly now: number;
}

/** Any op of a history. */
export type Op =
  | WriteOp
  | DeleteRowOp
  | DeleteColumnsOp
  | DeleteRangeOp
  | DeletePartitionOp
  | ReadPartitionOp
  | ReadRowOp
  | ReadSliceOp
  | FlushOp
  | CompactOp;

/** The `kind` of an op. */
export type OpKind = Op['kind'];

/** Every op kind, in a fixed order (reports and tables list kinds in this order). */
export const OP_KINDS: readonly OpKind[] = Object.freeze([
  'insert',
  'update',
  'deleteRow',
  'deleteColumns',
  'deleteRange',
  'deletePartition',
  'readPartition',
  'readRow',
  'readSlice',
  'flush',
  'compact',
]);

/** The read ops: the ones a checker compares. */
export type ReadOp = ReadPartitionOp | ReadRowOp | ReadSliceOp;

/** Whether an op is a read. */
export function isRead(op: Op): op is ReadOp {
  if (op === null || typeof op !== 'object')
    throw new HarnessArgumentError(`isRead: op must be an op object, got ${describeValue(op)}`);
  return op.kind === 'readPartition' || op.kind === 'readRow' || op.kind === 'readSlice';
}
