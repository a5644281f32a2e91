import type { RangeTombstoneStoreFactory } from '@tombstone-lab/core';
import { objectSize, type PersistentBTree, persistentBTreeHeap } from '@tombstone-lab/core/internal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ImmutableStateError, PartitionArgumentError } from '../errors.js';
import { DeletionInfo } from '../model/deletion-info.js';
import { Partition, partitionShellHeap } from '../model/partition.js';
import { intTable, RANGE_IMPLEMENTATIONS, slice } from '../test-tables.js';
import { Memtable, NEW_PARTITION_DATA_SIZE } from './memtable.js';
import { PartitionUpdate } from './partition-update.js';
import { mergePartitions } from './partition-updater.js';

type Op =
  | { kind: 'range'; a: number; len: number }
  | { kind: 'partition' }
  | { kind: 'insert'; c: number; v: string }
  | { kind: 'rowDelete'; c: number }
  | { kind: 'columnDelete'; c: number; columns: string[] }
  | { kind: 'olderPartition' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('range' as const),
      a: fc.integer({ min: 0, max: 60 }),
      len: fc.integer({ min: 0, max: 8 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('partition' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('olderPartition' as const) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('insert' as const),
      c: fc.integer({ min: 0, max: 60 }),
      v: fc.string({ maxLength: 6 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('rowDelete' as const), c: fc.integer({ min: 0, max: 60 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('columnDelete' as const),
      c: fc.integer({ min: 0, max: 60 }),
      columns: fc.subarray(['v', 'w'], { minLength: 1 }),
    }),
  },
);

function toUpdate(table: ReturnType<typeof intTable>, op: Op, ts: number): PartitionUpdate {
  const b = PartitionUpdate.builder(table, 'pk');
  switch (op.kind) {
    case 'range':
      return b.deleteRange(slice(op.a, op.a + op.len), ts, ts).build();
    case 'partition':
      return b.deletePartition(ts, ts).build();
    case 'olderPartition':
      return b.deletePartition(1, 1).build();
    case 'insert':
      return b.insert([op.c], { v: op.v }, ts).build();
    case 'rowDelete':
      return b.deleteRow([op.c], ts, ts).build();
    case 'columnDelete':
      return b.deleteColumns([op.c], op.columns, ts, ts).build();
  }
}

describe.each(RANGE_IMPLEMENTATIONS)(
  'mergePartitions over %s ranges',
  (_name, factory: RangeTombstoneStoreFactory) => {
    const table = intTable(factory);

    it('creates a partition on first write and charges its shell plus the deletion info heap', () => {
      const update = PartitionUpdate.builder(table, 'pk').deleteRange(slice(1, 2), 5, 5).build();
      const { partition, dataSizeDelta, heapSizeDelta } = mergePartitions(null, update);
      expect(dataSizeDelta).toBe(0); // deletion info never counts as data
      expect(heapSizeDelta).toBe(partitionShellHeap(table) + partition.deletionInfo.unsharedHeapSize());
      expect(heapSizeDelta).toBe(partition.unsharedHeapSize());
      expect(partition.deletionInfo.isFrozen()).toBe(true);
      expect(Object.isFrozen(partition)).toBe(true);
      expect(Object.isFrozen(partition.toRowArray())).toBe(true);
      expect(partition.rowTree.isFrozen).toBe(true);
    });

    it('reports the deletion-info heap change but no data change for a range write', () => {
      const first = mergePartitions(
        null,
        PartitionUpdate.builder(table, 'pk').deleteRange(slice(1, 2), 5, 5).build(),
      );
      const second = mergePartitions(
        first.partition,
        PartitionUpdate.builder(table, 'pk').deleteRange(slice(4, 6), 6, 6).build(),
      );
      expect(second.dataSizeDelta).toBe(0);
      expect(second.heapSizeDelta).toBe(
        second.partition.deletionInfo.unsharedHeapSize() - first.partition.deletionInfo.unsharedHeapSize(),
      );
    });

    it('reports row data deltas: insert adds its size, an overwrite the difference', () => {
      const first = mergePartitions(
        null,
        PartitionUpdate.builder(table, 'pk').insert([1], { v: 'abc' }, 5).build(),
      );
      const row = first.partition.toRowArray()[0]!;
      expect(first.dataSizeDelta).toBe(row.dataSize());
      expect(row.dataSize()).toBe(4 + 8 + 1 + 8 + 3); // clustering + liveness + column name + timestamp + value
      const second = mergePartitions(
        first.partition,
        PartitionUpdate.builder(table, 'pk').insert([1], { v: 'abcdef' }, 6).build(),
      );
      expect(second.dataSizeDelta).toBe(3);
      expect(second.heapSizeDelta).toBe(
        second.partition.unsharedHeapSize() - first.partition.unsharedHeapSize(),
      );
      expect(second.partition.toRowArray()[0]!.get('v')).toBe('abcdef');
    });

    it('does not copy the deletion info when the update cannot modify it', () => {
      const first = mergePartitions(
        null,
        PartitionUpdate.builder(table, 'pk').deletePartition(10, 10).build(),
      );
      const older = mergePartitions(
        first.partition,
        PartitionUpdate.builder(table, 'pk').deletePartition(9, 9).build(),
      );
      expect(older.partition).toBe(first.partition);
      expect(older.heapSizeDelta).toBe(0);
      const rowsOnly = mergePartitions(
        first.partition,
        PartitionUpdate.builder(table, 'pk').insert([1], {}, 11).build(),
      );
      expect(rowsOnly.partition.deletionInfo).toBe(first.partition.deletionInfo);
      expect(rowsOnly.heapSizeDelta).toBe(
        // The row, and the tree's first leaf (the empty tree shares a node no snapshot is charged for).
        rowsOnly.partition.toRowArray()[0]!.unsharedHeapSize(table.sizeModel) +
          persistentBTreeHeap(table.sizeModel, rowsOnly.partition.rowTree as PersistentBTree<unknown>),
      );
    });

    it('never changes a snapshot a reader holds', () => {
      const render = (p: Partition): string =>
        `${p.deletionInfo} ${p
          .toRowArray()
          .map((r) => `${r.clustering}:${JSON.stringify(r.values())}`)
          .join(',')}`;
      const snapshots: { partition: Partition; seen: string }[] = [];
      let current: Partition | null = null;
      for (let i = 0; i < 30; i++) {
        const b = PartitionUpdate.builder(table, 'pk').deleteRange(
          slice((i * 7) % 40, ((i * 7) % 40) + 3),
          i + 1,
          1,
        );
        if (i % 4 === 0) b.insert([i], { v: i }, i + 1);
        if (i % 9 === 0) b.deletePartition(i, 1);
        current = mergePartitions(current, b.build()).partition;
        snapshots.push({ partition: current, seen: render(current) });
      }
      for (const { partition, seen } of snapshots) expect(render(partition)).toBe(seen);
      const held = snapshots[3]!.partition;
      expect(() => (held.deletionInfo as DeletionInfo).add(held.deletionInfo.getPartitionDeletion())).toThrow(
        ImmutableStateError,
      );
    });

    it('Σ reported heap deltas == heap retained by the newest snapshot, after any merge sequence', () => {
      fc.assert(
        fc.property(fc.array(opArb, { minLength: 1, maxLength: 60 }), (ops) => {
          let current: Partition | null = null;
          let reported = 0;
          let ts = 10;
          for (const op of ops) {
            const result = mergePartitions(current, toUpdate(table, op, ts++));
            reported += result.heapSizeDelta;
            current = result.partition;
            expect(reported).toBe(current.unsharedHeapSize());
          }
          // Independently recomputed retained heap: shell (partition object, tree handle), tree nodes and rows,
          // deletion info.
          const p = current!;
          const model = table.sizeModel;
          const rowsHeap = p.toRowArray().reduce((s, r) => s + r.unsharedHeapSize(model), 0);
          const expected =
            objectSize(model, 4, 0) +
            objectSize(model, 1, 5 * model.intSize) +
            persistentBTreeHeap(model, p.rowTree as PersistentBTree<unknown>) +
            rowsHeap +
            p.deletionInfo.unsharedHeapSize();
          expect(reported).toBe(expected);
        }),
        { numRuns: 60 },
      );
    });

    it('memtable heap and live data equal the sums over its snapshots', () => {
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), opArb), { maxLength: 50 }),
          (writes) => {
            const memtable = new Memtable(table);
            let ts = 10;
            for (const [key, op] of writes) {
              const u = toUpdate(table, op, ts++);
              memtable.put(new PartitionUpdate(table, key, u.rows, u.deletionInfo));
            }
            const parts = memtable.sortedPartitions();
            expect(memtable.heapSize).toBe(parts.reduce((s, p) => s + p.unsharedHeapSize(), 0));
            expect(memtable.liveDataSize).toBe(
              parts.reduce((s, p) => s + NEW_PARTITION_DATA_SIZE + p.dataSize(), 0),
            );
          },
        ),
        { numRuns: 40 },
      );
    });
  },
);

describe('mergePartitions input checks', () => {
  it('rejects an update for another key or table', () => {
    const table = intTable();
    const p = mergePartitions(null, PartitionUpdate.builder(table, 'a').insert([1], {}, 1).build()).partition;
    expect(() => mergePartitions(p, PartitionUpdate.builder(table, 'b').insert([1], {}, 1).build())).toThrow(
      PartitionArgumentError,
    );
    expect(() =>
      mergePartitions(p, PartitionUpdate.builder(intTable(), 'a').insert([1], {}, 1).build()),
    ).toThrow(/another table/);
  });

  it('a Partition refuses an unfrozen DeletionInfo', () => {
    const table = intTable();
    expect(() => new Partition(table, 'k', new DeletionInfo(table), [])).toThrow(ImmutableStateError);
  });
});
