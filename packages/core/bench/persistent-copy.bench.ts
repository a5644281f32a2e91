/**
 * `copy()` of the persistent list against bare one-allocation copies measured in the same run: the cheapest
 * conceivable O(1) copy (`fields=5`, the five fields of an array list, as in `copy-ceiling.bench.ts`), and bare
 * objects with six fields (the fewest a persistent list could hold: configuration, bounds heap, owner id, root, size,
 * tail) and with eight, the list's own count (those six plus its leaf cache). The candidate is the same list copy at
 * every level of `fields`; only the baseline changes, so the three rows read as "persistent vs a bare object of N
 * fields".
 */
import { defineSuite } from '@tombstone-lab/bench';
import { bareCopyWith, buildExisting, copyOnly } from './rtl-workloads.js';

export default defineSuite({
  name: 'PersistentCopyBench',
  params: { size: [1000], fields: [5, 6, 8] },
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
