import { describe, expect, it } from 'vitest';
import { InvalidDeletionTime } from '../model/deletion-time.js';
import type { RangeTombstone } from '../model/range-tombstone.js';
import { Slice } from '../model/slice.js';
import {
  atLeast,
  atMost,
  expectRanges,
  expectValid,
  greaterThan,
  INT_CMP,
  lessThan,
  parseRanges,
  rt,
  rtei,
  rtie,
} from '../test-helpers.js';
import { PersistentRangeTombstoneList } from './persistent-range-tombstone-list.js';
import { RangeTombstoneList } from './range-tombstone-list.js';
import type { RangeTombstoneListBase } from './range-tombstone-list-base.js';

/** Every storage must give exactly Cassandra's lists; the persistent tree has no capacity, so it ignores it. */
const MODES = [
  {
    name: 'eager',
    make: (capacity = 1) => new RangeTombstoneList(INT_CMP, { capacity, copyOnWrite: false }),
  },
  {
    name: 'copy-on-write',
    make: (capacity = 1) => new RangeTombstoneList(INT_CMP, { capacity, copyOnWrite: true }),
  },
  { name: 'persistent', make: (_capacity = 1) => new PersistentRangeTombstoneList(INT_CMP) },
] as const;

function fill<L extends RangeTombstoneListBase>(list: L, ranges: readonly RangeTombstone[]): L {
  for (const r of ranges) list.add(r);
  return list;
}

