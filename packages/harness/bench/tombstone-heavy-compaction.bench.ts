/**
 * Case study `purge-order` (`tombstone-harness case purge-order`). Seed 003 (ScyllaDB 38b226f997): a tombstone-heavy compaction where most tombstones are still within gc grace.
 * Baseline = the regressed eager order (max-purgeable, i.e. a bloom probe of every non-compacting run, for every
 * partition holding any tombstone); candidate = deferred (grace check first, max-purgeable only for GC-able ones).
 */
import { defineSuite } from '@tombstone-lab/bench';
import { tombstoneHeavyCompaction } from '../src/workloads/tombstone-heavy-compaction.js';

export default defineSuite({
  name: 'TombstoneHeavyCompactionBench',
  params: { otherRuns: [100, 1000] },
  compare: { factor: 'purgeOrder', baseline: 'eager', candidate: 'deferred' },
  primary: 'compact[otherRuns=1000]',
  // A compaction takes tens to hundreds of ms: the default 150 ms warm-up cap was hit by every fork (measured).
  sampling: { warmupMs: 1000, sampleMs: 300 },
  setup: ({ otherRuns, purgeOrder }) =>
    tombstoneHeavyCompaction({ otherRuns }, purgeOrder === 'eager' ? 'eager' : 'deferred'),
  benchmarks: {
    compact: (workload) => workload.run(),
  },
});
