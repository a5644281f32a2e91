import type { SuiteSampling } from '@tombstone-lab/bench';
import { type RangeMergesWorkload, rangeMerges } from '../workloads/range-merges.js';
import { rangeStoreNamed } from '../workloads/range-stores.js';

/** The swept parameters of the range-merges suites: arrival order × N (the seed's 256 … 4096). */
export const RANGE_MERGES_PARAMS = { arrival: ['tail', 'random'], n: [256, 512, 1024, 2048, 4096] };

/**
 * A merge sequence takes milliseconds and needs dozens of calls before the JIT settles (the persistent suite's
 * default 150 ms warm-up cap measured it 3× too slow), so these suites warm up for longer.
 */
export const RANGE_MERGES_SAMPLING: SuiteSampling = { warmupMs: 1000, sampleMs: 200 };

/** Builds one fork's workload from its parameters (`store` is the compared factor). */
export function rangeMergesSetup(p: {
  readonly arrival: string;
  readonly n: number;
  readonly store: string;
}): RangeMergesWorkload {
  return rangeMerges({
    n: p.n,
    arrival: p.arrival === 'random' ? 'random' : 'tail',
    rangeStore: rangeStoreNamed(p.store),
  });
}
