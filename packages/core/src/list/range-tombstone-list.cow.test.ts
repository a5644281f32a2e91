import { describe, expect, it } from 'vitest';
import { ClusteringBound } from '../model/clustering-bound.js';
import { expectRanges, expectValid, INT_CMP, listOf, parseRanges, rt } from '../test-helpers.js';
import { backingArrays, RangeTombstoneList } from './range-tombstone-list.js';

const cow = (capacity = 1) => new RangeTombstoneList(INT_CMP, { capacity, copyOnWrite: true });
const disjoint = (n: number, capacity = n) => {
  const l = cow(capacity);
  for (let i = 0; i < n; i++) l.add(rt(2 * i, 2 * i + 1, 1));
  return l;
};

describe('copy-on-write sharing', () => {
  it('copy() shares the arrays and leaves both lists equal', () => {
    const a = disjoint(4);
    const b = a.copy();
    expect(backingArrays(b)).toBe(backingArrays(a));
    expect(b.equals(a)).toBe(true);
  });

  it('eager copy() trims to size and never shares', () => {
    const a = listOf([rt(1, 2, 1), rt(4, 5, 1)], { copyOnWrite: false, capacity: 10 });
    const b = a.copy();
    expect(b.capacity).toBe(2);
    expect(backingArrays(b)).not.toBe(backingArrays(a));
    expect(backingArrays(a).shared).toBe(false);
  });

  it('the copy holding the claimed tail appends in place; its sibling then copies before appending', () => {
    const a = disjoint(3, 8); // capacity 8, size 3: spare within the slack of 5, so copies share
    const b = a.copy();
    const c = a.copy();
    const store = backingArrays(a);
    b.add(rt(100, 101, 2));
    expect(backingArrays(b)).toBe(store); // in place: slot 3 was unclaimed
    expect(store.claimed).toBe(4);
    c.add(rt(200, 201, 3));
    expect(backingArrays(c)).not.toBe(store); // slot 3 belongs to b now
    a.add(rt(300, 301, 4));
    expect(backingArrays(a)).not.toBe(store);
    expectRanges(b, '[0,1]@1, [2,3]@1, [4,5]@1, [100,101]@2');
    expectRanges(c, '[0,1]@1, [2,3]@1, [4,5]@1, [200,201]@3');
    expectRanges(a, '[0,1]@1, [2,3]@1, [4,5]@1, [300,301]@4');
    // b still owns the tail of the original store and keeps appending in place.
    b.add(rt(102, 103, 2));
    expect(backingArrays(b)).toBe(store);
    expectRanges(b, '[0,1]@1, [2,3]@1, [4,5]@1, [100,101]@2, [102,103]@2');
  });

  it('copies of copies: each generation appends without disturbing the others', () => {
    const gen1 = disjoint(2, 8);
    const gen2 = gen1.copy();
    gen2.add(rt(10, 11, 2));
    const gen3 = gen2.copy();
    gen3.add(rt(12, 13, 3));
    const gen3b = gen2.copy();
    gen3b.add(rt(20, 21, 4));
    gen1.add(rt(30, 31, 5));
    expectRanges(gen1, '[0,1]@1, [2,3]@1, [30,31]@5');
    expectRanges(gen2, '[0,1]@1, [2,3]@1, [10,11]@2');
    expectRanges(gen3, '[0,1]@1, [2,3]@1, [10,11]@2, [12,13]@3');
    expectRanges(gen3b, '[0,1]@1, [2,3]@1, [10,11]@2, [20,21]@4');
    for (const l of [gen1, gen2, gen3, gen3b]) expectValid(l);
  });

  it.each([
    ['middle insert', (l: RangeTombstoneList) => l.add(rt(-5, -4, 9))],
    ['overlapping overwrite', (l: RangeTombstoneList) => l.add(rt(0, 3, 9))],
    ['addAll merge', (l: RangeTombstoneList) => l.addAll(listOf([rt(1, 2, 9), rt(50, 60, 9)]))],
    ['updateAllTimestamp', (l: RangeTombstoneList) => l.updateAllTimestamp(42)],
    [
      'updateAllTimestampAndLocalDeletionTime',
      (l: RangeTombstoneList) => l.updateAllTimestampAndLocalDeletionTime(42, 7),
    ],
  ])('%s on one copy leaves the original and a sibling unchanged (gen1 → gen2 → gen3)', (_name, mutate) => {
    for (const copyOnWrite of [false, true]) {
      const gen1 = listOf(parseRanges('[0,1]@1, [2,3]@1, [4,5]@1'), { copyOnWrite, capacity: 4 });
      const gen2 = gen1.copy();
      const gen3 = gen2.copy();
      const sibling = gen1.copy();
      const before = [gen1, gen2, gen3, sibling].map(String);
      for (const [k, target] of [gen3, gen2, gen1].entries()) {
        mutate(target);
        expectValid(target);
        const others = [gen1, gen2, gen3, sibling].filter(
          (l) => l !== target && ![gen3, gen2, gen1].slice(0, k).includes(l),
        );
        for (const o of others) expect(String(o)).toBe(before[[gen1, gen2, gen3, sibling].indexOf(o)]);
      }
      expect(String(sibling)).toBe(before[3]);
    }
  });

  it('testCOWGrowToFreeIsolation: a full shared list grows into fresh arrays on both sides', () => {
    const a = disjoint(2, 2);
    const b = a.copy();
    a.add(rt(10, 11, 2));
    b.add(rt(20, 21, 3));
    expect(a.size).toBe(3);
    expect(b.size).toBe(3);
    expectRanges(a, '[0,1]@1, [2,3]@1, [10,11]@2');
    expectRanges(b, '[0,1]@1, [2,3]@1, [20,21]@3');
  });

  it('addAll into an empty list adopts the source arrays and later writes stay private', () => {
    const src = disjoint(3, 4);
    const dst = cow(1);
    dst.addAll(src);
    expect(backingArrays(dst)).toBe(backingArrays(src));
    dst.add(rt(1, 2, 5));
    src.add(rt(7, 8, 6));
    // Cassandra fills up to the next start and never coalesces, hence the [1,2)@5, [2,2]@5 pair.
    expectRanges(dst, '[0,1)@1, [1,2)@5, [2,2]@5, (2,3]@1, [4,5]@1');
    expectRanges(src, '[0,1]@1, [2,3]@1, [4,5]@1, [7,8]@6');
  });

  it('onCopy counts every copy()', () => {
    let copies = 0;
    RangeTombstoneList.onCopy = () => {
      copies++;
    };
    try {
      const l = disjoint(2);
      l.copy().copy();
      expect(copies).toBe(2);
    } finally {
      RangeTombstoneList.onCopy = null;
    }
  });
});

