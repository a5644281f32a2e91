import { describe, expect, it } from 'vitest';
import { InvalidClusteringValueError, InvalidConfigurationError } from '../errors.js';
import { backingArrays, createRangeTombstoneList, RangeTombstoneList } from '../list/range-tombstone-list.js';
import { rangeTombstoneListFactory } from '../list/range-tombstone-list-factory.js';
import { buildConfig, type ListConfig } from '../list/range-tombstone-list-options.js';
import { ClusteringBound } from '../model/clustering-bound.js';
import { NO_DELETION_TIME, NO_TIMESTAMP } from '../model/deletion-time.js';
import { expectRanges, expectValid, INT_CMP, rt } from '../test-helpers.js';
import { allocate, copyInto, type SharedArrays, shiftRight, trimmedCopy } from './shared-arrays.js';

const bound = (v: number) => ClusteringBound.inclusiveStart(v);

/** A store of `capacity` slots whose first `size` hold start(i), end(i), markedAt 1000 + i, delTime 2000 + i. */
function filled(size: number, capacity = size): SharedArrays {
  const st = allocate(capacity);
  for (let i = 0; i < size; i++) {
    st.starts[i] = bound(i);
    st.ends[i] = ClusteringBound.inclusiveEnd(i);
    st.markedAts[i] = 1000 + i;
    st.delTimes[i] = 2000 + i;
  }
  st.claimed = size;
  return st;
}

function expectShape(st: SharedArrays, capacity: number): void {
  expect(st.capacity).toBe(capacity);
  for (const arr of [st.starts, st.ends, st.markedAts, st.delTimes]) {
    expect(Array.isArray(arr)).toBe(true);
    expect(arr).toHaveLength(capacity);
  }
}

function expectFree(st: SharedArrays, from: number): void {
  for (let i = from; i < st.capacity; i++) {
    expect(st.starts[i], `starts[${i}]`).toBeUndefined();
    expect(st.ends[i], `ends[${i}]`).toBeUndefined();
    expect(st.markedAts[i], `markedAts[${i}]`).toBe(0);
    expect(st.delTimes[i], `delTimes[${i}]`).toBe(0);
  }
}

