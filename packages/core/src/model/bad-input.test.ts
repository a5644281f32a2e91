// Issue 24: what core's model cannot represent is rejected where it is built, and a list it would have reached reads
// exactly as before.
import { describe, expect, it } from 'vitest';
import { EmptySliceError, InvalidClusteringValueError, InvalidTimestampError } from '../errors.js';
import { PersistentRangeTombstoneList } from '../list/persistent-range-tombstone-list.js';
import { RangeTombstoneList } from '../list/range-tombstone-list.js';
import { INT_CMP, observe, rt } from '../test-helpers.js';
import { ClusteringBound as B } from './clustering-bound.js';
import { ClusteringComparator } from './clustering-comparator.js';
import { types } from './column-types.js';
import { DeletionTime } from './deletion-time.js';
import { RangeTombstone } from './range-tombstone.js';
import { Slice } from './slice.js';

const Unchecked = DeletionTime as unknown as new (markedForDeleteAt: number, ldt: number) => DeletionTime;

describe.each([
  ['copy-on-write arrays', () => new RangeTombstoneList(INT_CMP)],
  ['persistent tree', () => new PersistentRangeTombstoneList(INT_CMP)],
])('bad model input never reaches a list (%s)', (_name, create) => {
  function expectRejected(
    build: () => unknown,
    type: new (...args: never[]) => Error,
    message: string,
  ): void {
    const list = create();
    list.add(rt(1, 3, 10));
    list.add(rt(5, 8, 12, 4));
    const before = observe(list);
    expect(() => list.add(build() as RangeTombstone)).toThrow(type);
    expect(() => list.add(build() as RangeTombstone)).toThrow(message);
    expect(observe(list)).toBe(before);
  }

  it.each([
    ['a NaN markedForDeleteAt', Number.NaN, 0, 'markedForDeleteAt must be a safe integer, got NaN'],
    ['a fractional markedForDeleteAt', 1.5, 0, 'markedForDeleteAt must be a safe integer, got 1.5'],
    [
      'a NaN localDeletionTime',
      5,
      Number.NaN,
      'localDeletionTime must be an integer in [0, 4294967295], got NaN',
    ],
    [
      'a negative localDeletionTime',
      5,
      -1,
      'localDeletionTime must be an integer in [0, 4294967295], got -1',
    ],
  ])('new DeletionTime with %s (DeletionInfo.add of NaN was a silent no-op)', (_n, t, ldt, message) => {
    expect(() => new Unchecked(t, ldt)).toThrow(new InvalidTimestampError(message));
    expectRejected(
      () => new RangeTombstone(Slice.make(B.inclusiveStart(2), B.inclusiveEnd(6)), new Unchecked(t, ldt)),
      InvalidTimestampError,
      message,
    );
  });

  it('an inverted or empty slice is rejected by Slice.make given the comparator', () => {
    const at = DeletionTime.build(20, 0);
    const inverted = () =>
      new RangeTombstone(Slice.make(B.inclusiveStart(5), B.inclusiveEnd(1), INT_CMP), at);
    expectRejected(
      inverted,
      EmptySliceError,
      'slice [5,1] is empty (its start does not sort before its end)',
    );
    const empty = () => new RangeTombstone(Slice.make(B.exclusiveStart(5), B.inclusiveEnd(5), INT_CMP), at);
    expectRejected(empty, EmptySliceError, 'slice (5,5] is empty');
    const text = () => Slice.make(B.inclusiveStart('a'), B.inclusiveEnd('b'), INT_CMP);
    expectRejected(text, InvalidClusteringValueError, 'slice start');
  });
});

