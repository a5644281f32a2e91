import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PartitionArgumentError } from '../errors.js';
import { Partition } from '../model/partition.js';
import { Table } from '../table/table.js';
import { intTable, slice } from '../test-tables.js';
import { Memtable } from '../write/memtable.js';
import { PartitionUpdate } from '../write/partition-update.js';
import { compact } from './compaction.js';
import { SortedRun } from './sorted-run.js';

const table = intTable(undefined, 100);
const NOW = 10_000;
const gcBefore = NOW - table.gcGraceSeconds;

function part(key: string, build: (b: ReturnType<typeof PartitionUpdate.builder>) => unknown): Partition {
  const b = PartitionUpdate.builder(table, key);
  build(b);
  const u = b.build();
  return new Partition(table, key, u.deletionInfo, u.rows);
}

const key = (i: number) => `k${String(i).padStart(4, '0')}`;

/**
 * The constructed tombstone-heavy case: P partitions in 2 compacting runs, each with a range tombstone; the ones in
 * `gcable` are past grace. R other runs each cover the whole key range (first and last key) and hold newer data.
 */
function constructed(P: number, gcable: ReadonlySet<number>, R: number) {
  let ts = 1;
  const inputs = [0, 1].map(
    (r) =>
      new SortedRun(
        r + 1,
        table,
        Array.from({ length: P }, (_, i) =>
          part(key(i), (b) =>
            b
              .insert([r], { v: r }, ts++)
              .deleteRange(slice(5 + r, 9), ts++, gcable.has(i) ? gcBefore - 1 : gcBefore),
          ),
        ),
      ),
  );
  const others = Array.from(
    { length: R },
    (_, r) =>
      new SortedRun(10 + r, table, [
        part(key(0), (b) => b.insert([100 + r], {}, 1_000_000 + r)),
        part(key(P - 1), (b) => b.insert([100 + r], {}, 1_000_000 + r)),
      ]),
  );
  return { inputs, others };
}

describe('compaction bloom probes (seed 003 formula)', () => {
  it('deferred: #partitions with a GC-able tombstone × #runs; eager: #partitions with any tombstone × #runs', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 40 }),
        fc.integer({ min: 0, max: 6 }),
        fc.array(fc.nat(39)),
        (P, R, picks) => {
          const gcable = new Set(picks.filter((i) => i < P));
          const { inputs, others } = constructed(P, gcable, R);
          const probesBefore = others.reduce((s, r) => s + r.bloomFilter.probes, 0);
          const deferred = compact({ table, inputs, others, outputId: 99, gcBefore, purgeOrder: 'deferred' });
          const probesMid = others.reduce((s, r) => s + r.bloomFilter.probes, 0);
          const eager = compact({ table, inputs, others, outputId: 99, gcBefore, purgeOrder: 'eager' });
          const probesAfter = others.reduce((s, r) => s + r.bloomFilter.probes, 0);
          expect(deferred.stats.bloomProbes).toBe(gcable.size * R);
          expect(eager.stats.bloomProbes).toBe(P * R);
          // The filters' own counters agree with the compaction's count.
          expect(probesMid - probesBefore).toBe(gcable.size * R);
          expect(probesAfter - probesMid).toBe(P * R);
          expect(deferred.stats.maxPurgeableComputations).toBe(gcable.size);
          expect(eager.stats.maxPurgeableComputations).toBe(P);
          // Same decisions either way: both ranges of each GC-able partition are purged (the other runs hold newer data).
          expect(deferred.stats.tombstonesPurged).toBe(eager.stats.tombstonesPurged);
          expect(deferred.stats.tombstonesPurged).toBe(gcable.size * 2);
          expect(deferred.output.partitions.map((p) => `${p.key}${p.deletionInfo}`)).toEqual(
            eager.output.partitions.map((p) => `${p.key}${p.deletionInfo}`),
          );
        },
      ),
      { numRuns: 40 },
    );
  });

  it('computes max-purgeable at most once per partition however many tombstones pass grace', () => {
    const p = part('k', (b) => {
      for (let i = 0; i < 10; i++)
        b.deleteRange(slice(10 * i, 10 * i + 5), i + 1, 1).deleteRow([10 * i + 7], i + 1, 1);
    });
    const other = new SortedRun(2, table, [part('k', (b) => b.insert([1], {}, 500))]);
    const { stats } = compact({
      table,
      inputs: [new SortedRun(1, table, [p])],
      others: [other],
      outputId: 3,
      gcBefore,
    });
    expect(stats.maxPurgeableComputations).toBe(1);
    expect(stats.bloomProbes).toBe(1);
    expect(stats.tombstonesPurged).toBe(20);
  });
});

