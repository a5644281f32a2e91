/**
 * Reads of a list of 1000 ranges, copy-on-write arrays (baseline) against the persistent tree (candidate): a point
 * search (`search` of a seeded clustering: one binary search over the starts against one tree descent) and a slice
 * iteration (`iterator(slice)` over the middle fifth: two searches, then sequential slot reads through the leaf
 * cache).
 */
import { defineSuite } from '@tombstone-lab/bench';
import { buildExisting, middleSlice, searchKeys, sliceSum, storageNamed } from './rtl-workloads.js';

const KEYS = 1024;

export default defineSuite({
  name: 'PersistentReadsBench',
  params: { size: [1000] },
  compare: { factor: 'impl', baseline: 'cow', candidate: 'persistent' },
  primary: 'pointSearch[size=1000]',
  // Every fork hit the default 150 ms warm-up cap before settling (the tree's read path has more to compile).
  sampling: { warmupMs: 1500, sampleMs: 300 },
  setup: ({ size, impl }) => ({
    list: buildExisting(size, storageNamed(impl)),
    keys: searchKeys(size, KEYS, 7),
    slice: middleSlice(size),
    at: 0,
  }),
  benchmarks: {
    pointSearch: (state) => {
      state.at = (state.at + 1) & (KEYS - 1);
      return state.list.search(state.keys[state.at] as number[]);
    },
    sliceIteration: (state) => sliceSum(state.list, state.slice),
  },
});
