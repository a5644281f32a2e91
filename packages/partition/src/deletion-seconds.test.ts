// Issue 24, data loss: local deletion times are whole seconds in [0, 2^32 − 1]. A table clock, a gcBefore or a repair
// time in milliseconds (`Date.now()`, ~1.8e12) — or Infinity, or a fraction — was accepted and put every tombstone past
// gc grace: compaction purged a tombstone still inside it. Each is refused with PartitionArgumentError naming the
// value (with a "seconds, not milliseconds" hint when it looks like milliseconds), on the source and the built dist,
// and nothing changes.
import { ClusteringComparator, NO_DELETION_TIME, types } from '@tombstone-lab/core';
import { describeValue } from '@tombstone-lab/core/internal';
import { describe, expect, it } from 'vitest';
import { BUILDS, NOW, observe, type PartitionModule, seededTable } from './test-builds.js';
import { slice } from './test-tables.js';

/** A time in milliseconds, as `Date.now()` answers today (2026-12-02). */
const MS = 1_796_000_000_000;
const MS_HINT = ' (seconds, not milliseconds: 1796000000?)';

describe.each(BUILDS)('times in seconds, not milliseconds (%s build)', (_build, load) => {
  /** A table with gc grace 60 whose one range tombstone (deleted at `MS / 1000`) is still inside gc grace. */
  function tableWithFreshTombstone(m: PartitionModule, clock: () => number) {
    const comparator = new ClusteringComparator([types.int32]);
    const t = new m.Table(m.tableOptions({ comparator, gcGraceSeconds: 60 }), { clock });
    t.apply(t.update('k').insert([5], { v: 5 }, 1).build());
    t.apply(
      t
        .update('k')
        .deleteRange(slice(1, 9), 5, MS / 1000)
        .build(),
    );
    t.flush();
    return t;
  }

  it('a clock answering milliseconds is refused where compaction reads it (it purged the fresh tombstone)', async () => {
    const m = await load();
    let now = MS;
    const t = tableWithFreshTombstone(m, () => now);
    const before = observe(t);
    const message = `clock returned ${MS}, not a whole number of seconds in [0, ${NO_DELETION_TIME}]${MS_HINT}`;
    expect(() => t.compact()).toThrow(new m.PartitionArgumentError(message));
    expect(() => t.gcBefore()).toThrow(new m.PartitionArgumentError(message));
    expect(observe(t)).toBe(before);
    // In seconds the tombstone is inside gc grace and kept; the refused call took no run id (the output is run 2).
    now = MS / 1000;
    expect(t.compact().stats.tombstonesPurged).toBe(0);
    expect(t.runs.map((r) => r.id)).toEqual([2]);
  });

  it.each([
    ['a fraction', 1.5],
    ['negative', -1],
    ['2^32', 2 ** 32],
  ])('a clock answering %s is refused', async (_n, answer) => {
    const m = await load();
    const t = seededTable(m, undefined, () => answer);
    const before = observe(t);
    const message = `clock returned ${describeValue(answer)}, not a whole number of seconds in [0, ${NO_DELETION_TIME}]`;
    expect(() => t.compact()).toThrow(new m.PartitionArgumentError(message));
    expect(observe(t)).toBe(before);
  });

  it.each([
    ['Date.now()', MS, MS_HINT],
    ['Infinity', Number.POSITIVE_INFINITY, ''],
    ['1.5', 1.5, ''],
    ['2^32', 2 ** 32, ''],
  ])(
    'compact({ gcBefore: %s }) is refused (it purged tombstones inside gc grace)',
    async (_n, gcBefore, hint) => {
      const m = await load();
      const t = tableWithFreshTombstone(m, () => MS / 1000);
      const before = observe(t);
      const request = { table: t.options, inputs: t.runs, others: [], outputId: 9, gcBefore };
      const problem = `not a whole number of seconds up to ${NO_DELETION_TIME} (or -Infinity)${hint}`;
      expect(() => m.compact(request)).toThrow(
        new m.PartitionArgumentError(
          `gcBefore must be a per-key function or a number of seconds, got ${describeValue(gcBefore)}: ${problem}`,
        ),
      );
      expect(() => m.compact({ ...request, gcBefore: () => gcBefore })).toThrow(
        new m.PartitionArgumentError(`gcBefore("k") returned ${describeValue(gcBefore)}, ${problem}`),
      );
      expect(observe(t)).toBe(before);
    },
  );

  it('gcBefore in seconds still purges exactly what passed gc grace; below 0 and -Infinity purge nothing', async () => {
    const m = await load();
    const t = tableWithFreshTombstone(m, () => MS / 1000);
    const request = { table: t.options, inputs: t.runs, others: [], outputId: 9 };
    expect(m.compact({ ...request, gcBefore: MS / 1000 }).stats.tombstonesPurged).toBe(0);
    expect(m.compact({ ...request, gcBefore: MS / 1000 + 1 }).stats.tombstonesPurged).toBe(1);
    expect(m.compact({ ...request, gcBefore: NO_DELETION_TIME }).stats.tombstonesPurged).toBe(1);
    expect(m.compact({ ...request, gcBefore: -5 }).stats.tombstonesPurged).toBe(0);
    expect(m.compact({ ...request, gcBefore: () => -Infinity }).stats.tombstonesPurged).toBe(0);
  });

  it.each([
    ['Date.now()', MS, MS_HINT],
    ['2^32', 2 ** 32, ''],
    ['1.5', 1.5, ''],
  ])(
    'RepairHistory.record(0, 10, %s) is refused (a repair time becomes a gc_before)',
    async (_n, at, hint) => {
      const m = await load();
      const history = m.RepairHistory.of([{ start: 0, end: 5, repairedAt: 100 }]);
      const before = JSON.stringify(history.ranges());
      expect(() => history.record(0, 10, at)).toThrow(
        new m.PartitionArgumentError(
          `repairedAt must be a whole number of seconds in [0, ${NO_DELETION_TIME}], got ${describeValue(at)}${hint}`,
        ),
      );
      expect(JSON.stringify(history.ranges())).toBe(before);
      expect(history.record(0, 10, NO_DELETION_TIME).ranges()).toEqual([
        { start: 0, end: 10, repairedAt: NO_DELETION_TIME },
      ]);
    },
  );

  it('the seeded clock still compacts', async () => {
    const m = await load();
    expect(seededTable(m, undefined, () => NOW).compact().output.id).toBe(3);
  });
});
