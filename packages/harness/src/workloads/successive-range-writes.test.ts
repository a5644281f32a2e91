import { copyOnWriteRangeTombstoneListFactory, eagerRangeTombstoneListFactory } from '@tombstone-lab/core';
import { describe, expect, it } from 'vitest';
import { successiveRangeWrites } from './successive-range-writes.js';

describe('successiveRangeWrites', () => {
  it.each(['tail', 'random'] as const)(
    '%s: n writes through the updater leave n disjoint ranges',
    (arrival) => {
      for (const factory of [eagerRangeTombstoneListFactory, copyOnWriteRangeTombstoneListFactory]) {
        const w = successiveRangeWrites(64, factory, arrival, 3);
        expect(w.updates).toHaveLength(64);
        const first = w.run();
        const again = w.run();
        expect(first.partition.deletionInfo.rangeCount()).toBe(64);
        expect(first.partition.deletionInfo.equals(again.partition.deletionInfo)).toBe(true);
        expect(first.heapReported).toBe(first.partition.unsharedHeapSize());
        const starts = [...first.partition.deletionInfo.rangeIterator()].map((r) => r.slice.start.values[0]);
        expect(starts).toEqual(Array.from({ length: 64 }, (_, i) => 2 * i));
      }
    },
  );

  it('tail arrivals come in clustering order, random ones do not, and the seed decides the order', () => {
    const firstStart = (w: ReturnType<typeof successiveRangeWrites>) =>
      w.updates.map((u) => [...u.deletionInfo.rangeIterator()][0]!.slice.start.values[0]);
    const tail = firstStart(successiveRangeWrites(32, copyOnWriteRangeTombstoneListFactory, 'tail'));
    expect(tail).toEqual([...tail].sort((a, b) => (a as number) - (b as number)));
    const r1 = firstStart(successiveRangeWrites(32, copyOnWriteRangeTombstoneListFactory, 'random', 1));
    expect(r1).not.toEqual(tail);
    expect(firstStart(successiveRangeWrites(32, copyOnWriteRangeTombstoneListFactory, 'random', 1))).toEqual(
      r1,
    );
    expect(
      firstStart(successiveRangeWrites(32, copyOnWriteRangeTombstoneListFactory, 'random', 2)),
    ).not.toEqual(r1);
    expect(() => successiveRangeWrites(0, copyOnWriteRangeTombstoneListFactory, 'tail')).toThrow(RangeError);
  });
});
