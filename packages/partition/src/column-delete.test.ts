// Column deletes (cell tombstones) end to end: builder, memtable, reads across runs, compaction and its purging.
import { Slice } from '@tombstone-lab/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compact } from './compaction/compaction.js';
import { SortedRun } from './compaction/sorted-run.js';
import { Partition } from './model/partition.js';
import { Table } from './table/table.js';
import { intTable, RANGE_IMPLEMENTATIONS, slice } from './test-tables.js';
import { Memtable, NEW_PARTITION_DATA_SIZE } from './write/memtable.js';
import { PartitionUpdate } from './write/partition-update.js';

const GRACE = 100;

function table(now: { t: number }, factory = RANGE_IMPLEMENTATIONS[0]![1]): Table {
  return new Table(intTable(factory, GRACE), { clock: () => now.t });
}

const values = (t: Table, key = 'k') => t.read(key).map((r) => [r.clustering[0], r.values()]);

describe.each(RANGE_IMPLEMENTATIONS)('column deletes over %s ranges', (_name, factory) => {
  it('hide the deleted columns of a row in the memtable; newer writes show again', () => {
    const now = { t: 1000 };
    const t = table(now, factory);
    t.apply(t.update('k').insert([1], { v: 'a', w: 'b' }, 1).build());
    t.apply(t.update('k').deleteColumns([1], ['v'], 2, now.t).build());
    expect(values(t)).toEqual([[1, { w: 'b' }]]);
    t.apply(t.update('k').update([1], { v: 'c' }, 3).build());
    expect(values(t)).toEqual([[1, { v: 'c', w: 'b' }]]);
  });

  it('an INSERTed row survives with every column deleted; an UPDATEd one disappears', () => {
    const now = { t: 1000 };
    const t = table(now, factory);
    t.apply(t.update('k').insert([1], { v: 'a', w: 'b' }, 1).update([2], { v: 'c' }, 1).build());
    t.apply(
      t.update('k').deleteColumns([1], ['v', 'w'], 2, now.t).deleteColumns([2], ['v'], 2, now.t).build(),
    );
    expect(values(t)).toEqual([[1, {}]]);
    const [row] = t.read('k');
    expect(row!.cells).toEqual([]); // reads return no cell tombstones
    t.flush();
    t.compact();
    expect(values(t)).toEqual([[1, {}]]);
  });

  it('reconcile per column across the memtable and runs, whichever holds which version', () => {
    const now = { t: 1000 };
    const t = table(now, factory);
    // Run 1: live cells and a tombstone on y; run 2: a tied tombstone on v, an older one on w and a tied write of
    // y; memtable: a newer tombstone on x and an older write of it.
    t.apply(
      t.update('k').update([1], { v: 'a', w: 'b', x: 'c' }, 5).deleteColumns([1], ['y'], 5, now.t).build(),
    );
    t.flush();
    t.apply(
      t
        .update('k')
        .deleteColumns([1], ['v'], 5, now.t)
        .deleteColumns([1], ['w'], 4, now.t)
        .update([1], { y: 'tied' }, 5)
        .build(),
    );
    t.flush();
    t.apply(t.update('k').deleteColumns([1], ['x'], 6, now.t).build());
    t.apply(t.update('k').update([1], { x: 'old' }, 3).build());
    expect(values(t)).toEqual([[1, { w: 'b' }]]);
    // A tombstone in an older run beats a live cell written later with a lower timestamp.
    t.apply(t.update('k').update([1], { v: 'late but older' }, 4).build());
    expect(values(t)).toEqual([[1, { w: 'b' }]]);
    // Merged by compaction, the answer is the same.
    t.flush();
    t.compact();
    expect(values(t)).toEqual([[1, { w: 'b' }]]);
    expect(t.runs).toHaveLength(1);
  });

  it('a partition deletion, range tombstone or row deletion shadows the cell tombstones it covers', () => {
    const now = { t: 1000 };
    const t = table(now, factory);
    const b = t.update('k');
    for (const ck of [1, 2, 3, 4]) b.deleteColumns([ck], ['v'], 5, now.t);
    t.apply(b.update([9], { v: 'x' }, 20).build());
    t.apply(t.update('k').deleteRow([1], 5, now.t).deleteRange(slice(2, 2), 6, now.t).build());
    t.apply(t.update('k').deleteRow([3], 4, now.t).build());
    t.flush();
    // Row 1: tied row deletion drops the tombstone; row 2: a newer range; row 3: an older row deletion keeps it.
    const p = t.runs[0]!.get('k')!;
    expect([1, 2, 3, 4].map((ck) => p.getRow([ck])!.cellTombstoneCount())).toEqual([0, 1, 1, 1]);
    const { stats, output } = t.compact(undefined, { purge: false });
    const out = output.get('k')!;
    expect(out.getRow([2])).toBeNull(); // covered by the range at 6
    expect(out.getRow([3])!.cellTombstoneCount()).toBe(1);
    expect(out.getRow([4])!.cellTombstoneCount()).toBe(1);
    // Kept: the range, the two row deletions (1, 3) and the cell tombstones of rows 3 and 4.
    expect(stats.tombstonesKept).toBe(5);
    t.apply(t.update('k').deletePartition(5, now.t).build());
    t.flush();
    const all = t.compact(undefined, { purge: false }).output.get('k')!;
    // Left: row 1's row deletion (tied with the partition deletion, so kept: neither supersedes) and row 9.
    expect([...all.rowsIn()].map((r) => [r.clustering[0], r.cellTombstoneCount()])).toEqual([
      [1, 0],
      [9, 0],
    ]);
    expect(values(t)).toEqual([[9, { v: 'x' }]]);
  });

  it('compaction purges a cell tombstone past gc grace when nothing older may remain, and only then', () => {
    const now = { t: 1000 };
    const t = table(now, factory);
    t.apply(t.update('k').update([1], { v: 'a', w: 'b' }, 1).build());
    t.flush();
    t.apply(t.update('k').deleteColumns([1], ['v'], 2, now.t).build());
    t.flush();
    const [older, newer] = t.runs as [SortedRun, SortedRun];
    // Within grace: kept.
    expect(t.compact([newer]).stats).toMatchObject({ tombstonesPurged: 0, tombstonesKept: 1 });
    now.t += GRACE + 1;
    // Past grace, but the older run still holds v@1: max-purgeable (1) does not allow it.
    const blocked = t.compact([t.runs[1]!]);
    expect(blocked.stats).toMatchObject({ tombstonesPurged: 0, tombstonesKept: 1 });
    expect(values(t)).toEqual([[1, { w: 'b' }]]);
    // Compacted together the tombstone shadows v@1 away, then nothing older remains: purged.
    expect(t.runs[0]).toBe(older);
    const all = t.compact();
    expect(all.stats).toMatchObject({ tombstonesPurged: 1, tombstonesKept: 0 });
    expect(
      all.output
        .get('k')!
        .getRow([1])!
        .cells.map((c) => c.column),
    ).toEqual(['w']);
    expect(values(t)).toEqual([[1, { w: 'b' }]]);
  });

  it('the memtable holding older data of the key blocks the purge, as for every tombstone kind', () => {
    const now = { t: 1000 };
    const t = table(now, factory);
    t.apply(t.update('k').deleteColumns([1], ['v'], 5, now.t).build());
    t.flush();
    t.apply(t.update('k').update([1], { v: 'under' }, 4).build());
    now.t += GRACE + 1;
    expect(t.compact().stats.tombstonesPurged).toBe(0);
    expect(values(t)).toEqual([]);
  });

  it('purge: false keeps it; a row left with nothing after the purge is dropped', () => {
    const now = { t: 1000 };
    const t = table(now, factory);
    t.apply(t.update('k').deleteColumns([1], ['v', 'w'], 5, now.t).build());
    t.flush();
    now.t += GRACE + 1;
    expect(t.compact(undefined, { purge: false }).stats.tombstonesKept).toBe(2);
    const { stats, output } = t.compact();
    expect(stats.tombstonesPurged).toBe(2);
    expect(output.size).toBe(0);
    expect(t.runs).toEqual([]);
  });

  it('two tied cell tombstones from different runs compact to the one with the later local deletion time', () => {
    const now = { t: 1000 };
    const t = table(now, factory);
    t.apply(t.update('k').deleteColumns([1], ['v'], 5, 300).build());
    t.flush();
    t.apply(t.update('k').deleteColumns([1], ['v'], 5, 200).build());
    t.flush();
    const cell = t.compact(undefined, { purge: false }).output.get('k')!.getRow([1])!.cells[0]!;
    expect([cell.isTombstone(), cell.localDeletionTime]).toEqual([true, 300]);
  });

  it('memtable heap and data accounting include cell tombstones (Σ deltas == retained heap)', () => {
    const t = intTable(factory, GRACE);
    const memtable = new Memtable(t);
    let reported = 0;
    const put = (u: PartitionUpdate) => {
      reported += memtable.put(u).heapSizeDelta;
      const p = memtable.get('k')!;
      expect(reported).toBe(p.unsharedHeapSize());
      return p;
    };
    put(PartitionUpdate.builder(t, 'k').insert([1], { v: 'abcdef', w: 'x' }, 1).build());
    const before = memtable.liveDataSize;
    const p = put(PartitionUpdate.builder(t, 'k').deleteColumns([1], ['v'], 2, 7).build());
    // v's live cell (8 + 6 bytes of value) became a tombstone (12 bytes).
    expect(memtable.liveDataSize - before).toBe(12 - (8 + 6));
    expect(p.getRow([1])!.cellTombstoneCount()).toBe(1);
    put(PartitionUpdate.builder(t, 'k').deleteColumns([2], ['v', 'w'], 3, 7).build());
    put(PartitionUpdate.builder(t, 'k').deleteRow([2], 3, 7).build());
    expect(memtable.get('k')!.getRow([2])!.cells).toEqual([]);
    expect(memtable.get('k')!.hasTombstones()).toBe(true);
  });
});

