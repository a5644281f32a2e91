/**
 * Parity with Apache Cassandra's RangeTombstoneList (db/RangeTombstoneList.java, trunk) for behaviours the scenario
 * tests do not pin down: slice iteration clipping at exact boundaries, invalid deletion times, the markedAt-only tie
 * rule, in-place timestamp rewrites, dataSize, equals, and addAll's three paths against sequential add().
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RangeTombstoneList } from '../list/range-tombstone-list.js';
import { ClusteringBound } from '../model/clustering-bound.js';
import { ClusteringComparator } from '../model/clustering-comparator.js';
import { types } from '../model/column-types.js';
import {
  DeletionTime,
  INVALID_DELETION_TIME,
  InvalidDeletionTime,
  MAX_DELETION_TIME,
  NO_DELETION_TIME,
} from '../model/deletion-time.js';
import { RangeTombstone } from '../model/range-tombstone.js';
import { Slice, uncheckedSlice } from '../model/slice.js';
import {
  expectRanges,
  expectValid,
  INT_CMP,
  listOf,
  parseRangeParts,
  parseRanges,
  rt,
} from '../test-helpers.js';

const B = ClusteringBound;
const MODES = [
  { name: 'eager', copyOnWrite: false },
  { name: 'copy-on-write', copyOnWrite: true },
] as const;

/** Renders a yielded range with its exact bound kinds (`[3,4]@1`, `(9,10)@3`, `/ldt` when not 0). */
const show = (r: RangeTombstone) => r.toString();
/**
 * A slice in the `[a,b]` notation. The empty and inverted ones Slice.make now refuses are built unchecked: a list
 * still meets them (a UUID or -0/0 slice made without a comparator is judged only where it is used).
 */
const slice = (text: string) => {
  const [start, end] = parseRangeParts(`${text}@0`);
  return Slice.isEmpty(INT_CMP, start, end) ? uncheckedSlice(start, end) : Slice.make(start, end);
};