describe('compaction purge rules', () => {
  const tomb = (ts: number, ldt: number) =>
    part('k', (b) => b.deleteRange(slice(0, 10), ts, ldt).deleteRow([20], ts, ldt));

  it('keeps a tombstone still within gc grace', () => {
    const { stats, output } = compact({
      table,
      inputs: [new SortedRun(1, table, [tomb(5, gcBefore)])],
      others: [],
      outputId: 2,
      gcBefore,
    });
    expect(stats.tombstonesKept).toBe(2);
    expect(output.partitions[0]!.deletionInfo.rangeCount()).toBe(1);
    expect(output.partitions[0]!.toRowArray()[0]!.deletion.markedForDeleteAt).toBe(5);
  });

  it('keeps an expired tombstone when a non-compacting run holding the key has older data', () => {
    const older = new SortedRun(2, table, [part('k', (b) => b.insert([3], {}, 4))]);
    const { stats } = compact({
      table,
      inputs: [new SortedRun(1, table, [tomb(5, 1)])],
      others: [older],
      outputId: 3,
      gcBefore,
    });
    expect([stats.tombstonesPurged, stats.tombstonesKept]).toEqual([0, 2]);
  });

  it('purges when the older run does not hold the key (bloom negative / outside its key range)', () => {
    const elsewhere = new SortedRun(2, table, [
      part('a', (b) => b.insert([3], {}, 4)),
      part('z', (b) => b.insert([3], {}, 4)),
    ]);
    const { stats } = compact({
      table,
      inputs: [new SortedRun(1, table, [tomb(5, 1)])],
      others: [elsewhere],
      outputId: 3,
      gcBefore,
    });
    expect(stats.tombstonesPurged).toBe(2);
  });

  it('keeps an expired tombstone when the memtable holds the key and has older data', () => {
    const memtable = new Memtable(table);
    memtable.put(PartitionUpdate.builder(table, 'k').insert([3], {}, 4).build());
    const input = [new SortedRun(1, table, [tomb(5, 1)])];
    expect(
      compact({ table, inputs: input, others: [], memtable, outputId: 3, gcBefore }).stats.tombstonesPurged,
    ).toBe(0);
    const other = new Memtable(table);
    other.put(PartitionUpdate.builder(table, 'x').insert([3], {}, 4).build());
    expect(
      compact({ table, inputs: input, others: [], memtable: other, outputId: 3, gcBefore }).stats
        .tombstonesPurged,
    ).toBe(2);
  });

  it('never purges with purge: false, but still drops shadowed data', () => {
    const p = part('k', (b) =>
      b.deletePartition(9, 1).insert([1], { v: 1 }, 8).deleteRange(slice(0, 3), 7, 1),
    );
    const { stats, output } = compact({
      table,
      inputs: [new SortedRun(1, table, [p])],
      others: [],
      outputId: 2,
      gcBefore,
      purge: false,
    });
    expect(stats.tombstonesPurged).toBe(0);
    expect(stats.rowsDropped).toBe(1);
    const out = output.partitions[0]!;
    expect(out.toRowArray()).toEqual([]);
    expect(out.deletionInfo.rangeCount()).toBe(0); // the range is no newer than the partition deletion
    expect(out.deletionInfo.getPartitionDeletion().markedForDeleteAt).toBe(9);
  });

  it('rejects bad requests', () => {
    const run = new SortedRun(1, table, [tomb(5, 1)]);
    expect(() => compact({ table, inputs: [run], others: [run], outputId: 2, gcBefore })).toThrow(
      PartitionArgumentError,
    );
    expect(() => compact({ table, inputs: [run], others: [], outputId: 2, gcBefore: Number.NaN })).toThrow(
      /gcBefore/,
    );
    expect(() =>
      compact({ table, inputs: [run], others: [], outputId: 2, gcBefore, purgeOrder: 'late' as 'eager' }),
    ).toThrow(/"late"/);
    const t = new Table(table);
    expect(() => t.compact([run])).toThrow(/not a current run/);
  });
});
