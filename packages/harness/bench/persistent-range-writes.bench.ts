/**
 * The partition write path of `successive-range-writes.bench.ts` (N range-tombstone writes into one unflushed
 * partition through the real memtable updater), copy-on-write arrays (baseline) against core's persistent tree
 * (candidate). Random arrivals are where the arrays still pay an O(N) copy per write; tail arrivals show what the
 * tree costs where the arrays are at their best.
 */
import { defineSuite } from '@tombstone-lab/bench';
import {
  copyOnWriteRangeTombstoneListFactory,
  persistentRangeTombstoneListFactory,
} from '@tombstone-lab/core';
import { successiveRangeWrites } from '../src/workloads/successive-range-writes.js';

const persistent = persistentRangeTombstoneListFactory();

export default defineSuite({
  name: 'PersistentRangeWritesBench',
  params: { arrival: ['random', 'tail'], n: [256, 512, 1024, 2048, 4096] },
  compare: { factor: 'impl', baseline: 'copy-on-write', candidate: 'persistent' },
  primary: 'successiveWrites[arrival=random,n=4096]',
  // A merge sequence takes milliseconds and needs dozens of calls before the JIT settles: the default 150 ms
  // warm-up cap measured it 3× too slow.
  sampling: { warmupMs: 1500, sampleMs: 300 },
  setup: ({ n, arrival, impl }) =>
    successiveRangeWrites(
      n,
      impl === 'persistent' ? persistent : copyOnWriteRangeTombstoneListFactory,
      arrival === 'random' ? 'random' : 'tail',
    ),
  benchmarks: {
    successiveWrites: (workload) => workload.run().heapReported,
  },
});
