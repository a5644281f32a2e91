/**
 * Parity with Apache Cassandra (trunk) for the pieces below the list: ClusteringPrefix.Kind, ClusteringComparator
 * (the rank table, null components, reversed columns), Slice.isEmpty and DeletionTime. Expected values come from
 * reading the Cassandra sources (cited per block), never from this package. Marshal type orderings live in
 * cassandra-parity-types.test.ts, list behaviour in cassandra-parity-list.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  ClusteringBound,
  invertKind,
  KIND_COMPARED_TO_CLUSTERING,
  KIND_RANK,
  Kind,
  kindIsEnd,
  kindIsStart,
} from '../model/clustering-bound.js';
import { ClusteringComparator, type ClusteringPrefix } from '../model/clustering-comparator.js';
import { type ClusteringValue, types } from '../model/column-types.js';
import {
  DeletionTime,
  INVALID_DELETION_TIME,
  InvalidDeletionTime,
  MAX_DELETION_TIME,
  NO_DELETION_TIME,
  NO_TIMESTAMP,
} from '../model/deletion-time.js';
import { Slice } from '../model/slice.js';

const B = ClusteringBound;
const K = Kind;

/** ClusteringPrefix.Kind in declaration order: [name, comparison, comparedToClustering, isStart, isEnd, invert]. */
const CASSANDRA_KINDS: readonly [keyof typeof Kind, number, number, boolean, boolean, keyof typeof Kind][] = [
  ['EXCL_END_BOUND', 0, -1, false, true, 'INCL_START_BOUND'],
  ['INCL_START_BOUND', 0, -1, true, false, 'EXCL_END_BOUND'],
  ['EXCL_END_INCL_START_BOUNDARY', 0, -1, true, true, 'INCL_END_EXCL_START_BOUNDARY'],
  ['STATIC_CLUSTERING', 1, -1, false, false, 'STATIC_CLUSTERING'],
  ['CLUSTERING', 2, 0, false, false, 'CLUSTERING'],
  ['INCL_END_EXCL_START_BOUNDARY', 3, 1, true, true, 'EXCL_END_INCL_START_BOUNDARY'],
  ['INCL_END_BOUND', 3, 1, false, true, 'EXCL_START_BOUND'],
  ['EXCL_START_BOUND', 3, 1, true, false, 'INCL_END_BOUND'],
  ['SSTABLE_LOWER_BOUND', -1, -1, false, false, 'SSTABLE_LOWER_BOUND'],
  ['SSTABLE_UPPER_BOUND', 4, 1, false, false, 'SSTABLE_UPPER_BOUND'],
];

describe('ClusteringPrefix.Kind (ClusteringPrefix.java, enum Kind)', () => {
  it.each(CASSANDRA_KINDS.map((row, ordinal) => [ordinal, ...row] as const))(
    'ordinal %i %s: rank %i, comparedToClustering %i, isStart %s, isEnd %s, invert → %s',
    (ordinal, name, rank, toClustering, isStart, isEnd, inverted) => {
      expect(Kind[name]).toBe(ordinal);
      expect(KIND_RANK[ordinal]).toBe(rank);
      expect(KIND_COMPARED_TO_CLUSTERING[ordinal]).toBe(toClustering);
      expect(kindIsStart(ordinal as Kind)).toBe(isStart);
      expect(kindIsEnd(ordinal as Kind)).toBe(isEnd);
      expect(invertKind(ordinal as Kind)).toBe(Kind[inverted]);
      expect(invertKind(invertKind(ordinal as Kind))).toBe(ordinal);
    },
  );

  it('bound.invert() keeps the values and flips only the kind, for every plain bound kind and BOTTOM/TOP', () => {
    const cases: [ClusteringBound, Kind][] = [
      [B.inclusiveStart(1, 'a'), K.EXCL_END_BOUND],
      [B.exclusiveStart(1, 'a'), K.INCL_END_BOUND],
      [B.inclusiveEnd(1, 'a'), K.EXCL_START_BOUND],
      [B.exclusiveEnd(1, 'a'), K.INCL_START_BOUND],
      [B.BOTTOM, K.EXCL_END_BOUND],
      [B.TOP, K.EXCL_START_BOUND],
    ];
    for (const [bound, kind] of cases) {
      const inv = bound.invert();
      expect(inv.kind).toBe(kind);
      expect(inv.values).toEqual(bound.values);
      expect(inv.invert().equals(bound)).toBe(true);
      expect(inv.isStart()).toBe(!bound.isStart());
      expect(inv.isInclusive()).toBe(!bound.isInclusive());
    }
    // BOTTOM.invert() is an exclusive end with no values: below everything that has values, not TOP.
    const one = new ClusteringComparator([types.int32]);
    expect(B.BOTTOM.invert().isTop()).toBe(false);
    expect(one.compare(B.BOTTOM.invert(), [-(2 ** 31)])).toBe(-1);
    expect(one.compare(B.TOP.invert(), [2 ** 31 - 1])).toBe(1);
  });
});

