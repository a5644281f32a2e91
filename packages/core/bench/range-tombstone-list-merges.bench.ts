/**
 * The memtable pattern: N successive copy-then-append merges keeping only the newest copy, N = 256 … 4096.
 * One op is the whole sequence; the runner fits the growth exponent over N per side (eager ≈ O(N²)).
 * The op returns the final size, not the list: the black hole keeps its last 16 values alive, and 16 retained
 * 4096-entry lists would add promotion work that grows with N to both sides — the memtable keeps only the newest.
 */
import { defineSuite } from '@tombstone-lab/bench';
import { storageNamed, successiveMergesOf } from './rtl-workloads.js';

export default defineSuite({
  name: 'RangeTombstoneListSuccessiveMergeBench',
  params: { n: [256, 512, 1024, 2048, 4096] },
  compare: { factor: 'impl', baseline: 'eager', candidate: 'cow' },
  setup: ({ n, impl }) => ({ storage: storageNamed(impl), keys: Array.from({ length: n }, (_, k) => k) }),
  benchmarks: {
    successiveMerges: (state) => successiveMergesOf(state.storage, state.keys).size,
  },
});
