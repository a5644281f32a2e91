// Issue 24: a boolean flag of a public entry point takes only a boolean (`'false'` is truthy: read by truthiness it
// silently means true), and a value it cannot hold is refused with a typed error, never a plain TypeError nor kept
// (`DeletionTime.fromUnsigned(NaN, 0)` built a deletion that deletes nothing). Each call
// is rejected with the package's error naming the parameter and the value, on the source and on the built dist, and
// every read of the list is what it was before.

import { describe, expect, it } from 'vitest';
import { describeValue } from './checks/describe-value.js';
import { BUILDS, type CoreModule } from './test-builds.js';
import { observe } from './test-helpers.js';

/** Not booleans: `'false'` is truthy, and a flag read by truthiness takes it as true. */
const BAD_FLAGS = ['false', 'yes', 1, null] as const;

describe.each(BUILDS)('bad arguments to core (%s build)', (_build, load) => {
  /** Runs `call` on a seeded list of each storage: `type` with `message`, every read of the list unchanged. */
  async function expectRejected(
    call: (list: InstanceType<CoreModule['RangeTombstoneListBase']>, m: CoreModule) => unknown,
    type: (m: CoreModule) => new (message: string) => Error,
    message: string,
  ): Promise<void> {
    const m = await load();
    const cmp = new m.ClusteringComparator([m.types.int32]);
    for (const list of [new m.RangeTombstoneList(cmp), new m.PersistentRangeTombstoneList(cmp)]) {
      list.add(m.ClusteringBound.inclusiveStart(1), m.ClusteringBound.inclusiveEnd(3), 10);
      list.add(m.ClusteringBound.inclusiveStart(5), m.ClusteringBound.inclusiveEnd(8), 12, 4);
      const before = observe(list);
      expect(() => call(list, m)).toThrow(type(m));
      expect(() => call(list, m)).toThrow(new (type(m))(message));
      expect(observe(list)).toBe(before);
    }
  }
  const argument = (m: CoreModule) => m.InvalidArgumentError;
  const slice = (m: CoreModule) =>
    m.Slice.make(m.ClusteringBound.inclusiveStart(0), m.ClusteringBound.inclusiveEnd(9));

  it.each(BAD_FLAGS)('iterator(slice | boolean, %s) (a plain TypeError)', async (bad) => {
    const shown = describeValue(bad);
    const reversed = bad as unknown as boolean;
    const message = `reversed must be a boolean, got ${shown}`;
    await expectRejected((l, m) => l.iterator(slice(m), reversed), argument, message);
    await expectRejected((l) => l.iterator(true as never, reversed), argument, message);
    await expectRejected((l) => l.iterator(undefined as never, reversed), argument, message);
  });

  it.each(BAD_FLAGS)('isDeleted(clustering, timestamp, %s) (a plain TypeError)', async (bad) => {
    const shown = describeValue(bad);
    await expectRejected(
      (l) => l.isDeleted([2], 5, bad as unknown as boolean),
      argument,
      `isCounter must be a boolean, got ${shown}`,
    );
  });

  it.each(BAD_FLAGS)('ClusteringBound.of(%s, …) (a truthy string built a start bound)', async (bad) => {
    const shown = describeValue(bad);
    const flag = bad as unknown as boolean;
    await expectRejected(
      (l, m) => l.add(m.ClusteringBound.of(flag, true, [4]), m.ClusteringBound.inclusiveEnd(4), 20),
      argument,
      `ClusteringBound.of isStart must be a boolean, got ${shown}`,
    );
    await expectRejected(
      (l, m) => l.add(m.ClusteringBound.of(true, flag, [4]), m.ClusteringBound.inclusiveEnd(4), 20),
      argument,
      `ClusteringBound.of isInclusive must be a boolean, got ${shown}`,
    );
  });

  it.each([
    ['a string', 'ab', '"ab"'],
    ['a number', 4, '4'],
    ['a plain object', { 0: 4 }, '{"0": 4}'],
  ])(
    'ClusteringBound.of / create with %s for values (a plain TypeError, or an empty bound)',
    async (_n, v, shown) => {
      const values = v as unknown as number[];
      const message = `bound values must be an array, got ${shown}`;
      const value = (m: CoreModule) => m.InvalidClusteringValueError;
      const end = (m: CoreModule) => m.ClusteringBound.inclusiveEnd(4);
      await expectRejected(
        (l, m) => l.add(m.ClusteringBound.of(true, true, values), end(m), 20),
        value,
        message,
      );
      const start = (m: CoreModule) => m.ClusteringBound.create(m.Kind.INCL_START_BOUND, values);
      await expectRejected((l, m) => l.add(start(m), end(m), 20), value, message);
    },
  );

  it('add of a RangeTombstone holding no Slice or no DeletionTime (a plain TypeError reading null.start)', async () => {
    const at = (m: CoreModule) => m.DeletionTime.build(20, 0);
    type Parts = [unknown, unknown];
    const tombstone = (m: CoreModule, [s, d]: Parts) => new m.RangeTombstone(s as never, d as never);
    await expectRejected(
      (l, m) => l.add(tombstone(m, [null, at(m)])),
      argument,
      "a range tombstone's slice must be a Slice, got null",
    );
    await expectRejected(
      (l, m) => l.add(tombstone(m, [slice(m), 20])),
      argument,
      "a range tombstone's deletionTime must be a DeletionTime, got 20",
    );
  });

  it('the flags still take booleans and undefined', async () => {
    const m = await load();
    const list = new m.RangeTombstoneList(new m.ClusteringComparator([m.types.int32]));
    list.add(m.ClusteringBound.of(true, false, [1]), m.ClusteringBound.of(false, true, [3]), 10);
    expect([...list.iterator(slice(m), true)].map(String)).toEqual(['(1,3]@10']);
    expect([...list.iterator(undefined as never, undefined)].map(String)).toEqual(['(1,3]@10']);
    expect(list.isDeleted([2], 11, true)).toBe(true);
    expect(list.isDeleted([2], 11, undefined)).toBe(false);
  });

  it.each([
    ['NaN, 0', Number.NaN, 0, 'markedForDeleteAt must be a safe integer, got NaN'],
    ['1.5, 0', 1.5, 0, 'markedForDeleteAt must be a safe integer, got 1.5'],
    ['5, -1', 5, -1, 'localDeletionTime must be an integer in [0, 4294967295], got -1'],
    ['5, NaN', 5, Number.NaN, 'localDeletionTime must be an integer in [0, 4294967295], got NaN'],
  ])('DeletionTime.fromUnsigned(%s) (it was kept as given)', async (_n, t, ldt, message) => {
    await expectRejected(
      (_l, m) => m.DeletionTime.fromUnsigned(t, ldt), // refused where built, not only by a list's add
      (m) => m.InvalidTimestampError,
      message,
    );
  });

  it('new InvalidDeletionTime(NaN) (it was kept: deletedAt=NaN)', async () => {
    await expectRejected(
      (_l, m) => new m.InvalidDeletionTime(Number.NaN),
      (m) => m.InvalidTimestampError,
      'markedForDeleteAt must be a safe integer, got NaN',
    );
  });

  it('fromUnsigned and InvalidDeletionTime still build what they did', async () => {
    const m = await load();
    expect(String(m.DeletionTime.fromUnsigned(5, 7))).toBe('deletedAt=5, localDeletion=7');
    expect(m.DeletionTime.fromUnsigned(5, m.NO_DELETION_TIME).validate()).toBe(false);
    expect(new m.InvalidDeletionTime(5).localDeletionTime).toBe(m.INVALID_DELETION_TIME);
  });

  it.each([
    ['isEmpty(null)', (m: CoreModule) => slice(m).isEmpty(null as never), "Slice.isEmpty's comparator"],
    [
      'includes(null, [1])',
      (m: CoreModule) => slice(m).includes(null as never, [1]),
      "Slice.includes's comparator",
    ],
  ])('Slice.%s (a plain TypeError reading null.compare)', async (_n, call, what) => {
    await expectRejected(
      (_l, m) => call(m),
      (m) => m.InvalidClusteringValueError,
      `${what} must be a ClusteringComparator, got null`,
    );
  });

  it('Slice.includes(comparator, "x") (a string read as a clustering)', async () => {
    await expectRejected(
      (l, m) => slice(m).includes(l.comparator, 'x' as never),
      (m) => m.InvalidClusteringValueError,
      'a clustering must be an array of values, got "x"',
    );
  });

  it('ClusteringComparator.equals of something that is not a comparator is false (null threw a plain TypeError)', async () => {
    const m = await load();
    const cmp = new m.ClusteringComparator([m.types.int32]);
    for (const other of [null, undefined, 5, {}]) expect(cmp.equals(other as never)).toBe(false);
    expect(cmp.equals(new m.ClusteringComparator([m.types.int32]))).toBe(true);
  });

  // The hot-path methods (issue 24, second audit): each checks in public and the library's loops call an unchecked
  // internal path (`@tombstone-lab/core/internal`'s COMPARE, DELETES…), so the loops pay nothing.
  const at = (m: CoreModule) => m.DeletionTime.build(10, 5);
  const int32 = (m: CoreModule) => new m.ClusteringComparator([m.types.int32]);
  const value = (m: CoreModule) => m.InvalidClusteringValueError;

  it.each([
    ['NaN', Number.NaN],
    ['a string', '5'],
    ['undefined', undefined],
    ['a fraction', 1.5],
  ])('DeletionTime.deletes(%s) (NaN deleted nothing, "5" was compared as 5)', async (_n, bad) => {
    await expectRejected(
      (_l, m) => at(m).deletes(bad as number),
      (m) => m.InvalidTimestampError,
      `deletes timestamp must be a safe integer, got ${describeValue(bad)}`,
    );
  });

  it.each([
    ['{}', {}],
    ['null', null],
    ['a number', 5],
  ])(
    'DeletionTime.supersedes and compareTo of %s ({} read as older, null threw a plain TypeError)',
    async (_n, bad) => {
      for (const method of ['supersedes', 'compareTo'] as const) {
        await expectRejected(
          (_l, m) => at(m)[method](bad as never),
          argument,
          `${method} needs a DeletionTime, got ${describeValue(bad)}`,
        );
      }
    },
  );

  it.each([
    ['null', null],
    ['a number', 5],
    ['a string', 'a'],
    ['an array-like object', { length: 1, 0: 1 }],
  ])(
    'ClusteringComparator.compare and dataSize of %s (null threw a plain TypeError, 5 compared as -0)',
    async (_n, bad) => {
      const what = `must be a clustering (an array of values) or a ClusteringBound, got ${describeValue(bad)}`;
      await expectRejected((_l, m) => int32(m).compare(bad as never, [1]), value, `compare p1 ${what}`);
      await expectRejected((_l, m) => int32(m).compare([1], bad as never), value, `compare p2 ${what}`);
      await expectRejected((_l, m) => int32(m).dataSize(bad as never), value, `dataSize prefix ${what}`);
    },
  );

  it('ClusteringComparator.compare of values the columns cannot hold ("a" in an int32 column compared equal)', async () => {
    const expected = (await load()).types.int32.expected;
    await expectRejected(
      (_l, m) => int32(m).compare(['a'], [1]),
      value,
      `compare p1 value #0 "a" is not valid for column type int32: expected ${expected}`,
    );
    await expectRejected(
      (_l, m) => int32(m).compare([1], m.ClusteringBound.inclusiveEnd('a')),
      value,
      `compare p2 value #0 "a" is not valid for column type int32: expected ${expected}`,
    );
    await expectRejected(
      (_l, m) => int32(m).compare([1, 2], [1]),
      value,
      'compare p1 [1, 2] has 2 values but the comparator has 1 columns',
    );
  });

  it.each([
    ['5', 5],
    ['-1', -1],
    ['"0"', '0'],
    ['0.5', 0.5],
  ])(
    'ClusteringComparator.compareComponent(%s, …) (a plain TypeError reading undefined.compare)',
    async (_n, bad) => {
      await expectRejected(
        (_l, m) => int32(m).compareComponent(bad as number, 1, 2),
        argument,
        `compareComponent column index must be an integer in [0, 0], got ${describeValue(bad)}`,
      );
    },
  );

  it('ClusteringComparator.compareComponent of a value the column cannot hold (it compared equal)', async () => {
    const expected = (await load()).types.int32.expected;
    await expectRejected(
      (_l, m) => int32(m).compareComponent(0, 1, 'a'),
      value,
      `compareComponent b "a" is not valid for column #0's type int32: expected ${expected}`,
    );
  });

  it('new RangeTombstone without a Slice or a DeletionTime (it was built; a list failed reading it)', async () => {
    await expectRejected(
      (_l, m) => new m.RangeTombstone(null as never, null as never),
      argument,
      "a range tombstone's slice must be a Slice, got null",
    );
    await expectRejected(
      (_l, m) => new m.RangeTombstone({ start: null, end: null } as never, at(m)),
      argument,
      "a range tombstone's slice must be a Slice, got {start: null, end: null}",
    );
    await expectRejected(
      (_l, m) => new m.RangeTombstone(slice(m), { markedForDeleteAt: 5 } as never),
      argument,
      "a range tombstone's deletionTime must be a DeletionTime, got {markedForDeleteAt: 5}",
    );
  });

  it('an ascending slice on a types.reversed column: the error names the reversed column (it said only "is empty")', async () => {
    const m = await load();
    const B = m.ClusteringBound;
    const cmp = new m.ClusteringComparator([m.types.reversed(m.types.int32)]);
    const message =
      'slice [1,5] is empty (its start does not sort before its end; column #0 is reversed(int32), whose slices run ' +
      'from the larger value to the smaller)';
    for (const list of [new m.RangeTombstoneList(cmp), new m.PersistentRangeTombstoneList(cmp)]) {
      list.add(B.inclusiveStart(5), B.inclusiveEnd(1), 10);
      const before = observe(list);
      expect(() => list.add(B.inclusiveStart(1), B.inclusiveEnd(5), 11)).toThrow(
        new m.EmptySliceError(message),
      );
      // A read of it selected nothing, silently; a slice empty in both orders still reads as nothing.
      const ascending = m.Slice.make(B.inclusiveStart(1), B.inclusiveEnd(5));
      expect(() => [...list.iterator(ascending)]).toThrow(new m.EmptySliceError(message));
      expect([...list.iterator(m.Slice.make(B.exclusiveStart(-0), B.inclusiveEnd(0)))]).toEqual([]);
      expect(observe(list)).toBe(before);
    }
    expect(() => m.Slice.make(B.inclusiveStart(1), B.inclusiveEnd(5), cmp)).toThrow(
      new m.EmptySliceError(message),
    );
    // A comparator without a reversed column keeps the plain message.
    const plain = new m.RangeTombstoneList(int32(m));
    expect(() => plain.add(B.inclusiveStart(5), B.inclusiveEnd(1), 1)).toThrow(
      new m.EmptySliceError('slice [5,1] is empty (its start does not sort before its end)'),
    );
  });

  it('validateBound of something that is not a bound (null threw a plain TypeError, [1] passed)', async () => {
    const m = await load();
    for (const bad of [null, [1], { values: [] }]) {
      expect(() => int32(m).validateBound(bad as never)).toThrow(
        new m.InvalidClusteringValueError(`bound must be a ClusteringBound, got ${describeValue(bad)}`),
      );
    }
    expect(() => int32(m).validateBound(m.ClusteringBound.inclusiveStart(1))).not.toThrow();
  });

  it("RangeTombstoneList.onCopy = 'x' (kept; the next copy threw a plain TypeError)", async () => {
    const m = await load();
    for (const bad of ['x', 5, {}]) {
      expect(() => {
        m.RangeTombstoneList.onCopy = bad as never;
      }).toThrow(
        new m.InvalidConfigurationError(`onCopy must be a function or null, got ${describeValue(bad)}`),
      );
      expect(m.RangeTombstoneList.onCopy).toBe(null);
    }
    const seen: unknown[] = [];
    m.RangeTombstoneList.onCopy = (list) => seen.push(list);
    try {
      new m.RangeTombstoneList(int32(m)).copy();
    } finally {
      m.RangeTombstoneList.onCopy = null;
    }
    expect(seen).toHaveLength(1);
  });

  it('the hot-path methods still answer as before', async () => {
    const m = await load();
    const [dt, cmp] = [at(m), int32(m)];
    expect([dt.deletes(10), dt.deletes(11), dt.supersedes(m.DeletionTime.LIVE), dt.compareTo(dt)]).toEqual([
      true,
      false,
      true,
      0,
    ]);
    const [start, end] = [m.ClusteringBound.inclusiveStart(1), m.ClusteringBound.exclusiveEnd(3)];
    expect([
      cmp.compare([1], start),
      cmp.compare(end, [3]),
      cmp.compare([2], [1]),
      cmp.compare([null], [1]),
    ]).toEqual([1, -1, 1, -1]);
    expect([cmp.compareComponent(0, null, 1), cmp.compareComponent(0, 2, 1), cmp.dataSize(end)]).toEqual([
      -1, 1, 4,
    ]);
    expect(String(new m.RangeTombstone(m.Slice.make(start, end), dt))).toBe('[1,3)@10/5');
  });
});
