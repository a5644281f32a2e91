/**
 * Case study `range-merges` (seeds 000/001), eager → copy-on-write: N range deletes into one unflushed partition
 * through the real memtable updater, then flush and a major compaction (the HarryCompactionWithRangeDeletionsTest
 * shape). One op is the whole sequence; the runner fits the growth exponent over N per side.
 * `tombstone-harness case range-merges` runs this suite and `range-merges-persistent.bench.ts`.
 */
import { defineSuite } from '@tombstone-lab/bench';
import {
  RANGE_MERGES_PARAMS,
  RANGE_MERGES_SAMPLING,
  rangeMergesSetup,
} from '../src/cases/range-merges-suite.js';

export default defineSuite({
  name: 'RangeMergesBench',
  params: RANGE_MERGES_PARAMS,
  compare: { factor: 'store', baseline: 'eager', candidate: 'copy-on-write' },
  primary: 'mergeFlushCompact[arrival=tail,n=4096]',
  sampling: RANGE_MERGES_SAMPLING,
  setup: (p) => rangeMergesSetup(p),
  benchmarks: {
    // The compaction's kept-tombstone count and the memtable heap are the sink: both depend on every merge.
    mergeFlushCompact: (w) => {
      const r = w.run();
      return r.memtableHeap + r.compaction.tombstonesKept;
    },
  },
});
