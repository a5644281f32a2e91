// Issue 24: what core's model cannot represent is rejected where it is built, and a list it would have reached reads
// exactly as before.
import { describe, expect, it } from 'vitest';
import { EmptySliceError, InvalidClusteringValueError, InvalidTimestampError } from '../errors.js';
import { PersistentRangeTombstoneList } from '../list/persistent-range-tombstone-list.js';
import { RangeTombstoneList } from '../list/range-tombstone-list.js';
import type { RangeTombstoneListBase } from '../list/range-tombstone-list-base.js';
import { INT_CMP, rt } from '../test-helpers.js';
import { ClusteringBound as B } from './clustering-bound.js';
import { ClusteringComparator } from './clustering-comparator.js';
import { types } from './column-types.js';
import { DeletionTime } from './deletion-time.js';
import { RangeTombstone } from './range-tombstone.js';
import { Slice } from './slice.js';

const Unchecked = DeletionTime as unknown as new (markedForDeleteAt: number, ldt: number) => DeletionTime;

/** Every read of a list: its ranges both ways, point searches, sizes and heap. */
function observe(list: RangeTombstoneListBase): string {
  const ranges = (reversed: boolean) => [...list.iterator(reversed)].map((r) => r.toString());
  const points = [0, 1, 3, 5, 9].map((k) => list.searchDeletionTime([k])?.toString() ?? null);
  return JSON.stringify([
    ranges(false),
    ranges(true),
    points,
    list.size,
    list.dataSize(),
    list.unsharedHeapSize(),
  ]);
}

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
  it('without a comparator keeps what only the column order can judge: [5,1] is a slice of a DESC column', () => {
    const desc = new ClusteringComparator([types.reversed(types.int32)]);
    const s = Slice.make(B.inclusiveStart(5), B.inclusiveEnd(1));
    expect(s.isEmpty(desc)).toBe(false);
    expect(Slice.make(B.inclusiveStart(5), B.inclusiveEnd(1), desc).equals(s)).toBe(true);
    expect(s.isEmpty(INT_CMP)).toBe(true);
  });
  it('given a comparator still returns ALL for [BOTTOM, TOP]', () => {
    expect(Slice.make(B.BOTTOM, B.TOP, INT_CMP)).toBe(Slice.ALL);
  });
});