describe('store primitives', () => {
  it.each([0, 1, 7, 1024])(
    'allocate(%i): four plain arrays of exactly that length, all slots free',
    (capacity) => {
      const st = allocate(capacity);
      expectShape(st, capacity);
      expectFree(st, 0);
      expect(st.claimed).toBe(0);
      expect(st.shared).toBe(false);
    },
  );

  it('allocate hands out independent arrays every time', () => {
    const a = allocate(4);
    const b = allocate(4);
    a.starts[0] = bound(1);
    a.markedAts[0] = 5;
    expect(b.starts[0]).toBeUndefined();
    expect(b.markedAts[0]).toBe(0);
    expect(a.starts).not.toBe(a.ends);
    expect(a.markedAts).not.toBe(a.delTimes);
  });

  it('trimmedCopy: capacity == size, same entries, fresh unshared arrays', () => {
    const src = filled(3, 8);
    const dst = trimmedCopy(src, 3);
    expectShape(dst, 3);
    expect(dst.starts).toEqual(src.starts.slice(0, 3));
    expect(dst.markedAts).toEqual([1000, 1001, 1002]);
    expect(dst.delTimes).toEqual([2000, 2001, 2002]);
    expect(dst.claimed).toBe(3);
    expect(dst.shared).toBe(false);
    dst.markedAts[0] = 9;
    expect(src.markedAts[0]).toBe(1000);
  });

  it('copyInto from a full store grows to the new capacity with a free tail', () => {
    const src = filled(5);
    const dst = copyInto(src, 5, 8, 5);
    expectShape(dst, 8);
    expect(dst.starts.slice(0, 5)).toEqual(src.starts);
    expect(dst.markedAts.slice(0, 5)).toEqual(src.markedAts);
    expect(dst.delTimes.slice(0, 5)).toEqual(src.delTimes);
    expectFree(dst, 5);
    expect(dst.starts).not.toBe(src.starts);
  });

  it('copyInto of a shared store blanks the slots a sibling appended past this size', () => {
    const src = filled(6, 8); // a sibling of size 6 claimed slots 4 and 5
    const dst = copyInto(src, 4, 8, 4);
    expectShape(dst, 8);
    expect(dst.markedAts.slice(0, 4)).toEqual([1000, 1001, 1002, 1003]);
    expectFree(dst, 4);
    expect(src.markedAts[5]).toBe(1005); // the source is untouched
  });

  it('copyInto into a larger capacity from a store with spare slots', () => {
    const src = filled(3, 4);
    const dst = copyInto(src, 3, 9, 3);
    expectShape(dst, 9);
    expect(dst.ends.slice(0, 3)).toEqual(src.ends.slice(0, 3));
    expectFree(dst, 3);
  });

  it.each([0, 2, 4])('copyInto with a gap at %i leaves that slot free and shifts the rest right', (gap) => {
    const src = filled(5);
    const dst = copyInto(src, 5, 8, gap);
    expectShape(dst, 8);
    for (let i = 0; i < 5; i++) {
      const j = i < gap ? i : i + 1;
      expect(dst.starts[j]).toBe(src.starts[i]);
      expect(dst.ends[j]).toBe(src.ends[i]);
      expect(dst.markedAts[j]).toBe(1000 + i);
      expect(dst.delTimes[j]).toBe(2000 + i);
    }
    expect(dst.starts[gap]).toBeUndefined();
    expect(dst.markedAts[gap]).toBe(0);
    expectFree(dst, 6);
  });

  // Short (hand-loop) and long (bulk copy + shift) gapped copies, from full, spare and sibling-extended stores.
  it.each([
    [5, 5, 8],
    [40, 40, 60],
    [60, 60, 90],
    [80, 80, 120],
    [80, 100, 100],
    [80, 90, 130],
  ])(
    'copyInto of %i entries (source capacity %i) into %i slots keeps every gap layout exact',
    (size, srcCap, cap) => {
      const src = filled(srcCap, srcCap); // slots past `size` play a sibling's appends: they must come out free
      for (const gap of [0, 1, size >> 1, size - 1]) {
        const dst = copyInto(src, size, cap, gap);
        expectShape(dst, cap);
        for (let i = 0; i < size; i++) {
          const j = i < gap ? i : i + 1;
          expect(dst.starts[j]).toBe(src.starts[i]);
          expect(dst.ends[j]).toBe(src.ends[i]);
          expect(dst.markedAts[j]).toBe(1000 + i);
          expect(dst.delTimes[j]).toBe(2000 + i);
        }
        expect(dst.starts[gap]).toBeUndefined();
        expect(dst.ends[gap]).toBeUndefined();
        expect(dst.markedAts[gap]).toBe(0);
        expect(dst.delTimes[gap]).toBe(0);
        expectFree(dst, size + 1);
        expect(src.starts[0]).toBe(dst.starts[gap === 0 ? 1 : 0]); // the source is never written
      }
    },
  );

  it('free tails are never aliased between grown stores (writing one leaves the next grow clean)', () => {
    const a = copyInto(filled(10), 10, 15, 10);
    for (let i = 10; i < 15; i++) {
      a.starts[i] = bound(99);
      a.markedAts[i] = 99;
      a.delTimes[i] = 99;
    }
    const b = copyInto(filled(10), 10, 15, 10);
    expectFree(b, 10);
    const c = copyInto(filled(10), 10, 16, 3); // same tail length via the gap path
    expectFree(c, 11);
  });

  it('shiftRight moves all four arrays one slot right from i', () => {
    const st = filled(4, 6);
    const before = { s: [...st.starts], m: [...st.markedAts], d: [...st.delTimes] };
    shiftRight(st, 1, 4);
    expect(st.starts[0]).toBe(before.s[0]);
    for (let k = 1; k < 4; k++) {
      expect(st.starts[k + 1]).toBe(before.s[k]);
      expect(st.markedAts[k + 1]).toBe(before.m[k]);
      expect(st.delTimes[k + 1]).toBe(before.d[k]);
    }
  });
});

