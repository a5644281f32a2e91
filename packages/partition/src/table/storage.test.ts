import {
  ClusteringBound,
  ClusteringComparator,
  copyOnWriteRangeTombstoneListFactory,
  eagerRangeTombstoneListFactory,
  PersistentRangeTombstoneList,
  RangeTombstoneList,
  Slice,
  types,
} from '@tombstone-lab/core';
import { describe, expect, it } from 'vitest';
import { SortedRun } from '../compaction/sorted-run.js';
import { ImmutableStateError, PartitionArgumentError } from '../errors.js';
import { Partition } from '../model/partition.js';
import { readPartition } from '../read/read.js';
import { intTable, slice } from '../test-tables.js';
import { Memtable } from '../write/memtable.js';
import { PartitionUpdate } from '../write/partition-update.js';
import { Table } from './table.js';
import { tableOptions } from './table-options.js';

describe('PartitionUpdate', () => {
  it('merges rows written twice in one update and cannot be reused', () => {
    const table = intTable();
    const b = PartitionUpdate.builder(table, 'k')
      .insert([2], { v: 1 }, 1)
      .insert([1], { v: 2 }, 1)
      .update([2], { v: 3 }, 2);
    const u = b.build();
    expect(u.rows.map((r) => [r.clustering[0], r.get('v')])).toEqual([
      [1, 2],
      [2, 3],
    ]);
    expect(u.minTimestamp()).toBe(1);
    expect(u.maxTimestamp()).toBe(2);
    expect(() => b.insert([3], {}, 1)).toThrow(ImmutableStateError);
    expect(() => PartitionUpdate.builder(table, '')).toThrow(PartitionArgumentError);
    expect(() => PartitionUpdate.builder(table, 'k').deleteRange(slice(5, 4), 1, 1)).toThrow(/5/);
  });
});

describe('Memtable and SortedRun', () => {
  it('tracks min/max timestamps including tombstones and refuses writes once frozen', () => {
    const table = intTable();
    const m = new Memtable(table);
    m.put(PartitionUpdate.builder(table, 'b').insert([1], {}, 50).build());
    m.put(PartitionUpdate.builder(table, 'a').deleteRange(slice(1, 2), 7, 1).build());
    expect([m.minTimestamp, m.maxTimestamp, m.partitionCount, m.operationCount]).toEqual([7, 50, 2, 2]);
    expect(m.sortedPartitions().map((p) => p.key)).toEqual(['a', 'b']);
    m.freeze();
    expect(() => m.put(PartitionUpdate.builder(table, 'a').insert([1], {}, 1).build())).toThrow(/flushed/);
    expect(() => m.put(PartitionUpdate.builder(intTable(), 'a').insert([1], {}, 1).build())).toThrow(
      /another table/,
    );
  });

  it('a run indexes, bounds and filters its keys', () => {
    const table = intTable();
    const parts = ['m', 'c', 'x'].map((k, i) => {
      const u = PartitionUpdate.builder(table, k)
        .insert([i], {}, 10 + i)
        .build();
      return new Partition(table, k, u.deletionInfo, u.rows);
    });
    const run = new SortedRun(1, table, parts);
    expect([run.firstKey, run.lastKey, run.minTimestamp, run.maxTimestamp]).toEqual(['c', 'x', 10, 12]);
    expect(run.coversKey('a')).toBe(false);
    expect(run.mayContain('a')).toBe(false);
    expect(run.bloomFilter.probes).toBe(0); // out of key range: no probe
    expect(run.lookup('m')?.key).toBe('m');
    expect(run.bloomFilter.probes).toBe(1);
    expect(() => new SortedRun(2, table, [parts[0]!, parts[0]!])).toThrow(/duplicate/);
    expect(() => new SortedRun(-1, table, [])).toThrow(PartitionArgumentError);
    expect(Object.isFrozen(run) && Object.isFrozen(run.partitions)).toBe(true);
  });
});

describe('reads', () => {
  it('merge memtable and runs, apply every deletion kind, slice and reverse', () => {
    const table = intTable();
    const t = new Table(table, { clock: () => 100 });
    for (let i = 0; i < 10; i++) t.apply(t.update('k').insert([i], { v: i }, 10).build());
    t.flush();
    t.apply(t.update('k').deleteRange(slice(2, 4), 11, 1).deleteRow([7], 11, 1).build());
    t.flush();
    t.apply(t.update('k').insert([3], { v: 'again' }, 12).update([8], { v: 'upd' }, 9).build());
    expect(t.read('k').map((r) => [r.clustering[0], r.get('v')])).toEqual([
      [0, 0],
      [1, 1],
      [3, 'again'],
      [5, 5],
      [6, 6],
      [8, 8],
      [9, 9],
    ]);
    const s = Slice.make(ClusteringBound.exclusiveStart(3), ClusteringBound.exclusiveEnd(8));
    expect(t.read('k', { slice: s, reversed: true }).map((r) => r.clustering[0])).toEqual([6, 5]);
    t.apply(t.update('k').deletePartition(12, 1).build());
    expect(t.read('k')).toEqual([]);
    expect(t.read('nothing')).toEqual([]);
    expect(readPartition(table, { runs: t.runs }, 'k').map((r) => r.clustering[0])).toHaveLength(6);
  });

  it('works with multi-column clusterings and prefix range deletions', () => {
    const table = tableOptions({ comparator: new ClusteringComparator([types.text, types.int32]) });
    const t = new Table(table);
    for (const a of ['x', 'y'])
      for (let b = 0; b < 3; b++) t.apply(t.update('k').insert([a, b], {}, 1).build());
    const prefix = Slice.make(ClusteringBound.inclusiveStart('x'), ClusteringBound.inclusiveEnd('x'));
    t.apply(t.update('k').deleteRange(prefix, 2, 1).build());
    expect(t.read('k').map((r) => r.clustering.join(':'))).toEqual(['y:0', 'y:1', 'y:2']);
  });
});

describe('tableOptions', () => {
  it('validates every field', () => {
    const comparator = new ClusteringComparator([types.int32]);
    expect(() => tableOptions({ comparator: {} as never })).toThrow(/ClusteringComparator/);
    expect(() => tableOptions({ comparator, rangeStore: 3 as never })).toThrow(/rangeStore/);
    expect(() => tableOptions({ comparator, gcGraceSeconds: -1 })).toThrow(/gcGraceSeconds.*-1/);
    expect(() => tableOptions({ comparator, bloomFalsePositiveRate: 2 })).toThrow(/bloomFalsePositiveRate/);
    expect(tableOptions({ comparator }).gcGraceSeconds).toBe(864_000);
    expect(Object.isFrozen(tableOptions({ comparator }))).toBe(true);
  });

  it('defaults to the persistent range store; the array lists stay selectable', () => {
    const comparator = new ClusteringComparator([types.int32]);
    const table = tableOptions({ comparator });
    expect(table.rangeStore(comparator)).toBeInstanceOf(PersistentRangeTombstoneList);
    const t = new Table(table);
    t.apply(t.update('k').deleteRange(slice(1, 3), 5, 1).build());
    expect(t.memtable.get('k')?.deletionInfo.rangeCount()).toBe(1);
    for (const [rangeStore, copyOnWrite] of [
      [copyOnWriteRangeTombstoneListFactory, true],
      [eagerRangeTombstoneListFactory, false],
    ] as const) {
      const list = tableOptions({ comparator, rangeStore }).rangeStore(comparator);
      expect(list).toBeInstanceOf(RangeTombstoneList);
      expect((list as RangeTombstoneList).copyOnWrite).toBe(copyOnWrite);
    }
  });
});
