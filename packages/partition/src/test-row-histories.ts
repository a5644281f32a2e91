// Test-only (excluded from the build by the `test-*.ts` pattern): the write histories of the row-tree twin fuzz, shared
// by row-tree.test.ts and the planted-bug test that runs them over a mutant tree (row-tree.planted.test.ts).
import { ClusteringBound, Slice } from '@tombstone-lab/core';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Partition } from './model/partition.js';
import type { Row } from './model/row.js';
import { mergeSortedRows } from './model/sorted-rows.js';
import { intTable } from './test-tables.js';
import { Memtable } from './write/memtable.js';
import { PartitionUpdate } from './write/partition-update.js';

export const table = intTable();
export const CKS = 4000;

type RowOp = { kind: 'insert' | 'update' | 'delete'; ck: number; v: number };
/** One write: a batch of row operations, clustered in a window (sequential-ish) or anywhere. */
export const writeArb = fc.oneof(
  fc.array(
    fc.record({
      kind: fc.constantFrom('insert' as const, 'insert' as const, 'update' as const, 'delete' as const),
      ck: fc.integer({ min: 0, max: CKS }),
      v: fc.nat(9),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  fc
    .record({ at: fc.integer({ min: 0, max: CKS }), len: fc.integer({ min: 1, max: 80 }), v: fc.nat(9) })
    .map(({ at, len, v }) =>
      Array.from({ length: len }, (_, i): RowOp => ({ kind: 'insert', ck: at + i, v })),
    ),
);

export function toUpdate(ops: readonly RowOp[], ts: number): PartitionUpdate {
  const b = PartitionUpdate.builder(table, 'hot');
  for (const op of ops) {
    if (op.kind === 'insert') b.insert([op.ck], { v: op.v }, ts);
    else if (op.kind === 'update') b.update([op.ck], { w: op.v }, ts);
    else b.deleteRow([op.ck], ts, ts);
  }
  return b.build();
}

export const render = (rows: Iterable<Row>): string[] =>
  [...rows].map(
    (r) => `${r.clustering}|${r.liveness}|${r.deletion.markedForDeleteAt}|${JSON.stringify(r.values())}`,
  );

export function sliceOf(a: number, b: number, exclusive: boolean): Slice {
  const lo = Math.min(a, b);
  // (lo, lo) is refused by Slice.make; (lo, lo + 1) is accepted and still selects no int32 clustering.
  const hi = exclusive && a === b ? lo + 1 : Math.max(a, b);
  return Slice.make(
    exclusive ? ClusteringBound.exclusiveStart(lo) : ClusteringBound.inclusiveStart(lo),
    exclusive ? ClusteringBound.exclusiveEnd(hi) : ClusteringBound.inclusiveEnd(hi),
  );
}

/**
 * Writes through {@link Memtable.apply} (in place) with a snapshot taken after about one write in three, some via
 * `put`: each snapshot must match the sorted-array model at its time, then and after the whole history, and the
 * memtable's reported heap must equal the snapshot's retained heap whenever one is taken. At the end every snapshot
 * is also searched (lookups and a slice at the probed clusterings): a bug that leaves a snapshot's items right but its
 * keys stale shows only in a search.
 */
export function memtableHistoryProperty() {
  return fc.property(
    fc.array(fc.tuple(writeArb, fc.nat(5)), { minLength: 100, maxLength: 300 }),
    fc.array(fc.nat(CKS + 80), { minLength: 4, maxLength: 4 }),
    (writes, probes) => {
      const memtable = new Memtable(table);
      let model: readonly Row[] = [];
      const kept: { partition: Partition; rows: string[]; model: readonly Row[] }[] = [];
      writes.forEach(([ops, snap], i) => {
        const update = toUpdate(ops, 10 + i);
        model = mergeSortedRows(table.comparator, model, update.rows);
        if (snap === 0) kept.push({ partition: memtable.put(update).partition, rows: render(model), model });
        else memtable.apply(update);
        if (snap === 1) kept.push({ partition: memtable.get('hot')!, rows: render(model), model });
        const last = kept[kept.length - 1];
        if (snap <= 1 && last !== undefined) {
          expect(render(last.partition.rowTree)).toEqual(last.rows);
          expect(memtable.heapSize).toBe(last.partition.unsharedHeapSize());
        }
      });
      for (const { partition, rows, model: m } of kept) {
        expect(render(partition.rowTree)).toEqual(rows);
        expectSearches(partition, m, probes);
      }
      expect(render(memtable.get('hot')!.rowTree)).toEqual(render(model));
    },
  );
}

/** `partition`'s lookups of each probed clustering, and its slice between the first two, agree with `model`. */
function expectSearches(partition: Partition, model: readonly Row[], probes: readonly number[]): void {
  for (const ck of probes) {
    const row = partition.getRow([ck]);
    const want = model.filter((r) => r.clustering[0] === ck);
    expect(row === null ? [] : render([row])).toEqual(render(want));
  }
  const s = sliceOf(probes[0] as number, probes[1] as number, false);
  expect(render(partition.rowsIn(s))).toEqual(
    render(model.filter((r) => s.includes(table.comparator, r.clustering))),
  );
}
