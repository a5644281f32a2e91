// Twin fuzz of a partition's rows: the memtable updater's persistent row tree against a plain sorted array merged the
// old way (a full copy per write), over long histories whose every snapshot is kept alive and re-checked at the end.
import { ClusteringBound, ClusteringComparator, Slice, types } from '@tombstone-lab/core';
import { PersistentBTree } from '@tombstone-lab/core/internal';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { PartitionArgumentError } from '../errors.js';
import { tableOptions } from '../table/table-options.js';
import {
  CKS,
  memtableHistoryProperty,
  render,
  sliceOf,
  table,
  toUpdate,
  writeArb,
} from '../test-row-histories.js';
import { PartitionUpdate } from '../write/partition-update.js';
import { mergePartitions } from '../write/partition-updater.js';
import { Partition } from './partition.js';
import type { Row } from './row.js';
import { rowArrayInSlice } from './row-tree.js';
import { mergeSortedRows } from './sorted-rows.js';

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
            expect(render(rowArrayInSlice(table.comparator, last.partition.rowTree, s))).toEqual(
              render(want),
            );
            expect(render(last.partition.rowsIn(s, reversed))).toEqual(
              render(reversed ? want.reverse() : want),
            );
            // Open-ended slices (BOTTOM, TOP) and a point slice.
            const c = Math.min(a, b);
            for (const open of [
              Slice.make(ClusteringBound.BOTTOM, s.end),
              Slice.make(s.start, ClusteringBound.TOP),
              Slice.make(ClusteringBound.inclusiveStart(c), ClusteringBound.inclusiveEnd(c)),
            ]) {
              const inOpen = last.model.filter((r) => open.includes(table.comparator, r.clustering));
              expect(render(rowArrayInSlice(table.comparator, last.partition.rowTree, open))).toEqual(
                render(inOpen),
              );
            }
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

  it('composite clusterings: slices with prefix bounds select what the comparator says (unkeyed tree)', () => {
    const t = tableOptions({
      comparator: new ClusteringComparator([types.int32, types.reversed(types.int32)]),
    });
    const u = PartitionUpdate.builder(t, 'k');
    for (let a = 0; a < 40; a++) for (let b = 0; b < 30; b++) u.insert([a, b], { v: a * 100 + b }, 1);
    const p = mergePartitions(null, u.build()).partition;
    const rows = [...p.rowTree];
    const B = ClusteringBound;
    // Made with the table's comparator (the second column is DESC); the empty ones ([12,2]) select nothing and
    // cannot be made, so they are left out.
    const bounds = (a: number, b: number) =>
      [
        [B.inclusiveStart(a), B.inclusiveEnd(b)],
        [B.exclusiveStart(a), B.exclusiveEnd(b)],
        [B.inclusiveStart(a, 7), B.exclusiveEnd(b, 3)],
        [B.exclusiveStart(a, 29), B.inclusiveEnd(b, 0)],
        [B.BOTTOM, B.inclusiveEnd(a, 12)],
        [B.exclusiveStart(b), B.TOP],
      ]
        .filter(
          ([start, end]) => !Slice.isEmpty(t.comparator, start as ClusteringBound, end as ClusteringBound),
        )
        .map(([start, end]) => Slice.make(start as ClusteringBound, end as ClusteringBound, t.comparator));
    for (const [a, b] of [
      [0, 0],
      [3, 3],
      [5, 9],
      [17, 18],
      [39, 39],
      [12, 2],
    ] as const) {
      for (const s of bounds(a, b)) {
        const want = rows.filter((r) => s.includes(t.comparator, r.clustering));
        expect(render(rowArrayInSlice(t.comparator, p.rowTree, s))).toEqual(render(want));
        expect(render(p.rowsIn(s))).toEqual(render(want));
      }
    }
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
