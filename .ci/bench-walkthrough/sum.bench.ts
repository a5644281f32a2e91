import { defineSuite } from '@tombstone-lab/bench';
import { sumOfSquares } from '../src/sum.js';

// No `compare` factor: the revision is what varies (`tombstone-bench compare --baseline HEAD~1`).
export default defineSuite({
  name: 'Sum',
  params: { size: [1000] },
  sampling: { sampleMs: 20, warmupMs: 50 },
  setup: ({ size }) => ({ xs: Array.from({ length: size }, (_, i) => i % 97) }),
  benchmarks: { sumOfSquares: (s) => sumOfSquares(s.xs) },
});
