import { inspect } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidBoundKindError } from '../errors.js';
import { RangeTombstoneList } from '../list/range-tombstone-list.js';
import { ClusteringBound, Kind } from './clustering-bound.js';
import { ClusteringComparator } from './clustering-comparator.js';
import { types } from './column-types.js';
import { Slice } from './slice.js';

const B = ClusteringBound;
const int = new ClusteringComparator([types.int32]);
const two = new ClusteringComparator([types.int32, types.int32]);

describe('ClusteringComparator', () => {
  it('[x == x) and (x == x] in comparator order', () => {
    expect(int.compare(B.inclusiveStart(3), B.exclusiveEnd(3))).toBe(0);
    expect(int.compare(B.exclusiveStart(3), B.inclusiveEnd(3))).toBe(0);
    expect(int.compare(B.inclusiveStart(3), [3])).toBe(-1);
    expect(int.compare([3], B.inclusiveEnd(3))).toBe(-1);
    expect(int.compare([3], B.exclusiveEnd(3))).toBe(1);
  });

  it('the prefix rule', () => {
    expect(two.compare(B.inclusiveStart(1), [1, 5])).toBe(-1);
    expect(two.compare(B.inclusiveEnd(1), [1, 5])).toBe(1);
    expect(two.compare(B.exclusiveEnd(1), [1, 5])).toBe(-1);
    expect(two.compare(B.exclusiveStart(1), [1, 5])).toBe(1);
    expect(two.compare(B.inclusiveStart(1), B.inclusiveStart(1, 2))).toBe(-1);
    expect(two.compare(B.inclusiveEnd(1), B.inclusiveEnd(1, 2))).toBe(1);
    expect(two.compare(B.BOTTOM, [null, null])).toBe(-1);
    expect(two.compare(B.TOP, [9, 9])).toBe(1);
    expect(two.compare(B.BOTTOM, B.TOP)).toBe(-1);
  });

  it("a one-column comparator's fast path orders one-value prefixes as the general rule does", () => {
    // The general rule, reached through a two-column comparator (one-value bounds then compare by kind rank).
    const bound = (value: fc.Arbitrary<number | string | null>) =>
      fc.tuple(fc.constantFrom(B.inclusiveStart, B.exclusiveStart, B.inclusiveEnd, B.exclusiveEnd), value);
    const cases = [
      { type: types.double, value: fc.oneof(fc.constantFrom(0, -0, Number.NaN, null), fc.double()) },
      {
        type: types.reversed(types.int32),
        value: fc.oneof(fc.constant(null), fc.integer({ min: -3, max: 3 })),
      },
      { type: types.text, value: fc.oneof(fc.constant(null), fc.constantFrom('', 'a', 'ab', '\uFFFF')) },
    ];
    for (const { type, value } of cases) {
      const one = new ClusteringComparator([type]);
      const general = new ClusteringComparator([type, types.int32]);
      fc.assert(
        fc.property(bound(value), bound(value), ([k1, v1], [k2, v2]) => {
          const a = k1(v1);
          const b = k2(v2);
          expect(one.compare(a, b)).toBe(general.compare(a, b));
          expect(one.compare(a, [v2])).toBe(general.compare(a, [v2]));
          expect(one.compare([v1], b)).toBe(general.compare([v1], b));
          expect(one.compare([v1], [v2])).toBe(general.compare([v1], [v2]));
        }),
      );
    }
  });

  it('null components sort first', () => {
    expect(two.compare([null, 5], [0, 0])).toBe(-1);
    expect(two.compare([1, null], [1, null])).toBe(0);
  });

  it('text compares in UTF-8 byte order, not UTF-16 order', () => {
    const text = new ClusteringComparator([types.text]);
    // UTF-16: '\uFFFF' (0xFFFF) > '\u{10000}' (0xD800 0xDC00). UTF-8/code points: U+FFFF < U+10000.
    expect('\uFFFF' > '\u{10000}').toBe(true);
    expect(text.compare(['\uFFFF'], ['\u{10000}'])).toBe(-1);
    expect(text.compare(['\uE000'], ['\u{1F600}'])).toBe(-1);
    expect(text.compare(['a'], ['ab'])).toBe(-1);
    expect(types.text.dataSize('é\u{1F600}')).toBe(6);
    expect(types.text.accepts('\uD800')).toBe(false);
  });

  it('other types', () => {
    expect(types.int64.compare(-(2n ** 63n), 2n ** 62n)).toBe(-1);
    expect(types.int64.accepts(2n ** 63n)).toBe(false);
    expect(types.double.compare(-0, 0)).toBe(-1);
    expect(types.double.compare(Number.NaN, Number.POSITIVE_INFINITY)).toBe(1);
    expect(types.blob.compare(new Uint8Array([0x80]), new Uint8Array([0x7f, 0]))).toBe(1);
    expect(types.boolean.compare(false, true)).toBe(-1);
    expect(types.ascii.accepts('é')).toBe(false);
    const early = 'd0e1f2a0-0000-1000-8000-000000000000';
    const late = '00000000-0000-1001-8000-000000000000'; // later time_hi wins over a bigger time_low
    expect(types.timeuuid.compare(early, late)).toBe(-1);
    expect(types.timeuuid.accepts('00000000-0000-4000-8000-000000000000')).toBe(false);
    expect(types.uuid.compare('00000000-0000-4000-8000-000000000000', late)).toBe(1); // version 4 > version 1
    const rev = new ClusteringComparator([types.reversed(types.int32)]);
    expect(rev.compare([1], [2])).toBe(1);
    expect(rev.compare(B.inclusiveStart(2), [1])).toBe(-1);
    expect(rev.types[0]?.name).toBe('reversed(int32)');
  });

  it('dataSize counts non-null values only', () => {
    const c = new ClusteringComparator([types.int32, types.text, types.int64]);
    expect(c.dataSize(B.inclusiveStart(1, 'ab', null))).toBe(6);
  });
});