describe('ClusteringComparator.compare: the rank table over equal values (ClusteringComparator.java compare)', () => {
  const two = new ClusteringComparator([types.int32, types.int32]);
  // The port may answer -0 for "equal" (negating comparedToClustering = 0); Java has no -0, so compare signs only.
  const cmp = (a: ClusteringPrefix, b: ClusteringPrefix) => two.compare(a, b) + 0;
  // [label, prefix of values (1) or (1,2), Cassandra kind ordinal]; CLUSTERING is a full clustering of length 2.
  const bounds = {
    'INCL_START(1)': B.inclusiveStart(1),
    'EXCL_END(1)': B.exclusiveEnd(1),
    'INCL_END(1)': B.inclusiveEnd(1),
    'EXCL_START(1)': B.exclusiveStart(1),
    'INCL_START(1,2)': B.inclusiveStart(1, 2),
    'EXCL_END(1,2)': B.exclusiveEnd(1, 2),
    'INCL_END(1,2)': B.inclusiveEnd(1, 2),
    'EXCL_START(1,2)': B.exclusiveStart(1, 2),
  } as const;
  const all: [string, ClusteringPrefix][] = [...Object.entries(bounds), ['CLUSTERING(1,2)', [1, 2]]];

  /** Independent statement of the rule: same length → rank order; else the shorter one's comparedToClustering. */
  function expected(a: ClusteringPrefix, b: ClusteringPrefix): number {
    const info = (p: ClusteringPrefix) =>
      p instanceof ClusteringBound
        ? { n: p.size, row: CASSANDRA_KINDS[p.kind] }
        : { n: p.length, row: CASSANDRA_KINDS[K.CLUSTERING] };
    const x = info(a);
    const y = info(b);
    if (x.n === y.n) return Math.sign((x.row?.[1] ?? 0) - (y.row?.[1] ?? 0));
    return x.n < y.n ? (x.row?.[2] ?? 0) : -(y.row?.[2] ?? 0);
  }

  it.each(all.flatMap(([la, a]) => all.map(([lb, b]) => [la, lb, a, b] as const)))(
    '%s vs %s',
    (_la, _lb, a, b) => {
      expect(cmp(a, b)).toBe(expected(a, b));
      expect(cmp(b, a)).toBe(0 - expected(a, b));
    },
  );

  it('spot checks of the table that do not depend on the oracle above', () => {
    expect(cmp(B.inclusiveStart(1), B.exclusiveEnd(1))).toBe(0);
    expect(cmp(B.exclusiveStart(1, 2), B.inclusiveEnd(1, 2))).toBe(0);
    expect(cmp(B.exclusiveEnd(1), B.inclusiveStart(1, 2))).toBe(-1);
    expect(cmp(B.exclusiveStart(1), B.inclusiveEnd(1, 2))).toBe(1);
    expect(cmp(B.exclusiveStart(1), B.exclusiveStart(1, 2))).toBe(1);
    expect(cmp(B.exclusiveEnd(1, 2), [1, 2])).toBe(-1);
    expect(cmp(B.exclusiveStart(1, 2), [1, 2])).toBe(1);
  });

  it('two clusterings of different lengths with a common prefix compare equal (CLUSTERING.comparedToClustering = 0)', () => {
    expect(cmp([1], [1, 2])).toBe(0);
    expect(cmp([1, 2], [1])).toBe(0);
    expect(cmp([1], [2, 0])).toBe(-1);
  });

  it('values decide before kinds or lengths', () => {
    expect(cmp(B.exclusiveStart(1), B.inclusiveStart(2))).toBe(-1);
    expect(cmp(B.inclusiveEnd(1, 9), B.inclusiveStart(1))).toBe(1);
    expect(cmp(B.BOTTOM, B.exclusiveEnd())).toBe(0);
    expect(cmp(B.exclusiveStart(), B.TOP)).toBe(0);
  });
});

