/**
 * `copy()` of the persistent list against the cheapest conceivable O(1) copy (one bare five-field object, as in
 * `copy-ceiling.bench.ts`), measured in the same run: how far the persistent copy is from a bare allocation.
 */
import { defineSuite } from '@tombstone-lab/bench';
import { bareCopy, buildExisting, copyOnly } from './rtl-workloads.js';

export default defineSuite({
  name: 'PersistentCopyBench',
  params: { size: [10, 1000] },
  compare: { factor: 'copy', baseline: 'bare', candidate: 'persistent' },
  primary: 'benchCopyOnly[size=1000]',
  // Every fork hit the default 150 ms warm-up cap before settling (the tree's read path has more to compile).
  sampling: { warmupMs: 1500, sampleMs: 300 },
  setup: ({ size, copy }) => {
    const existing = buildExisting(size, 'persistent');
    return { existing, op: copy === 'bare' ? bareCopy : copyOnly };
  },
  benchmarks: {
    benchCopyOnly: (state) => state.op(state.existing),
  },
});
