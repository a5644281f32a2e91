// Issue 24: what a public entry point cannot represent is refused. A boolean flag takes only a boolean: `'false'` is
// truthy, so read by truthiness it silently means true (`rowsIn(slice, 'false')` read backwards), and a flag a call
// ignored (`rangeIterator` of an info without ranges) hid the mistake until data arrived. A compaction request, a
// clock and a repair lookup that would have purged nothing, silently, are refused too. Each call is rejected with
// PartitionArgumentError naming the parameter and the value, on the source and on the built dist, and every read of
// the table is what it was before.
import { ClusteringBound, DeletionTime, InvalidClusteringValueError, Slice } from '@tombstone-lab/core';
import { describeValue } from '@tombstone-lab/core/internal';
import { describe, expect, it } from 'vitest';
import { BUILDS, NOW, observe, type PartitionModule, rejectionsOn, seededTable } from './test-builds.js';
import { RANGE_IMPLEMENTATIONS } from './test-tables.js';

type Table = ReturnType<typeof seededTable>;
const SLICE = Slice.make(ClusteringBound.inclusiveStart(0), ClusteringBound.inclusiveEnd(9));
/** Not booleans: `'false'` is truthy, and a flag read by truthiness takes it as true. */
const BAD_FLAGS = ['false', 'yes', 1, null] as const;

