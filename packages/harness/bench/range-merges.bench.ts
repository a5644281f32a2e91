/**
 * Case study `range-merges` (seeds 000/001), eager → copy-on-write: N range deletes into one unflushed partition
 * through the real memtable updater, then flush and a major compaction (the HarryCompactionWithRangeDeletionsTest
 * shape). The runner fits the growth exponent over N per side.
 * `tombstone-harness case range-merges` runs this suite and `range-merges-persistent.bench.ts`.
 */
import { defineSuite } from '@tombstone-lab/bench';
import { mergeFlushCompact, rangeMergesShape } from '../src/cases/range-merges-suite.js';

export default defineSuite({
  name: 'RangeMergesBench',
  ...rangeMergesShape('eager', 'copy-on-write'),
  primary: 'mergeFlushCompact[arrival=tail,n=4096]',
  benchmarks: { mergeFlushCompact },
});
