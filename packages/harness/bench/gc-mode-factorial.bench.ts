/**
 * Case study `gc-mode-factorial` (seed 004's 2×2, seed 003's caveat): code (the eager max-purgeable order →
 * deferred) × configuration (`tombstoneGc` mode timeout, where gc_before is a subtraction, vs repair, where it is a
 * repair-history lookup). The same tombstones are GC-able in both columns; only what each check costs differs.
 * Run with `--factorial gcMode` (as `tombstone-harness case gc-mode-factorial` does) for the box table.
 */
import { defineSuite } from '@tombstone-lab/bench';
import { tombstoneHeavyCompaction } from '../src/workloads/tombstone-heavy-compaction.js';

export default defineSuite({
  name: 'GcModeFactorialBench',
  params: { gcMode: ['timeout', 'repair'] },
  compare: { factor: 'purgeOrder', baseline: 'eager', candidate: 'deferred' },
  primary: 'compact[gcMode=timeout]',
  sampling: { warmupMs: 1000, sampleMs: 300 },
  setup: ({ gcMode, purgeOrder }) =>
    tombstoneHeavyCompaction(
      { gcMode: gcMode === 'repair' ? 'repair' : 'timeout' },
      purgeOrder === 'eager' ? 'eager' : 'deferred',
    ),
  benchmarks: {
    compact: (w) => w.run().stats.tombstonesKept,
  },
});
