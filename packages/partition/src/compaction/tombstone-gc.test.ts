import { ClusteringComparator, types } from '@tombstone-lab/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PartitionArgumentError } from '../errors.js';
import { Partition } from '../model/partition.js';
import { Table } from '../table/table.js';
import { type TableOptions, tableOptions } from '../table/table-options.js';
import { slice } from '../test-tables.js';
import { PartitionUpdate } from '../write/partition-update.js';
import { compact } from './compaction.js';
import { SortedRun } from './sorted-run.js';
import { MAX_TOKEN, RepairHistory, tokenOf } from './tombstone-gc.js';

const repairTable = (propagationDelaySeconds = 0): TableOptions =>
  tableOptions({
    comparator: new ClusteringComparator([types.int32]),
    gcGraceSeconds: 100,
    tombstoneGc: { mode: 'repair', propagationDelaySeconds },
  });

describe('tombstoneGc option', () => {
  it('defaults to timeout and validates with errors naming the bad value', () => {
    const comparator = new ClusteringComparator([types.int32]);
    expect(tableOptions({ comparator }).tombstoneGc.mode).toBe('timeout');
    expect(repairTable(60).tombstoneGc).toEqual({ mode: 'repair', propagationDelaySeconds: 60 });
    expect(
      tableOptions({ comparator, tombstoneGc: { mode: 'repair' } }).tombstoneGc.propagationDelaySeconds,
    ).toBe(3600);
    const bad = (tombstoneGc: unknown) => () =>
      tableOptions({ comparator, tombstoneGc: tombstoneGc as { mode: 'repair' } });
    expect(bad({ mode: 'repiar' })).toThrow(/tombstoneGc.mode .*"repiar"/);
    expect(bad({ mode: 'repair', propagationDelay: 5 })).toThrow(
      /unknown tombstoneGc option "propagationDelay" \(allowed: mode, propagationDelaySeconds\)/,
    );
    expect(bad({ mode: 'repair', propagationDelaySeconds: -1 })).toThrow(/-1/);
    expect(bad({ mode: 'repair', propagationDelaySeconds: '5' })).toThrow(/"5"/);
    expect(bad({ propagationDelaySeconds: 5 })).toThrow(/mode 'repair' only/);
    expect(bad('repair')).toThrow(PartitionArgumentError);
  });
});

describe('RepairHistory', () => {
  it('keeps the latest repair time per token, like a brute-force map over a small ring', () => {
    const repair = fc.record({
      a: fc.integer({ min: 0, max: 40 }),
      b: fc.integer({ min: 0, max: 40 }),
      t: fc.integer({ min: 0, max: 9 }),
    });
    fc.assert(
      fc.property(fc.array(repair, { maxLength: 12 }), (repairs) => {
        const h = new RepairHistory();
        const model = new Map<number, number>();
        for (const { a, b, t } of repairs) {
          const [s, e] = a <= b ? [a, b] : [b, a];
          h.record(s, e, t);
          for (let k = s; k <= e; k++) model.set(k, Math.max(model.get(k) ?? -1, t));
        }
        for (let k = 0; k <= 41; k++) expect(h.repairTimeOf(k)).toBe(model.get(k));
        expect(h.lookups).toBe(42);
        // Minimal: no two adjacent ranges share a time.
        const rs = h.ranges();
        for (let i = 1; i < rs.length; i++) {
          expect(rs[i]!.start).toBeGreaterThan(rs[i - 1]!.end);
          const adjacent = rs[i]!.start === rs[i - 1]!.end + 1;
          expect(adjacent && rs[i]!.repairedAt === rs[i - 1]!.repairedAt).toBe(false);
        }
      }),
    );
  });

  it('rejects bad ranges and times, naming them', () => {
    const h = new RepairHistory();
    expect(() => h.record(5, 4, 1)).toThrow(/start 5 is after its end 4/);
    expect(() => h.record(-1, 4, 1)).toThrow(/-1/);
    expect(() => h.record(0, MAX_TOKEN + 1, 1)).toThrow(/4294967296/);
    expect(() => h.record(0, 1.5, 1)).toThrow(/1.5/);
    expect(() => h.record(0, 1, Number.NaN)).toThrow(/repairedAt .*NaN/);
    expect(h.size).toBe(0);
    expect(RepairHistory.of([{ start: 0, end: MAX_TOKEN, repairedAt: 7 }]).repairTimeOf(MAX_TOKEN)).toBe(7);
  });
});

