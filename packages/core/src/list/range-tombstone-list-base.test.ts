import { describe, expect, it } from 'vitest';
import {
  InvalidArgumentError,
  InvalidBoundKindError,
  InvalidRangeStoreError,
  InvalidTimestampError,
} from '../errors.js';
import { V8_POINTER_COMPRESSION } from '../heap/size-model.js';
import { ClusteringBound as B } from '../model/clustering-bound.js';
import { DeletionTime } from '../model/deletion-time.js';
import { RangeTombstone } from '../model/range-tombstone.js';
import { Slice } from '../model/slice.js';
import { boundsHeapOf, INT_CMP, rt } from '../test-helpers.js';
import { PersistentRangeTombstoneList } from './persistent-range-tombstone-list.js';
import { RangeTombstoneList } from './range-tombstone-list.js';
import type { RangeTombstoneListBase } from './range-tombstone-list-base.js';

/**
 * What the three storages share through RangeTombstoneListBase: the checks of foreign input and of argument types,
 * and heap accounting across size models. (Found by an independent review; every case failed before its fix.)
 */
const STORAGES: [string, (model?: typeof V8_POINTER_COMPRESSION) => RangeTombstoneListBase][] = [
  ['persistent', (sizeModel) => new PersistentRangeTombstoneList(INT_CMP, sizeModel ? { sizeModel } : {})],
  [
    'eager',
    (sizeModel) =>
      new RangeTombstoneList(INT_CMP, { copyOnWrite: false, ...(sizeModel ? { sizeModel } : {}) }),
  ],
  ['copy-on-write', (sizeModel) => new RangeTombstoneList(INT_CMP, sizeModel ? { sizeModel } : {})],
];

/** A DeletionTime carrying values `build` would reject: legal, since subclasses may call the protected constructor. */
class BadTime extends DeletionTime {
  constructor(t: number, ldt: number) {
    super(t, ldt);
  }
}

const foreign = (...ranges: RangeTombstone[]) => ({
  comparator: INT_CMP,
  [Symbol.iterator]: () => ranges[Symbol.iterator](),
});

describe.each(STORAGES)('addAll of a foreign container checks what add checks (%s)', (_n, make) => {
  const slice = Slice.make(B.inclusiveStart(2), B.inclusiveEnd(3));
  it.each([
    ['NaN markedForDeleteAt', new RangeTombstone(slice, new BadTime(Number.NaN, 0))],
    ['unsafe markedForDeleteAt', new RangeTombstone(slice, new BadTime(2 ** 60, 0))],
    ['negative localDeletionTime', new RangeTombstone(slice, new BadTime(5, -1))],
    ['fractional localDeletionTime', new RangeTombstone(slice, new BadTime(5, 0.5))],
  ])('%s: InvalidTimestampError, list unchanged', (_name, bad) => {
    const l = make();
    l.add(rt(1, 5, 3));
    const before = String(l);
    expect(() => l.add(bad)).toThrow(InvalidTimestampError);
    expect(() => l.addAll(foreign(rt(7, 8, 1), bad) as never)).toThrow(InvalidTimestampError);
    expect(String(l)).toBe(before);
  });

  it('a slice whose start is an end bound: InvalidBoundKindError, list unchanged', () => {
    const l = make();
    l.add(rt(1, 5, 3));
    const before = String(l);
    // Built around the constructor, which refuses a slice-like object since issue 24: add still checks the bounds.
    const bad = Object.assign(Object.create(RangeTombstone.prototype) as RangeTombstone, {
      slice: { start: B.inclusiveEnd(6), end: B.inclusiveEnd(8) } as unknown as Slice,
      deletionTime: DeletionTime.build(9, 0),
    });
    expect(() => l.add(bad)).toThrow(InvalidBoundKindError);
    expect(() => l.addAll(foreign(bad) as never)).toThrow(InvalidBoundKindError);
    expect(String(l)).toBe(before);
  });
});

describe.each(STORAGES)('argument types (%s)', (_n, make) => {
  const fresh = () => {
    const l = make();
    l.add(rt(1, 5, 3));
    l.add(rt(10, 20, 4));
    return l;
  };

  it('addAll of a container whose comparator has no column types: InvalidRangeStoreError', () => {
    const store = { comparator: { equals: () => true }, [Symbol.iterator]: () => [][Symbol.iterator]() };
    expect(() => fresh().addAll(store as never)).toThrow(InvalidRangeStoreError);
  });

  it('iterator(non-Slice object) and a non-boolean reversed are rejected, naming the value', () => {
    const sliceLike = { start: B.inclusiveStart(2), end: B.inclusiveEnd(3) };
    expect(() => fresh().iterator(sliceLike as unknown as Slice)).toThrow(
      /iterator takes a Slice or a boolean \(reversed\), got \{start: ClusteringBound instance/,
    );
    expect(() => fresh().iterator(rt(2, 3, 0).slice, 'yes' as never)).toThrow(TypeError);
    expect([...fresh().iterator(rt(2, 3, 0).slice, true)].map(String)).toEqual(['[2,3]@3']);
  });

  it('iterator(null), iterator("x") and a forged Slice throw InvalidBoundKindError naming the value, list unchanged', () => {
    // A Slice made around Slice.make: the prototype without the checks (a raw TypeError read `values` of undefined).
    const forged = Object.create(Slice.prototype) as Slice;
    const inverted = Object.assign(Object.create(Slice.prototype), {
      start: B.inclusiveEnd(3),
      end: B.TOP,
    }) as Slice;
    for (const [arg, message] of [
      [null, 'iterator takes a Slice or a boolean (reversed), got null'],
      ['x', 'iterator takes a Slice or a boolean (reversed), got "x"'],
      [{}, 'iterator takes a Slice or a boolean (reversed), got {}'],
      [0, 'iterator takes a Slice or a boolean (reversed), got 0'],
      [forged, 'slice start must be an inclusive or exclusive start bound, got undefined'],
      [inverted, 'slice start must be an inclusive or exclusive start bound, got 3]'],
    ] as const) {
      const l = fresh();
      const before = String(l);
      expect(() => l.iterator(arg as unknown as Slice)).toThrow(InvalidBoundKindError);
      expect(() => l.iterator(arg as unknown as Slice)).toThrow(message);
      expect(String(l)).toBe(before);
    }
  });

  it('isDeleted(isCounter = non-boolean) is rejected rather than coerced', () => {
    expect(() => fresh().isDeleted([2], 100, 'false' as unknown as boolean)).toThrow(InvalidArgumentError);
    expect(fresh().isDeleted([2], 100, true)).toBe(true);
  });
});

/** White box: the running Σ of bound heaps every storage keeps (its `boundsHeap` field). */
const boundsCounter = (l: RangeTombstoneListBase) => (l as unknown as { boundsHeap: number }).boundsHeap;

describe.each(STORAGES)('adopting a list accounted under another size model (%s)', (_n, make) => {
  it('charges the adopted bounds under the adopter’s own model, before and after more adds', () => {
    const v8 = make(V8_POINTER_COMPRESSION);
    for (let i = 0; i < 10; i++) v8.add(rt(4 * i, 4 * i + 1, 1));
    const jvm = make();
    jvm.addAll(v8); // the adoption path: jvm is empty
    expect(boundsCounter(jvm)).toBe(boundsHeapOf(jvm));
    jvm.add(rt(100, 101, 1));
    expect(boundsCounter(jvm)).toBe(boundsHeapOf(jvm));
    expect(boundsCounter(v8)).not.toBe(boundsHeapOf(v8)); // the source keeps its own model
  });
});
