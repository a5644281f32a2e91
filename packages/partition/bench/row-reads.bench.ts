/**
 * Reads of one partition holding N rows (written as one update, so every revision builds it in O(N log N)): a point
 * read of one clustering and a slice read of 100 consecutive rows, both in the middle of the partition. With rows
 * in a tree both are O(log N + k); `--growth n` fits the exponent over N.
 *
 * Self-contained on purpose, like `row-writes.bench.ts`: git mode copies only this file into the baseline's worktree.
 */
import { defineSuite } from '@tombstone-lab/bench';
import { ClusteringBound, ClusteringComparator, Slice, types } from '@tombstone-lab/core';
import { Table, tableOptions } from '../src/index.js';

export default defineSuite({
  name: 'RowReadsBench',
  params: { n: [1000, 10000, 100000] },
  primary: 'sliceRead[n=100000]',
  setup: ({ n }) => {
    const table = new Table(tableOptions({ comparator: new ClusteringComparator([types.int32]) }));
    const update = table.update('hot');
    for (let k = 0; k < n; k++) update.insert([k], { v: k }, 1);
    table.apply(update.build());
    const mid = n >> 1;
    const inclusive = (a: number, b: number) =>
      Slice.make(ClusteringBound.inclusiveStart(a), ClusteringBound.inclusiveEnd(b));
    return { table, point: { slice: inclusive(mid, mid) }, range: { slice: inclusive(mid, mid + 99) } };
  },
  benchmarks: {
    pointRead: ({ table, point }) => table.read('hot', point).length,
    sliceRead: ({ table, range }) => table.read('hot', range).length,
  },
});
