// Issue 24: Row and Cell public entry points refuse what they cannot represent, naming it: Row.merge of two rows of
// different clusterings wrote one row's cells into the other (a row of another table with it), Cell.reconcile of
// two columns answered one of them, an empty column name was kept by insert/new Cell/Cell.tombstone while
// deleteColumns refused it, withoutCellTombstones('x') was kept, and Cell.tombstone's bad local deletion time was
// core's InvalidTimestampError where its bad timestamp was PartitionArgumentError. On the source and the dist.
import { ClusteringComparator, types } from '@tombstone-lab/core';
import { describe, expect, it } from 'vitest';
import { BUILDS, type PartitionModule, rejectionsOn, type seededTable } from './test-builds.js';

type Table = ReturnType<typeof seededTable>;

describe.each(BUILDS)('Row and Cell refuse bad arguments (%s build)', (_build, load) => {
  const expectRejected = rejectionsOn(load);
  const cmp = new ClusteringComparator([types.int32]);
  const text = new ClusteringComparator([types.int32, types.text]);

  it('Row.merge of rows of two clusterings (row 2 was written into row 1)', async () => {
    await expectRejected(
      (_t, m) =>
        m.Row.merge(m.Row.insert(cmp, [1], { v: 1, w: 'x' }, 10), m.Row.insert(cmp, [2], { v: 2 }, 11)),
      'Row.merge needs two versions of one row, got clusterings [1] and [2]',
    );
    await expectRejected(
      (_t, m) =>
        m.Row.merge(m.Row.insert(cmp, [1], { v: 1 }, 10), m.Row.insert(text, [1, 'a'], { v: 2 }, 11)),
      'Row.merge needs two versions of one row, got clusterings [1] and [1, "a"]',
    );
    const m = await load();
    const merged = m.Row.merge(
      m.Row.insert(cmp, [1], { v: 1, w: 'x' }, 10),
      m.Row.insert(cmp, [1], { v: 2 }, 11),
    );
    expect(merged.values()).toEqual({ v: 2, w: 'x' });
  });

  it('Cell.reconcile of two columns (answered one of them)', async () => {
    await expectRejected(
      (_t, m) => m.Cell.reconcile(new m.Cell('v', 1, 10), new m.Cell('w', 'x', 10)),
      'Cell.reconcile needs two cells of one column, got "v" and "w"',
    );
    const m = await load();
    expect(m.Cell.reconcile(new m.Cell('v', 1, 10), new m.Cell('v', 2, 11)).value).toBe(2);
  });

  it.each([
    ['insert([1], { "": 1 }, 20)', (t: Table) => t.update('k').insert([1], { '': 1 }, 20)],
    ['new Cell("", 1, 1)', (_t: Table, m: PartitionModule) => new m.Cell('', 1, 1)],
    ['Cell.tombstone("", 1, 1)', (_t: Table, m: PartitionModule) => m.Cell.tombstone('', 1, 1)],
  ])('an empty column name: %s (kept, while deleteColumns refused it)', async (_n, call) => {
    await expectRejected(call, `a cell's column must be a non-empty string, got ""`);
  });

  it('row.withoutCellTombstones("x") (kept)', async () => {
    await expectRejected(
      (t) =>
        t.runs[0]!.get('k')!
          .getRow([5])!
          .withoutCellTombstones('x' as never),
      'withoutCellTombstones needs a function (timestamp, localDeletionTime) => boolean, got "x"',
    );
  });

  it.each([-1, 2 ** 33])(
    'Cell.tombstone("v", 1, %s) throws PartitionArgumentError, as for its timestamp',
    async (ldt) => {
      await expectRejected(
        (_t, m) => m.Cell.tombstone('v', 1, ldt),
        `local deletion time of column "v" must be an integer in [0, 4294967295], got ${ldt}`,
      );
    },
  );
});