describe.each(MODES)('RangeTombstoneListTest scenarios ($name)', ({ make: mk }) => {
  const of = (ranges: readonly RangeTombstone[]) => fill(mk(), ranges);

  describe.each([0, 10])('capacity %i', (capacity) => {
    it('sortedAdditionTest', () => {
      const l = mk(capacity);
      l.add(rt(1, 5, 3));
      l.add(rt(7, 10, 2));
      l.add(rt(10, 13, 1));
      expectRanges(l, '[1,5]@3, [7,10]@2, (10,13]@1');
      expectValid(l);
    });

    it('nonSortedAdditionTest', () => {
      const l = mk(capacity);
      l.add(rt(7, 10, 2));
      l.add(rt(1, 5, 3));
      l.add(rt(10, 13, 1));
      expectRanges(l, '[1,5]@3, [7,10]@2, (10,13]@1');
      expectValid(l);
    });

    it('overlappingAdditionTest', () => {
      const l = mk(capacity);
      for (const r of [rt(4, 10, 3), rt(1, 7, 2), rt(8, 13, 4), rt(0, 15, 1)]) l.add(r);
      expectRanges(l, '[0,1)@1, [1,4)@2, [4,8)@3, [8,13]@4, (13,15]@1');
      expectValid(l);
      const l2 = mk(capacity);
      l2.add(rt(4, 10, 12));
      l2.add(rt(0, 8, 25));
      expect(l2.searchDeletionTime([8])?.markedForDeleteAt).toBe(25);
      expectValid(l2);
    });

    it('nonSortedAdditionTestWithOneTombstoneWithEmptyEnd', () => {
      const l = mk(capacity);
      l.add(rt(7, 10, 2));
      l.add(atLeast(11, 1));
      l.add(rt(1, 5, 3));
      expectRanges(l, '[1,5]@3, [7,10]@2, [11,TOP]@1');
      expectValid(l);
    });
  });

  it('invalidDeletionTimesHandlingTest', () => {
    // Cassandra builds it with build(1, -1); ours rejects a negative time, so the invalid one comes from its class.
    const invalid = new InvalidDeletionTime(1);
    expect(invalid.validate()).toBe(false);
    const l = mk();
    l.add(Slice.ALL.start, Slice.ALL.end, invalid.markedForDeleteAt, invalid.localDeletionTime);
    const back = [...l][0]?.deletionTime;
    expect(back?.validate()).toBe(false);
    expect(back?.markedForDeleteAt).toBe(1);
    expect(l.searchDeletionTime([5])?.validate()).toBe(false);
  });

  it('largeAdditionTest (capacity 1024: the initial capacity is limited to [0, 1024])', () => {
    const l = mk(1024);
    for (let i = 0; i < 3000; i++) l.add(rt(2 * i + 1, 2 * i + 2, 1));
    expect(l.size).toBe(3000);
    l.add(rt(0, 6003, 2));
    expectValid(l);
    // Every range and every gap is overwritten in place (no coalescing), so the count stays 3000.
    expect(l.size).toBe(3000);
    expect(l.maxMarkedAt()).toBe(2);
    expect([...l].every((r) => r.deletionTime.markedForDeleteAt === 2)).toBe(true);
    expect(l.search([0])?.toString()).toBe('[0,3)@2');
    expect(l.search([6003])?.toString()).toBe('[5999,6003]@2');
  });

  it('simpleOverlapTest', () => {
    expectRanges(of([rt(0, 10, 3), rt(3, 7, 5)]), '[0,3)@3, [3,7]@5, (7,10]@3');
    expectRanges(of([rt(0, 10, 3), rt(3, 7, 2)]), '[0,10]@3');
  });

  it('overlappingPreviousEndEqualsStartTest', () => {
    const l = of([rt(11, 12, 2), rt(1, 4, 2), rt(4, 10, 5)]);
    expect(l.searchDeletionTime([3])?.markedForDeleteAt).toBe(2);
    expect(l.searchDeletionTime([4])?.markedForDeleteAt).toBe(5);
    expect(l.searchDeletionTime([8])?.markedForDeleteAt).toBe(5);
    expect(l.size).toBe(3);
    expectValid(l);
  });

  const searchCases = (first: string, last: string) =>
    of(parseRanges(`${first}, [4,6]@2, [9,12]@1, [14,15]@3, ${last}`));
  const at = (l: RangeTombstoneListBase, c: number) => l.searchDeletionTime([c])?.markedForDeleteAt ?? null;

  it('searchTest', () => {
    const l = searchCases('[0,4]@5', '[15,17]@6');
    expect([-1, 0, 3, 4, 5, 7, 14, 15, 18].map((c) => at(l, c))).toEqual([
      null,
      5,
      5,
      5,
      2,
      null,
      3,
      6,
      null,
    ]);
  });

  it('searchTestWithEmptyStart', () => {
    const l = searchCases('[BOTTOM,4]@5', '[15,17]@6');
    expect([-1, 0, 3, 4, 5, 7, 14, 15, 18].map((c) => at(l, c))).toEqual([5, 5, 5, 5, 2, null, 3, 6, null]);
  });

  it('searchTestWithRangeWithEmptyEnd', () => {
    const l = searchCases('[0,4]@5', '[15,TOP]@6');
    expect([-1, 0, 3, 4, 5, 7, 14, 15, 18, 1000].map((c) => at(l, c))).toEqual([
      null,
      5,
      5,
      5,
      2,
      null,
      3,
      6,
      6,
      6,
    ]);
  });

  const addAll = (a: string, b: string) => {
    const l1 = of(parseRanges(a));
    l1.addAll(of(parseRanges(b)));
    expectValid(l1);
    return l1;
  };

  it('addAllTest', () => {
    const l = addAll('[0,4]@5, [6,10]@2, [15,17]@1', '[3,5]@7, [7,8]@3, [8,12]@1, [14,17]@4');
    expectRanges(l, '[0,3)@5, [3,5]@7, [6,7)@2, [7,8]@3, (8,10]@2, (10,12]@1, [14,17]@4');
  });

  it('addAllSequentialTest', () => {
    expectRanges(addAll('[3,5]@2', '[5,7]@7'), '[3,5)@2, [5,7]@7');
  });

  it('addAllIncludedTest', () => {
    expectRanges(addAll('[3,10]@5', '[4,5]@2, [5,7]@3, [7,9]@4'), '[3,10]@5');
  });

  it.each([
    ['addRangeWithEmptyEndWitchIncludeExistingRange', [rt(4, 10, 3), atLeast(3, 4)], '[3,TOP]@4'],
    ['addRangeWithEmptyStartAndEnd', [rt(4, 10, 3), atMost(12, 4)], '[BOTTOM,12]@4'],
    [
      'addRangeWithEmptyEndToRangeWithEmptyStartAndEnd',
      [of([]) && rt(0, 0, 0), atLeast(12, 4)].slice(1),
      '[12,TOP]@4',
    ],
    [
      'addRangeWithEmptyEndWitchIncludeExistingRangeWithEmptyEnd',
      [atLeast(5, 3), atLeast(3, 4)],
      '[3,TOP]@4',
    ],
    ['addIncludedRangeToRangeWithEmptyEnd', [atLeast(3, 3), rt(4, 10, 4)], '[3,4)@3, [4,10]@4, (10,TOP]@3'],
    ['addIncludedRangeWithEmptyEndToRangeWithEmptyEnd', [atLeast(3, 3), atLeast(5, 4)], '[3,5)@3, [5,TOP]@4'],
    ['addRangeWithEmptyEndWitchOverlapExistingRange', [rt(4, 10, 3), atLeast(6, 4)], '[4,6)@3, [6,TOP]@4'],
    ['addOverlappingRangeToRangeWithEmptyEnd', [atLeast(3, 3), rt(1, 10, 4)], '[1,10]@4, (10,TOP]@3'],
  ])('%s', (_name, ranges, expected) => {
    const l = of(ranges);
    expectRanges(l, expected);
    expectValid(l);
  });

  it('addRangeWithEmptyEndToRangeWithEmptyStartAndEnd (ALL@2 + [12,TOP]@4)', () => {
    const l = mk();
    l.add(Slice.ALL.start, Slice.ALL.end, 2);
    l.add(atLeast(12, 4));
    expectRanges(l, '[BOTTOM,12)@2, [12,TOP]@4');
  });

  it('uses every helper shape', () => {
    const l = of([lessThan(0, 1), rtei(0, 2, 1), rtie(5, 7, 1), greaterThan(9, 1)]);
    expectRanges(l, '[BOTTOM,0)@1, (0,2]@1, [5,7)@1, (9,TOP]@1');
  });

  it('insertSameTest: [4,4] three times keeps the newest', () => {
    expectRanges(of([rt(4, 4, 5), rt(4, 4, 6), rt(4, 4, 4)]), '[4,4]@6');
  });

  it('fills gaps without coalescing: [1,2]@1,[3,4]@1 + [0,100]@10', () => {
    expectRanges(of([rt(1, 2, 1), rt(3, 4, 1), rt(0, 100, 10)]), '[0,3)@10, [3,100]@10');
  });
});

