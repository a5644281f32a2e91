/**
 * The seed's `RangeTombstoneListBench` (CASSANDRA-21492): a list of `size` disjoint ranges `[2i, 2i+1]` with
 * capacity == size, and a tombstone that sorts after all of them. Baseline = eager trimmed copy (pre-21492),
 * candidate = copy-on-write. This is the main job (`pnpm bench`).
 */
import { defineSuite } from '@tombstone-lab/bench';
import { buildExisting, copyAndAdd, copyOnly, storageNamed, TAIL_TOMBSTONE } from './rtl-workloads.js';

export default defineSuite({
  name: 'RangeTombstoneListBench',
  params: { size: [10, 1000] },
  compare: { factor: 'impl', baseline: 'eager', candidate: 'cow' },
  primary: 'benchCopyOnly[size=1000]',
  setup: ({ size, impl }) => ({ existing: buildExisting(size, storageNamed(impl)) }),
  benchmarks: {
    benchCopyOnly: (state) => copyOnly(state.existing),
    benchCopyAndAdd: (state) => copyAndAdd(state.existing, TAIL_TOMBSTONE),
  },
});
