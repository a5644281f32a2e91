// Bad input at the partition layer (issue 13's differential check): each call is rejected with a typed error naming
// the bad value, and after the rejection every read of the table is what it was before the call.
import {
  ClusteringBound,
  ClusteringComparator,
  DeletionTime,
  EmptySliceError,
  InvalidTimestampError,
  NO_TIMESTAMP,
  RangeTombstoneList,
  Slice,
  types,
} from '@tombstone-lab/core';
import { describeValue } from '@tombstone-lab/core/internal';
import { describe, expect, it } from 'vitest';
import { compact } from './compaction/compaction.js';
import { RepairHistory, tokenOf } from './compaction/tombstone-gc.js';
import { PartitionArgumentError } from './errors.js';
import * as source from './index.js';
import { Row } from './model/row.js';
import { Table } from './table/table.js';
import { tableOptions } from './table/table-options.js';
import { NOW, observe, seededTable as seed } from './test-builds.js';
import { intTable, RANGE_IMPLEMENTATIONS, slice } from './test-tables.js';
import { Memtable } from './write/memtable.js';
import { PartitionUpdate, PartitionUpdateBuilder } from './write/partition-update.js';
import { mergePartitions } from './write/partition-updater.js';

/** The seeded table of the source build. */
const seededTable = (rangeStore = RANGE_IMPLEMENTATIONS[1]![1]): Table => seed(source, rangeStore);

/** Runs `call` on a fresh seeded table and asserts it throws `type` matching `message`, leaving every read unchanged. */
function expectRejected(
  call: (t: Table) => unknown,
  type: new (...args: never[]) => Error,
  message: RegExp | string,
): void {
  for (const [, store] of RANGE_IMPLEMENTATIONS) {
    const t = seededTable(store);
    const before = observe(t);
    expect(() => call(t)).toThrow(type);
    expect(() => call(t)).toThrow(message);
    expect(observe(t)).toBe(before);
    // The next successful compaction gets the id it would have got: a rejected call consumed nothing.
    expect(t.compact(undefined, { purge: false }).output.id).toBe(3);
  }
}

/** A builder call that must be rejected: the builder stays usable and builds exactly what it would have without it. */
function expectBuilderRejects(
  bad: (b: PartitionUpdateBuilder) => unknown,
  type: new (...args: never[]) => Error,
  message: RegExp | string,
): void {
  expectRejected((t) => bad(t.update('k').insert([3], { v: 3 }, 20)), type, message);
  const t = seededTable();
  const b = t.update('k').insert([3], { v: 3 }, 20);
  expect(() => bad(b)).toThrow(type);
  t.apply(b.deleteRange(slice(7, 9), 21, 5).build());
  const twin = seededTable();
  twin.apply(twin.update('k').insert([3], { v: 3 }, 20).deleteRange(slice(7, 9), 21, 5).build());
  expect(observe(t)).toBe(observe(twin));
}

describe('deleteRange takes only a Slice, as reads do', () => {
  it.each([
    ['null', null, /deleteRange slice must be a Slice, got null/],
    ['undefined', undefined, /deleteRange slice must be a Slice, got undefined/],
    [
      'a plain {start, end} object',
      { start: ClusteringBound.inclusiveStart(1), end: ClusteringBound.inclusiveEnd(2) },
      /deleteRange slice must be a Slice, got \{start: ClusteringBound instance, end: ClusteringBound instance\}/,
    ],
  ])('rejects %s with a PartitionArgumentError', (_name, value, message) => {
    expectBuilderRejects(
      (b) => b.deleteRange(value as unknown as Slice, 1, 0),
      PartitionArgumentError,
      message,
    );
  });

  it('rejects a Slice with bounds of the wrong shape before touching the builder', () => {
    const twoValues = Slice.make(ClusteringBound.inclusiveStart(1, 2), ClusteringBound.inclusiveEnd(3));
    expectBuilderRejects((b) => b.deleteRange(twoValues, 1, 0), TypeError, /deleteRange slice start/);
  });
});