describe.each(MODES)('iterator(slice, reversed) clipping ($name)', ({ copyOnWrite }) => {
  // r0 = [2,4]@1, r1 = (4,6)@2, r2 = [8,10)@3, r3 = [10,12]@4 (r2/r3 meet at the boundary 10) / [10).
  const list = () => listOf(parseRanges('[2,4]@1, (4,6)@2, [8,10)@3, [10,12]@4'), { copyOnWrite });

  it.each([
    ['exactly r0', '[2,4]', '[2,4]@1'],
    ['exactly r1 (exclusive on both sides)', '(4,6)', '(4,6)@2'],
    ['[4,4]: the inclusive end of r0 only', '[4,4]', '[4,4]@1'],
    ['(4,8): starts on r1 start, ends on r2 start', '(4,8)', '(4,6)@2'],
    ['[6,8): exactly the gap', '[6,8)', ''],
    ['[6,8]: gap plus the first point of r2', '[6,8]', '[8,8]@3'],
    ['(9,10]: across the boundary, clipped on both sides', '(9,10]', '(9,10)@3, [10,10]@4'],
    ['(9,10): ends exactly where r3 starts', '(9,10)', '(9,10)@3'],
    ['[10,12]: starts exactly on the boundary', '[10,12]', '[10,12]@4'],
    ['[8,10): exactly r2', '[8,10)', '[8,10)@3'],
    ['(3,8]: clipped first, whole middle, clipped last', '(3,8]', '(3,4]@1, (4,6)@2, [8,8]@3'],
    ['[3,11)', '[3,11)', '[3,4]@1, (4,6)@2, [8,10)@3, [10,11)@4'],
    ['[BOTTOM,3]', '[BOTTOM,3]', '[2,3]@1'],
    ['[BOTTOM,2): ends where r0 starts', '[BOTTOM,2)', ''],
    ['(11,TOP]', '(11,TOP]', '(11,12]@4'],
    ['(12,TOP]: starts where r3 ends', '(12,TOP]', ''],
    ['[BOTTOM,TOP]', '[BOTTOM,TOP]', '[2,4]@1, (4,6)@2, [8,10)@3, [10,12]@4'],
    ['[3,3): empty slice inside r0 clips to nothing', '[3,3)', ''],
    ['(3,3]: empty slice inside r0 clips to nothing', '(3,3]', ''],
    ['[3,2]: inverted slice inside r0 clips to nothing', '[3,2]', ''],
    ['(10,10]: empty slice on r3 clips to nothing', '(10,10]', ''],
  ])('%s', (_name, sliceText, want) => {
    const l = list();
    const s = slice(sliceText);
    const forward = [...l.iterator(s, false)].map(show);
    const reverse = [...l.iterator(s, true)].map(show);
    const expected = want === '' ? [] : parseRanges(want).map(show);
    expect(forward).toEqual(expected);
    expect(reverse).toEqual([...expected].reverse());
  });

  it('clipped bounds are the slice bounds themselves; unclipped ones keep the stored kind', () => {
    const l = list();
    const s = Slice.make(B.exclusiveStart(9), B.inclusiveEnd(10));
    const [first, last] = [...l.iterator(s)];
    expect(first?.slice.start).toBe(s.start);
    expect(first?.slice.end.equals(B.exclusiveEnd(10))).toBe(true);
    expect(last?.slice.start.equals(B.inclusiveStart(10))).toBe(true);
    expect(last?.slice.end).toBe(s.end);
  });

  it('a DESC column: prefix slices select whole groups, clipping follows comparator order', () => {
    const c = new ClusteringComparator([types.int32, types.reversed(types.int32)]);
    const l = new RangeTombstoneList(c, { copyOnWrite });
    l.add(B.inclusiveStart(1, 9), B.inclusiveEnd(1, 5), 3); // rows (1,9) … (1,5)
    l.add(B.exclusiveStart(1), B.inclusiveEnd(2, 0), 4); // everything after the group 1, up to (2,0)
    expectValid(l);
    const seen = (s: Slice, rev = false) => [...l.iterator(s, rev)].map(show);
    expect(seen(Slice.make(B.inclusiveStart(1), B.inclusiveEnd(1)))).toEqual(['[1:9,1:5]@3']);
    expect(seen(Slice.make(B.exclusiveStart(1, 7), B.TOP))).toEqual(['(1:7,1:5]@3', '(1,2:0]@4']);
    expect(seen(Slice.make(B.inclusiveStart(2, 5), B.TOP), true)).toEqual(['[2:5,2:0]@4']);
    expect(l.searchDeletionTime([1, 6])?.markedForDeleteAt).toBe(3);
    expect(l.searchDeletionTime([1, 4])).toBeNull();
    expect(l.searchDeletionTime([2, 3])?.markedForDeleteAt).toBe(4);
    expect(l.searchDeletionTime([2, -1])).toBeNull();
  });
});

describe.each(MODES)(
  'invalid local deletion times round-trip through the list ($name)',
  ({ copyOnWrite }) => {
    const mk = () => new RangeTombstoneList(INT_CMP, { copyOnWrite });

    it('search/searchDeletionTime/iteration rebuild anything above MAX_DELETION_TIME as invalid', () => {
      for (const stored of [INVALID_DELETION_TIME, NO_DELETION_TIME]) {
        const l = mk();
        l.add(B.inclusiveStart(1), B.inclusiveEnd(10), 5, stored);
        const dt = l.searchDeletionTime([3]);
        expect(dt).toBeInstanceOf(InvalidDeletionTime);
        expect(dt?.validate()).toBe(false);
        expect(dt?.markedForDeleteAt).toBe(5);
        expect(dt?.localDeletionTime).toBe(INVALID_DELETION_TIME);
        expect(l.search([10])?.deletionTime.validate()).toBe(false);
        expect([...l][0]?.deletionTime.validate()).toBe(false);
        expect(l.searchDeletionTime([11])).toBeNull();
      }
      const ok = mk();
      ok.add(B.inclusiveStart(1), B.inclusiveEnd(10), 5, MAX_DELETION_TIME);
      expect(ok.searchDeletionTime([1])?.validate()).toBe(true);
      expect(ok.searchDeletionTime([1])?.localDeletionTime).toBe(MAX_DELETION_TIME);
    });

    it('the list keeps the raw stored value: equals() tells 2^32-1 from 2^32-2 though searches agree', () => {
      const a = mk();
      const b = mk();
      a.add(B.inclusiveStart(1), B.inclusiveEnd(10), 5, NO_DELETION_TIME);
      b.add(B.inclusiveStart(1), B.inclusiveEnd(10), 5, INVALID_DELETION_TIME);
      expect(a.searchDeletionTime([2])?.equals(b.searchDeletionTime([2]))).toBe(true);
      expect(a.equals(b)).toBe(false);
    });

    it('an invalid range split by a newer one stays invalid on both remaining pieces', () => {
      const l = mk();
      l.add(B.inclusiveStart(1), B.inclusiveEnd(10), 5, NO_DELETION_TIME);
      l.add(rt(3, 4, 6));
      expect([...l].map((r) => [String(r.slice), r.deletionTime.validate()])).toEqual([
        ['[1,3)', false],
        ['[3,4]', true],
        ['(4,10]', false],
      ]);
    });
  },
);

