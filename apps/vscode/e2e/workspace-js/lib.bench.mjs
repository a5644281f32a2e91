// The JavaScript e2e project's bench file: no TypeScript anywhere. The `variant` factor measures the same code on
// both sides (an in-code run is an A/A run); a compare against the previous commit finds `slow` slowed.
import { defineSuite } from '@tombstone-lab/bench';
import { fast, slow } from './lib.mjs';

export default defineSuite({
  name: 'LibBench',
  params: { size: [512] },
  compare: { factor: 'variant', baseline: 'a', candidate: 'b' },
  sampling: { warmupMs: 100, sampleMs: 60 },
  setup: (p) => ({ xs: Array.from({ length: p.size }, (_, i) => i) }),
  benchmarks: {
    slow: (s) => slow(s.xs),
    fast: (s) => fast(s.xs),
  },
});
