/**
 * Case study `range-merges` (seeds 000/001), copy-on-write → persistent: the same workload as
 * `range-merges.bench.ts`; random arrivals are where the arrays still pay an O(N) copy per merge.
 */
import { defineSuite } from '@tombstone-lab/bench';
import { mergeFlushCompact, rangeMergesShape } from '../src/cases/range-merges-suite.js';

export default defineSuite({
  name: 'RangeMergesPersistentBench',
  ...rangeMergesShape('copy-on-write', 'persistent'),
  primary: 'mergeFlushCompact[arrival=random,n=4096]',
  benchmarks: { mergeFlushCompact },
});