describe.each(MODES)(
  'ties on markedForDeleteAt keep the existing range whatever its ldt ($name)',
  ({ copyOnWrite }) => {
    it('same slice, larger ldt: not overwritten (the list does not use DeletionTime.supersedes)', () => {
      const l = listOf([rt(1, 5, 5, 10), rt(1, 5, 5, 20)], { copyOnWrite });
      expectRanges(l, '[1,5]@5/10');
      expect(DeletionTime.build(5, 20).supersedes(DeletionTime.build(5, 10))).toBe(true);
    });

    it('partial overlap at equal markedAt: only the uncovered part takes the new ldt', () => {
      expectRanges(listOf([rt(0, 10, 5, 1), rt(5, 15, 5, 2)], { copyOnWrite }), '[0,10]@5/1, (10,15]@5/2');
      expectRanges(listOf([rt(5, 15, 5, 2), rt(0, 10, 5, 1)], { copyOnWrite }), '[0,5)@5/1, [5,15]@5/2');
    });

    it('[4,4] added three times: every order leaves one [4,4] with the highest markedAt (CASSANDRA-9485)', () => {
      const orders = [
        [4, 5, 6],
        [4, 6, 5],
        [5, 4, 6],
        [5, 6, 4],
        [6, 4, 5],
        [6, 5, 4],
      ];
      for (const order of orders) {
        const l = listOf(
          order.map((t) => rt(4, 4, t, t * 10)),
          { copyOnWrite },
        );
        expectRanges(l, '[4,4]@6/60');
        expect(l.size).toBe(1);
      }
    });
  },
);

describe.each(MODES)(
  'updateAllTimestamp / updateAllTimestampAndLocalDeletionTime ($name)',
  ({ copyOnWrite }) => {
    it('rewrites every range in place: same bounds, same count, no coalescing of now-equal neighbours', () => {
      const l = listOf(parseRanges('[1,3)@1/2, [3,5]@2/7, (8,TOP]@3'), { copyOnWrite });
      l.updateAllTimestampAndLocalDeletionTime(9, 11);
      expectRanges(l, '[1,3)@9/11, [3,5]@9/11, (8,TOP]@9/11');
      expect(l.size).toBe(3);
      l.updateAllTimestamp(4);
      expectRanges(l, '[1,3)@4/11, [3,5]@4/11, (8,TOP]@4/11');
    });

    it('a later add sees the rewritten timestamps: ties keep the existing ranges and only gaps are filled', () => {
      const l = listOf(parseRanges('[1,3)@1, [3,5]@2'), { copyOnWrite });
      l.updateAllTimestampAndLocalDeletionTime(9, 1);
      l.add(rt(0, 6, 9, 2));
      expectRanges(l, '[0,1)@9/2, [1,3)@9/1, [3,5]@9/1, (5,6]@9/2');
    });

    it('an ldt above MAX_DELETION_TIME reads back as an invalid deletion time', () => {
      const l = listOf(parseRanges('[1,3]@1'), { copyOnWrite });
      l.updateAllTimestampAndLocalDeletionTime(2, NO_DELETION_TIME);
      expect(l.searchDeletionTime([2])?.validate()).toBe(false);
      expect(l.searchDeletionTime([2])?.markedForDeleteAt).toBe(2);
    });
  },
);

