/**
 * An insert at a random interior position right after a copy: a non-append write, which costs every copy-on-write
 * sharer an O(N) copy. Reported honestly next to the append benchmarks.
 */
import { defineSuite } from '@tombstone-lab/bench';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { buildExisting, copyAndAddMiddle } from './rtl-workloads.js';

const SCALE = 2 ** 30;

export default defineSuite({
  name: 'RangeTombstoneListMiddleBench',
  params: { size: [10, 1000] },
  compare: { factor: 'impl', baseline: 'eager', candidate: 'cow' },
  setup: ({ size, impl }) => {
    const rng = xoroshiro128plus(42);
    return {
      existing: buildExisting(size, impl === 'cow'),
      next: () => uniformInt(rng, 0, SCALE - 1) / SCALE,
    };
  },
  benchmarks: {
    benchCopyAndAddMiddle: (state) => copyAndAddMiddle(state.existing, state.next),
  },
});
