import {
  ClusteringBound,
  ClusteringComparator,
  ComparatorMismatchError,
  DeletionTime,
  EmptySliceError,
  InvalidClusteringValueError,
  NO_TIMESTAMP,
  RangeTombstone,
  type RangeTombstoneStoreFactory,
  Slice,
  types,
} from '@tombstone-lab/core';
import { objectSize } from '@tombstone-lab/core/internal';
import { describe, expect, it } from 'vitest';
import { ImmutableStateError, PartitionArgumentError } from '../errors.js';
import { tableOptions } from '../table/table-options.js';
import { dt, intTable, RANGE_IMPLEMENTATIONS, rt, slice } from '../test-tables.js';
import { PartitionUpdate } from '../write/partition-update.js';
import { DeletionInfo } from './deletion-info.js';

const ranges = (info: { rangeIterator: DeletionInfo['rangeIterator'] }, ...args: [Slice?, boolean?]) =>
  [...info.rangeIterator(...(args as [Slice, boolean]))].map(String);

describe('DeletionInfo.LIVE', () => {
  it('is live, costs no heap, and refuses every mutation', () => {
    const live = DeletionInfo.LIVE as DeletionInfo;
    expect(live.isLive()).toBe(true);
    expect(live.unsharedHeapSize()).toBe(0);
    expect(live.getPartitionDeletion()).toBe(DeletionTime.LIVE);
    expect(live.rangeCount()).toBe(0);
    expect(() => live.add(dt(5))).toThrow(ImmutableStateError);
    expect(() => live.add(rt(1, 2, 3), intTable())).toThrow(ImmutableStateError);
    expect(() => live.updateAllTimestamp(7)).toThrow(/mutableCopy/);
    expect(live.isLive()).toBe(true);
  });

  it('mutableCopy gives an independent, mutable live instance', () => {
    const copy = DeletionInfo.LIVE.mutableCopy();
    copy.add(dt(5, 1));
    expect(copy.isLive()).toBe(false);
    expect(DeletionInfo.LIVE.isLive()).toBe(true);
    expect(copy.unsharedHeapSize()).toBeGreaterThan(0);
  });
});