describe('dataSize = 4 + Σ (start.dataSize + end.dataSize + 8 + 4)', () => {
  it('int32 ranges, BOTTOM/TOP (no values), and ranges created by splitting', () => {
    expect(new RangeTombstoneList(INT_CMP).dataSize()).toBe(4);
    const l = listOf(parseRanges('[1,5]@1, [7,9]@1, [11,13]@1'));
    expect(l.dataSize()).toBe(4 + 3 * (4 + 4 + 12));
    const open = listOf(parseRanges('[BOTTOM,1)@1, (5,TOP]@1'));
    expect(open.dataSize()).toBe(4 + (0 + 4 + 12) + (4 + 0 + 12));
    open.add(rt(3, 8, 2)); // (5,TOP] splits into [3,8]@2 and (8,TOP]@1: one more range of two values
    expect(open.size).toBe(3);
    expect(open.dataSize()).toBe(4 + (0 + 4 + 12) + (4 + 4 + 12) + (4 + 0 + 12));
  });

  it('variable-width and null components count their serialized bytes; nulls count nothing', () => {
    const c = new ClusteringComparator([types.text, types.int64]);
    const l = new RangeTombstoneList(c);
    l.add(B.inclusiveStart('é', null), B.inclusiveEnd('\u{1F600}'), 1);
    expect(l.dataSize()).toBe(4 + (2 + 0) + 4 + 12);
    l.add(B.exclusiveStart('\u{1F601}', 5n), B.TOP, 1);
    expect(l.dataSize()).toBe(4 + (2 + 4 + 12) + (4 + 8 + 0 + 12));
  });
});

describe('equals: size, then slot by slot bounds (kind + values), markedAt and raw ldt', () => {
  it('ignores capacity, copy mode and copies', () => {
    const ranges = parseRanges('[1,3)@1, [3,5]@2/7, (8,TOP]@3');
    const a = listOf(ranges, { copyOnWrite: false, capacity: 1024 });
    const b = listOf(ranges, { copyOnWrite: true, capacity: 0 });
    expect(a.capacity).not.toBe(b.capacity);
    expect(a.equals(b)).toBe(true);
    expect(b.equals(a)).toBe(true);
    expect(b.copy().equals(a)).toBe(true);
  });

  it('covering the same clusterings is not enough: comparator-equal bounds of another kind differ', () => {
    expect(listOf([rt(1, 2, 1)]).equals(listOf(parseRanges('[1,3)@1')))).toBe(false);
    const split = listOf(parseRanges('[1,3)@1, [3,5]@1'));
    const otherSplit = listOf(parseRanges('[1,3]@1, (3,5]@1'));
    expect(split.equals(otherSplit)).toBe(false);
    expect(listOf([rt(1, 5, 1, 1)]).equals(listOf([rt(1, 5, 1, 2)]))).toBe(false);
    expect(listOf([rt(1, 5, 1)]).equals(listOf([rt(1, 5, 2)]))).toBe(false);
    expect(listOf([rt(1, 5, 1)]).equals(listOf([rt(1, 5, 1), rt(7, 8, 1)]))).toBe(false);
  });

  it('does not compare comparators (Cassandra compares only the four arrays)', () => {
    const asc = listOf([rt(1, 1, 1)]);
    const desc = listOf([rt(1, 1, 1)], {}, new ClusteringComparator([types.reversed(types.int32)]));
    expect(asc.equals(desc)).toBe(true);
  });
});

