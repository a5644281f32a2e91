import { ClusteringComparator, DeletionTime, InvalidClusteringValueError, types } from '@tombstone-lab/core';
import { describe, expect, it } from 'vitest';
import { Cell } from './cell.js';
import { PartitionArgumentError } from './errors.js';
import { Row } from './row.js';
import { dt } from './test-tables.js';

const cmp = new ClusteringComparator([types.int32]);

describe('Cell', () => {
  it('last write wins; equal timestamps break ties on the value, whatever the order', () => {
    const a = new Cell('v', 'x', 5);
    const b = new Cell('v', 'y', 6);
    expect(Cell.reconcile(a, b)).toBe(b);
    expect(Cell.reconcile(b, a)).toBe(b);
    const c = new Cell('v', 'z', 5);
    expect(Cell.reconcile(a, c)).toBe(c);
    expect(Cell.reconcile(c, a)).toBe(c);
    const n = new Cell('v', 7, 5);
    expect(Cell.reconcile(n, a)).toBe(Cell.reconcile(a, n));
  });

  it('validates value and timestamp, naming them', () => {
    expect(() => new Cell('v', Number.NaN, 1)).toThrow(/column "v".*NaN/);
    expect(() => new Cell('v', {} as never, 1)).toThrow(PartitionArgumentError);
    expect(() => new Cell('v', 'x', 2 ** 60)).toThrow(/safe integer/);
    expect(new Cell('v', 'héllo', 1).dataSize()).toBe(8 + 6);
    expect(new Cell('v', new Uint8Array(3), 1).dataSize()).toBe(11);
  });
});

describe('Row', () => {
  it('an insert carries liveness; an update does not', () => {
    const ins = Row.insert(cmp, [1], { v: 'a' }, 5);
    expect(ins.liveness).toBe(5);
    expect(ins.hasLiveData()).toBe(true);
    expect(Row.update(cmp, [1], {}, 5).hasLiveData()).toBe(false);
    expect(Object.isFrozen(ins) && Object.isFrozen(ins.cells) && Object.isFrozen(ins.clustering)).toBe(true);
  });

  it('merge keeps the newest deletion and drops the data it shadows', () => {
    const ins = Row.insert(cmp, [1], { v: 'a', w: 'b' }, 5);
    const del = Row.deleted(cmp, [1], dt(6));
    const later = Row.update(cmp, [1], { w: 'c' }, 7);
    const merged = Row.merge(Row.merge(ins, del), later);
    expect(merged.deletion.markedForDeleteAt).toBe(6);
    expect(merged.liveness).toBeNull();
    expect(merged.values()).toEqual({ w: 'c' });
    expect(Row.merge(later, Row.merge(del, ins)).values()).toEqual({ w: 'c' });
  });

  it('under(outer) hides shadowed data and optionally a superseded row deletion', () => {
    const row = Row.merge(Row.insert(cmp, [1], { v: 'a' }, 5), Row.update(cmp, [1], { w: 'b' }, 9));
    expect(row.under(dt(6))?.values()).toEqual({ w: 'b' });
    expect(row.under(dt(6))?.liveness).toBeNull();
    expect(row.under(dt(9))).toBeNull();
    const deleted = Row.deleted(cmp, [2], dt(3));
    expect(deleted.under(dt(4), true)).toBeNull();
    expect(deleted.under(dt(4))?.deletion.markedForDeleteAt).toBe(3);
    expect(deleted.under(dt(2), true)).toBe(deleted);
  });

  it('rejects bad clusterings and values with clear errors', () => {
    expect(() => Row.insert(cmp, ['x'], {}, 1)).toThrow(InvalidClusteringValueError);
    expect(() => Row.insert(cmp, [1, 2], {}, 1)).toThrow(/2 values, expected 1/);
    expect(() => Row.deleted(cmp, [1], DeletionTime.LIVE)).toThrow(/non-LIVE/);
    expect(() => Row.insert(cmp, [1], null as never, 1)).toThrow(/column → value/);
  });

  it('reports min/max timestamps and sizes', () => {
    const row = Row.merge(Row.insert(cmp, [1], { v: 'ab' }, 5), Row.deleted(cmp, [1], dt(3)));
    expect(row.minTimestamp()).toBe(3);
    expect(row.maxTimestamp()).toBe(5);
    expect(row.dataSize()).toBe(4 + 8 + 12 + 1 + 8 + 2);
  });
});
