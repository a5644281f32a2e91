import { describe, expect, it } from 'vitest';
import {
  ComparatorMismatchError,
  EmptySliceError,
  InvalidBoundKindError,
  InvalidClusteringValueError,
  InvalidConfigurationError,
  InvalidRangeStoreError,
  InvalidTimestampError,
} from '../errors.js';
import { JVM_COMPRESSED_OOPS } from '../heap/size-model.js';
import { ClusteringBound } from '../model/clustering-bound.js';
import { ClusteringComparator } from '../model/clustering-comparator.js';
import { types } from '../model/column-types.js';
import { DeletionTime } from '../model/deletion-time.js';
import { RangeTombstone } from '../model/range-tombstone.js';
import { Slice } from '../model/slice.js';
import { INT_CMP, listOf, rt } from '../test-helpers.js';
import {
  PersistentRangeTombstoneList,
  type PersistentRangeTombstoneListOptions,
  persistentRangeTombstoneListFactory,
} from './persistent-range-tombstone-list.js';
import { RangeTombstoneList } from './range-tombstone-list.js';
import { rangeTombstoneListFactory } from './range-tombstone-list-factory.js';
import type { RangeTombstoneListOptions } from './range-tombstone-list-options.js';

const B = ClusteringBound;

describe.each([false, true])('bad input leaves the list unchanged (copyOnWrite=%s)', (copyOnWrite) => {
  const fresh = () => listOf([rt(1, 5, 3), rt(7, 10, 2)], { copyOnWrite, capacity: 2 });

  it.each([
    [
      'inverted slice',
      (l: RangeTombstoneList) => l.add(B.inclusiveStart(9), B.inclusiveEnd(3), 1),
      EmptySliceError,
      /slice \[9,3\] is empty/,
    ],
    [
      'empty (x,x]',
      (l: RangeTombstoneList) => l.add(B.exclusiveStart(4), B.inclusiveEnd(4), 1),
      EmptySliceError,
      /empty/,
    ],
    [
      'empty [x,x)',
      (l: RangeTombstoneList) => l.add(B.inclusiveStart(4), B.exclusiveEnd(4), 1),
      EmptySliceError,
      /empty/,
    ],
    [
      'end used as start',
      (l: RangeTombstoneList) => l.add(B.inclusiveEnd(1), B.inclusiveEnd(4), 1),
      InvalidBoundKindError,
      /slice start must be .* got 1\] \(an end\)/,
    ],
    [
      'start used as end',
      (l: RangeTombstoneList) => l.add(B.inclusiveStart(1), B.exclusiveStart(4), 1),
      InvalidBoundKindError,
      /slice end .* got \(4 \(a start\)/,
    ],
    [
      'NaN timestamp',
      (l: RangeTombstoneList) => l.add(B.inclusiveStart(1), B.inclusiveEnd(4), Number.NaN),
      InvalidTimestampError,
      /markedForDeleteAt must be a safe integer, got NaN/,
    ],
    [
      'unsafe timestamp',
      (l: RangeTombstoneList) => l.add(B.inclusiveStart(1), B.inclusiveEnd(4), 2 ** 60),
      InvalidTimestampError,
      /got 1152921504606847000/,
    ],
    [
      'fractional timestamp',
      (l: RangeTombstoneList) => l.add(B.inclusiveStart(1), B.inclusiveEnd(4), 1.5),
      InvalidTimestampError,
      /1\.5/,
    ],
    [
      'negative local deletion time',
      (l: RangeTombstoneList) => l.add(B.inclusiveStart(1), B.inclusiveEnd(4), 1, -1),
      InvalidTimestampError,
      /localDeletionTime .* got -1/,
    ],
    [
      'string value for int32',
      (l: RangeTombstoneList) => l.add(B.inclusiveStart('a'), B.inclusiveEnd(4), 1),
      InvalidClusteringValueError,
      /value #0 "a" is not valid for column type int32/,
    ],
    [
      'int32 overflow',
      (l: RangeTombstoneList) => l.add(B.inclusiveStart(2 ** 31), B.inclusiveEnd(2 ** 32), 1),
      InvalidClusteringValueError,
      /2147483648 is not valid for column type int32/,
    ],
    [
      'too many values',
      (l: RangeTombstoneList) => l.add(B.inclusiveStart(1, 2), B.inclusiveEnd(4), 1),
      InvalidClusteringValueError,
      /2 values but the comparator has 1 columns/,
    ],
    [
      'bad isDeleted timestamp',
      (l: RangeTombstoneList) => l.isDeleted([3], Number.POSITIVE_INFINITY),
      InvalidTimestampError,
      /Infinity/,
    ],
    [
      'bad search clustering',
      (l: RangeTombstoneList) => l.search([1, 2]),
      InvalidClusteringValueError,
      /has 2 values, expected 1/,
    ],
    [
      'bad updateAllTimestamp',
      (l: RangeTombstoneList) => l.updateAllTimestamp(Number.NaN),
      InvalidTimestampError,
      /NaN/,
    ],
    [
      'bad updateAll ldt',
      (l: RangeTombstoneList) => l.updateAllTimestampAndLocalDeletionTime(1, 2 ** 32),
      InvalidTimestampError,
      /4294967296/,
    ],
    [
      'addAll with another comparator',
      (l: RangeTombstoneList) => l.addAll(new RangeTombstoneList(new ClusteringComparator([types.text]))),
      ComparatorMismatchError,
      /ClusteringComparator\(text\)/,
    ],
    [
      'addAll(null)',
      (l: RangeTombstoneList) => l.addAll(null as unknown as RangeTombstoneList),
      InvalidRangeStoreError,
      /expects a range-tombstone container .*got null/,
    ],
    [
      'addAll({})',
      (l: RangeTombstoneList) => l.addAll({} as unknown as RangeTombstoneList),
      InvalidRangeStoreError,
      /got \{\}/,
    ],
    [
      'addAll(undefined)',
      (l: RangeTombstoneList) => l.addAll(undefined as unknown as RangeTombstoneList),
      InvalidRangeStoreError,
      /got undefined/,
    ],
    [
      'addAll of a foreign store yielding a non-range',
      (l: RangeTombstoneList) =>
        l.addAll({ comparator: INT_CMP, [Symbol.iterator]: () => [42][Symbol.iterator]() } as never),
      InvalidRangeStoreError,
      /yielded 42, not a RangeTombstone/,
    ],
  ] as const)('%s', (_name, act, ErrorClass, message) => {
    const l = fresh();
    const copy = l.copy();
    const before = { text: String(l), heap: l.unsharedHeapSize(), cap: l.capacity };
    expect(() => act(l)).toThrow(ErrorClass);
    expect(() => act(l)).toThrow(message);
    expect(String(l)).toBe(before.text);
    expect(l.unsharedHeapSize()).toBe(before.heap);
    expect(l.capacity).toBe(before.cap);
    expect(l.equals(copy)).toBe(true);
  });

  it('a DeletionTime with an unsafe timestamp cannot even be built', () => {
    expect(() => DeletionTime.build(Number.MAX_SAFE_INTEGER + 2, 0)).toThrow(InvalidTimestampError);
  });

  it('a slice with wrong bound kinds cannot be built', () => {
    expect(() => new RangeTombstone(Slice.make(B.inclusiveEnd(1), B.TOP), DeletionTime.build(1, 0))).toThrow(
      InvalidBoundKindError,
    );
  });
});

