/**
 * `copy()` of the persistent list against bare one-allocation copies measured in the same run: the cheapest
 * conceivable O(1) copy of a list (`fields=5`, the five fields of an array list, as in `copy-ceiling.bench.ts`; the
 * issue's target row), a bare object of the persistent list's own handle size (`fields=3`: state, size, bounds heap),
 * and bare objects with six and eight fields (the list copied as one object: six without its leaf cache, eight with
 * it, the list's count before it became a handle on a shared state). The candidate is the same list copy at every
 * level of `fields`; only the baseline changes, so the rows read as "persistent vs a bare object of N fields".
 */
import { defineSuite } from '@tombstone-lab/bench';
import { bareCopyWith, buildExisting, copyOnly } from './rtl-workloads.js';

export default defineSuite({
  name: 'PersistentCopyBench',
  params: { size: [1000], fields: [3, 5, 6, 8] },
  compare: { factor: 'copy', baseline: 'bare', candidate: 'persistent' },
  primary: 'benchCopyOnly[size=1000,fields=5]',
  // Every fork hit the default 150 ms warm-up cap before settling (the tree's read path has more to compile).
  sampling: { warmupMs: 1500, sampleMs: 300 },
  setup: ({ size, fields, copy }) => {
    const existing = buildExisting(size, 'persistent');
    return { existing, op: copy === 'bare' ? bareCopyWith(fields) : copyOnly };
  },
  benchmarks: {
    benchCopyOnly: (state) => state.op(state.existing),
  },
});
