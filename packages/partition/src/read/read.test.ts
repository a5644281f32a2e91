import {
  ClusteringBound,
  ClusteringComparator,
  EmptySliceError,
  InvalidClusteringValueError,
  RangeTombstoneList,
  Slice,
  types,
} from '@tombstone-lab/core';
import { backingArrays } from '@tombstone-lab/core/internal';
import { describe, expect, it } from 'vitest';
import { PartitionArgumentError } from '../errors.js';
import { Table } from '../table/table.js';
import { tableOptions } from '../table/table-options.js';
import { intTable, slice } from '../test-tables.js';
import { mergeVersions } from './partition-merge.js';
import { liveRows, type ReadQuery } from './read.js';

const B = ClusteringBound;

/**
 * Writes 40 tail range deletions to partition 'a' of a table whose flushed run holds a range sorting after all of
 * them (the case where a merge appends the run's range behind the memtable's), optionally reading after each write.
 * Returns the distinct backing stores the memtable's published lists used, and the final read.
 */
function tailWrites(readBetween: boolean): { stores: number; writes: number; reads: number[][] } {
  const t = new Table(intTable());
  for (let c = 0; c < 100; c += 3) t.apply(t.update('a').insert([c], { v: c }, 5).build());
  t.apply(t.update('a').deleteRange(slice(1000, 1001), 1, 0).build());
  t.flush();
  const published: unknown[] = [];
  const reads: number[][] = [];
  for (let k = 0; k < 40; k++) {
    // The memtable's write copies the list its previous write published: record that list's arrays.
    RangeTombstoneList.onCopy = (source) => published.push(backingArrays(source));
    try {
      t.apply(
        t
          .update('a')
          .deleteRange(slice(2 * k, 2 * k + 1), 10 + k, 0)
          .build(),
      );
    } finally {
      RangeTombstoneList.onCopy = null;
    }
    if (readBetween) reads.push(t.read('a').map((r) => r.clustering[0] as number));
  }
  reads.push(t.read('a').map((r) => r.clustering[0] as number));
  return { stores: new Set(published).size, writes: published.length, reads };
}

describe('reads never claim the shared tail of a published range list', () => {
  it('the memtable keeps appending in place when reads run between its writes', () => {
    const quiet = tailWrites(false);
    const read = tailWrites(true);
    expect(read.writes).toBe(quiet.writes);
    // Without reads the copy-on-write list only changes arrays when it grows; reads must not add a single copy.
    expect(quiet.stores).toBeLessThan(quiet.writes / 2);
    expect(read.stores).toBe(quiet.stores);
  });

  it('read results are those of the merged deletions', () => {
    const { reads } = tailWrites(true);
    // Rows at multiples of 3 (written at 5); ranges [2k, 2k+1] for k < 40 (written at 10+k) delete rows 0..79.
    const expected = (k: number) =>
      Array.from({ length: 34 }, (_, i) => 3 * i).filter((c) => !(c <= 2 * k + 1));
    for (let k = 0; k < 40; k++) expect(reads[k]).toEqual(expected(k));
    expect(reads[40]).toEqual(reads[39]);
  });

  it('mergeVersions builds a private container and leaves every input list untouched', () => {
    const table = intTable();
    const t = new Table(table);
    t.apply(t.update('a').deleteRange(slice(1000, 1001), 1, 0).build());
    t.flush();
    t.apply(t.update('a').deleteRange(slice(1, 2), 3, 0).build());
    const versions = [t.memtable.get('a')!, t.runs[0]!.lookup('a')!];
    const before = versions.map((v) => v.deletionInfo.toString());
    const claims: number[] = [];
    RangeTombstoneList.onCopy = (source) => claims.push(backingArrays(source).claimed);
    let merged: ReturnType<typeof mergeVersions>;
    try {
      merged = mergeVersions(table, versions);
    } finally {
      RangeTombstoneList.onCopy = null;
    }
    expect(claims).toEqual([]); // no input container was copied (shared)
    expect(merged.deletionInfo.rangeCount()).toBe(2);
    expect(String(merged.deletionInfo)).toContain('[1,2]@3');
    expect(String(merged.deletionInfo)).toContain('[1000,1001]@1');
    expect(versions.map((v) => v.deletionInfo.toString())).toEqual(before);
  });
});

