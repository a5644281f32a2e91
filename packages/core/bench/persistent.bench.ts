/**
 * Copy-on-write arrays (baseline) against the persistent tree (candidate) on the memtable pattern: N successive
 * merges (copy the newest list, add one tombstone, keep only the copy), with tombstones arriving in clustering
 * order (tail appends: the array list's best case, amortised O(1) each) or in a seeded random order (interior
 * inserts: every one costs a copy-on-write sharer an O(N) array copy, the tree O(log N) path copies).
 * One op is the whole sequence of N merges; `--growth n` fits each side's exponent over N.
 */
import { defineSuite } from '@tombstone-lab/bench';
import { shuffledKeys, storageNamed, successiveMergesOf } from './rtl-workloads.js';

export default defineSuite({
  name: 'PersistentSuccessiveMergeBench',
  // 8192: issue 34's growth target is fitted over N = 1024…8192 (`--param arrival=random --param n=1024,2048,4096,8192
  // --growth n`); docs/core-persistent-random-growth.md.
  params: { arrival: ['random', 'tail'], n: [256, 512, 1024, 2048, 4096, 8192] },
  compare: { factor: 'impl', baseline: 'cow', candidate: 'persistent' },
  primary: 'successiveMerges[arrival=random,n=4096]',
  // A merge sequence takes milliseconds and needs dozens of calls before the JIT settles: the default 150 ms
  // warm-up cap measured it 3× too slow. And 1.5 s as a minimum, not only a cap: the warm-up criterion called
  // successiveMerges[arrival=tail,n=4096] settled after 35–353 calls, and in three alternating pairs of runs its
  // forks' CPU time spread 1.67–3.62× (cow) and 1.64–2.54× (persistent) without the minimum, 1.27–1.61× and
  // 1.29–1.90× with it (wall: 1.72–3.70×, 1.66–2.54× against 1.52–1.89×, 1.30–1.99×; one pair of three wider with it):
  // docs/core-persistent-tail-spread.md, 2026-12-02 15:19–16:24 UTC.
  sampling: { warmupMs: 1500, warmupMinMs: 1500, sampleMs: 300 },
  setup: ({ arrival, n, impl }) => ({
    storage: storageNamed(impl),
    keys: arrival === 'random' ? shuffledKeys(n, 42) : Array.from({ length: n }, (_, k) => k),
  }),
  benchmarks: {
    successiveMerges: (state) => successiveMergesOf(state.storage, state.keys).size,
  },
});
