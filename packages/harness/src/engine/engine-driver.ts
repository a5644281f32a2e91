import {
  ClusteringBound,
  ClusteringComparator,
  type ClusteringValue,
  type ColumnType,
  type RangeTombstoneStoreFactory,
  Slice,
  types,
} from '@tombstone-lab/core';
import { type SortedRun, Table, tableOptions } from '@tombstone-lab/partition';
import { HarnessArgumentError } from '../errors.js';
import type { ClusteringRange, Op } from '../ops.js';
import type { WorkloadSpec } from '../spec.js';

/** What applying one op touched: partitions and rows written, read, flushed or compacted. */
export interface AppliedOp {
  readonly partitions: number;
  readonly rows: number;
}

type ClusteringColumn = WorkloadSpec['schema']['clustering'][number];

const NONE: AppliedOp = Object.freeze({ partitions: 0, rows: 0 });
const ONE_PARTITION: AppliedOp = Object.freeze({ partitions: 1, rows: 0 });
const ONE_ROW: AppliedOp = Object.freeze({ partitions: 1, rows: 1 });

const COLUMN_TYPES: Readonly<Record<ClusteringColumn['type'], ColumnType>> = {
  int32: types.int32,
  int64: types.int64,
  text: types.text,
  ascii: types.ascii,
};

/** The engine comparator of a spec's clustering columns (`reversed` ones as core's `types.reversed`). */
export function comparatorOf(spec: WorkloadSpec): ClusteringComparator {
  return new ClusteringComparator(
    spec.schema.clustering.map((c) =>
      c.reversed ? types.reversed(COLUMN_TYPES[c.type]) : COLUMN_TYPES[c.type],
    ),
  );
}

/**
 * A CQL-shaped range (equality prefix, then value-order bounds on the next column) as an engine slice in clustering
 * order: on a reversed column the upper value bound is where the slice starts. A missing bound is the prefix bound
 * (or BOTTOM / TOP with no prefix).
 */
export function sliceOf(spec: WorkloadSpec, range: ClusteringRange): Slice {
  const prefix = range.prefix as ClusteringValue[];
  const column = spec.schema.clustering[prefix.length];
  const reversed = column?.reversed ?? false;
  const first = reversed ? range.upper : range.lower;
  const last = reversed ? range.lower : range.upper;
  const start =
    first === null
      ? ClusteringBound.inclusiveStart(...prefix)
      : first.inclusive
        ? ClusteringBound.inclusiveStart(...prefix, first.value as ClusteringValue)
        : ClusteringBound.exclusiveStart(...prefix, first.value as ClusteringValue);
  const end =
    last === null
      ? ClusteringBound.inclusiveEnd(...prefix)
      : last.inclusive
        ? ClusteringBound.inclusiveEnd(...prefix, last.value as ClusteringValue)
        : ClusteringBound.exclusiveEnd(...prefix, last.value as ClusteringValue);
  return Slice.make(start, end);
}

/**
 * Drives `@tombstone-lab/partition`'s real engine with a workload's ops: one table built from the spec (its
 * comparator, gc grace and the chosen range store), a clock set to the workload's clock at each op, writes through
 * the memtable updater, reads, flushes and compactions.
 */
export class EngineDriver {
  readonly table: Table;
  readonly #spec: WorkloadSpec;
  #now = 0;

  /**
   * @throws HarnessArgumentError when the spec asks for an op the engine cannot apply (column deletes: the
   *   engine has no cell tombstones).
   */
  constructor(spec: WorkloadSpec, rangeStore: RangeTombstoneStoreFactory) {
    if (spec.ops.columnDelete.weight > 0) {
      throw new HarnessArgumentError(
        `ops.columnDelete.weight: the engine has no column (cell) deletes, expected 0, got ${spec.ops.columnDelete.weight}`,
      );
    }
    this.#spec = spec;
    const options = tableOptions({
      comparator: comparatorOf(spec),
      rangeStore,
      gcGraceSeconds: spec.gcGraceSeconds,
    });
    this.table = new Table(options, { clock: () => this.#now });
  }

  /** Applies op `op` at workload clock `now` (seconds). Reads return the rows they saw. */
  apply(op: Op, now: number): AppliedOp {
    this.#now = op.kind === 'compact' ? op.now : now;
    const t = this.table;
    switch (op.kind) {
      case 'insert':
      case 'update': {
        const b = t.update(op.pk);
        const ck = op.ck as ClusteringValue[];
        if (op.kind === 'insert') b.insert(ck, op.values, op.ts);
        else b.update(ck, op.values, op.ts);
        t.apply(b.build());
        return ONE_ROW;
      }
      case 'deleteRow':
        t.apply(
          t
            .update(op.pk)
            .deleteRow(op.ck as ClusteringValue[], op.ts, op.ldt)
            .build(),
        );
        return ONE_ROW;
      case 'deleteRange':
        t.apply(t.update(op.pk).deleteRange(sliceOf(this.#spec, op.range), op.ts, op.ldt).build());
        return ONE_PARTITION;
      case 'deletePartition':
        t.apply(t.update(op.pk).deletePartition(op.ts, op.ldt).build());
        return ONE_PARTITION;
      case 'readPartition':
        return { partitions: 1, rows: t.read(op.pk, { reversed: op.reversed }).length };
      case 'readRow': {
        const ck = op.ck as ClusteringValue[];
        const slice = Slice.make(ClusteringBound.inclusiveStart(...ck), ClusteringBound.inclusiveEnd(...ck));
        return { partitions: 1, rows: t.read(op.pk, { slice }).length };
      }
      case 'readSlice':
        return {
          partitions: 1,
          rows: t.read(op.pk, { slice: sliceOf(this.#spec, op.range), reversed: op.reversed }).length,
        };
      // Maintenance ops touch no client partition: the partition and row rates count what clients wrote and read.
      case 'flush':
        t.flush();
        return NONE;
      case 'compact': {
        const inputs = compactionInputs(t.runs, op.scope);
        if (inputs.length > 0) t.compact(inputs);
        return NONE;
      }
      case 'deleteColumns':
        throw new HarnessArgumentError('the engine has no column (cell) deletes');
    }
  }
}

/** `all` runs, or the oldest or newest half (at least one). */
function compactionInputs(
  runs: readonly SortedRun[],
  scope: 'all' | 'oldest' | 'newest',
): readonly SortedRun[] {
  if (scope === 'all' || runs.length < 2) return runs;
  const half = Math.ceil(runs.length / 2);
  return scope === 'oldest' ? runs.slice(0, half) : runs.slice(runs.length - half);
}
