// Test-only (excluded from the build): what a bad-input test runs against — this package's source and the compiled
// dist/ a user installs (issue 24: "a test on both builds"), with the seeded table those tests read before and after.
// The dist is what `pnpm build` wrote (CI builds before testing): a missing one fails the test, never skips it. Under
// vitest the dist's own `@tombstone-lab/core` import resolves to core's source, as every test's does.
import { fileURLToPath } from 'node:url';
import { ClusteringComparator, type RangeTombstoneStoreFactory, types } from '@tombstone-lab/core';
import { expect } from 'vitest';
import type * as Source from './index.js';
import { RANGE_IMPLEMENTATIONS, slice } from './test-tables.js';

/** The clock of {@link seededTable}: seconds. */
export const NOW = 1_000_000;

/** The package's root module, as either build exports it. */
export type PartitionModule = typeof Source;

const dist = fileURLToPath(new URL('../dist/index.js', import.meta.url));

/** `[name, load]` for the source and the built dist. */
export const BUILDS: readonly (readonly [string, () => Promise<PartitionModule>])[] = [
  ['source', () => import('./index.js')],
  ['dist', () => import(/* @vite-ignore */ dist) as Promise<PartitionModule>],
];

/** A table (as `intTable`'s) with a memtable partition and two flushed runs holding rows, a range and a partition deletion. */
export function seededTable(
  m: PartitionModule,
  rangeStore: RangeTombstoneStoreFactory = RANGE_IMPLEMENTATIONS[1]![1],
  clock: () => number = () => NOW,
): Source.Table {
  const comparator = new ClusteringComparator([types.int32]);
  const options = m.tableOptions({ comparator, rangeStore, gcGraceSeconds: 100 });
  const t = new m.Table(options, { clock });
  t.apply(t.update('k').insert([1], { v: 1 }, 10).insert([5], { v: 5 }, 10).build());
  t.apply(t.update('k').deleteRange(slice(4, 6), 11, 5).build());
  t.flush();
  t.apply(t.update('j').insert([2], { v: 2 }, 12).deletePartition(9, 5).build());
  t.flush();
  t.apply(t.update('k').insert([8], { v: 8 }, 13).deleteRow([1], 14, 5).build());
  return t;
}

/** Everything a reader can see: live rows per key and direction, memtable figures, and every run's partitions. */
export function observe(t: Source.Table): string {
  const reads = ['j', 'k', 'x'].flatMap((key) =>
    [false, true].map((reversed) => t.read(key, { reversed }).map((r) => [r.clustering, r.values()])),
  );
  const m = t.memtable;
  const memtable = [
    m.partitionCount,
    m.liveDataSize,
    m.heapSize,
    m.minTimestamp,
    m.maxTimestamp,
    m.operationCount,
  ];
  const runs = t.runs.map((run) => [
    run.id,
    run.size,
    run.partitions.map((p) => [p.key, p.deletionInfo.toString(), p.toRowArray().length]),
  ]);
  const inMemtable = ['j', 'k'].map((key) => m.get(key)?.deletionInfo.toString() ?? null);
  return JSON.stringify({ reads, memtable, runs, inMemtable });
}

/** A bad-input test's assertion on one build: see {@link rejectionsOn}. */
export type ExpectRejected = (
  call: (t: Source.Table, m: PartitionModule) => unknown,
  message: string,
  type?: (m: PartitionModule) => new (message: string) => Error,
) => Promise<void>;

/**
 * For the build `load` gives: runs `call` on a seeded table of each range storage, and expects it to throw `type`
 * (PartitionArgumentError unless given) with exactly `message`, probe no run's bloom filter, and leave every read
 * ({@link observe}) as it was.
 */
export function rejectionsOn(load: () => Promise<PartitionModule>): ExpectRejected {
  return (call, message, type = (m) => m.PartitionArgumentError) => expectRejected(load, call, message, type);
}

async function expectRejected(
  load: () => Promise<PartitionModule>,
  call: (t: Source.Table, m: PartitionModule) => unknown,
  message: string,
  type: (m: PartitionModule) => new (message: string) => Error,
): Promise<void> {
  const m = await load();
  for (const [, store] of RANGE_IMPLEMENTATIONS) {
    const t = seededTable(m, store);
    const before = observe(t);
    const probes = t.runs.map((run) => run.bloomFilter.probes);
    expect(() => call(t, m)).toThrow(type(m));
    expect(() => call(t, m)).toThrow(new (type(m))(message));
    // Before observing again: its reads probe the runs' filters.
    expect(t.runs.map((run) => run.bloomFilter.probes)).toEqual(probes);
    expect(observe(t)).toBe(before);
  }
}