describe.each(RANGE_IMPLEMENTATIONS)(
  'DeletionInfo over %s ranges',
  (_name, factory: RangeTombstoneStoreFactory) => {
    const table = intTable(factory);

    it('keeps ranges null until the first range, created by the table factory', () => {
      let created = 0;
      const counting = {
        ...table,
        rangeStore: (c: typeof table.comparator) => {
          created++;
          return factory(c);
        },
      };
      const info = new DeletionInfo(counting);
      info.add(dt(3));
      expect(created).toBe(0);
      expect(info.hasRanges()).toBe(false);
      expect(info.toString()).toBe('{deletedAt=3, localDeletion=0}');
      info.add(rt(1, 5, 4));
      info.add(rt(7, 9, 4));
      expect(created).toBe(1);
      expect(info.rangeCount()).toBe(2);
    });

    it('add(DeletionTime) keeps the superseding partition deletion (newer timestamp, then larger ldt)', () => {
      const info = new DeletionInfo(table);
      info.add(dt(10, 5));
      info.add(dt(9, 100));
      expect(info.getPartitionDeletion().equals(dt(10, 5))).toBe(true);
      info.add(dt(10, 6));
      expect(info.getPartitionDeletion().equals(dt(10, 6))).toBe(true);
      info.add(dt(10, 6));
      expect(info.getPartitionDeletion().equals(dt(10, 6))).toBe(true);
    });

    it('add(RangeTombstone) without any source fails clearly and changes nothing', () => {
      const info = new DeletionInfo(null, dt(1));
      expect(() => info.add(rt(1, 2, 3))).toThrow(PartitionArgumentError);
      expect(info.hasRanges()).toBe(false);
      info.add(rt(1, 2, 3), table);
      expect(ranges(info)).toEqual(['[1,2]@3']);
    });

    it('rejects something that is not a deletion', () => {
      const info = new DeletionInfo(table);
      expect(() => info.add(42 as unknown as DeletionTime)).toThrow(/got 42/);
      expect(() => new DeletionInfo(table, 'x' as unknown as DeletionTime)).toThrow(PartitionArgumentError);
    });

    it('add(DeletionInfo) copies ranges into an empty target, merges otherwise, keeps pd-shadowed ranges', () => {
      const other = new DeletionInfo(table);
      other.add(rt(1, 5, 3));
      const target = new DeletionInfo(null);
      target.add(other);
      expect(ranges(target)).toEqual(['[1,5]@3']);
      other.add(rt(3, 8, 9)); // later change of the source must not leak into the target
      expect(ranges(target)).toEqual(['[1,5]@3']);
      target.add(rt(10, 12, 1)); // target adopted the source's range store source
      const withPd = new DeletionInfo(table, dt(100));
      withPd.add(rt(20, 30, 2));
      target.add(withPd);
      expect(target.getPartitionDeletion().markedForDeleteAt).toBe(100);
      expect(ranges(target)).toEqual(['[1,5]@3', '[10,12]@1', '[20,30]@2']);
      expect(target.add(target)).toBe(target);
    });

    it('mutableCopy is independent in both directions', () => {
      const original = new DeletionInfo(table);
      original.add(rt(1, 5, 3)).add(rt(10, 15, 3));
      const copy = original.mutableCopy();
      copy.add(rt(4, 11, 9));
      copy.add(dt(2));
      expect(ranges(original)).toEqual(['[1,5]@3', '[10,15]@3']);
      expect(original.getPartitionDeletion().isLive()).toBe(true);
      original.add(rt(20, 21, 1));
      expect(ranges(copy)).toEqual(['[1,4)@3', '[4,10)@9', '[10,11]@9', '(11,15]@3']);
      const second = copy.mutableCopy();
      second.updateAllTimestamp(50);
      expect(ranges(copy)).toEqual(['[1,4)@3', '[4,10)@9', '[10,11]@9', '(11,15]@3']);
      expect(ranges(second)).toEqual(['[1,4)@50', '[4,10)@50', '[10,11]@50', '(11,15]@50']);
      expect(second.getPartitionDeletion().markedForDeleteAt).toBe(50);
    });

    it('iterates ranges, clipped to a slice, forward and reversed; finds the covering range', () => {
      const info = new DeletionInfo(table);
      info.add(rt(1, 5, 3)).add(rt(10, 15, 4));
      expect(ranges(info, true as unknown as Slice)).toEqual(['[10,15]@4', '[1,5]@3']);
      expect(ranges(info, slice(3, 12))).toEqual(['[3,5]@3', '[10,12]@4']);
      expect(ranges(info, slice(3, 12), true)).toEqual(['[10,12]@4', '[3,5]@3']);
      expect(info.rangeCovering([12])?.toString()).toBe('[10,15]@4');
      expect(info.rangeCovering([7])).toBeNull();
      expect(info.deletionAt([7]).isLive()).toBe(true);
      expect(info.isDeleted([12], 4)).toBe(true);
      expect(info.isDeleted([12], 5)).toBe(false);
      expect([...new DeletionInfo(table).rangeIterator(Slice.ALL, false)]).toEqual([]);
    });

    it('deletionAt takes the newer of the partition deletion and the covering range', () => {
      const info = new DeletionInfo(table, dt(6));
      info.add(rt(1, 5, 3)).add(rt(10, 15, 8));
      expect(info.deletionAt([2]).markedForDeleteAt).toBe(6);
      expect(info.deletionAt([12]).markedForDeleteAt).toBe(8);
      expect(info.deletionAt([7]).markedForDeleteAt).toBe(6);
    });

    it('mayModify: a newer partition deletion or any range at all', () => {
      const existing = new DeletionInfo(table, dt(10));
      expect(new DeletionInfo(table, dt(11)).mayModify(existing)).toBe(true);
      expect(new DeletionInfo(table, dt(9)).mayModify(existing)).toBe(false);
      expect(new DeletionInfo(table, dt(10)).mayModify(existing)).toBe(false);
      const shadowedRange = new DeletionInfo(table).add(rt(1, 2, 1));
      expect(shadowedRange.mayModify(existing)).toBe(true);
    });

    it('maxTimestamp, dataSize and unsharedHeapSize follow the Cassandra formulas', () => {
      const info = new DeletionInfo(table, dt(4));
      expect(info.maxTimestamp()).toBe(4);
      expect(info.dataSize()).toBe(8);
      const model = table.sizeModel;
      expect(info.unsharedHeapSize()).toBe(objectSize(model, 2, 0) + objectSize(model, 0, 12));
      info.add(rt(1, 5, 9)).add(rt(7, 8, 2));
      expect(info.maxTimestamp()).toBe(9);
      expect(info.minTimestamp()).toBe(2);
      const store = factory(table.comparator);
      store.add(rt(1, 5, 9));
      store.add(rt(7, 8, 2));
      expect(info.dataSize()).toBe(8 + store.dataSize());
      expect(info.dataSize()).toBe(8 + 4 + 2 * (4 + 4 + 12));
      const justRanges = new DeletionInfo(table).add(rt(1, 5, 9));
      const single = factory(table.comparator);
      single.add(rt(1, 5, 9));
      expect(justRanges.unsharedHeapSize()).toBe(objectSize(model, 2, 0) + single.unsharedHeapSize());
      expect(new DeletionInfo(table).minTimestamp()).toBe(Number.POSITIVE_INFINITY);
    });

    it('updateAllTimestamp keeps the local deletion time and leaves a LIVE partition deletion LIVE', () => {
      const info = new DeletionInfo(table, dt(4, 77));
      info.updateAllTimestamp(40);
      expect(info.getPartitionDeletion().equals(dt(40, 77))).toBe(true);
      const noPd = new DeletionInfo(table).add(rt(1, 2, 3));
      noPd.updateAllTimestamp(40);
      expect(noPd.getPartitionDeletion().isLive()).toBe(true);
      expect(() => noPd.updateAllTimestamp(1.5)).toThrow(/1\.5/);
    });

    it('updateAllTimestamp leaves a partition deletion at NO_TIMESTAMP alone, as Cassandra does (issue 34, shrunk)', () => {
      // Cassandra trunk f90a6ca answers (MIN, 1) and maxTimestamp MIN; we answered (0, 1) and 0.
      const info = new DeletionInfo(table, DeletionTime.build(NO_TIMESTAMP, 1));
      info.updateAllTimestamp(0);
      expect(info.getPartitionDeletion().equals(DeletionTime.build(NO_TIMESTAMP, 1))).toBe(true);
      expect(info.maxTimestamp()).toBe(NO_TIMESTAMP);
      expect(info.isDeleted([1], 0)).toBe(false);
      // Its ranges are still rewritten.
      const withRange = new DeletionInfo(table, DeletionTime.build(NO_TIMESTAMP, 1)).add(rt(1, 2, 3));
      withRange.updateAllTimestamp(9);
      expect(withRange.getPartitionDeletion().markedForDeleteAt).toBe(NO_TIMESTAMP);
      expect(withRange.maxTimestamp()).toBe(9);
    });

    it('equals compares partition deletion and ranges; null ranges differ from present ones', () => {
      const a = new DeletionInfo(table, dt(3)).add(rt(1, 2, 3));
      const b = new DeletionInfo(table, dt(3)).add(rt(1, 2, 3));
      expect(a.equals(b)).toBe(true);
      expect(a.equals(new DeletionInfo(table, dt(3)))).toBe(false);
      expect(new DeletionInfo(table, dt(3)).equals(new DeletionInfo(table, dt(3)))).toBe(true);
      expect(a.equals(new DeletionInfo(table, dt(4)).add(rt(1, 2, 3)))).toBe(false);
      expect(a.equals('x')).toBe(false);
    });

    it('a frozen instance refuses mutation, keeps its state, and still copies', () => {
      const info = new DeletionInfo(table).add(rt(1, 5, 3));
      const frozen = info.freeze();
      expect(frozen.isFrozen()).toBe(true);
      expect(() => info.add(rt(6, 7, 1))).toThrow(ImmutableStateError);
      expect(() => info.add(dt(1))).toThrow(ImmutableStateError);
      expect(() => info.updateAllTimestamp(1)).toThrow(ImmutableStateError);
      expect(ranges(info)).toEqual(['[1,5]@3']);
      const copy = frozen.mutableCopy().add(rt(6, 7, 1));
      expect(ranges(copy)).toEqual(['[1,5]@3', '[6,7]@1']);
      expect(ranges(frozen)).toEqual(['[1,5]@3']);
    });

    it('passes core errors through for bad ranges and keeps the state', () => {
      const info = new DeletionInfo(table).add(rt(1, 5, 3));
      // (-0, 0]: Slice.make leaves -0 against 0 to the column (double orders them); under int32 it is (0, 0].
      const empty = Slice.make(ClusteringBound.exclusiveStart(-0), ClusteringBound.inclusiveEnd(0));
      expect(() => info.add(new RangeTombstone(empty, dt(4)))).toThrow(EmptySliceError);
      expect(ranges(info)).toEqual(['[1,5]@3']);
    });
  },
);

