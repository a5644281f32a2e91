/**
 * Issue 13's repro: N row writes into one partition of a fresh `Table`, one
 * `table.apply(table.update('hot').insert([k], { v: k }, ts).build())` per row, with clustering keys arriving in
 * order (sequential) or as a seeded random permutation. One op is the whole sequence of N writes (divide ns/op by N
 * for the cost of a write); `--growth n` fits the exponent over N. Compared across revisions
 * (`compare --baseline <ref>`): a sorted array copied per write is O(N²), the persistent row tree O(N log N).
 *
 * Self-contained on purpose, and in partition's own bench folder although the other suites moved to the harness: in
 * git mode only this file is copied into the baseline's worktree, at the same path, so it may import only what every
 * compared revision resolves there — partition's sources and core (issue 13's baseline, 5dbcba0, predates the
 * harness's dependencies). For the same reason the permutation's generator is written here (xorshift32): partition
 * does not depend on pure-rand any more.
 */
import { defineSuite } from '@tombstone-lab/bench';
import { ClusteringComparator, types } from '@tombstone-lab/core';
import { Table, tableOptions } from '../src/index.js';

/** Clustering keys 0..n-1 in order, or a seeded Fisher–Yates permutation of them. */
export function rowKeys(n: number, keys: string, seed = 13): number[] {
  const out = Array.from({ length: n }, (_, i) => i);
  if (keys !== 'random') return out;
  let state = seed >>> 0 || 1;
  for (let i = n - 1; i > 0; i--) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    // Modulo bias is below 10^5 / 2^32: irrelevant for an arrival order.
    const j = state % (i + 1);
    const t = out[i] as number;
    out[i] = out[j] as number;
    out[j] = t;
  }
  return out;
}

export default defineSuite({
  name: 'RowWritesBench',
  params: { keys: ['sequential', 'random'], n: [1000, 2000, 4000, 8000, 32000, 100000] },
  primary: 'rowWrites[keys=random,n=8000]',
  // One op is up to 10^5 writes. With a 1.5 s warm-up cap, 83 of 96 forks hit the cap before ns/op settled (load
  // average 8–20, forks pinned to one core): in-process the write path needs ~10^5 writes to reach steady state.
  sampling: { warmupMs: 4000, sampleMs: 500 },
  setup: ({ n, keys }) => ({
    options: tableOptions({ comparator: new ClusteringComparator([types.int32]) }),
    keys: rowKeys(n, keys),
  }),
  benchmarks: {
    rowWrites: ({ options, keys }) => {
      const table = new Table(options);
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i] as number;
        table.apply(
          table
            .update('hot')
            .insert([k], { v: k }, i + 1)
            .build(),
        );
      }
      // The heap the updater reported is derived from every write and costs nothing to read.
      return table.memtable.heapSize;
    },
  },
});
