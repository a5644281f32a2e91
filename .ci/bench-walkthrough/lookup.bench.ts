import { defineSuite } from '@tombstone-lab/bench';
import { type Entries, findInArray, findInMap } from '../src/lookup.js';

export default defineSuite({
  name: 'Lookup',
  params: { size: [100] },
  // Two implementations side by side: `tombstone-bench run` measures baseline vs candidate.
  compare: { factor: 'impl', baseline: 'array', candidate: 'map' },
  sampling: { sampleMs: 20, warmupMs: 50 },
  setup: ({ size, impl }) => {
    const entries: Entries = Array.from({ length: size }, (_, i) => [`key${i}`, i] as const);
    return { entries, index: new Map(entries), key: `key${size - 1}`, useMap: impl === 'map' };
  },
  benchmarks: {
    find: (s) => (s.useMap ? findInMap(s.index, s.key) : findInArray(s.entries, s.key)),
  },
});