describe('boolean flags are booleans', () => {
  it.each(['no', 'false', null, 0, 1])(
    'compact rejects purge: %s instead of reading it by truthiness',
    (purge) => {
      expectRejected(
        (t) => t.compact(undefined, { purge: purge as unknown as boolean }),
        PartitionArgumentError,
        `purge must be a boolean, got ${typeof purge === 'string' ? JSON.stringify(purge) : String(purge)}`,
      );
    },
  );

  it('the compaction request checks purge too', () => {
    expectRejected(
      (t) =>
        compact({
          table: t.options,
          inputs: t.runs,
          others: [],
          outputId: 9,
          gcBefore: NOW,
          purge: 'no' as unknown as boolean,
        }),
      PartitionArgumentError,
      'purge must be a boolean, got "no"',
    );
  });

  it('a read rejects a non-boolean reversed', () => {
    expectRejected(
      (t) => t.read('k', { reversed: 'yes' as unknown as boolean }),
      PartitionArgumentError,
      'query.reversed must be a boolean, got "yes"',
    );
  });

  it('an undefined flag still takes the default (purge: true purges, an absent reversed reads ascending)', () => {
    const t = new Table(intTable(), { clock: () => NOW });
    t.apply(t.update('k').deleteRange(slice(1, 2), 5, 1).build());
    t.flush();
    expect(t.compact(undefined, { purge: undefined }).stats.tombstonesPurged).toBe(1);
  });
});

describe('a write timestamp of Number.MIN_SAFE_INTEGER (NO_TIMESTAMP) is out of bound, as in Cassandra', () => {
  const outOfBound =
    /out of bound .*timestamp, must be in \[-9007199254740990, 9007199254740991\], got -9007199254740991/;
  it.each([
    ['insert', (b: PartitionUpdateBuilder) => b.insert([2], { v: 1 }, NO_TIMESTAMP)],
    ['update', (b: PartitionUpdateBuilder) => b.update([2], { v: 1 }, NO_TIMESTAMP)],
    ['deleteRow', (b: PartitionUpdateBuilder) => b.deleteRow([2], NO_TIMESTAMP, 0)],
    ['deleteRange', (b: PartitionUpdateBuilder) => b.deleteRange(slice(1, 2), NO_TIMESTAMP, 0)],
    ['deletePartition', (b: PartitionUpdateBuilder) => b.deletePartition(NO_TIMESTAMP, 0)],
  ])('%s rejects it', (_name, bad) => {
    expectBuilderRejects(bad, PartitionArgumentError, outOfBound);
  });

  it('one above it is a valid write, and a deletion there still shadows older-than-it data', () => {
    const t = new Table(intTable(), { clock: () => NOW });
    t.apply(
      t
        .update('k')
        .insert([1], { v: 1 }, NO_TIMESTAMP + 1)
        .build(),
    );
    expect(t.read('k')).toHaveLength(1);
    t.apply(
      t
        .update('k')
        .deletePartition(NO_TIMESTAMP + 1, 0)
        .build(),
    );
    expect(t.read('k')).toHaveLength(0);
  });

  it('Row.deleted refuses a deletion at it too', () => {
    const cmp = new ClusteringComparator([types.int32]);
    expect(() => Row.deleted(cmp, [1], DeletionTime.build(NO_TIMESTAMP, 0))).toThrow(outOfBound);
  });
});

describe('one local-deletion-time check, shared with core', () => {
  it.each([-1, 2 ** 32, 2 ** 33, 0.5])('deleteRange / deleteRow / deletePartition reject %s', (ldt) => {
    const message = `localDeletionTime must be an integer in [0, 4294967295], got ${ldt}`;
    // One class per builder (issue 24): PartitionArgumentError, as for its timestamps; core's message.
    expectBuilderRejects((b) => b.deleteRange(slice(1, 2), 200, ldt), PartitionArgumentError, message);
    expectBuilderRejects((b) => b.deleteRow([2], 200, ldt), PartitionArgumentError, message);
    expectBuilderRejects((b) => b.deletePartition(200, ldt), PartitionArgumentError, message);
    // The very check core's list applies to the same value.
    const list = new RangeTombstoneList(new ClusteringComparator([types.int32]));
    expect(() => list.add(slice(1, 2).start, slice(1, 2).end, 200, ldt)).toThrow(message);
  });

  it('DeletionTime.build(5, -1) does not wrap to 4294967294', () => {
    expect(() => DeletionTime.build(5, -1)).toThrow(InvalidTimestampError);
  });
});