describe('failed adds leave a DeletionInfo unchanged', () => {
  const textTable = tableOptions({ comparator: new ClusteringComparator([types.text]) });

  it('add(DeletionInfo) with differently ordered ranges throws before moving the partition deletion', () => {
    const info = new DeletionInfo(intTable(), dt(1)).add(rt(1, 2, 3));
    const other = new DeletionInfo(textTable, dt(9)).add(
      new RangeTombstone(Slice.make(ClusteringBound.inclusiveStart('a'), ClusteringBound.TOP), dt(4)),
    );
    const before = { text: info.toString(), heap: info.unsharedHeapSize() };
    expect(() => info.add(other)).toThrow(ComparatorMismatchError);
    expect(() => info.add(other)).toThrow(/ClusteringComparator\(text\)/);
    expect(info.getPartitionDeletion()).toEqual(dt(1));
    expect(info.toString()).toBe(before.text);
    expect(info.unsharedHeapSize()).toBe(before.heap);
  });

  it('add(DeletionInfo) with differently ordered ranges is fine when either side has none', () => {
    const other = new DeletionInfo(textTable, dt(9)).add(
      new RangeTombstone(Slice.make(ClusteringBound.inclusiveStart('a'), ClusteringBound.TOP), dt(4)),
    );
    const info = new DeletionInfo(intTable(), dt(1)).add(other);
    expect(info.getPartitionDeletion()).toEqual(dt(9));
    expect(info.rangeCount()).toBe(1);
  });

  it.each([
    [
      'a text range on an int32 table',
      new RangeTombstone(Slice.make(ClusteringBound.inclusiveStart('x'), ClusteringBound.TOP), dt(2)),
      InvalidClusteringValueError,
    ],
    [
      'an empty range (-0, 0] of an int32 column',
      new RangeTombstone(
        Slice.make(ClusteringBound.exclusiveStart(-0), ClusteringBound.inclusiveEnd(0)),
        dt(2),
      ),
      EmptySliceError,
    ],
  ] as const)(
    'a first range that is rejected (%s) creates no container and no heap',
    (_n, bad, ErrorClass) => {
      const info = new DeletionInfo(intTable());
      const before = { text: info.toString(), heap: info.unsharedHeapSize() };
      expect(() => info.add(bad)).toThrow(ErrorClass);
      expect(info.toString()).toBe(before.text);
      expect(info.toString()).toBe('{LIVE}');
      expect(info.unsharedHeapSize()).toBe(before.heap);
      expect(info.isLive()).toBe(true);
      expect(info.rangeCount()).toBe(0);
      // The source is still usable afterwards.
      info.add(rt(1, 2, 3));
      expect(info.rangeCount()).toBe(1);
    },
  );

  it('PartitionUpdateBuilder.deleteRange with a bad range leaves the builder and its update unchanged', () => {
    const table = intTable();
    const builder = PartitionUpdate.builder(table, 'k');
    const bad = Slice.make(ClusteringBound.inclusiveStart('x'), ClusteringBound.TOP);
    expect(() => builder.deleteRange(bad, 1, 0)).toThrow(InvalidClusteringValueError);
    expect(() => builder.deleteRange(slice(5, 1), 1, 0)).toThrow(EmptySliceError);
    const empty = Slice.make(ClusteringBound.exclusiveStart(-0), ClusteringBound.inclusiveEnd(0));
    expect(() => builder.deleteRange(empty, 1, 0)).toThrow(EmptySliceError);
    const update = builder.build();
    expect(update.isEmpty()).toBe(true);
    expect(update.deletionInfo.toString()).toBe('{LIVE}');
    expect(update.deletionInfo.unsharedHeapSize()).toBe(new DeletionInfo(table).unsharedHeapSize());
  });
});