describe('ClusteringBound and Slice', () => {
  it('invert mirrors kinds and keeps values', () => {
    expect(B.inclusiveStart(3).invert().kind).toBe(Kind.EXCL_END_BOUND);
    expect(B.exclusiveStart(3).invert().kind).toBe(Kind.INCL_END_BOUND);
    expect(B.inclusiveEnd(3).invert().toString()).toBe('(3');
    expect(B.BOTTOM.isBottom() && B.TOP.isTop()).toBe(true);
    expect(B.inclusiveStart()).toBe(B.BOTTOM);
    expect(() => B.create(Kind.CLUSTERING, [1])).toThrow(InvalidBoundKindError);
  });

  it('emptiness and inclusion', () => {
    expect(Slice.make(B.inclusiveStart(4), B.inclusiveEnd(4)).isEmpty(int)).toBe(false);
    expect(Slice.isEmpty(int, B.exclusiveStart(4), B.inclusiveEnd(4))).toBe(true); // Slice.make refuses it
    expect(Slice.isEmpty(int, B.inclusiveStart(4), B.exclusiveEnd(4))).toBe(true);
    expect(Slice.make(B.BOTTOM, B.TOP)).toBe(Slice.ALL);
    const s = Slice.make(B.exclusiveStart(1), B.inclusiveEnd(3));
    expect([0, 1, 2, 3, 4].map((x) => s.includes(int, [x]))).toEqual([false, false, true, true, false]);
    expect(String(s)).toBe('(1,3]');
    expect(String(Slice.ALL)).toBe('[BOTTOM,TOP]');
  });

  it('a bound never changes: its values read frozen, the same array each time, and a list holding it stays put', () => {
    const caller = [3];
    const start = B.create(Kind.INCL_START_BOUND, caller);
    const end = B.inclusiveEnd(7);
    const list = new RangeTombstoneList(int);
    list.add(start, end, 5);
    caller[0] = 9; // the caller's own array was copied
    for (const bound of [start, end, B.BOTTOM, B.TOP, start.invert()]) {
      expect(Object.isFrozen(bound.values)).toBe(true);
      expect(bound.values).toBe(bound.values);
    }
    expect(() => {
      (end.values as number[])[0] = 1; // strict mode (ES modules): a frozen array throws
    }).toThrow(TypeError);
    expect([start.values, end.values]).toEqual([[3], [7]]);
    expect(String(list)).toBe('{[3,7]@5}');
    expect(list.searchDeletionTime([3])?.markedForDeleteAt).toBe(5);
  });

  it('a bound serialises to JSON, and prints in Node, as its kind and values', () => {
    expect(JSON.stringify(B.exclusiveStart(1, 'a'))).toBe('{"kind":7,"values":[1,"a"]}');
    expect(inspect(B.exclusiveStart(1, 'a'))).toBe("ClusteringBound { kind: 7, values: [ 1, 'a' ] }");
    expect(inspect({ s: { b: B.TOP } }, { depth: 1 })).toBe('{ s: { b: [ClusteringBound] } }');
    expect(inspect(Slice.make(B.inclusiveStart(1), B.TOP))).toContain(
      'end: ClusteringBound { kind: 6, values: [] }',
    );
    expect(JSON.parse(JSON.stringify({ end: B.TOP }))).toEqual({
      end: { kind: Kind.INCL_END_BOUND, values: [] },
    });
  });
});