describe('misspelled option keys are rejected, naming the key and the allowed ones', () => {
  const comparator = new ClusteringComparator([types.int32]);
  it('tableOptions', () => {
    expect(() => tableOptions({ comparator, gcGraceSecs: 5 } as never)).toThrow(
      'unknown table option "gcGraceSecs" (allowed: comparator, rangeStore, gcGraceSeconds, sizeModel, bloomFalsePositiveRate, tombstoneGc)',
    );
    expect(() => tableOptions({ comparator, gcGraceSecs: 5 } as never)).toThrow(PartitionArgumentError);
  });

  it('Table runtime options', () => {
    expect(() => new Table(intTable(), { clok: () => 1 } as never)).toThrow(
      'unknown table runtime option "clok" (allowed: clock, repairHistory, stages)',
    );
  });

  it.each([
    ['an options bag passed first', { purgeOrdr: 'eager' }],
    ['a number', 3],
    ['a string', 'all'],
    ['null', null],
  ])('compact rejects %s as its inputs', (_name, inputs) => {
    expectRejected(
      (t) => t.compact(inputs as never),
      PartitionArgumentError,
      'compact inputs must be an array of runs',
    );
  });

  it('compact options and compaction requests', () => {
    expectRejected(
      (t) => t.compact(undefined, { pruge: false } as never),
      PartitionArgumentError,
      'unknown compact option "pruge" (allowed: purge, purgeOrder)',
    );
    expectRejected(
      (t) =>
        compact({
          table: t.options,
          inputs: t.runs,
          others: [],
          outputId: 9,
          gcBefore: NOW,
          gcGrace: 1,
        } as never),
      PartitionArgumentError,
      /unknown compaction request field "gcGrace" \(allowed: table, inputs, others, memtable, outputId, gcBefore/,
    );
  });

  it('read queries', () => {
    expectRejected(
      (t) => t.read('k', { revresed: true } as never),
      PartitionArgumentError,
      'unknown read query option "revresed" (allowed: slice, reversed)',
    );
  });
});

describe('compaction keeps a range tombstone tied with the partition deletion unless that supersedes it', () => {
  /** Compacts one run holding a partition deletion @10/ldt 5 and one range @t/ldt; returns the kept ranges. */
  function keptRanges(t: number, ldt: number): string[] {
    const table = new Table(intTable(), { clock: () => 0 });
    table.apply(table.update('k').deletePartition(10, 5).deleteRange(slice(1, 3), t, ldt).build());
    table.flush();
    const out = table.compact(undefined, { purge: false }).output.get('k');
    return [...(out?.deletionInfo.rangeIterator() ?? [])].map((r) => r.toString());
  }

  it('a tie with a later local deletion time is kept (it supersedes the partition deletion)', () => {
    expect(keptRanges(10, 7)).toEqual(['[1,3]@10/7']);
  });
  it('an exact tie is kept (neither supersedes the other)', () => {
    expect(keptRanges(10, 5)).toEqual(['[1,3]@10/5']);
  });
  it('a tie with an earlier local deletion time, or an older range, is dropped', () => {
    expect(keptRanges(10, 3)).toEqual([]);
    expect(keptRanges(9, 7)).toEqual([]);
  });
  it('a newer range is kept', () => {
    expect(keptRanges(11, 0)).toEqual(['[1,3]@11']);
  });
  it('row deletions follow the same rule', () => {
    const table = new Table(intTable(), { clock: () => 0 });
    table.apply(table.update('k').deletePartition(10, 5).deleteRow([1], 10, 5).deleteRow([2], 10, 3).build());
    table.flush();
    const out = table.compact(undefined, { purge: false }).output.get('k');
    expect(out?.toRowArray().map((r) => [r.clustering, r.deletion.toString()])).toEqual([
      [[1], 'deletedAt=10, localDeletion=5'],
    ]);
  });
});

describe('what a write cannot represent is rejected where it enters, naming it (issue 24)', () => {
  class Note {
    v = 'x';
  }
  it.each([
    ['a Map', new Map([['v', 'x']]), 'got Map(1)'],
    ['a Date', new Date(0), 'got Date(1970-01-01T00:00:00.000Z)'],
    ['an array', ['x', 'y'], 'got ["x", "y"]'],
    ['a class instance', new Note(), 'got Note instance'],
  ])('row values that are %s (they built a row with no cells, or columns "0", "1")', (_name, values, got) => {
    const message = `row values (column → value) must be a plain object, ${got}`;
    expectBuilderRejects((b) => b.insert([3], values as never, 30), PartitionArgumentError, message);
    expectBuilderRejects((b) => b.update([3], values as never, 30), PartitionArgumentError, message);
  });

  it('row values without a prototype, or inheriting from a plain object, are still records', () => {
    const bare = Object.assign(Object.create(null) as Record<string, string>, { v: 'a' });
    const inheriting = Object.assign(Object.create({ w: 'inherited' }) as Record<string, string>, { v: 'b' });
    const t = new Table(intTable(), { clock: () => NOW });
    t.apply(t.update('k').insert([1], bare, 1).insert([2], inheriting, 1).build());
    expect(t.read('k').map((r) => r.values())).toEqual([{ v: 'a' }, { v: 'b' }]);
  });

  it.each([
    ['null', null, 'got null'],
    ['a string', 'x', 'got "x"'],
    ['a plain object', { key: 'k' }, 'got {key: "k"}'],
    ['a builder (not built)', 'builder', 'got PartitionUpdateBuilder instance'],
  ])('table.apply of %s', (_name, update, got) => {
    expectRejected(
      (t) => t.apply((update === 'builder' ? t.update('k') : update) as never),
      PartitionArgumentError,
      `apply needs a PartitionUpdate (table.update(key)…build()), ${got}`,
    );
  });

  it.each([
    ['no options', undefined, 'got undefined'],
    [
      'options tableOptions did not return',
      { comparator: new ClusteringComparator([types.int32]) },
      'got {comparator: ClusteringComparator instance}',
    ],
    [
      'a frozen copy of real options',
      'copy',
      'got {comparator: ClusteringComparator instance, rangeStore: function',
    ],
  ])('new Table and new Memtable with %s', (_name, init, got) => {
    const options = init === 'copy' ? Object.freeze({ ...intTable() }) : init;
    expect(() => new Table(options as never)).toThrow(PartitionArgumentError);
    expect(() => new Table(options as never)).toThrow(
      `Table needs the settings tableOptions({ comparator, … }) returns, ${got}`,
    );
    expect(() => new Memtable(options as never)).toThrow(`Memtable needs the settings`);
  });

  const NEEDS = 'needs the settings tableOptions({ comparator, … }) returns, got';
  it.each([
    ['no settings', () => undefined, `${NEEDS} undefined`],
    ['a string', () => 'int', `${NEEDS} "int"`],
    [
      'a misspelled key',
      () => ({ comparator: new ClusteringComparator([types.int32]), gcGraceSecs: 5 }),
      `${NEEDS} {comparator: ClusteringComparator instance, gcGraceSecs: 5}: unknown table option "gcGraceSecs" (allowed: comparator, rangeStore, gcGraceSeconds, sizeModel, bloomFalsePositiveRate, tombstoneGc)`,
    ],
    [
      'a wrong comparator',
      () => ({ comparator: 'int32' }),
      `${NEEDS} {comparator: "int32"}: comparator must be a ClusteringComparator, got "int32"`,
    ],
    [
      'a wrong value',
      () => ({ comparator: new ClusteringComparator([types.int32]), gcGraceSeconds: '10' }),
      `${NEEDS} {comparator: ClusteringComparator instance, gcGraceSeconds: "10"}: gcGraceSeconds must be a non-negative safe integer, got "10"`,
    ],
    [
      'valid settings tableOptions did not return',
      () => ({ comparator: new ClusteringComparator([types.int32]) }),
      `${NEEDS} {comparator: ClusteringComparator instance}`,
    ],
  ])(
    'PartitionUpdate.builder and new PartitionUpdateBuilder with %s (they were taken unchecked)',
    (_n, bad, message) => {
      for (const [what, make] of [
        ['PartitionUpdate.builder', () => PartitionUpdate.builder(bad() as never, 'k')],
        ['PartitionUpdateBuilder', () => new PartitionUpdateBuilder(bad() as never, 'k')],
      ] as const) {
        expect(make).toThrow(PartitionArgumentError);
        expect(make).toThrow(`${what} ${message}`);
      }
      // A table's own writes and a builder of real settings are unchanged.
      const t = new Table(intTable(), { clock: () => NOW });
      t.apply(PartitionUpdate.builder(t.options, 'k').insert([1], { v: 'a' }, 1).build());
      t.apply(new PartitionUpdateBuilder(t.options, 'k').insert([2], { v: 'b' }, 1).build());
      t.apply(t.update('k').insert([3], { v: 'c' }, 1).build());
      expect(t.read('k').map((r) => r.values())).toEqual([{ v: 'a' }, { v: 'b' }, { v: 'c' }]);
    },
  );

  it('new Table names a misspelled settings key too', () => {
    const init = { comparator: new ClusteringComparator([types.int32]), gcGraceSecs: 5 };
    expect(() => new Table(init as never)).toThrow(`: unknown table option "gcGraceSecs"`);
  });

  it('a NaN deletion time cannot be built, so DeletionInfo never meets one', () => {
    const Unchecked = DeletionTime as unknown as new (markedForDeleteAt: number, ldt: number) => DeletionTime;
    expect(() => new Unchecked(Number.NaN, 0)).toThrow(InvalidTimestampError);
    expect(() => new Unchecked(Number.NaN, 0)).toThrow('markedForDeleteAt must be a safe integer, got NaN');
    expect(() => new Unchecked(5, Number.NaN)).toThrow(
      'localDeletionTime must be an integer in [0, 4294967295], got NaN',
    );
    expectRejected(
      (t) =>
        t.apply(t.update('k').deletePartition(new Unchecked(Number.NaN, 0).markedForDeleteAt, 0).build()),
      InvalidTimestampError,
      'got NaN',
    );
  });

  it('an inverted slice is rejected by Slice.make given the comparator', () => {
    const inverted = (t: Table) =>
      Slice.make(ClusteringBound.inclusiveStart(5), ClusteringBound.inclusiveEnd(1), t.options.comparator);
    expectBuilderRejects(
      (b) => b.deleteRange(inverted(seededTable()), 30, 5),
      EmptySliceError,
      'slice [5,1] is empty (its start does not sort before its end)',
    );
    expectRejected((t) => t.read('k', { slice: inverted(t) }), EmptySliceError, 'slice [5,1] is empty');
  });
});

describe('from plain JavaScript: a value of the wrong kind is named where it enters, never a TypeError later', () => {
  const comparator = new ClusteringComparator([types.int32]);

  it('tableOptions sizeModel must be a size model (a string was kept and met by the heap accounting)', () => {
    expect(() => tableOptions({ comparator, sizeModel: 'x' } as never)).toThrow(
      'sizeModel must be an object, got "x"',
    );
    expect(() => tableOptions({ comparator, sizeModel: { intSize: 4 } } as never)).toThrow(/^sizeModel\./);
  });

  it('Table repairHistory must be a RepairHistory (5 was kept; compaction threw "gcBeforeOf is not a function")', () => {
    const repair = tableOptions({ comparator, tombstoneGc: { mode: 'repair' } });
    for (const history of [5, {}, 'h'])
      expect(() => new Table(repair, { repairHistory: history } as never)).toThrow(
        new PartitionArgumentError(`repairHistory must be a RepairHistory, got ${describeValue(history)}`),
      );
  });

  it('tokenOf and RepairHistory.repairTimeOf check their argument', () => {
    for (const key of [5, undefined, ''])
      expect(() => tokenOf(key as never)).toThrow(
        new PartitionArgumentError(`partition key must be a non-empty string, got ${describeValue(key)}`),
      );
    for (const token of ['x', null, -1, 2 ** 40, 1.5])
      expect(() => new RepairHistory().repairTimeOf(token as never)).toThrow(PartitionArgumentError);
  });

  it('mergePartitions takes a Partition or null and a PartitionUpdate', () => {
    expect(() => mergePartitions(null, null as never)).toThrow(
      new PartitionArgumentError(
        'mergePartitions needs a PartitionUpdate (table.update(key)…build()), got null',
      ),
    );
    expect(() => mergePartitions(5 as never, intTable().comparator as never)).toThrow(PartitionArgumentError);
    const t = new Table(intTable());
    expect(() => mergePartitions({} as never, t.update('k').build())).toThrow(
      new PartitionArgumentError('mergePartitions merges into a Partition or null, got {}'),
    );
  });
});