describe('null components (ClusteringComparator.compareComponent: null first, before the column type is asked)', () => {
  it('null sorts first even in a reversed column', () => {
    const rev = new ClusteringComparator([types.reversed(types.int32)]);
    expect(rev.compare([null], [-5])).toBe(-1);
    expect(rev.compare([null], [5])).toBe(-1);
    expect(rev.compare([5], [null])).toBe(1);
    expect(rev.compare([null], [null])).toBe(0);
    expect(rev.compare(B.inclusiveEnd(null), [7])).toBe(-1);
    expect(rev.compare(B.exclusiveStart(null), [null])).toBe(1);
  });

  it('a null in a later column orders within the earlier equal prefix', () => {
    const c = new ClusteringComparator([types.text, types.reversed(types.int64)]);
    expect(c.compare(['a', null], ['a', -(2n ** 63n)])).toBe(-1);
    expect(c.compare(['a', null], ['b', null])).toBe(-1);
    expect(c.compare(B.inclusiveEnd('a', null), ['a', 0n])).toBe(-1);
    expect(c.compare(B.exclusiveEnd('a', null), ['a', null])).toBe(-1);
    expect(c.compare(B.inclusiveEnd('a', null), ['a', null])).toBe(1);
  });
});

describe('reversed types in multi-column comparators (ReversedType.compareCustom swaps the arguments)', () => {
  const c = new ClusteringComparator([types.int32, types.reversed(types.int32)]);

  it('orders clusterings ascending on column 0, descending on column 1', () => {
    const rows: ClusteringValue[][] = [
      [2, 0],
      [1, 3],
      [1, 9],
      [0, -1],
      [1, -4],
    ];
    const sorted = [...rows].sort((a, b) => c.compare(a, b));
    expect(sorted).toEqual([
      [0, -1],
      [1, 9],
      [1, 3],
      [1, -4],
      [2, 0],
    ]);
  });

  it('bounds keep their meaning: a prefix bound brackets every row with that prefix, the full bound a single row', () => {
    expect(c.compare(B.inclusiveStart(1), [1, 2 ** 31 - 1])).toBe(-1);
    expect(c.compare(B.inclusiveEnd(1), [1, -(2 ** 31)])).toBe(1);
    // In a DESC column the "greater" value comes first: [1,5] sits before [1,4].
    expect(c.compare(B.exclusiveStart(1, 5), [1, 5])).toBe(1);
    expect(c.compare(B.exclusiveStart(1, 5), [1, 4])).toBe(-1);
    expect(c.compare(B.exclusiveEnd(1, 5), [1, 6])).toBe(1);
    // A slice of a DESC column is made with its comparator (without one, (1,5)..(1,2) reads as inverted).
    expect(Slice.make(B.inclusiveStart(1, 5), B.inclusiveEnd(1, 2), c).isEmpty(c)).toBe(false);
    expect(Slice.make(B.inclusiveStart(1, 2), B.inclusiveEnd(1, 5)).isEmpty(c)).toBe(true);
    const s = Slice.make(B.exclusiveStart(1, 5), B.inclusiveEnd(1, 2), c);
    expect([6, 5, 4, 3, 2, 1].map((v) => s.includes(c, [1, v]))).toEqual([
      false,
      false,
      true,
      true,
      true,
      false,
    ]);
  });
});

describe('Slice.isEmpty for every inclusivity combination (Slice.java isEmpty: compare(end, start) <= 0)', () => {
  const two = new ClusteringComparator([types.int32, types.int32]);
  const starts = [
    ['[', (...v: ClusteringValue[]) => B.inclusiveStart(...v)],
    ['(', (...v: ClusteringValue[]) => B.exclusiveStart(...v)],
  ] as const;
  const ends = [
    [']', (...v: ClusteringValue[]) => B.inclusiveEnd(...v)],
    [')', (...v: ClusteringValue[]) => B.exclusiveEnd(...v)],
  ] as const;
  // [start values, end values, empty? for [s,e], [s,e), (s,e], (s,e)]
  const cases: [ClusteringValue[], ClusteringValue[], [boolean, boolean, boolean, boolean]][] = [
    [[5], [5], [false, true, true, true]],
    [[5], [6], [false, false, false, false]],
    [[6], [5], [true, true, true, true]],
    [[5], [5, 1], [false, false, true, true]], // shorter start decides: [5 before (5,1), (5 after it
    [[5, 1], [5], [false, true, false, true]], // shorter end decides: 5] after (5,1), 5) before it
    [
      [5, 1],
      [5, 1],
      [false, true, true, true],
    ],
    [[], [], [false, true, true, true]], // [BOTTOM,TOP] is ALL; (,) with no values is empty
    [[], [5], [false, false, true, true]],
    [[5], [], [false, true, false, true]],
  ];
  it.each(cases)('start %j end %j', (sv, ev, want) => {
    const got = starts.flatMap(([, s]) => ends.map(([, e]) => Slice.isEmpty(two, s(...sv), e(...ev))));
    expect(got).toEqual([want[0], want[1], want[2], want[3]]);
  });
});

