import { describe, expect, it } from 'vitest';
import { corruptorNamed } from '../check/corruptors.js';
import { runHistory } from '../check/run-history.js';
import { HarnessArgumentError } from '../errors.js';
import { rangeMerges } from './range-merges.js';
import { RANGE_STORE_NAMES, rangeStoreNamed } from './range-stores.js';

describe('rangeMerges', () => {
  it.each(RANGE_STORE_NAMES)(
    '%s: every partition reads back as written, forward and reversed, after compaction',
    (store) => {
      for (const arrival of ['tail', 'random'] as const) {
        const w = rangeMerges({
          n: 96,
          arrival,
          rangeStore: rangeStoreNamed(store),
          backgroundPartitions: 4,
        });
        const result = w.run();
        const check = w.check(result);
        expect(check.divergences).toEqual([]);
        expect(check.partitionsChecked).toBe(5);
        // 4 × 20 background rows + 64 surviving target rows (c % 3 = 0 in 0…191), each direction.
        expect(check.rowsChecked).toBe(2 * (80 + 64));
        expect(result.table.runs).toHaveLength(1);
        expect(result.compaction.tombstonesKept).toBe(96);
        expect(result.compaction.rowsDropped).toBe(192 - 64);
        expect(w.run().memtableHeap).toBe(result.memtableHeap); // repeatable
      }
    },
  );

  it('the check catches a table that lost a range tombstone', () => {
    const w = rangeMerges({ n: 32, arrival: 'random', rangeStore: rangeStoreNamed('copy-on-write') });
    const result = w.run();
    // Re-insert a deleted row newer than every tombstone: the read now returns a row the workload deleted.
    result.table.apply(result.table.update('pk').insert([1], { v: 1 }, 10_000).build());
    const check = w.check(result);
    expect(check.divergences).toHaveLength(2);
    expect(check.divergences[0]).toMatch(/^pk forward: expected \[0,3,6/);
  });

  it('its history passes the model checker on every store, and the checker catches a planted end-bound bug', () => {
    for (const store of RANGE_STORE_NAMES) {
      const w = rangeMerges({
        n: 40,
        arrival: 'random',
        rangeStore: rangeStoreNamed(store),
        backgroundPartitions: 3,
      });
      const { divergence, stats } = runHistory(w.spec, w.history(), { rangeStore: rangeStoreNamed(store) });
      expect(divergence).toBeNull();
      expect(stats.sweeps).toBe(4); // after each flush, after the compaction, and at the end
      expect(stats.reads).toBe(4 * 4 * 2);
      expect(stats.rows).toBe(2 * (3 * 20 + 80) + 3 * 2 * (3 * 20 + 27));
    }
    const w = rangeMerges({ n: 40, arrival: 'tail', rangeStore: rangeStoreNamed('copy-on-write') });
    const planted = corruptorNamed('end-exclusive')!.plant({ rangeStore: rangeStoreNamed('copy-on-write') });
    expect(runHistory(w.spec, w.history(), planted).divergence).not.toBeNull();
  });

  it('rejects bad options, naming the value', () => {
    const rangeStore = rangeStoreNamed('eager');
    expect(() => rangeMerges({ n: 0, arrival: 'tail', rangeStore })).toThrow(HarnessArgumentError);
    expect(() => rangeMerges({ n: 4, arrival: 'middle' as 'tail', rangeStore })).toThrow(/middle/);
    expect(() => rangeStoreNamed('btree')).toThrow(/eager, copy-on-write, persistent.*"btree"/);
    // One set of names (the engine's): the old `check` alias is rejected like any other unknown name.
    expect(() => rangeStoreNamed('cow')).toThrow(HarnessArgumentError);
  });
});