describe('read query validation', () => {
  const table = () => {
    const t = new Table(intTable());
    for (let c = 0; c < 5; c++) t.apply(t.update('a').insert([c], { v: c }, 1).build());
    return t;
  };

  it.each([
    [
      'a text bound on an int32 table',
      { slice: Slice.make(B.inclusiveStart('a'), B.TOP) },
      InvalidClusteringValueError,
      /query.slice start .*"a" is not valid for column type int32/,
    ],
    [
      'a 2-value bound on a 1-column table',
      { slice: Slice.make(B.BOTTOM, B.inclusiveEnd(1, 2)) },
      InvalidClusteringValueError,
      /query.slice end .* has 2 values but the comparator has 1 columns/,
    ],
    [
      'a slice that is not a Slice',
      { slice: {} },
      PartitionArgumentError,
      /query.slice must be a Slice, got/,
    ],
    ['a null slice', { slice: null }, PartitionArgumentError, /query.slice must be a Slice, got null/],
    ['a non-boolean reversed', { reversed: 'yes' }, PartitionArgumentError, /boolean, got "yes"/],
    ['a null query', null, PartitionArgumentError, /read query options must be an object, got null/],
  ] as const)('rejects %s with a typed error', (_name, query, ErrorClass, message) => {
    const t = table();
    expect(() => t.read('a', query as unknown as ReadQuery)).toThrow(ErrorClass);
    expect(() => t.read('a', query as unknown as ReadQuery)).toThrow(message);
    expect(t.read('a').map((r) => r.clustering[0])).toEqual([0, 1, 2, 3, 4]);
  });

  it('liveRows validates its slice and order too', () => {
    const t = table();
    const versions = [t.memtable.get('a')!];
    expect(() => liveRows(t.options, versions, {} as Slice, false)).toThrow(PartitionArgumentError);
    expect(() => liveRows(t.options, versions, Slice.ALL, 1 as unknown as boolean)).toThrow(/got 1/);
    expect(liveRows(t.options, versions, slice(1, 2), true).map((r) => r.clustering[0])).toEqual([2, 1]);
  });

  it('an ascending slice on a types.reversed column is refused with the reason (it read [] and said nothing)', () => {
    const t = new Table(
      tableOptions({ comparator: new ClusteringComparator([types.reversed(types.int32)]) }),
    );
    t.apply(t.update('a').insert([2], { v: 1 }, 10).insert([4], { v: 2 }, 10).build());
    const ascending = Slice.make(ClusteringBound.inclusiveStart(1), ClusteringBound.inclusiveEnd(5));
    const message =
      'slice [1,5] is empty (its start does not sort before its end; column #0 is reversed(int32), whose slices run ' +
      'from the larger value to the smaller)';
    expect(() => t.read('a', { slice: ascending })).toThrow(new EmptySliceError(message));
    const descending = Slice.make(
      ClusteringBound.inclusiveStart(5),
      ClusteringBound.inclusiveEnd(1),
      t.options.comparator,
    );
    expect(t.read('a', { slice: descending }).map((r) => r.clustering[0])).toEqual([4, 2]);
    // Empty in both orders: a read that selects nothing, as in Cassandra.
    const none = Slice.make(ClusteringBound.exclusiveStart(-0), ClusteringBound.inclusiveEnd(0));
    expect(t.read('a', { slice: none })).toEqual([]);
  });

  it('still accepts valid slices, including prefixes and empty ones (which select nothing)', () => {
    const t = table();
    expect(t.read('a', { slice: slice(1, 3) }).map((r) => r.clustering[0])).toEqual([1, 2, 3]);
    expect(() => slice(3, 1)).toThrow(EmptySliceError); // refused where it is made since issue 24
    // (-0, 0]: Slice.make leaves -0 against 0 to the column (double orders them); under int32 it selects nothing.
    const empty = Slice.make(ClusteringBound.exclusiveStart(-0), ClusteringBound.inclusiveEnd(0));
    expect(t.read('a', { slice: empty })).toEqual([]);
    expect(t.read('a', { slice: Slice.ALL, reversed: true }).map((r) => r.clustering[0])).toEqual([
      4, 3, 2, 1, 0,
    ]);
  });
});