describe.each(BUILDS)('bad arguments to partition (%s build)', (_build, load) => {
  const expectRejected = rejectionsOn(load);
  /** The first run's partition `k`: rows [1] and [5], the range [4,6]. */
  /** A valid compaction of every run of `t` (what `table.compact()` asks for). */
  const request = (t: Table) => ({
    table: t.options,
    inputs: t.runs,
    others: [],
    outputId: 9,
    gcBefore: NOW,
  });
  const k = (t: Table) => t.runs[0]!.get('k')!;

  it.each(BAD_FLAGS)('DeletionInfo.rangeIterator(slice | boolean, %s)', async (bad) => {
    const shown = describeValue(bad);
    const reversed = bad as unknown as boolean;
    const message = `rangeIterator reversed must be a boolean, got ${shown}`;
    // It threw core's plain TypeError after a slice, and was ignored after a boolean.
    await expectRejected((t) => k(t).deletionInfo.rangeIterator(SLICE, reversed), message);
    await expectRejected((t) => k(t).deletionInfo.rangeIterator(true, reversed), message);
    await expectRejected((t) => k(t).deletionInfo.rangeIterator(undefined, reversed), message);
    // An info without ranges ignored every argument.
    await expectRejected((_t, m) => new m.DeletionInfo().rangeIterator(SLICE, reversed), message);
  });

  it.each([
    ['NaN', Number.NaN],
    ['1.5', 1.5],
    ['"5"', '5'],
    ['undefined', undefined],
  ])('DeletionInfo.isDeleted(clustering, %s), with ranges and without', async (shown, bad) => {
    const message = `isDeleted timestamp must be a safe integer, got ${shown}`;
    const timestamp = bad as unknown as number;
    // An info without ranges answered false: nothing looked at the timestamp.
    await expectRejected((_t, m) => new m.DeletionInfo().isDeleted([5], timestamp), message);
    await expectRejected((t) => k(t).deletionInfo.isDeleted([5], timestamp), message);
    // Core's InvalidTimestampError came from the ranges; NO_TIMESTAMP, a safe integer, is still a question.
    const m = await load();
    expect(new m.DeletionInfo().isDeleted([5], Number.MIN_SAFE_INTEGER)).toBe(false);
  });

  it('DeletionInfo.rangeIterator of an info without ranges names a first argument that is no Slice', async () => {
    await expectRejected(
      (_t, m) => new m.DeletionInfo().rangeIterator('yes' as unknown as boolean),
      'rangeIterator takes a Slice or a boolean (reversed), got "yes"',
    );
  });

  it.each(BAD_FLAGS)('Partition.rowsIn(slice, %s) (it read a truthy value as reversed)', async (bad) => {
    const shown = describeValue(bad);
    await expectRejected(
      (t) => k(t).rowsIn(SLICE, bad as unknown as boolean),
      `rowsIn reversed must be a boolean, got ${shown}`,
    );
  });

  it('Partition.rowsIn(null) names the slice (a plain TypeError reading null.start)', async () => {
    await expectRejected(
      (t) => k(t).rowsIn(null as unknown as Slice),
      'rowsIn slice must be a Slice, got null',
    );
  });

  it.each(BAD_FLAGS)('Row.under(deletion, %s) (it read a truthy value as true)', async (bad) => {
    const shown = describeValue(bad);
    await expectRejected(
      (t) =>
        k(t)
          .getRow([5])!
          .under(DeletionTime.build(20, 0), bad as unknown as boolean),
      `under dropShadowedDeletion must be a boolean, got ${shown}`,
    );
  });

  it('Row.under(null) names the deletion (a plain TypeError reading null.isLive)', async () => {
    await expectRejected(
      (t) =>
        k(t)
          .getRow([5])!
          .under(null as unknown as DeletionTime),
      'under needs a DeletionTime, got null',
    );
  });

  it('the flags still take booleans and undefined', async () => {
    const m = await load();
    const p = k(seededTable(m));
    expect([...p.deletionInfo.rangeIterator(SLICE, true)].map(String)).toEqual(['[4,6]@11/5']);
    expect([...p.rowsIn(SLICE, true)].map((r) => r.clustering)).toEqual([[5], [1]]);
    expect([...p.rowsIn(undefined, undefined)].map((r) => r.clustering)).toEqual([[1], [5]]);
    expect(p.getRow([5])!.under(DeletionTime.build(10, 0), false)).toBeNull();
  });

  it.each([
    [
      'no others',
      { others: undefined },
      'compaction request others must be an array of SortedRun, got undefined',
    ],
    ['others: 5', { others: 5 }, 'compaction request others must be an array of SortedRun, got 5'],
    ['inputs: "x"', { inputs: 'x' }, 'compaction request inputs must be an array of SortedRun, got "x"'],
    ['inputs: [{}]', { inputs: [{}] }, 'compaction request inputs must be an array of SortedRun, got [{}]'],
    ['memtable: 5', { memtable: 5 }, 'compaction request memtable must be a Memtable or null, got 5'],
  ])('compact(request) with %s (a plain TypeError, or never read)', async (_n, change, message) => {
    await expectRejected(
      (t, m) =>
        m.compact({ ...request(t), ...(change as object) } as Parameters<PartitionModule['compact']>[0]),
      message,
    );
  });

  it.each([
    ['NaN', Number.NaN],
    ['a string', '5'],
  ])('compact with a gcBefore function answering %s (nothing was purged, silently)', async (_n, answer) => {
    await expectRejected(
      (t, m) => m.compact({ ...request(t), gcBefore: () => answer as number }),
      `gcBefore("j") returned ${describeValue(answer)}, not a whole number of seconds up to 4294967295 (or -Infinity)`,
    );
  });

  it.each([
    ['NaN', Number.NaN],
    ['a string', 'now'],
    ['Infinity', Number.POSITIVE_INFINITY],
  ])('a table whose clock answers %s: compact and gcBefore refuse it, naming it', async (_n, answer) => {
    const m = await load();
    for (const [, store] of RANGE_IMPLEMENTATIONS) {
      let now: unknown = NOW;
      const t = seededTable(m, store, () => now as number);
      const before = observe(t);
      now = answer;
      const message = `clock returned ${describeValue(answer)}, not a whole number of seconds in [0, 4294967295]`;
      expect(() => t.compact()).toThrow(new m.PartitionArgumentError(message));
      expect(() => t.gcBefore()).toThrow(new m.PartitionArgumentError(message));
      now = NOW;
      expect(observe(t)).toBe(before);
    }
  });

  it('table.gcBefore(key) names a key that is not a non-empty string (it was ignored in timeout mode)', async () => {
    await expectRejected(
      (t) => t.gcBefore(5 as unknown as string),
      'partition key must be a non-empty string, got 5',
    );
  });

  it.each([
    ['NaN', Number.NaN],
    ['-1', -1],
    ['1.5', 1.5],
  ])(
    'RepairHistory.gcBeforeOf(key, %s) (NaN made gc_before −Infinity: nothing purged)',
    async (_n, delay) => {
      const m = await load();
      const history = m.RepairHistory.of([{ start: 0, end: m.MAX_TOKEN, repairedAt: 500 }]);
      const before = JSON.stringify([history.ranges(), history.lookups, history.size]);
      expect(() => history.gcBeforeOf('k', delay)).toThrow(
        new m.PartitionArgumentError(
          `propagationDelaySeconds must be a non-negative safe integer, got ${describeValue(delay)}`,
        ),
      );
      expect(JSON.stringify([history.ranges(), history.lookups, history.size])).toBe(before);
      expect(history.gcBeforeOf('k', 100)).toBe(400);
    },
  );

  it('Partition.getRow of something that is not a clustering (getRow("x") could answer another row)', async () => {
    await expectRejected(
      (t) => k(t).getRow('x' as unknown as number[]),
      'a clustering must be an array of values, got "x"',
      () => InvalidClusteringValueError,
    );
  });

  it.each([
    ['a number', 5, '5'],
    ['null', null, 'null'],
    ['an object without hashes', {}, '{}'],
  ])('a BloomFilter key that is %s (hashed to NaN bits, or a plain TypeError)', async (_n, key, shown) => {
    const message = `a bloom filter key must be a string or a KeyHash, got ${shown}`;
    const bad = key as unknown as string;
    await expectRejected((t) => t.runs[0]!.bloomFilter.mightContain(bad), message);
    await expectRejected((_t, m) => new m.BloomFilter(10).add(bad), message);
  });

  it('a sealed BloomFilter refuses a key with ImmutableStateError (a plain TypeError)', async () => {
    await expectRejected(
      (t) => t.runs[0]!.bloomFilter.add('z'),
      'cannot add to a sealed BloomFilter',
      (m) => m.ImmutableStateError,
    );
  });

  it.each([
    ['memtable.get', (t: Table) => t.memtable.get(5 as unknown as string)],
    ['memtable.has', (t: Table) => t.memtable.has(5 as unknown as string)],
    ['run.get', (t: Table) => t.runs[0]!.get(5 as unknown as string)],
    ['run.lookup', (t: Table) => t.runs[0]!.lookup(5 as unknown as string)],
    ['run.mayContain', (t: Table) => t.runs[0]!.mayContain(5 as unknown as string)],
  ])('%s(5) (answered "absent", silently)', async (_n, call) => {
    await expectRejected(call, 'partition key must be a non-empty string, got 5');
  });

  it('new Cell(5, …) (kept, a column named by a number)', async () => {
    await expectRejected(
      (_t, m) => new m.Cell(5 as unknown as string, 'v', 1),
      "a cell's column must be a non-empty string, got 5",
    );
  });

  it.each([
    ['a string', 'x', '"x"'],
    ['a comparator alone', { comparator: 1 }, '{comparator: 1}'],
  ])('new DeletionInfo(%s) (kept until its first range: a plain TypeError)', async (_n, source, shown) => {
    await expectRejected(
      (_t, m) => new m.DeletionInfo(source as never),
      `a DeletionInfo's source must be null or a table's options ({ comparator, rangeStore }), got ${shown}`,
    );
  });

  it('DeletionInfo.mayModify(null) (a plain TypeError)', async () => {
    await expectRejected(
      (t) => k(t).deletionInfo.mayModify(null as never),
      'mayModify needs a DeletionInfo, got null',
    );
  });

  it.each([
    ['null', null, 'RepairHistory.of needs an array of repaired ranges, got null'],
    [
      'a range with an unknown field',
      [{ start: 0, end: 9, repairedAt: 5, repairedAtt: 6 }],
      'unknown repaired range field "repairedAtt" (allowed: start, end, repairedAt)',
    ],
  ])('RepairHistory.of(%s) (a plain TypeError, or the field ignored)', async (_n, ranges, message) => {
    await expectRejected((_t, m) => m.RepairHistory.of(ranges as never), message);
  });

  it.each([
    ['Row.insert', (m: PartitionModule) => m.Row.insert(null as never, [1], { v: 1 }, 1)],
    ['Row.deleted', (m: PartitionModule) => m.Row.deleted(null as never, [1], DeletionTime.build(1, 0))],
  ])('%s(null, …) (a plain TypeError reading null.size)', async (_n, call) => {
    await expectRejected((_t, m) => call(m), "a row needs its table's ClusteringComparator, got null");
  });

  it('Partition.empty(null, key) (a plain TypeError reading null.comparator)', async () => {
    await expectRejected(
      (_t, m) => m.Partition.empty(null as never, 'k'),
      'Partition.empty needs the settings tableOptions({ comparator, … }) returns, got null',
    );
  });

  it('the checked entry points still answer as before', async () => {
    const m = await load();
    const t = seededTable(m);
    expect(k(t).getRow([5])?.values()).toEqual({ v: 5 });
    expect(t.memtable.has('k') && t.runs[0]!.mayContain('k') && t.runs[0]!.get('k') !== undefined).toBe(true);
    expect(new m.Cell('v', 1, 1).column).toBe('v');
    expect(new m.DeletionInfo(t.options).mayModify(k(t).deletionInfo)).toBe(false);
    expect(m.RepairHistory.of([{ start: 0, end: 9, repairedAt: 5 }]).size).toBe(1);
    expect(m.Partition.empty(t.options, 'z').isEmpty()).toBe(true);
    expect(m.Row.insert(t.options.comparator, [1], { v: 1 }, 1).values()).toEqual({ v: 1 });
  });

  // The hot-path methods (issue 24, second audit): each checks in public, and the memtable, read and compaction loops
  // call an unchecked internal path (Row's MERGE and HEAP_SIZE, cell.ts's reconcileCells), so the loops pay nothing.
  /** Row [5] of the first run's partition `k` (no read: a read probes the runs' filters). */
  const row = (t: Table) => k(t).getRow([5])!;
  const cell = (m: PartitionModule) => new m.Cell('v', 1, 10);

  it.each([
    ['null', null],
    ['{}', {}],
    ['a Cell', 'cell'],
  ])('Row.merge with %s for a row (null threw a plain TypeError)', async (_n, bad) => {
    const other = (m: PartitionModule) => (bad === 'cell' ? cell(m) : bad) as never;
    const shown = (m: PartitionModule) => describeValue(other(m));
    const m = await load();
    await expectRejected(
      (t, m) => m.Row.merge(row(t), other(m)),
      `Row.merge b must be a Row, got ${shown(m)}`,
    );
    await expectRejected(
      (t, m) => m.Row.merge(other(m), row(t)),
      `Row.merge a must be a Row, got ${shown(m)}`,
    );
  });

  it.each([
    ['null', null],
    ['{}', {}],
    ['a cell-like object', { timestamp: 99, value: 1, column: 'v' }],
  ])('Cell.reconcile with %s for a cell (null threw a plain TypeError, {} could win)', async (_n, bad) => {
    const shown = describeValue(bad);
    await expectRejected(
      (_t, m) => m.Cell.reconcile(cell(m), bad as never),
      `Cell.reconcile b must be a Cell, got ${shown}`,
    );
    await expectRejected(
      (_t, m) => m.Cell.reconcile(bad as never, cell(m)),
      `Cell.reconcile a must be a Cell, got ${shown}`,
    );
  });

  it.each([
    ['null', null, 'sizeModel must be an object, got null'],
    ['undefined', undefined, 'sizeModel must be an object, got undefined'],
    ['a misspelled field', { objectHeadr: 12 }, 'unknown sizeModel field "objectHeadr"'],
  ])(
    'Row and Cell unsharedHeapSize(%s) (a plain TypeError reading null.objectHeader)',
    async (_n, bad, reason) => {
      const m = await load();
      const t = seededTable(m);
      for (const [what, call] of [
        ['Row.unsharedHeapSize', () => row(t).unsharedHeapSize(bad as never)],
        ['Cell.unsharedHeapSize', () => cell(m).unsharedHeapSize(bad as never)],
      ] as const) {
        const before = observe(t);
        expect(call).toThrow(m.PartitionArgumentError);
        expect(call).toThrow(`${what} needs a SizeModel: ${reason}`);
        expect(observe(t)).toBe(before);
      }
    },
  );

  it.each([
    ['5', 5],
    ['null', null],
    ['undefined', undefined],
    ['an array', ['v']],
  ])('Row.get(%s) (it answered undefined, as for a column the row lacks)', async (_n, bad) => {
    await expectRejected(
      (t) => row(t).get(bad as never),
      `Row.get column must be a string, got ${describeValue(bad)}`,
    );
  });

  it('the hot-path methods still answer as before', async () => {
    const m = await load();
    const t = seededTable(m);
    const [a, b] = [m.Row.insert(t.options.comparator, [1], { v: 1 }, 10), row(t)];
    expect(m.Row.merge(a, m.Row.update(t.options.comparator, [1], { w: 2 }, 11)).values()).toEqual({
      v: 1,
      w: 2,
    });
    const older = new m.Cell('v', 2, 9);
    expect([m.Cell.reconcile(cell(m), older), m.Cell.reconcile(older, cell(m))]).toEqual([cell(m), cell(m)]);
    expect(a.unsharedHeapSize(t.options.sizeModel)).toBeGreaterThan(
      cell(m).unsharedHeapSize(t.options.sizeModel),
    );
    expect([b.get('v'), b.get('nope')]).toEqual([b.values().v, undefined]);
  });
});
