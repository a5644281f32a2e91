// Twin fuzz of a partition's rows: the memtable updater's persistent row tree against a plain sorted array merged the
// old way (a full copy per write), over long histories whose every snapshot is kept alive and re-checked at the end.
import { ClusteringBound, ClusteringComparator, PersistentBTree, Slice, types } from '@tombstone-lab/core';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { PartitionArgumentError } from './errors.js';
import { Memtable } from './memtable.js';
import { Partition } from './partition.js';
import { PartitionUpdate } from './partition-update.js';
import { mergePartitions } from './partition-updater.js';
import type { Row } from './row.js';
import { mergeSortedRows } from './sorted-rows.js';
import { tableOptions } from './table-options.js';
import { intTable } from './test-tables.js';

const table = intTable();
const CKS = 4000;

type RowOp = { kind: 'insert' | 'update' | 'delete'; ck: number; v: number };
/** One write: a batch of row operations, clustered in a window (sequential-ish) or anywhere. */
const writeArb = fc.oneof(
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

function toUpdate(ops: readonly RowOp[], ts: number): PartitionUpdate {
  const b = PartitionUpdate.builder(table, 'hot');
  for (const op of ops) {
    if (op.kind === 'insert') b.insert([op.ck], { v: op.v }, ts);
    else if (op.kind === 'update') b.update([op.ck], { w: op.v }, ts);
    else b.deleteRow([op.ck], ts, ts);
  }
  return b.build();
}

const render = (rows: Iterable<Row>): string[] =>
  [...rows].map(
    (r) => `${r.clustering}|${r.liveness}|${r.deletion.markedForDeleteAt}|${JSON.stringify(r.values())}`,
  );

function sliceOf(a: number, b: number, exclusive: boolean): Slice {
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  return Slice.make(
    exclusive ? ClusteringBound.exclusiveStart(lo) : ClusteringBound.inclusiveStart(lo),
    exclusive ? ClusteringBound.exclusiveEnd(hi) : ClusteringBound.inclusiveEnd(hi),
  );
}

describe('partition rows: persistent tree vs plain sorted array', () => {
  it('long write histories, every snapshot kept alive: rows, lookups, slices and heap agree', () => {
    fc.assert(
      fc.property(
        fc.array(writeArb, { minLength: 100, maxLength: 400 }),
        fc.array(fc.tuple(fc.nat(CKS + 80), fc.nat(CKS + 80), fc.boolean(), fc.boolean()), {
          minLength: 5,
          maxLength: 20,
        }),
        (writes, queries) => {
          let current: Partition | null = null;
          let model: readonly Row[] = [];
          let heap = 0;
          const kept: { partition: Partition; rows: string[]; model: readonly Row[] }[] = [];
          writes.forEach((ops, i) => {
            const update = toUpdate(ops, 10 + i);
            const result = mergePartitions(current, update);
            heap += result.heapSizeDelta;
            model = mergeSortedRows(table.comparator, model, update.rows);
            current = result.partition;
            expect(heap).toBe(current.unsharedHeapSize());
            kept.push({ partition: current, rows: render(model), model });
          });
          for (const { partition, rows, model: m } of kept) {
            expect(render(partition.rowTree)).toEqual(rows);
            expect(partition.rowCount).toBe(m.length);
          }
          const last = kept[kept.length - 1]!;
          for (const [a, b, exclusive, reversed] of queries) {
            const s = sliceOf(a, b, exclusive);
            const want = last.model.filter((r) => s.includes(table.comparator, r.clustering));
            expect(render(last.partition.rowsIn(s, reversed))).toEqual(
              render(reversed ? want.reverse() : want),
            );
            const row = last.partition.getRow([a]);
            expect(row === null ? null : render([row])).toEqual(
              last.model.some((r) => r.clustering[0] === a)
                ? render(last.model.filter((r) => r.clustering[0] === a))
                : null,
            );
          }
        },
      ),
      { numRuns: 10 },
    );
  });

  it('a partition built from an array checks the clustering order', () => {
    const rows = toUpdate(
      [
        { kind: 'insert', ck: 1, v: 0 },
        { kind: 'insert', ck: 2, v: 0 },
      ],
      1,
    ).rows;
    expect(
      new Partition(table, 'k', mergePartitions(null, toUpdate([], 1)).partition.deletionInfo, rows).rowCount,
    ).toBe(2);
    const di = mergePartitions(null, toUpdate([], 1)).partition.deletionInfo;
    expect(() => new Partition(table, 'k', di, [rows[1]!, rows[0]!])).toThrow(PartitionArgumentError);
    expect(() => new Partition(table, 'k', di, [rows[0]!, rows[0]!])).toThrow(
      /row 1 \(1\) does not sort after row 0/,
    );
  });

  it('a written partition of 10^4 rows holds about one leaf per 32 rows (sequential writes pack full nodes)', () => {
    let current: Partition | null = null;
    for (let k = 0; k < 10_000; k++)
      current = mergePartitions(current, toUpdate([{ kind: 'insert', ck: k, v: 1 }], 5)).partition;
    expect(current!.rowTree.nodeCounts().leaves).toBe(Math.ceil(10_000 / 32));
  });

  it('composite and reversed clusterings: the updater probe orders rows as the comparator does', () => {
    const t = tableOptions({
      comparator: new ClusteringComparator([types.text, types.reversed(types.int32)]),
    });
    const keys: [string, number][] = [];
    for (const a of ['b', 'a', 'c', '']) for (const b of [3, -1, 7, 0]) keys.push([a, b]);
    let current: Partition | null = null;
    keys.forEach(([a, b], i) => {
      const u = PartitionUpdate.builder(t, 'k').insert([a, b], { v: i }, 1).build();
      current = mergePartitions(current, u).partition;
    });
    // An overwrite of an existing composite key merges into its row instead of adding one.
    current = mergePartitions(
      current,
      PartitionUpdate.builder(t, 'k').insert(['a', 7], { v: 99 }, 2).build(),
    ).partition;
    const got = [...current!.rowTree].map((r) => r.clustering);
    const want = keys.map((k) => [...k]).sort((x, y) => t.comparator.compare(x, y));
    expect(got).toEqual(want);
    expect(current!.getRow(['a', 7])!.get('v')).toBe(99);
  });

  it('null clustering values sort first in the updater probe, as in the comparator', () => {
    const t = tableOptions({ comparator: new ClusteringComparator([types.int32, types.int32]) });
    const keys: [number | null, number | null][] = [];
    for (const a of [3, null, -2, 0]) for (const b of [null, 5, -1]) keys.push([a, b]);
    let current: Partition | null = null;
    keys.forEach(([a, b], i) => {
      current = mergePartitions(
        current,
        PartitionUpdate.builder(t, 'k').insert([a, b], { v: i }, 1).build(),
      ).partition;
    });
    current = mergePartitions(
      current,
      PartitionUpdate.builder(t, 'k').insert([null, null], { v: 99 }, 2).build(),
    ).partition;
    const want = keys.map((k) => [...k]).sort((x, y) => t.comparator.compare(x, y));
    expect([...current!.rowTree].map((r) => r.clustering)).toEqual(want);
    expect(current!.getRow([null, null])!.get('v')).toBe(99);
  });

  it('memtable writes in place between snapshots: every snapshot kept alive stays what it was when taken', () => {
    fc.assert(memtableHistoryProperty(), { numRuns: 10 });
  });

  it('planted bug: a fork that leaves the memtable owning the shared nodes is caught', () => {
    // The broken fork shares the root but neither re-owns the source nor gets an owner of its own (a writable copy of
    // the handle), so the memtable's next in-place write lands in nodes a published snapshot reads.
    const spy = vi.spyOn(PersistentBTree.prototype, 'fork').mockImplementation(function (this: object) {
      return Object.assign(Object.create(PersistentBTree.prototype) as object, this, {
        frozen: false,
      }) as never;
    });
    try {
      // A fixed seed and more runs: with 10 random runs the broken fork went uncaught in 3 of ~12 package runs (not
      // every history takes a snapshot and then writes into a node the snapshot shares), which made this test flaky.
      const outcome = fc.check(memtableHistoryProperty(), {
        numRuns: 100,
        seed: 20261201,
        endOnFailure: true,
      });
      expect(outcome.failed).toBe(true);
      // A snapshot's rows changed under it (not a crash: the broken tree still works as a tree).
      expect(String(outcome.errorInstance)).toMatch(/AssertionError: expected .* to (deeply equal|be)/);
    } finally {
      spy.mockRestore();
    }
  });
});

/**
 * Writes through {@link Memtable.apply} (in place) with a snapshot taken after about one write in three, some via
 * `put`: each snapshot must match the sorted-array model at its time, then and after the whole history, and the
 * memtable's reported heap must equal the snapshot's retained heap whenever one is taken.
 */
function memtableHistoryProperty() {
  return fc.property(
    fc.array(fc.tuple(writeArb, fc.nat(5)), { minLength: 100, maxLength: 300 }),
    (writes) => {
      const memtable = new Memtable(table);
      let model: readonly Row[] = [];
      const kept: { partition: Partition; rows: string[] }[] = [];
      writes.forEach(([ops, snap], i) => {
        const update = toUpdate(ops, 10 + i);
        model = mergeSortedRows(table.comparator, model, update.rows);
        if (snap === 0) kept.push({ partition: memtable.put(update).partition, rows: render(model) });
        else memtable.apply(update);
        if (snap === 1) kept.push({ partition: memtable.get('hot')!, rows: render(model) });
        const last = kept[kept.length - 1];
        if (snap <= 1 && last !== undefined) {
          expect(render(last.partition.rowTree)).toEqual(last.rows);
          expect(memtable.heapSize).toBe(last.partition.unsharedHeapSize());
        }
      });
      for (const { partition, rows } of kept) expect(render(partition.rowTree)).toEqual(rows);
      expect(render(memtable.get('hot')!.rowTree)).toEqual(render(model));
    },
  );
}
