/**
 * The ceiling of `benchCopyOnly`'s speed-up on this runtime and machine. Baseline: the faithful eager copy that
 * `pnpm bench` measures (four arrays trimmed to size). Candidate: the cheapest conceivable O(1) copy — one new
 * object holding a list's five fields, with no hook, no capacity rule and no sharing bookkeeping, i.e. less than
 * any correct copy-on-write `copy()` can do. No implementation of `copy()` can beat the ratio this suite reports.
 */
import { defineSuite } from '@tombstone-lab/bench';
import { bareCopy, buildExisting, copyOnly } from './rtl-workloads.js';

export default defineSuite({
  name: 'CopyCeiling',
  params: { size: [10, 1000] },
  compare: { factor: 'copy', baseline: 'eager', candidate: 'bare' },
  primary: 'benchCopyOnly[size=1000]',
  setup: ({ size, copy }) => {
    const existing = buildExisting(size, 'eager');
    return { existing, op: copy === 'bare' ? bareCopy : copyOnly };
  },
  benchmarks: {
    benchCopyOnly: (state) => state.op(state.existing),
  },
});
