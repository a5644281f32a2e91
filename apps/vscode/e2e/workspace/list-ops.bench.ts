// The end-to-end test's bench file: an in-code factor with a large, certain difference (Won) and a guardrail.
import { defineSuite } from '@tombstone-lab/bench';

export default defineSuite({
  name: 'ListOpsBench',
  params: { size: [256] },
  compare: { factor: 'impl', baseline: 'copyLoop', candidate: 'slice' },
  primary: 'copy',
  sampling: { warmupMs: 100, sampleMs: 60 },
  setup: (p) => ({ xs: Array.from({ length: p.size }, (_, i) => i), fast: p.impl === 'slice' }),
  benchmarks: {
    copy: (s) => {
      if (s.fast) return s.xs.slice();
      const out: number[] = [];
      for (let r = 0; r < 4; r++) for (const x of s.xs) out.push(x);
      return out;
    },
    sum: (s) => s.xs.reduce((a, b) => a + b, 0),
  },
});