const L9799 =
  '(6, 7]@4 - (7, 8)@1 - [12, 12]@0 - [13, 13]@0 - (20, 21)@3 - [27, 27]@2 - (33, 34)@2 - (35, 36]@4 - (40, 41]@0 - ' +
  '(42, 43)@2 - (44, 45)@3 - [47, 47]@1 - (47, 48)@0 - [55, 55]@4 - [61, 61]@4 - [67, 67]@0 - [70, 70]@4 - ' +
  '[77, 77]@1 - (83, 84)@1 - [90, 90]@0 - (91, 92]@4 - [93, 93]@0 - (94, 95)@2 - (100, 101]@3 - (103, 104]@0 - ' +
  '(108, 109]@2 - (115, 116]@3 - (116, 117]@3 - (118, 119)@4 - (125, 126)@2 - [131, 131]@1 - [132, 132]@3 - ' +
  '[139, 139]@0 - [145, 145]@1 - (145, 146]@3 - (147, 148]@4 - (150, 151]@1 - (156, 157)@2 - (158, 159)@2 - ' +
  '[164, 164]@4 - (168, 169)@0 - (171, 172)@4 - (173, 174]@0 - [179, 179]@1 - (186, 187]@4 - [191, 191]@1';
const fromCassandraString = (s: string) => parseRanges(s.replace(/ - /g, ', ').replace(/, (?=\d)/g, ','));

describe.each(MODES)('addAll regressions ($name)', ({ make: mk }) => {
  const of = (ranges: readonly RangeTombstone[]) => fill(mk(), ranges);
  it('addAllBugFrom9799 (CASSANDRA-9799)', () => {
    const ranges = fromCassandraString(L9799);
    expect(ranges).toHaveLength(46);
    const l1 = of(ranges);
    l1.addAll(of(fromCassandraString('(1, 12)@8 - [12, 13)@8 - [13, 18]@7')));
    expectValid(l1);
    expect(l1.searchDeletionTime([12])?.markedForDeleteAt).toBe(8);
    expect(l1.searchDeletionTime([18])?.markedForDeleteAt).toBe(7);
    expect(l1.searchDeletionTime([21])).toBeNull();
  });
});
