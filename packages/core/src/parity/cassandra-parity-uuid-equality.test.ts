/**
 * Behaviours where an earlier version of this port differed from Apache Cassandra (found by the parity review):
 * UUIDType's unsigned low half, and list equality as equality of serialized values.
 */
import { describe, expect, it } from 'vitest';
import { RangeTombstoneList } from '../list/range-tombstone-list.js';
import { ClusteringBound } from '../model/clustering-bound.js';
import { ClusteringComparator } from '../model/clustering-comparator.js';
import { types } from '../model/column-types.js';

const B = ClusteringBound;

describe('UUIDType compares the low 64 bits UNSIGNED (marshal/UUIDType.java compareCustom, CASSANDRA-8730)', () => {
  it('non-time UUIDs with equal high halves: byte 8 0x7f < 0x80', () => {
    expect(
      types.uuid.compare('00000000-0000-4000-7fff-ffffffffffff', '00000000-0000-4000-8000-000000000000'),
    ).toBe(-1);
  });

  it('version-1 UUIDs under the uuid type (not timeuuid): same timestamp, clock_seq 0x80 > 0x7f', () => {
    const a = '00000000-0000-1000-8080-000000000000';
    const b = '00000000-0000-1000-807f-000000000000';
    expect(types.uuid.compare(a, b)).toBe(1);
    // ... while TimeUUIDType orders the same pair the other way (signed bytes); both are Cassandra facts.
    expect(types.timeuuid.compare(a, b)).toBe(-1);
  });

  it('node bytes: 0xff sorts after 0x01 for uuid', () => {
    expect(
      types.uuid.compare('00000000-0000-4000-8000-0000000000ff', '00000000-0000-4000-8000-000000000001'),
    ).toBe(1);
  });

  it('a list on a uuid column orders and covers by the unsigned rule', () => {
    const c = new ClusteringComparator([types.uuid]);
    const l = new RangeTombstoneList(c);
    const low = '00000000-0000-4000-8000-000000000001';
    const high = '00000000-0000-4000-8000-0000000000ff';
    l.add(B.inclusiveStart(low), B.inclusiveEnd(high), 1);
    expect(l.searchDeletionTime(['00000000-0000-4000-8000-000000000080'])?.markedForDeleteAt).toBe(1);
  });
});

describe('list equality is equality of serialized values (AbstractClusteringPrefix.equals → bytes)', () => {
  it('int32 -0 and 0 serialize identically, so lists holding them are equal', () => {
    const c = new ClusteringComparator([types.int32]);
    const a = new RangeTombstoneList(c);
    const b = new RangeTombstoneList(c);
    a.add(B.inclusiveStart(-0), B.inclusiveEnd(5), 1);
    b.add(B.inclusiveStart(0), B.inclusiveEnd(5), 1);
    expect(a.equals(b)).toBe(true);
    // ClusteringBound knows no column type, so its own equals compares JS values.
    expect(B.inclusiveStart(-0).equals(B.inclusiveStart(0))).toBe(false);
  });

  it('double -0 and 0 serialize differently, so lists holding them differ', () => {
    const c = new ClusteringComparator([types.double]);
    const a = new RangeTombstoneList(c);
    const b = new RangeTombstoneList(c);
    a.add(B.inclusiveStart(-0), B.inclusiveEnd(5), 1);
    b.add(B.inclusiveStart(0), B.inclusiveEnd(5), 1);
    expect(a.equals(b)).toBe(false);
  });

  it('uuid strings differing only in hex case are the same 16 bytes', () => {
    const c = new ClusteringComparator([types.uuid]);
    const a = new RangeTombstoneList(c);
    const b = new RangeTombstoneList(c);
    a.add(
      B.inclusiveStart('0000000A-0000-4000-8000-00000000000B'),
      B.inclusiveEnd('0000000c-0000-4000-8000-000000000000'),
      1,
    );
    b.add(
      B.inclusiveStart('0000000a-0000-4000-8000-00000000000b'),
      B.inclusiveEnd('0000000C-0000-4000-8000-000000000000'),
      1,
    );
    expect(a.equals(b)).toBe(true);
    expect(a.equals(new RangeTombstoneList(c))).toBe(false);
  });

  it('the same kind is required: [x and x) compare equal but are different bounds', () => {
    const c = new ClusteringComparator([types.int32]);
    const a = new RangeTombstoneList(c);
    const b = new RangeTombstoneList(c);
    a.add(B.inclusiveStart(1), B.inclusiveEnd(5), 1);
    b.add(B.exclusiveStart(1), B.inclusiveEnd(5), 1);
    expect(a.equals(b)).toBe(false);
  });
});