describe('configuration (testSetResizeFactor / testSetInitialAllocationSize)', () => {
  it.each([1.2, 2.0, 5.0])('accepts growth factor %s', (growthFactor) => {
    expect(new RangeTombstoneList(INT_CMP, { growthFactor }).growthFactor).toBe(growthFactor);
  });

  it.each([1.19, 5.01, 0, -1, Number.NaN, Number.POSITIVE_INFINITY])(
    'rejects growth factor %s',
    (growthFactor) => {
      expect(() => new RangeTombstoneList(INT_CMP, { growthFactor })).toThrow(InvalidConfigurationError);
      expect(() => new RangeTombstoneList(INT_CMP, { growthFactor })).toThrow(
        /growth factor must be in the range \[1.2, 5\] inclusive/,
      );
    },
  );

  it.each([0, 1, 1024])('accepts initial capacity %s', (capacity) => {
    expect(new RangeTombstoneList(INT_CMP, { capacity }).capacity).toBe(capacity);
  });

  it.each([-1, 1025, 1.5, Number.NaN])('rejects initial capacity %s', (capacity) => {
    expect(() => new RangeTombstoneList(INT_CMP, { capacity })).toThrow(
      /initial capacity must be an integer in the range \[0, 1024\]/,
    );
  });

  it('rejects a misspelled option key, naming it and the allowed keys (lists, factories, size models)', () => {
    const opts = { growthFacter: 2 } as unknown as RangeTombstoneListOptions;
    const message =
      'unknown range-tombstone list option "growthFacter" (allowed: capacity, growthFactor, copyOnWrite, sizeModel)';
    expect(() => new RangeTombstoneList(INT_CMP, opts)).toThrow(InvalidConfigurationError);
    expect(() => new RangeTombstoneList(INT_CMP, opts)).toThrow(message);
    expect(() => rangeTombstoneListFactory(opts)).toThrow(message);
    const persistent = { sizeModle: JVM_COMPRESSED_OOPS } as unknown as PersistentRangeTombstoneListOptions;
    expect(() => new PersistentRangeTombstoneList(INT_CMP, persistent)).toThrow(
      'unknown persistent range-tombstone list option "sizeModle" (allowed: sizeModel)',
    );
    expect(() => persistentRangeTombstoneListFactory(persistent)).toThrow(InvalidConfigurationError);
    const model = { ...JVM_COMPRESSED_OOPS, refSize: 4 };
    expect(() => new RangeTombstoneList(INT_CMP, { sizeModel: model })).toThrow(
      /unknown sizeModel field "refSize" \(allowed: /,
    );
    const sym = { [Symbol('x')]: 1 } as unknown as RangeTombstoneListOptions;
    expect(() => rangeTombstoneListFactory(sym)).toThrow('unknown range-tombstone list option Symbol(x)');
  });

  it('the factory validates at wiring time', () => {
    expect(() => rangeTombstoneListFactory({ growthFactor: 7 })).toThrow(InvalidConfigurationError);
    const make = rangeTombstoneListFactory({ copyOnWrite: false, capacity: 0 });
    const store = make(INT_CMP);
    expect(store.size).toBe(0);
    expect(store).toBeInstanceOf(RangeTombstoneList);
    expect((store as RangeTombstoneList).copyOnWrite).toBe(false);
  });

  it('grows like Cassandra: 1 → 2 → 3 → 5 → 8 → 12 → 18 → 27 → 41, and 0 → 1', () => {
    const caps: number[] = [];
    const l = new RangeTombstoneList(INT_CMP, { capacity: 1, copyOnWrite: false });
    for (let i = 0; i < 30; i++) {
      l.add(rt(2 * i, 2 * i + 1, 1));
      if (caps.at(-1) !== l.capacity) caps.push(l.capacity);
    }
    expect(caps).toEqual([1, 2, 3, 5, 8, 12, 18, 27, 41]);
    const zero = new RangeTombstoneList(INT_CMP, { capacity: 0 });
    zero.add(rt(0, 1, 1));
    expect(zero.capacity).toBe(1);
  });
});
