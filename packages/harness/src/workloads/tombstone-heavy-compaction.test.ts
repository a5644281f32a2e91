import { describe, expect, it } from 'vitest';
import { HarnessArgumentError } from '../errors.js';
import { tombstoneHeavyCompaction } from './tombstone-heavy-compaction.js';

describe('tombstoneHeavyCompaction', () => {
  it('most tombstones within grace; probes follow the seed-003 formula for each order', () => {
    const opts = { partitions: 200, otherRuns: 12, gcableFraction: 0.1 };
    const deferred = tombstoneHeavyCompaction(opts, 'deferred');
    const eager = tombstoneHeavyCompaction(opts, 'eager');
    expect(deferred.gcablePartitions).toBe(20);
    expect(deferred.others).toHaveLength(12);
    const d = deferred.run();
    const e = eager.run();
    expect(d.stats.bloomProbes).toBe(deferred.gcablePartitions * 12);
    expect(e.stats.bloomProbes).toBe(eager.tombstonePartitions * 12);
    expect(d.stats.tombstonesPurged).toBe(e.stats.tombstonesPurged);
    expect(d.stats.tombstonesKept).toBe(e.stats.tombstonesKept);
    expect(d.stats.tombstonesKept).toBeGreaterThan(d.stats.tombstonesPurged);
    expect(d.output.size).toBe(200);
    expect(deferred.run().stats.bloomProbes).toBe(d.stats.bloomProbes); // repeatable
  });

  it('repair mode purges exactly what timeout mode purges, with one repair-history lookup per gc_before', () => {
    const opts = { partitions: 300, otherRuns: 8, gcableFraction: 0.2 };
    for (const order of ['deferred', 'eager'] as const) {
      const timeout = tombstoneHeavyCompaction(opts, order).run().stats;
      const w = tombstoneHeavyCompaction({ ...opts, gcMode: 'repair', repairRanges: 64 }, order);
      expect(w.repairHistory?.size).toBeGreaterThan(1);
      const repair = w.run().stats;
      expect(repair.tombstonesPurged).toBe(timeout.tombstonesPurged);
      expect(repair.tombstonesKept).toBe(timeout.tombstonesKept);
      expect(repair.bloomProbes).toBe(timeout.bloomProbes);
      expect(timeout.gcBeforeLookups).toBe(0);
      expect(w.repairHistory?.lookups).toBe(repair.gcBeforeLookups);
      // deferred: gc_before first, for every partition; eager: only where max-purgeable let a tombstone through.
      expect(repair.gcBeforeLookups).toBe(300);
    }
  });

  it('reads before and after the compaction equal what the workload wrote', () => {
    const w = tombstoneHeavyCompaction({ partitions: 50, otherRuns: 5, gcableFraction: 0.5 }, 'deferred');
    const { output } = w.run();
    for (const key of w.keys) {
      expect(w.readClusterings(key, [...w.inputs, ...w.others])).toEqual(w.expectedClusterings(key));
      expect(w.readClusterings(key, [output, ...w.others])).toEqual(w.expectedClusterings(key));
    }
    expect(w.expectedClusterings(w.keys[0]!)).toContain(1000); // the first other run holds the first key
  });

  it('rejects bad options with typed errors naming the value', () => {
    expect(() => tombstoneHeavyCompaction({ partitions: 1 }, 'deferred')).toThrow(HarnessArgumentError);
    expect(() => tombstoneHeavyCompaction({ gcableFraction: 2 }, 'deferred')).toThrow(/2/);
    expect(() => tombstoneHeavyCompaction({ gcMode: 'never' as 'repair' }, 'deferred')).toThrow(/never/);
    expect(() => tombstoneHeavyCompaction({}, 'lazy' as 'eager')).toThrow(/lazy/);
  });
});