describe('Slice.make', () => {
  const FIX = '(for a types.reversed column pass the comparator: Slice.make(start, end, comparator))';

  it.each([
    ['[5,1]', () => Slice.make(B.inclusiveStart(5), B.inclusiveEnd(1)), '[5,1]', '[5]', '[1]'],
    ['(5,5]', () => Slice.make(B.exclusiveStart(5), B.inclusiveEnd(5)), '(5,5]', '[5]', '[5]'],
    ['[5,5)', () => Slice.make(B.inclusiveStart(5), B.exclusiveEnd(5)), '[5,5)', '[5]', '[5]'],
    ["['b','a']", () => Slice.make(B.inclusiveStart('b'), B.inclusiveEnd('a')), '[b,a]', '["b"]', '["a"]'],
    ['[9n,-1n]', () => Slice.make(B.inclusiveStart(9n), B.inclusiveEnd(-1n)), '[9,-1]', '[9n]', '[-1n]'],
    [
      '[true,false]',
      () => Slice.make(B.inclusiveStart(true), B.inclusiveEnd(false)),
      '[true,false]',
      '[true]',
      '[false]',
    ],
    ['[1,null]', () => Slice.make(B.inclusiveStart(1), B.inclusiveEnd(null)), '[1,null]', '[1]', '[null]'],
    [
      '[(1, 7),(1, 2)]',
      () => Slice.make(B.inclusiveStart(1, 7), B.inclusiveEnd(1, 2)),
      '[1:7,1:2]',
      '[1, 7]',
      '[1, 2]',
    ],
    ['[(2, 0),1]', () => Slice.make(B.inclusiveStart(2, 0), B.inclusiveEnd(1)), '[2:0,1]', '[2, 0]', '[1]'],
  ])(
    'without a comparator refuses the inverted or empty %s, naming it (it was accepted)',
    (_n, make, text, s, e) => {
      expect(make).toThrow(EmptySliceError);
      expect(make).toThrow(
        `slice ${text} is empty: its start ${s} does not sort before its end ${e} in the values' ascending order ${FIX}`,
      );
    },
  );

  it('without a comparator keeps every slice that is not empty in the values order', () => {
    for (const [start, end] of [
      [B.inclusiveStart(1), B.inclusiveEnd(5)],
      [B.inclusiveStart(5), B.inclusiveEnd(5)],
      [B.exclusiveStart(-0), B.inclusiveEnd(0)], // -0 and 0: double orders them, int32 does not: left to the list
      [B.inclusiveStart(Number.NaN), B.inclusiveEnd(1)], // NaN: double's order only
      [B.inclusiveStart(null), B.inclusiveEnd(1)],
      [B.inclusiveStart(1), B.inclusiveEnd(1, 0)],
      [B.inclusiveStart('a'), B.inclusiveEnd('b')],
      [B.inclusiveStart(new Uint8Array([1])), B.inclusiveEnd(new Uint8Array([1, 0]))],
      [
        B.inclusiveStart('ffffffff-0000-1000-8000-000000000000'),
        B.inclusiveEnd('00000000-0000-1000-8000-000000000000'),
      ],
      [B.inclusiveStart(5), B.inclusiveEnd('a')], // different kinds: only the column type decides
      [B.BOTTOM, B.inclusiveEnd(3)],
      [B.inclusiveStart(3), B.TOP],
    ] as const) {
      expect(Slice.make(start, end).toString()).toBe(
        `${start.isBottom() ? '[BOTTOM' : start},${end.isTop() ? 'TOP]' : end}`,
      );
    }
    expect(Slice.make(B.BOTTOM, B.TOP)).toBe(Slice.ALL);
  });

  it('a UUID slice is judged by its column type: [later, earlier] of a timeuuid column is empty where used', () => {
    const later = '00000000-0000-1001-8000-000000000000';
    const earlier = 'ffffffff-0000-1000-8000-000000000000';
    const s = Slice.make(B.inclusiveStart(later), B.inclusiveEnd(earlier));
    expect(s.isEmpty(new ClusteringComparator([types.timeuuid]))).toBe(true);
    expect(s.isEmpty(new ClusteringComparator([types.text]))).toBe(false);
    expect(() => Slice.make(s.start, s.end, new ClusteringComparator([types.timeuuid]))).toThrow(
      EmptySliceError,
    );
  });

  it('[5,1] of a DESC column is made with its comparator, and judged under it', () => {
    const desc = new ClusteringComparator([types.reversed(types.int32)]);
    const s = Slice.make(B.inclusiveStart(5), B.inclusiveEnd(1), desc);
    expect(s.isEmpty(desc)).toBe(false);
    expect(s.toString()).toBe('[5,1]');
    expect(() => Slice.make(B.inclusiveStart(1), B.inclusiveEnd(5), desc)).toThrow(EmptySliceError);
  });

  it('given a comparator still returns ALL for [BOTTOM, TOP]', () => {
    expect(Slice.make(B.BOTTOM, B.TOP, INT_CMP)).toBe(Slice.ALL);
  });

  it('a list read of [BOTTOM, TOP] and of clipped ranges builds the same slices as before', () => {
    const list = new RangeTombstoneList(INT_CMP);
    list.add(B.BOTTOM, B.TOP, 3);
    list.add(rt(2, 4, 9));
    expect([...list].map(String)).toEqual(['[BOTTOM,2)@3', '[2,4]@9', '(4,TOP]@3']);
    const clipped = [...list.iterator(Slice.make(B.inclusiveStart(3), B.exclusiveEnd(6)))];
    expect(clipped.map(String)).toEqual(['[3,4]@9', '(4,6)@3']);
  });
});

describe('types.reversed takes a column type (from JavaScript: a raw TypeError, or a broken type kept)', () => {
  it.each([
    ['null', null, 'null'],
    ['undefined', undefined, 'undefined'],
    ['a type name', 'int32', '"int32"'],
    ['an empty object', {}, '{}'],
  ])('rejects %s, naming it', (_what, value, named) => {
    expect(() => types.reversed(value as never)).toThrow(
      new InvalidClusteringValueError(`types.reversed needs a column type (types.int32, …), got ${named}`),
    );
  });

  it('the comparator names a non-type the same way', () => {
    expect(() => new ClusteringComparator([types.int32, 'text' as never])).toThrow(
      new InvalidClusteringValueError('clustering type #1 is not a ColumnType: "text"'),
    );
  });
});