/** A valid range over int32 in [0, 40] with random inclusivity (BOTTOM/TOP sometimes), markedAt and ldt. */
const rangeArb = fc
  .record({
    a: fc.integer({ min: 0, max: 40 }),
    len: fc.integer({ min: 0, max: 12 }),
    si: fc.boolean(),
    ei: fc.boolean(),
    open: fc.constantFrom('none', 'bottom', 'top'),
    t: fc.integer({ min: 0, max: 5 }),
    ldt: fc.integer({ min: 0, max: 3 }),
  })
  .map(({ a, len, si, ei, open, t, ldt }) => {
    const start = open === 'bottom' ? B.BOTTOM : B.of(true, si || len === 0, [a]);
    const end = open === 'top' ? B.TOP : B.of(false, ei || len === 0, [a + len]);
    return new RangeTombstone(Slice.make(start, end), DeletionTime.build(t, ldt));
  });

function sequential(target: readonly RangeTombstone[], other: RangeTombstoneList, copyOnWrite: boolean) {
  const l = listOf(target, { copyOnWrite });
  for (const r of other) l.add(r);
  return l;
}

describe.each(MODES)('addAll matches adding the other list range by range ($name)', ({ copyOnWrite }) => {
  const check = (targetRanges: readonly RangeTombstone[], otherRanges: readonly RangeTombstone[]) => {
    const other = listOf(otherRanges, { copyOnWrite });
    const otherBefore = String(other);
    const target = listOf(targetRanges, { copyOnWrite });
    const path = target.size === 0 ? 'empty' : target.size > 10 * other.size ? 'adds' : 'merge';
    target.addAll(other);
    expectValid(target);
    const want = sequential(targetRanges, other, copyOnWrite);
    expect(target.equals(want), `${path}: got ${target}, want ${want}`).toBe(true);
    expect(String(other)).toBe(otherBefore);
    return path;
  };

  it('empty target', () => {
    fc.assert(
      fc.property(fc.array(rangeArb, { minLength: 1, maxLength: 12 }), (o) => {
        expect(check([], o)).toBe('empty');
      }),
      { numRuns: 300 },
    );
  });

  it('target more than 10× larger than the other list', () => {
    // 31 disjoint points [2i,2i] plus random extras (a list never shrinks); two adds make at most 3 ranges.
    const base = Array.from({ length: 31 }, (_, i) => rt(2 * i, 2 * i, 3));
    fc.assert(
      fc.property(
        fc.array(rangeArb, { maxLength: 4 }),
        fc.array(rangeArb, { minLength: 1, maxLength: 2 }),
        (x, o) => {
          expect(check([...base, ...x], o)).toBe('adds');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('linear merge (target at most 10× the other list)', () => {
    fc.assert(
      fc.property(
        fc.array(rangeArb, { minLength: 1, maxLength: 10 }),
        fc.array(rangeArb, { minLength: 1, maxLength: 10 }),
        (t, o) => {
          fc.pre(listOf(t).size <= 10 * listOf(o).size);
          expect(check(t, o)).toBe('merge');
        },
      ),
      { numRuns: 500 },
    );
  });

  it('the addAllTest lists give the same slots by either route', () => {
    const t = parseRanges('[0,4]@5, [6,10]@2, [15,17]@1');
    const o = parseRanges('[3,5]@7, [7,8]@3, [8,12]@1, [14,17]@4');
    expect(check(t, o)).toBe('merge');
  });
});

describe('addAll into an empty eager list (copyArrays: grow only when too small, then to exactly size)', () => {
  it('keeps its own larger arrays, or grows them to exactly the source size', () => {
    const src = listOf(parseRanges('[1,2]@1, [3,4]@1, [5,6]@1'), { copyOnWrite: false, capacity: 8 });
    const big = new RangeTombstoneList(INT_CMP, { copyOnWrite: false, capacity: 10 });
    big.addAll(src);
    expect(big.capacity).toBe(10);
    const small = new RangeTombstoneList(INT_CMP, { copyOnWrite: false, capacity: 1 });
    small.addAll(src);
    expect(small.capacity).toBe(3);
    expect(small.equals(src) && big.equals(src)).toBe(true);
  });
});
