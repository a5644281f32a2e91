// Test helpers shared by this package's tests (excluded from the build by the `test-*.ts` pattern).
import {
  ClusteringBound,
  ClusteringComparator,
  copyOnWriteRangeTombstoneListFactory,
  DeletionTime,
  eagerRangeTombstoneListFactory,
  persistentRangeTombstoneListFactory,
  RangeTombstone,
  type RangeTombstoneStoreFactory,
  rangeTombstoneListFactory,
  Slice,
  types,
} from '@tombstone-lab/core';
import { type TableOptions, tableOptions } from './table/table-options.js';

/** Every range implementation core offers, by name (plus a capacity-0 variant to exercise growth from empty). */
export const RANGE_IMPLEMENTATIONS: readonly (readonly [string, RangeTombstoneStoreFactory])[] = [
  ['eager', eagerRangeTombstoneListFactory],
  ['copy-on-write', copyOnWriteRangeTombstoneListFactory],
  ['copy-on-write, capacity 0, growth 2', rangeTombstoneListFactory({ capacity: 0, growthFactor: 2 })],
  ['persistent', persistentRangeTombstoneListFactory()],
];

/** A table with one int32 clustering column. */
export function intTable(
  rangeStore: RangeTombstoneStoreFactory = copyOnWriteRangeTombstoneListFactory,
  gcGraceSeconds = 100,
): TableOptions {
  return tableOptions({ comparator: new ClusteringComparator([types.int32]), rangeStore, gcGraceSeconds });
}

/** `[a,b]@t` with local deletion time `ldt`. */
export function rt(a: number, b: number, t: number, ldt = 0): RangeTombstone {
  return new RangeTombstone(
    Slice.make(ClusteringBound.inclusiveStart(a), ClusteringBound.inclusiveEnd(b)),
    DeletionTime.build(t, ldt),
  );
}

/** `[a,b]` as a slice. */
export function slice(a: number, b: number): Slice {
  return Slice.make(ClusteringBound.inclusiveStart(a), ClusteringBound.inclusiveEnd(b));
}

/** DeletionTime shorthand. */
export function dt(t: number, ldt = 0): DeletionTime {
  return DeletionTime.build(t, ldt);
}