describe('number columns keep full precision in plain arrays', () => {
  it.each([false, true])(
    'extreme timestamps and deletion times survive add, copy and growth (copyOnWrite=%s)',
    (copyOnWrite) => {
      const big = Number.MAX_SAFE_INTEGER;
      const list = new RangeTombstoneList(INT_CMP, { capacity: 1, copyOnWrite });
      list.add(rt(0, 1, NO_TIMESTAMP + 1, 0));
      list.add(rt(2, 3, 1_700_000_000_000_001, NO_DELETION_TIME - 2));
      const copy = list.copy();
      copy.add(rt(4, 5, big, 0xfffffffd));
      expectValid(copy);
      expect(copy.search([0])?.deletionTime.markedForDeleteAt).toBe(NO_TIMESTAMP + 1);
      expect(copy.search([2])?.deletionTime.markedForDeleteAt).toBe(1_700_000_000_000_001);
      expect(copy.search([2])?.deletionTime.localDeletionTime).toBe(NO_DELETION_TIME - 2);
      expect(copy.search([4])?.deletionTime.markedForDeleteAt).toBe(big);
      expect(copy.maxMarkedAt()).toBe(big);
      expect(list.size).toBe(2);
    },
  );

  it('capacity is the length of every backing array, in both modes, through growth and trimming', () => {
    for (const copyOnWrite of [false, true]) {
      const list = new RangeTombstoneList(INT_CMP, { capacity: 2, copyOnWrite, growthFactor: 1.5 });
      const caps: number[] = [];
      for (let i = 0; i < 10; i++) {
        list.add(rt(2 * i, 2 * i + 1, 1));
        caps.push(list.capacity);
        expectValid(list);
      }
      // growToFree: ceil(capacity × 1.5), or capacity × 3 / 2 + 1 when that does not grow.
      expect(caps).toEqual([2, 2, 3, 5, 5, 8, 8, 8, 12, 12]);
      const copy = list.copy();
      expect(copy.capacity).toBe(copyOnWrite ? 12 : 10);
      expect(backingArrays(copy).markedAts).toHaveLength(copy.capacity);
    }
  });
});

describe('validated-configuration paths', () => {
  it('createRangeTombstoneList refuses a configuration that did not come from buildConfig', () => {
    const forged = { growthFactor: 1.5, copyOnWrite: true } as unknown as ListConfig;
    expect(() => createRangeTombstoneList(INT_CMP, forged, allocate(1), 0, 0)).toThrow(
      InvalidConfigurationError,
    );
  });

  it('createRangeTombstoneList builds a working list from validated parts', () => {
    const list = createRangeTombstoneList(INT_CMP, buildConfig({ growthFactor: 2 }), allocate(0), 0, 0);
    list.add(rt(1, 2, 3));
    expect(list.growthFactor).toBe(2);
    expect(list.capacity).toBe(1); // 0 × 2 does not grow: 0 × 3 / 2 + 1
    expectRanges(list, '[1,2]@3');
  });

  it('factory lists share one validated configuration and still check their comparator', () => {
    const make = rangeTombstoneListFactory({ capacity: 3, growthFactor: 2, copyOnWrite: false });
    const a = make(INT_CMP) as RangeTombstoneList;
    const b = make(INT_CMP) as RangeTombstoneList;
    // biome-ignore lint/complexity/useLiteralKeys: white-box check of the protected configuration
    expect(a['config']).toBe(b['config']);
    expect(a.capacity).toBe(3);
    expect(a.copyOnWrite).toBe(false);
    expect(() => make(null as never)).toThrow(InvalidClusteringValueError);
  });

  it('copies reuse the configuration object of their source', () => {
    const a = new RangeTombstoneList(INT_CMP, { growthFactor: 3 });
    a.add(rt(1, 2, 1));
    const b = a.copy().copy();
    // biome-ignore lint/complexity/useLiteralKeys: white-box check of the protected configuration
    expect(b['config']).toBe(a['config']);
    expect(b.growthFactor).toBe(3);
  });
});