describe("repair-mode purging (tombstoneGc mode 'repair')", () => {
  const NOW = 1_000_000;
  const ldt = 500_000; // far past gc grace: timeout mode would purge it

  function tableWith(history: RepairHistory, delay = 0): Table {
    const t = new Table(repairTable(delay), { clock: () => NOW, repairHistory: history });
    for (const key of ['a', 'b', 'c', 'd']) {
      t.apply(t.update(key).deleteRange(slice(1, 5), 10, ldt).insert([9], { v: 1 }, 11).build());
    }
    t.flush();
    return t;
  }
  const ranges = (t: Table, key: string) => t.runs[0]!.get(key)?.deletionInfo.rangeCount() ?? 0;

  it('purges only tombstones written before the last repair of their token range', () => {
    const [a, b] = ['a', 'b'].map(tokenOf) as [number, number];
    const history = new RepairHistory().record(a, a, ldt + 1).record(b, b, ldt - 1);
    const t = tableWith(history);
    expect(t.gcBefore('a')).toBe(ldt + 1);
    expect(t.gcBefore('c')).toBe(Number.NEGATIVE_INFINITY);
    const before = history.lookups;
    const { stats } = t.compact();
    expect(ranges(t, 'a')).toBe(0); // repaired after the delete: purged
    expect(ranges(t, 'b')).toBe(1); // repaired before the delete: kept
    expect(ranges(t, 'c')).toBe(1); // never repaired: kept, whatever its age
    expect(stats.tombstonesPurged).toBe(1);
    expect(stats.gcBeforeLookups).toBe(4); // one per partition with a tombstone
    expect(history.lookups - before).toBe(4);
    expect(() => t.gcBefore()).toThrow(/needs a key/);
  });

  it('subtracts the propagation delay from the repair time', () => {
    const a = tokenOf('a');
    const t = tableWith(new RepairHistory().record(a, a, ldt + 10), 10);
    expect(t.gcBefore('a')).toBe(ldt);
    t.compact();
    expect(ranges(t, 'a')).toBe(1); // ldt < ldt is false: still inside the delay
  });

  it('a table in repair mode needs a history', () => {
    expect(() => new Table(repairTable())).toThrow(/repairHistory/);
  });

  it('deferred order looks up every tombstone partition, eager only those max-purgeable lets through', () => {
    const table = repairTable();
    const mk = (key: string, ts: number) => {
      const u = PartitionUpdate.builder(table, key).deleteRange(slice(1, 2), ts, ldt).build();
      return new Partition(table, key, u.deletionInfo, u.rows);
    };
    const inputs = [new SortedRun(1, table, [mk('a', 10), mk('b', 10), mk('c', 500)])];
    // A non-compacting run holding every key with min timestamp 100: max-purgeable 100 blocks c (ts 500).
    const other = new SortedRun(
      2,
      table,
      ['a', 'b', 'c'].map((k) => mk(k, 100)),
    );
    const history = new RepairHistory().record(0, MAX_TOKEN, ldt + 1);
    const gcBefore = (key: string) => history.repairTimeOf(tokenOf(key))!;
    const run = (purgeOrder: 'deferred' | 'eager') =>
      compact({ table, inputs, others: [other], outputId: 3, gcBefore, purgeOrder }).stats;
    const d = run('deferred');
    const e = run('eager');
    expect([d.gcBeforeLookups, d.bloomProbes]).toEqual([3, 3]);
    expect([e.gcBeforeLookups, e.bloomProbes]).toEqual([2, 3]);
    expect(d.tombstonesPurged).toBe(2);
    expect(e.tombstonesPurged).toBe(2);
    expect(history.lookups).toBe(5);
  });
});
