import {
  ClusteringBound,
  ClusteringComparator,
  type ColumnType,
  type RangeTombstoneStoreFactory,
  Slice,
  types,
} from '@tombstone-lab/core';
import { type Row, Table, type TableStages, tableOptions } from '@tombstone-lab/partition';
import { describeValue, HarnessArgumentError } from '../errors.js';
import type { ClusteringRange, Op, ReadOp } from '../generator/ops.js';
import type { WorkloadSpec } from '../generator/spec.js';
import type { ResultRow } from './result-row.js';

/** How the engine under test is built: its range store and replaced stages (corruptors plant theirs here). */
export interface EngineSetup {
  readonly rangeStore: RangeTombstoneStoreFactory;
  readonly stages?: TableStages;
}

const COLUMN_TYPES: Readonly<Record<string, ColumnType>> = {
  int32: types.int32,
  int64: types.int64,
  text: types.text,
  ascii: types.ascii,
};

/** The comparator of a spec's clustering columns (core's types, `reversed` for DESC columns). */
export function comparatorOf(spec: WorkloadSpec): ClusteringComparator {
  return new ClusteringComparator(
    spec.schema.clustering.map((c) =>
      c.reversed ? types.reversed(COLUMN_TYPES[c.type]!) : COLUMN_TYPES[c.type]!,
    ),
  );
}

/**
 * The slice of a CQL-shaped range in clustering order. On a DESC column the value order is reversed, so the upper
 * value bound becomes the slice start and the lower one its end (as Cassandra builds slices from restrictions).
 */
export function sliceOf(spec: WorkloadSpec, range: ClusteringRange): Slice {
  const column = spec.schema.clustering[range.prefix.length];
  const prefix = [...range.prefix];
  const reversed = column?.reversed === true;
  const first = reversed ? range.upper : range.lower;
  const last = reversed ? range.lower : range.upper;
  const start =
    first === null
      ? ClusteringBound.inclusiveStart(...prefix)
      : ClusteringBound.of(true, first.inclusive, [...prefix, first.value]);
  const end =
    last === null
      ? ClusteringBound.inclusiveEnd(...prefix)
      : ClusteringBound.of(false, last.inclusive, [...prefix, last.value]);
  // Slice.make judges a slice without a comparator in the values' ascending order: a DESC column's needs its own.
  return reversed ? Slice.make(start, end, comparatorOf(spec)) : Slice.make(start, end);
}

/** The real engine (`@tombstone-lab/partition`'s Table) driven op by op: writes applied, reads answered. */
export class EngineDriver {
  readonly table: Table;
  readonly #spec: WorkloadSpec;
  #now: number;

  constructor(spec: WorkloadSpec, setup: EngineSetup) {
    this.#spec = spec;
    this.#now = spec.clock.start;
    const options = tableOptions({
      comparator: comparatorOf(spec),
      rangeStore: setup.rangeStore,
      gcGraceSeconds: spec.gcGraceSeconds,
    });
    this.table = new Table(options, {
      clock: () => this.#now,
      ...(setup.stages ? { stages: setup.stages } : {}),
    });
  }

  /** Applies a write, deletion, flush or compaction. Reads go through {@link read}. */
  apply(op: Op): void {
    const t = this.table;
    switch (op.kind) {
      case 'insert':
        t.apply(
          t
            .update(op.pk)
            .insert([...op.ck], op.values, op.ts)
            .build(),
        );
        return;
      case 'update':
        t.apply(
          t
            .update(op.pk)
            .update([...op.ck], op.values, op.ts)
            .build(),
        );
        return;
      case 'deleteRow':
        t.apply(
          t
            .update(op.pk)
            .deleteRow([...op.ck], op.ts, op.ldt)
            .build(),
        );
        return;
      case 'deleteColumns':
        t.apply(
          t
            .update(op.pk)
            .deleteColumns([...op.ck], op.columns, op.ts, op.ldt)
            .build(),
        );
        return;
      case 'deleteRange':
        t.apply(t.update(op.pk).deleteRange(sliceOf(this.#spec, op.range), op.ts, op.ldt).build());
        return;
      case 'deletePartition':
        t.apply(t.update(op.pk).deletePartition(op.ts, op.ldt).build());
        return;
      case 'flush':
        t.flush();
        return;
      case 'compact': {
        this.#now = op.now;
        const runs = t.runs;
        if (runs.length === 0) return;
        const half = Math.ceil(runs.length / 2);
        const inputs =
          op.scope === 'all'
            ? runs
            : op.scope === 'oldest'
              ? runs.slice(0, half)
              : runs.slice(runs.length - half);
        t.compact(inputs);
        return;
      }
      default:
        throw new HarnessArgumentError(`not a write: ${describeValue(op.kind)}`);
    }
  }

  /** Answers a read with the engine's live rows. */
  read(op: ReadOp): ResultRow[] {
    const t = this.table;
    let rows: Row[];
    if (op.kind === 'readRow') {
      const ck = [...op.ck];
      rows = t.read(op.pk, {
        slice: Slice.make(ClusteringBound.inclusiveStart(...ck), ClusteringBound.inclusiveEnd(...ck)),
      });
    } else if (op.kind === 'readSlice') {
      rows = t.read(op.pk, { slice: sliceOf(this.#spec, op.range), reversed: op.reversed });
    } else rows = t.read(op.pk, { reversed: op.reversed });
    return rows.map((r) => ({
      ck: r.clustering as ResultRow['ck'],
      values: r.values() as ResultRow['values'],
    }));
  }
}
