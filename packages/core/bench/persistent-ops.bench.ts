/**
 * The single operations of `pnpm bench` (the seed's RangeTombstoneListBench, plus an interior insert), copy-on-write
 * arrays (baseline) against the persistent tree (candidate): what the tree costs where the arrays are at their best
 * (an O(1) copy, a tail append) and what it saves where they are not (a write below the shared tail).
 */
import { defineSuite } from '@tombstone-lab/bench';
import {
  buildExisting,
  copyAndAdd,
  copyAndAddMiddle,
  copyOnly,
  seededUnit,
  storageNamed,
  TAIL_TOMBSTONE,
} from './rtl-workloads.js';

export default defineSuite({
  name: 'PersistentOpsBench',
  params: { size: [10, 1000] },
  compare: { factor: 'impl', baseline: 'cow', candidate: 'persistent' },
  primary: 'benchCopyAndAddMiddle[size=1000]',
  setup: ({ size, impl }) => ({ existing: buildExisting(size, storageNamed(impl)), next: seededUnit(42) }),
  benchmarks: {
    benchCopyOnly: (state) => copyOnly(state.existing),
    benchCopyAndAdd: (state) => copyAndAdd(state.existing, TAIL_TOMBSTONE),
    benchCopyAndAddMiddle: (state) => copyAndAddMiddle(state.existing, state.next),
  },
});
