import { PersistentRangeTombstoneList, RangeTombstoneList } from '@tombstone-lab/core';
import { describe, expect, it } from 'vitest';
import {
  BENCH_COMPARATOR,
  bareCopyWith,
  buildExisting,
  copyAndAdd,
  copyAndAddMiddle,
  copyOnly,
  middleSlice,
  searchKeys,
  shuffledKeys,
  sliceSum,
  storageNamed,
  successiveMergesOf,
  TAIL_TOMBSTONE,
} from './rtl-workloads.js';

describe.each(['eager', 'cow', 'persistent'] as const)('bench workloads (%s)', (storage) => {
  it('buildExisting: size disjoint [2i,2i+1]@(1,1) ranges, capacity == size', () => {
    const l = buildExisting(10, storage);
    expect(l.size).toBe(10);
    if (l instanceof RangeTombstoneList) {
      expect(l.capacity).toBe(10);
      expect(l.copyOnWrite).toBe(storage === 'cow');
    } else {
      expect(l).toBeInstanceOf(PersistentRangeTombstoneList);
      expect(storage).toBe('persistent');
    }
    expect(String(l)).toBe(
      `{${Array.from({ length: 10 }, (_, i) => `[${2 * i},${2 * i + 1}]@1/1`).join(', ')}}`,
    );
    expect(() => buildExisting(1025, storage)).toThrow(RangeError);
  });

  it('the tail tombstone sorts after every existing range', () => {
    const l = buildExisting(1000, storage);
    const last = [...l.iterator(true)][0];
    expect(
      BENCH_COMPARATOR.compare(last?.slice.end ?? TAIL_TOMBSTONE.slice.end, TAIL_TOMBSTONE.slice.start),
    ).toBe(-1);
  });

  it('copyOnly / copyAndAdd / copyAndAddMiddle leave the source untouched', () => {
    const l = buildExisting(100, storage);
    const before = String(l);
    expect(copyOnly(l).equals(l)).toBe(true);
    const appended = copyAndAdd(l);
    expect(appended.size).toBe(101);
    expect(appended.search([100000])?.toString()).toBe('[100000,100001]@1/1');
    const middle = copyAndAddMiddle(l, () => 0.5);
    expect(middle.size).toBe(101);
    expect(middle.search([101])?.toString()).toBe('[101,101]@2/1');
    expect(middle.search([100])?.toString()).toBe('[100,101)@1/1');
    expect(String(l)).toBe(before);
  });

  it('successive merges build the same n ranges whether keys arrive in order or shuffled', () => {
    const inOrder = successiveMergesOf(
      storage,
      Array.from({ length: 50 }, (_, k) => k),
    );
    expect(inOrder.size).toBe(50);
    expect(inOrder.search([98])?.toString()).toBe('[98,99]@1/1');
    const keys = shuffledKeys(50, 7);
    expect([...keys].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, k) => k));
    expect(keys).not.toEqual(Array.from({ length: 50 }, (_, k) => k));
    expect(successiveMergesOf(storage, keys).equals(inOrder)).toBe(true);
  });
});

describe('workload inputs', () => {
  it('names storages and rejects anything else', () => {
    expect(storageNamed('persistent')).toBe('persistent');
    expect(() => storageNamed('cowx')).toThrow(/got "cowx"/);
  });

  it('shuffles deterministically per seed', () => {
    expect(shuffledKeys(20, 1)).toEqual(shuffledKeys(20, 1));
    expect(shuffledKeys(20, 1)).not.toEqual(shuffledKeys(20, 2));
  });
});

describe('read workloads', () => {
  it('middleSlice covers the middle fifth, clipped inside its first range; sliceSum sums what iteration yields', () => {
    const list = buildExisting(1000, 'persistent');
    const slice = middleSlice(1000);
    const ranges = [...list.iterator(slice)];
    expect(ranges).toHaveLength(201);
    expect(String(ranges[0])).toBe('[801,801]@1/1');
    expect(String(ranges.at(-1))).toBe('[1200,1200]@1/1');
    expect(sliceSum(list, slice)).toBe(201);
    expect(sliceSum(buildExisting(1000, 'cow'), slice)).toBe(201);
  });

  it('searchKeys: seeded clusterings, each the start of a range of the list', () => {
    const keys = searchKeys(1000, 64, 7);
    expect(keys).toEqual(searchKeys(1000, 64, 7));
    const list = buildExisting(1000, 'cow');
    for (const [k] of keys) expect(list.search([k as number])?.deletionTime.markedForDeleteAt).toBe(1);
    expect(new Set(keys.map(([k]) => k)).size).toBeGreaterThan(32);
  });
});

describe('bare copies (the floor of a one-allocation copy)', () => {
  it.each([3, 5, 6, 8])(
    'a bare copy with %i fields is one object with exactly that many fields',
    (fields) => {
      const list = buildExisting(10, 'persistent');
      const copy = bareCopyWith(fields)(list) as object;
      expect(Object.keys(copy)).toHaveLength(fields);
      expect(bareCopyWith(fields)(list)).not.toBe(copy);
    },
  );

  it('names any other field count', () => {
    expect(() => bareCopyWith(7)).toThrow(/3, 5, 6 or 8 fields, got 7/);
  });
});