describe('DeletionTime (db/DeletionTime.java)', () => {
  it('compareTo: markedForDeleteAt signed first, then the local deletion time as an UNSIGNED int', () => {
    const high = DeletionTime.build(5, 0x80000000); // negative as a Java int, large as a uint
    const low = DeletionTime.build(5, 1);
    expect(high.compareTo(low)).toBe(1);
    expect(low.compareTo(high)).toBe(-1);
    expect(DeletionTime.build(-1, MAX_DELETION_TIME).compareTo(DeletionTime.build(0, 0))).toBe(-1);
    expect(DeletionTime.build(NO_TIMESTAMP, 0).compareTo(DeletionTime.LIVE)).toBe(-1);
    expect(DeletionTime.build(NO_TIMESTAMP + 1, 0).compareTo(DeletionTime.LIVE)).toBe(1);
    // An invalid deletion time reports 2^32-2, above every valid one with the same timestamp.
    // (Cassandra's build(5, -1); here the unsigned image, since build rejects a negative time.)
    const invalid = DeletionTime.build(5, NO_DELETION_TIME);
    expect(invalid.compareTo(DeletionTime.build(5, MAX_DELETION_TIME))).toBe(1);
    expect(invalid.compareTo(DeletionTime.fromUnsigned(5, INVALID_DELETION_TIME))).toBe(0);
  });

  it('supersedes: strictly newer timestamp, or equal timestamp and strictly larger (unsigned) ldt; ties never', () => {
    const a = DeletionTime.build(7, 100);
    expect(a.supersedes(DeletionTime.build(7, 100))).toBe(false);
    expect(DeletionTime.build(7, 100).supersedes(a)).toBe(false);
    expect(DeletionTime.build(7, 0x80000000).supersedes(a)).toBe(true);
    expect(a.supersedes(DeletionTime.build(7, 0x80000000))).toBe(false);
    expect(DeletionTime.build(8, 0).supersedes(DeletionTime.build(7, MAX_DELETION_TIME))).toBe(true);
    // LIVE's ldt is Long.MAX_VALUE on the Java side: it beats any ldt at the same (minimal) timestamp.
    expect(DeletionTime.LIVE.supersedes(DeletionTime.build(NO_TIMESTAMP, MAX_DELETION_TIME))).toBe(true);
    expect(DeletionTime.build(NO_TIMESTAMP, MAX_DELETION_TIME).supersedes(DeletionTime.LIVE)).toBe(false);
    expect(DeletionTime.LIVE.supersedes(DeletionTime.LIVE)).toBe(false);
  });

  it('equals: any two invalid deletion times with the same timestamp are equal; valid ≠ invalid', () => {
    // Cassandra's build(3, -5); ours rejects a negative time, so the invalid one is built directly.
    const fromNegative = new InvalidDeletionTime(3);
    const fromTooLarge = DeletionTime.build(3, INVALID_DELETION_TIME);
    const fromNoDeletion = DeletionTime.fromUnsigned(3, NO_DELETION_TIME);
    expect(fromNegative.equals(fromTooLarge)).toBe(true);
    expect(fromNegative.equals(fromNoDeletion)).toBe(true);
    expect(fromNoDeletion).toBeInstanceOf(InvalidDeletionTime);
    expect(fromNoDeletion.localDeletionTime).toBe(INVALID_DELETION_TIME);
    expect(fromNegative.equals(DeletionTime.build(3, MAX_DELETION_TIME))).toBe(false);
    expect(fromNegative.equals(new InvalidDeletionTime(4))).toBe(false);
    expect(DeletionTime.build(NO_TIMESTAMP, NO_DELETION_TIME).isLive()).toBe(false); // build() cannot make LIVE
  });

  it('isLive needs both sentinels; deletes() is inclusive at the extremes', () => {
    expect(DeletionTime.fromUnsigned(NO_TIMESTAMP, MAX_DELETION_TIME).isLive()).toBe(false);
    expect(DeletionTime.LIVE.deletes(NO_TIMESTAMP)).toBe(true);
    expect(DeletionTime.LIVE.deletes(NO_TIMESTAMP + 1)).toBe(false);
    expect(DeletionTime.build(-10, 0).deletes(-10)).toBe(true);
    expect(DeletionTime.build(-10, 0).deletes(-9)).toBe(false);
  });
});
