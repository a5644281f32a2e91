import type { SuiteSampling } from '@tombstone-lab/bench';
import { type RangeMergesWorkload, rangeMerges } from '../workloads/range-merges.js';
import { type RangeStoreName, rangeStoreNamed } from '../workloads/range-stores.js';

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

/**
 * The shared shape of the range-merges suites: `baseline` → `candidate` range store over the sweep (each suite file
 * still calls `defineSuite` itself, so bench can locate its benchmarks).
 */
export function rangeMergesShape(baseline: RangeStoreName, candidate: RangeStoreName) {
  return {
    params: RANGE_MERGES_PARAMS,
    compare: { factor: 'store', baseline, candidate },
    sampling: RANGE_MERGES_SAMPLING,
    setup: rangeMergesSetup,
  } as const;
}

/**
 * The measured op: the whole sequence of N merges, the flush and the major compaction; the kept-tombstone count and
 * the memtable heap are the sink (both depend on every merge).
 */
export function mergeFlushCompact(w: RangeMergesWorkload): number {
  const r = w.run();
  return r.memtableHeap + r.compaction.tombstonesKept;
}
