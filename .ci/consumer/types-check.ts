// Type-checked under moduleResolution nodenext and bundler against the installed tarballs' declarations.
import { defineSuite, hodgesLehmann } from '@tombstone-lab/bench';
import {
  ClusteringBound,
  ClusteringComparator,
  type DeletionTime,
  PersistentRangeTombstoneList,
  RangeTombstoneList,
  type RangeTombstoneListBase,
  types,
} from '@tombstone-lab/core';
import { tableOptions } from '@tombstone-lab/partition';

const cmp = new ClusteringComparator([types.int32, types.text]);
const list: RangeTombstoneList = new RangeTombstoneList(cmp, { copyOnWrite: true });
list.add(ClusteringBound.inclusiveStart(1), ClusteringBound.inclusiveEnd(2, 'b'), 5);
const dt: DeletionTime | null = list.searchDeletionTime([1, 'a']);
const size: number = list.size;
const either: RangeTombstoneListBase = new PersistentRangeTombstoneList(cmp);
either.addAll(list);
const options = tableOptions({ comparator: cmp });
const ci: { estimate: number; lower: number; upper: number } = hodgesLehmann([1, 2, 3], [4, 5, 6]);
export const suite = defineSuite({
  name: 'Typed',
  params: { size: [1, 2] },
  setup: ({ size }) => ({ data: new Array<number>(size).fill(1) }),
  benchmarks: { sum: (s) => s.data.reduce((a, b) => a + b, 0) },
});
export { ci, dt, either, options, size };