describe('copies do not pin excess capacity (capacity > size + 5 && capacity > growthFactor × size → trim)', () => {
  it('capacity 5 with 2 used: the copy shares', () => {
    const a = disjoint(2, 5);
    expect(backingArrays(a.copy())).toBe(backingArrays(a));
  });

  it('capacity 20 with 2 used: the copy gets trimmed arrays and the original stays unshared', () => {
    const a = disjoint(2, 20);
    const b = a.copy();
    expect(b.capacity).toBe(2);
    expect(backingArrays(a).shared).toBe(false);
  });

  it('addAll into an empty list from a high-spare source takes trimmed arrays', () => {
    const src = disjoint(2, 20);
    const dst = cow(0);
    dst.addAll(src);
    expect(dst.capacity).toBe(2);
    expect(backingArrays(dst)).not.toBe(backingArrays(src));
  });

  it.each([1.2, 1.5, 2, 5])(
    'lists grown only by appending always share (growth factor %s)',
    (growthFactor) => {
      let list = new RangeTombstoneList(INT_CMP, { capacity: 1, growthFactor });
      for (let i = 0; i < 300; i++) {
        const next = list.copy();
        expect(backingArrays(next), `size ${list.size} capacity ${list.capacity}`).toBe(backingArrays(list));
        next.add(rt(2 * i, 2 * i + 1, 1));
        list = next;
      }
      expect(list.size).toBe(300);
      expect(list.capacity).toBeLessThan(Math.ceil(growthFactor * 300) + 1);
    },
  );

  it('the copy never retains more than max(size + 5, growthFactor × size) slots', () => {
    for (let cap = 0; cap <= 64; cap++) {
      for (let n = 0; n <= Math.min(cap, 20); n++) {
        const l = disjoint(n, cap);
        const c = l.copy();
        expect(c.capacity <= Math.max(n + 5, 1.5 * n), `cap ${cap} size ${n} → ${c.capacity}`).toBe(true);
      }
    }
  });
});

describe('bounds are shared, never copied', () => {
  it('copies reference the same bound objects', () => {
    const a = disjoint(2);
    const b = a.copy();
    b.add(rt(-3, -2, 1));
    expect(backingArrays(b).starts[1]).toBe(backingArrays(a).starts[0]);
    expect(backingArrays(b).starts[0]).toBeInstanceOf(ClusteringBound);
  });
});