describe('column deletes and the max-purgeable order', () => {
  it('eager computes max-purgeable for a partition holding only cell tombstones in grace; deferred does not', () => {
    const t = intTable(undefined, GRACE);
    const partition = (key: string) => {
      const u = PartitionUpdate.builder(t, key).deleteColumns([1], ['v'], 5, 1000).build();
      return new Partition(t, key, u.deletionInfo, u.rows);
    };
    const inputs = [new SortedRun(1, t, ['a', 'b', 'c'].map(partition))];
    const others = [new SortedRun(2, t, [partition('a'), partition('c')])];
    const run = (purgeOrder: 'eager' | 'deferred') =>
      compact({ table: t, inputs, others, outputId: 3, gcBefore: 1000, purgeOrder }).stats;
    expect(run('deferred')).toMatchObject({ maxPurgeableComputations: 0, tombstonesKept: 3 });
    expect(run('eager')).toMatchObject({ maxPurgeableComputations: 3, tombstonesKept: 3 });
    expect(
      compact({ table: t, inputs, others, outputId: 3, gcBefore: 1001 }).stats.maxPurgeableComputations,
    ).toBe(3);
  });
});

describe('PartitionUpdateBuilder.deleteColumns', () => {
  const t = intTable();
  it('rejects bad input with a typed error naming the value, changing nothing', () => {
    const b = PartitionUpdate.builder(t, 'k').insert([1], { v: 1 }, 1);
    expect(() => b.deleteColumns([1], [], 2, 0)).toThrow(/non-empty array of column names/);
    expect(() => b.deleteColumns([1], 'v' as never, 2, 0)).toThrow(/got "v"/);
    expect(() => b.deleteColumns([1], ['v', 'v'], 2, 0)).toThrow(/twice/);
    expect(() => b.deleteColumns([1], ['v'], Number.MIN_SAFE_INTEGER, 0)).toThrow(/out of bound/);
    expect(() => b.deleteColumns([1], ['v'], 2, 2 ** 32)).toThrow(/4294967295/);
    expect(() => b.deleteColumns(['x'] as never, ['v'], 2, 0)).toThrow();
    const u = b.build();
    expect(u.rows.map((r) => r.values())).toEqual([{ v: 1 }]);
    expect(() => b.deleteColumns([1], ['v'], 2, 0)).toThrow(/already built/);
  });

  it('a write carrying a column delete reports its timestamp in min/max', () => {
    const u = PartitionUpdate.builder(t, 'k').deleteColumns([1], ['v'], 7, 0).insert([2], {}, 9).build();
    expect([u.minTimestamp(), u.maxTimestamp()]).toEqual([7, 9]);
    expect(u.isEmpty()).toBe(false);
  });

  it('slice reads skip rows left with only cell tombstones, forward and reversed', () => {
    const now = { t: 1000 };
    const tab = table(now);
    tab.apply(
      tab.update('k').update([1], { v: 1 }, 1).update([2], { v: 2 }, 1).update([3], { v: 3 }, 1).build(),
    );
    tab.apply(tab.update('k').deleteColumns([2], ['v'], 1, 0).build());
    const s = Slice.make(slice(1, 3).start, slice(1, 3).end);
    expect(tab.read('k', { slice: s }).map((r) => r.clustering[0])).toEqual([1, 3]);
    expect(tab.read('k', { slice: s, reversed: true }).map((r) => r.clustering[0])).toEqual([3, 1]);
  });
});

