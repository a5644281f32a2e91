/**
 * An insert at a random interior position right after a copy: a non-append write, which costs every copy-on-write
 * sharer an O(N) copy. Reported honestly next to the append benchmarks.
 */
import { defineSuite } from '@tombstone-lab/bench';
import { buildExisting, copyAndAddMiddle, seededUnit, storageNamed } from './rtl-workloads.js';

export default defineSuite({
  name: 'RangeTombstoneListMiddleBench',
  params: { size: [10, 1000] },
  compare: { factor: 'impl', baseline: 'eager', candidate: 'cow' },
  setup: ({ size, impl }) => ({ existing: buildExisting(size, storageNamed(impl)), next: seededUnit(42) }),
  benchmarks: {
    benchCopyAndAddMiddle: (state) => copyAndAddMiddle(state.existing, state.next),
  },
});
