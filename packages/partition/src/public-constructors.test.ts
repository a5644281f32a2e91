// Issue 24: the public constructors and functions of partition refuse what they cannot represent, naming it, where a
// plain TypeError, a later failure or a silent acceptance came before: readPartition's settings and sources,
// new PartitionUpdate / Partition / SortedRun, BloomFilter sizes and rates, a rangeStore factory's result,
// DeletionInfo.add's source, a range at NO_TIMESTAMP, compact's table and runs. On the source and the built dist;
// nothing a reader can see changes.
import { ClusteringComparator, DeletionTime, NO_TIMESTAMP, RangeTombstone, types } from '@tombstone-lab/core';
import { describe, expect, it } from 'vitest';
import { BUILDS, NOW, observe, type PartitionModule, rejectionsOn, seededTable } from './test-builds.js';
import { slice } from './test-tables.js';

type Table = ReturnType<typeof seededTable>;
const NEEDS = 'needs the settings tableOptions({ comparator, … }) returns, got';

describe.each(BUILDS)('public constructors and functions refuse bad arguments (%s build)', (_build, load) => {
  const expectRejected = rejectionsOn(load);
  const k = (t: Table) => t.runs[0]!.get('k')!;
  const cmp = () => new ClusteringComparator([types.int32]);

  it.each([
    ['null', null, 'read sources must be an object, got null'],
    ['{}', {}, 'read sources runs must be an array of SortedRun, got undefined'],
    ['{ runs: run }', 'RUN', 'read sources runs must be an array of SortedRun, got SortedRun instance'],
    ['{ runs: [5] }', { runs: [5] }, 'read sources runs must be an array of SortedRun, got [5]'],
    [
      '{ memtable: {} }',
      { runs: [], memtable: {} },
      'read sources memtable must be a Memtable or null, got {}',
    ],
    [
      'a misspelled memtble',
      { runs: [], memtble: null },
      'unknown read source "memtble" (allowed: memtable, runs)',
    ],
  ])(
    'readPartition(options, %s, key) (a plain TypeError, or the key ignored)',
    async (_n, sources, message) => {
      await expectRejected(
        (t, m) =>
          m.readPartition(t.options, (sources === 'RUN' ? { runs: t.runs[0] } : sources) as never, 'k'),
        message,
      );
    },
  );

  it('readPartition with settings tableOptions did not return, or a run of another table', async () => {
    await expectRejected(
      (t, m) => m.readPartition(null as never, { runs: t.runs }, 'k'),
      `readPartition ${NEEDS} null`,
    );
    await expectRejected(
      (t, m) => m.readPartition({ comparator: t.options.comparator } as never, { runs: t.runs }, 'k'),
      `readPartition ${NEEDS} {comparator: ClusteringComparator instance}`,
    );
    await expectRejected(
      (t, m) => m.readPartition(m.tableOptions({ comparator: cmp() }), { runs: t.runs }, 'k'),
      'read sources run 1 belongs to another table',
    );
  });

  it.each([
    [
      'rows null',
      (t: Table, m: PartitionModule) =>
        new m.PartitionUpdate(t.options, 'k', null as never, m.DeletionInfo.LIVE),
      "a PartitionUpdate's rows must be an array of Rows, got null",
    ],
    [
      'rows [5]',
      (t: Table, m: PartitionModule) =>
        new m.PartitionUpdate(t.options, 'k', [5] as never, m.DeletionInfo.LIVE),
      "a PartitionUpdate's rows must be an array of Rows, got [5]",
    ],
    [
      'deletionInfo null',
      (t: Table, m: PartitionModule) => new m.PartitionUpdate(t.options, 'k', [], null as never),
      "a PartitionUpdate's deletionInfo must be a DeletionInfo, got null",
    ],
    [
      'deletionInfo {}',
      (t: Table, m: PartitionModule) => new m.PartitionUpdate(t.options, 'k', [], {} as never),
      "a PartitionUpdate's deletionInfo must be a DeletionInfo, got {}",
    ],
    [
      'options null',
      (_t: Table, m: PartitionModule) => new m.PartitionUpdate(null as never, 'k', [], m.DeletionInfo.LIVE),
      `PartitionUpdate ${NEEDS} null`,
    ],
  ])('new PartitionUpdate with %s (a plain TypeError)', async (_n, call, message) => {
    await expectRejected(call, message);
  });

  it.each([
    [
      'deletionInfo null',
      (t: Table, m: PartitionModule) => new m.Partition(t.options, 'k', null as never, []),
      "a Partition's deletionInfo must be a DeletionInfo, got null",
    ],
    [
      'rows null',
      (t: Table, m: PartitionModule) => new m.Partition(t.options, 'k', m.DeletionInfo.LIVE, null as never),
      "a Partition's rows must be an array of Rows, got null",
    ],
    [
      'rows [5]',
      (t: Table, m: PartitionModule) => new m.Partition(t.options, 'k', m.DeletionInfo.LIVE, [5] as never),
      "a Partition's rows must be an array of Rows, got [5]",
    ],
    [
      '{ comparator } as settings',
      (t: Table, m: PartitionModule) =>
        new m.Partition({ comparator: t.options.comparator } as never, 'k', m.DeletionInfo.LIVE, []),
      `Partition ${NEEDS} {comparator: ClusteringComparator instance}`,
    ],
  ])('new Partition with %s (a plain TypeError, or kept and failing later)', async (_n, call, message) => {
    await expectRejected(call, message);
  });

  it.each([
    [
      'partitions null',
      (t: Table, m: PartitionModule) => new m.SortedRun(1, t.options, null as never),
      "a run's partitions must be an iterable of Partitions, got null",
    ],
    [
      'partitions [5]',
      (t: Table, m: PartitionModule) => new m.SortedRun(1, t.options, [5] as never),
      "a run's partitions must be Partitions, got 5",
    ],
    [
      'id "1"',
      (t: Table, m: PartitionModule) => new m.SortedRun('1' as never, t.options, []),
      'run id must be a non-negative integer, got "1"',
    ],
    [
      'timestamps { min: 5, max: 1 }',
      (t: Table, m: PartitionModule) => new m.SortedRun(1, t.options, [k(t)], { min: 5, max: 1 }),
      "a run's timestamps must be safe integers with min <= max (or { min: Infinity, max: -Infinity } when empty), got {min: 5, max: 1}",
    ],
    [
      'timestamps { min: "a" }',
      (t: Table, m: PartitionModule) => new m.SortedRun(1, t.options, [k(t)], { min: 'a' } as never),
      'a run\'s timestamps must be safe integers with min <= max (or { min: Infinity, max: -Infinity } when empty), got {min: "a"}',
    ],
    [
      'timestamps { mn: 1 }',
      (t: Table, m: PartitionModule) => new m.SortedRun(1, t.options, [k(t)], { mn: 1 } as never),
      'unknown run timestamps field "mn" (allowed: min, max)',
    ],
    [
      '{ comparator } as settings',
      (t: Table, m: PartitionModule) => new m.SortedRun(1, { comparator: t.options.comparator } as never, []),
      `SortedRun ${NEEDS} {comparator: ClusteringComparator instance}`,
    ],
  ])(
    'new SortedRun with %s (a plain TypeError, or kept and fed to max-purgeable)',
    async (_n, call, message) => {
      await expectRejected(call, message);
    },
  );

  it('new SortedRun still takes a generator, and timestamps that fit', async () => {
    const m = await load();
    const t = seededTable(m);
    function* parts() {
      yield k(t);
    }
    const run = new m.SortedRun(7, t.options, parts(), { min: 10, max: 11 });
    expect([run.size, run.minTimestamp, run.maxTimestamp]).toEqual([1, 10, 11]);
    expect(new m.SortedRun(8, t.options, []).size).toBe(0);
  });

  it.each([
    [
      [2 ** 40, 0.01],
      'a BloomFilter of 1099511627776 keys at false-positive rate 0.01 needs 10538883138828 bits, more than its 32-bit positions reach (4294967296)',
    ],
    [
      [2 ** 53 - 1, 0.01],
      'a BloomFilter of 9007199254740991 keys at false-positive rate 0.01 needs 86334530673272880 bits, more than its 32-bit positions reach (4294967296)',
    ],
    [[1e7, 1e-300], 'falsePositiveRate must be in [0.0000671, 1), got 1e-300'],
  ])('new BloomFilter(%j) (a plain RangeError, or ~1.8 GB allocated)', async (args, message) => {
    await expectRejected((_t, m) => new m.BloomFilter(args[0]!, args[1]), message);
  });

  it("tableOptions refuses a bloomFalsePositiveRate below Cassandra's 6.71e-5", async () => {
    await expectRejected(
      (_t, m) => m.tableOptions({ comparator: cmp(), bloomFalsePositiveRate: 1e-300 }),
      'bloomFalsePositiveRate must be in [0.0000671, 1), got 1e-300',
    );
    const m = await load();
    expect(
      m.tableOptions({ comparator: cmp(), bloomFalsePositiveRate: 6.71e-5 }).bloomFalsePositiveRate,
    ).toBe(6.71e-5);
  });

  it('a rangeStore factory answering no container is named at the first range (ranges.add is not a function)', async () => {
    const m = await load();
    const t = new m.Table(m.tableOptions({ comparator: cmp(), rangeStore: () => 5 as never }));
    const b = t.update('k').insert([1], { v: 1 }, 1);
    expect(() => b.deleteRange(slice(1, 2), 5, 5)).toThrow(
      new m.PartitionArgumentError(
        "the table's rangeStore factory (function rangeStore) returned 5, not a range tombstone container",
      ),
    );
    // The builder goes on: the refused range left nothing behind.
    t.apply(b.build());
    expect(t.read('k').map((r) => r.values())).toEqual([{ v: 1 }]);
  });

  it('DeletionInfo.add(range, "x") names the source (kept, failing later)', async () => {
    await expectRejected(
      (_t, m) =>
        new m.DeletionInfo().add(new RangeTombstone(slice(1, 2), DeletionTime.build(5, 5)), 'x' as never),
      `DeletionInfo.add's source must be a table's options ({ comparator, rangeStore }), got "x"`,
    );
  });

  it('a range at NO_TIMESTAMP, and updateAllTimestamp(NO_TIMESTAMP), are refused as the builder refuses them', async () => {
    await expectRejected(
      (t, m) =>
        new m.DeletionInfo(t.options).add(
          new RangeTombstone(slice(1, 2), DeletionTime.build(NO_TIMESTAMP, NOW)),
        ),
      `a range tombstone's timestamp must be a write timestamp, got NO_TIMESTAMP (${NO_TIMESTAMP}) for [1,2]@${NO_TIMESTAMP}/${NOW}`,
    );
    await expectRejected(
      (t) => k(t).deletionInfo.mutableCopy().updateAllTimestamp(NO_TIMESTAMP),
      `out of bound updateAllTimestamp timestamp, must be in [${NO_TIMESTAMP + 1}, ${Number.MAX_SAFE_INTEGER}], got ${NO_TIMESTAMP}`,
    );
  });

  it.each([
    [
      'settings of another table with the same comparator',
      (t: Table, m: PartitionModule) => ({ table: m.tableOptions({ comparator: t.options.comparator }) }),
      'compaction request inputs run 1 belongs to another table (not request.table)',
    ],
    [
      '{ comparator } as settings',
      (t: Table) => ({ table: { comparator: t.options.comparator } }),
      `compact ${NEEDS} {comparator: ClusteringComparator instance}`,
    ],
    [
      'outputId "x"',
      () => ({ outputId: 'x' }),
      'compaction request outputId must be a non-negative integer, got "x"',
    ],
  ])('compact with %s (accepted)', async (_n, change, message) => {
    await expectRejected(
      (t, m) =>
        m.compact({
          table: t.options,
          inputs: t.runs,
          others: [],
          outputId: 9,
          gcBefore: NOW,
          ...(change(t, m) as object),
        } as never),
      message,
    );
  });

  it.each([-1, 2 ** 32, 0.5])(
    "the builder refuses local deletion time %s with PartitionArgumentError, as it refuses timestamps (core's InvalidTimestampError: two classes from one builder)",
    async (ldt) => {
      const message = `localDeletionTime must be an integer in [0, 4294967295], got ${ldt}`;
      await expectRejected((t) => t.update('k').deleteRow([1], 5, ldt), message);
      await expectRejected((t) => t.update('k').deleteRange(slice(1, 2), 5, ldt), message);
      await expectRejected((t) => t.update('k').deletePartition(5, ldt), message);
    },
  );

  it('table.compact() with nothing to compact is a no-op with an empty summary, as in Cassandra (it threw)', async () => {
    const m = await load();
    const zero = {
      partitionsIn: 0,
      partitionsOut: 0,
      maxPurgeableComputations: 0,
      bloomProbes: 0,
      gcBeforeLookups: 0,
      tombstonesPurged: 0,
      tombstonesKept: 0,
      rowsDropped: 0,
    };
    const empty = new m.Table(m.tableOptions({ comparator: cmp(), gcGraceSeconds: 100 }));
    empty.apply(empty.update('k').insert([1], { v: 1 }, 10).build());
    const none = empty.compact();
    expect(none.stats).toEqual(zero);
    expect(none.output.size).toBe(0);
    expect(empty.runs).toEqual([]);
    expect(empty.read('k').length).toBe(1);
    // No run id used up: the first flush still takes id 1, and compacting it gives 2.
    expect(empty.flush()?.id).toBe(1);
    expect(empty.compact().output.id).toBe(2);
    // compact([]) on a table with runs leaves them all; bad options are still refused.
    const t = seededTable(m);
    const before = observe(t);
    expect(t.compact([]).stats).toEqual(zero);
    expect(observe(t)).toBe(before);
    expect(() => empty.compact([], { purge: 'no' as never })).toThrow(m.PartitionArgumentError);
    expect(() => new m.Table(empty.options).compact(undefined, { pruge: 1 } as never)).toThrow(/pruge/);
    expect(t.compact().output.id).toBe(3);
  });

  it.each([
    ['[5] ("run undefined")', [5], '5 is not a current run of this table'],
    ['["x"]', ['x'], '"x" is not a current run of this table'],
  ])('table.compact(%s)', async (_n, inputs, message) => {
    await expectRejected((t) => t.compact(inputs as never), message);
    // Nothing was used up: the next compaction's output takes the next id (3: two runs flushed).
    const m = await load();
    const t = seededTable(m);
    expect(() => t.compact(inputs as never)).toThrow(m.PartitionArgumentError);
    expect(t.compact().output.id).toBe(3);
  });

  it('new Table with a repairHistory in timeout mode (kept and ignored)', async () => {
    await expectRejected(
      (t, m) => new m.Table(t.options, { repairHistory: m.RepairHistory.of([]) }),
      "the runtime option repairHistory applies to tombstoneGc mode 'repair' only, got it with mode 'timeout'",
    );
    const m = await load();
    const repair = m.tableOptions({ comparator: cmp(), tombstoneGc: { mode: 'repair' } });
    expect(new m.Table(repair, { repairHistory: m.RepairHistory.of([]) }).repairHistory?.size).toBe(0);
  });

  it('the public paths still accept what they are given right', async () => {
    const m = await load();
    const t = seededTable(m);
    const p = k(t);
    const rows = (r: readonly { clustering: unknown; values(): unknown }[]) =>
      r.map((row) => [row.clustering, row.values()]);
    expect(rows(m.readPartition(t.options, { runs: t.runs, memtable: t.memtable }, 'k'))).toEqual(
      rows(t.read('k')),
    );
    expect(new m.Partition(t.options, 'z', p.deletionInfo, p.toRowArray()).rowCount).toBe(2);
    expect(new m.PartitionUpdate(t.options, 'z', [...p.toRowArray()], m.DeletionInfo.LIVE).rows.length).toBe(
      2,
    );
    expect(new m.SortedRun(5, t.options, [p]).size).toBe(1);
  });
});