describe('memtable accounting with column deletes, written in place', () => {
  const write = fc.record({
    kind: fc.constantFrom('insert', 'update', 'deleteColumns', 'deleteRow', 'deletePartition'),
    key: fc.constantFrom('a', 'b'),
    ck: fc.integer({ min: 0, max: 12 }),
    columns: fc.subarray(['v', 'w', 'x'], { minLength: 1 }),
    ts: fc.integer({ min: 1, max: 40 }),
  });

  it('Σ heap deltas == Σ retained heap and Σ data deltas == Σ data, snapshots taken at random points', () => {
    const t = intTable(undefined, GRACE);
    let tombstones = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(write, fc.boolean()), { minLength: 1, maxLength: 80 }), (writes) => {
        const memtable = new Memtable(t);
        for (const [w, snapshot] of writes) {
          const b = PartitionUpdate.builder(t, w.key);
          const values = Object.fromEntries(w.columns.map((c) => [c, `${c}${w.ts}`]));
          if (w.kind === 'insert') b.insert([w.ck], values, w.ts);
          else if (w.kind === 'update') b.update([w.ck], values, w.ts);
          else if (w.kind === 'deleteColumns') b.deleteColumns([w.ck], w.columns, w.ts, w.ts);
          else if (w.kind === 'deleteRow') b.deleteRow([w.ck], w.ts, w.ts);
          else b.deletePartition(w.ts, w.ts);
          memtable.apply(b.build());
          // A snapshot makes the next write copy its path instead of writing in place: both paths are exercised.
          if (snapshot) memtable.get(w.key);
        }
        const parts = memtable.sortedPartitions();
        expect(memtable.heapSize).toBe(parts.reduce((n, p) => n + p.unsharedHeapSize(), 0));
        expect(memtable.liveDataSize).toBe(
          parts.reduce((n, p) => n + NEW_PARTITION_DATA_SIZE + p.dataSize(), 0),
        );
        for (const p of parts) for (const r of p.rowTree) tombstones += r.cellTombstoneCount();
      }),
      { numRuns: 150 },
    );
    // The histories must hold cell tombstones at the end, not only write them.
    expect(tombstones).toBeGreaterThan(100);
  });
});
