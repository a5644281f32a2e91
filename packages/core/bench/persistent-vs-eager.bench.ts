/**
 * The pre-CASSANDRA-21492 eager list (baseline) against the persistent tree (candidate) on N = 4096 successive
 * copy-then-add merges at seeded random positions (the memtable pattern with interior writes): the eager list
 * copies all N slots per merge, the tree path-copies O(log N) nodes.
 */
import { defineSuite } from '@tombstone-lab/bench';
import { shuffledKeys, storageNamed, successiveMergesOf } from './rtl-workloads.js';

export default defineSuite({
  name: 'PersistentVsEagerMergeBench',
  params: { n: [4096] },
  compare: { factor: 'impl', baseline: 'eager', candidate: 'persistent' },
  primary: 'successiveMerges[n=4096]',
  // As persistent.bench.ts: merge sequences need a long warm-up before the JIT settles.
  sampling: { warmupMs: 1500, sampleMs: 300 },
  setup: ({ n, impl }) => ({ storage: storageNamed(impl), keys: shuffledKeys(n, 42) }),
  benchmarks: {
    successiveMerges: (state) => successiveMergesOf(state.storage, state.keys).size,
  },
});
