import { inspect } from 'node:util';
import { ClusteringComparator, DeletionTime, InvalidClusteringValueError, types } from '@tombstone-lab/core';
import { describe, expect, it } from 'vitest';
import { PartitionArgumentError } from '../errors.js';
import { Table } from '../table/table.js';
import { tableOptions } from '../table/table-options.js';
import { dt } from '../test-tables.js';
import { Cell } from './cell.js';
import { Row } from './row.js';

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

  it('a one-column row and a one-cell row build their arrays once, frozen, and keep no reference to the input', () => {
    const clustering = [1];
    const values: Record<string, string> = { v: 'a' };
    const row = Row.insert(cmp, clustering, values, 5);
    clustering[0] = 2;
    values.v = 'b';
    expect(row.clustering).toEqual([1]);
    expect(row.clustering).toBe(row.clustering);
    expect(row.cells).toBe(row.cells);
    expect(row.cells.map((c) => [c.column, c.value, c.timestamp])).toEqual([['v', 'a', 5]]);
    expect(Object.isFrozen(row.clustering) && Object.isFrozen(row.cells)).toBe(true);
    // Two clustering columns keep their own copy, as before.
    const two = new ClusteringComparator([types.int32, types.int32]);
    const pair = [1, 2];
    const wide = Row.insert(two, pair, { v: 'a' }, 5);
    pair[1] = 3;
    expect(wide.clustering).toEqual([1, 2]);
    expect(Object.isFrozen(wide.clustering)).toBe(true);
  });

  describe("reads each value of the caller's clustering once, and keeps the read it validated", () => {
    // A Proxy (or an index getter) may answer every read of `clustering[0]` differently: a row validates and keeps
    // one read of each value.
    const shifting = (answers: unknown[], rest: number[]) => {
      let reads = 0;
      return new Proxy([0, ...rest], {
        get: (target, key, receiver) =>
          key === '0' ? answers[Math.min(reads++, answers.length - 1)] : Reflect.get(target, key, receiver),
      }) as number[];
    };

    it('one column: the value validated is the value kept', () => {
      expect(Row.insert(cmp, shifting([1, 'x'], []), { v: 'a' }, 5).clustering).toEqual([1]);
      expect(Row.deleted(cmp, shifting([1, 'x'], []), dt(5)).clustering).toEqual([1]);
      expect(() => Row.update(cmp, shifting(['x', 1], []), { v: 'a' }, 5)).toThrow(
        InvalidClusteringValueError,
      );
    });

    it('two columns: the first value the tree probes with is the clustering the row reads as', () => {
      // It was read again after the copy: the row sat in the tree by another first value than its `clustering`'s,
      // so reads came out of order and a later write of that clustering became a second row.
      const two = new ClusteringComparator([types.int32, types.int32]);
      const table = new Table(tableOptions({ comparator: two }));
      table.apply(table.update('k').insert([2, 2], { v: 'a' }, 1).insert([4, 4], { v: 'b' }, 1).build());
      table.apply(
        table
          .update('k')
          .insert(shifting([1, 2, 3, 4], [5]), { v: 'c' }, 2)
          .build(),
      );
      table.apply(table.update('k').insert([1, 5], { w: 'd' }, 3).build());
      expect(table.read('k').map((r) => [[...r.clustering], r.values()])).toEqual([
        [[1, 5], { v: 'c', w: 'd' }],
        [[2, 2], { v: 'a' }],
        [[4, 4], { v: 'b' }],
      ]);
    });
  });

  it('prints and serialises its clustering and cells, which are getters (JSON.stringify, console.log)', () => {
    const row = Row.insert(cmp, [1], { v: 'a' }, 5);
    const json = JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
    expect(json).toEqual({
      clustering: [1],
      liveness: 5,
      deletion: { ...DeletionTime.LIVE },
      cells: [
        { column: 'v', value: 'a', timestamp: 5, localDeletionTime: new Cell('v', 'a', 5).localDeletionTime },
      ],
    });
    const two = new ClusteringComparator([types.int32, types.text]);
    const wide = Row.merge(
      Row.insert(two, [1, 'x'], { v: 'a' }, 5),
      Row.deletedColumns(two, [1, 'x'], ['w'], 6, 9),
    );
    expect(JSON.parse(JSON.stringify(wide))).toMatchObject({
      clustering: [1, 'x'],
      cells: [{ column: 'v' }, { column: 'w', value: null, localDeletionTime: 9 }],
    });
    const shown = inspect(row, { depth: 4 });
    expect(shown).toMatch(/^Row \{/);
    expect(shown).toMatch(/clustering: \[ 1 \]/);
    expect(shown).toMatch(/column: 'v'/);
    expect(inspect({ nested: { row } }, { depth: 1 })).toContain('[Row]');
  });

  it('values() keeps a column named __proto__ as an own property, whatever its value', () => {
    const row = Row.insert(cmp, [1], { ['__proto__']: Uint8Array.of(1), v: 'x' }, 5);
    const values = row.values();
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
    expect(Object.keys(values)).toEqual(['__proto__', 'v']);
    expect(Object.getOwnPropertyDescriptor(values, '__proto__')?.value).toEqual(Uint8Array.of(1));
    expect(Object.keys(Row.update(cmp, [1], { ['__proto__']: 's' }, 5).values())).toEqual(['__proto__']);
  });

  it('lone cells merge, filter and account like cell arrays', () => {
    const a = Row.insert(cmp, [1], { w: 'x' }, 5);
    const b = Row.update(cmp, [1], { v: 'y' }, 6);
    const both = Row.merge(a, b);
    expect(both.cells.map((c) => c.column)).toEqual(['v', 'w']);
    expect(both.dataSize()).toBe(a.dataSize() + b.dataSize() - cmp.dataSize([1]));
    expect(Row.merge(a, Row.update(cmp, [1], { w: 'z' }, 7)).values()).toEqual({ w: 'z' });
    expect(a.under(dt(5))).toBeNull();
    expect(
      Row.merge(a, b)
        .under(dt(5))
        ?.cells.map((c) => c.column),
    ).toEqual(['v']);
    expect(a.under(dt(4))).toBe(a);
    expect(a.get('w')).toBe('x');
    expect([a.minTimestamp(), a.maxTimestamp(), a.cellTombstoneCount()]).toEqual([5, 5, 0]);
    const wiped = Row.deletedColumns(cmp, [1], ['w'], 6, 100);
    expect(Row.merge(a, wiped).cellTombstoneCount()).toBe(1);
    expect(Row.merge(a, wiped).live()?.cells).toEqual([]);
  });

  it('takes only own enumerable columns, one or several', () => {
    const inherited = Object.assign(Object.create({ ghost: 'g' }) as Record<string, string>, { v: 'a' });
    expect(Row.insert(cmp, [1], inherited, 5).values()).toEqual({ v: 'a' });
    const several = Object.assign(Object.create({ ghost: 'g' }) as Record<string, string>, {
      w: 'b',
      v: 'a',
    });
    expect(Row.insert(cmp, [1], several, 5).cells.map((c) => c.column)).toEqual(['v', 'w']);
    expect(Row.update(cmp, [1], Object.create({ ghost: 'g' }) as Record<string, string>, 5).cells).toEqual(
      [],
    );
  });

  it('reads a values object whose prototype refuses for-in (a Proxy, a revoked one) as Object.keys does', () => {
    // for-in asks every prototype for its keys, Object.keys none: a Proxy there threw where Object.keys did not.
    const asked = () => {
      throw new RangeError('a prototype was asked for its keys');
    };
    const trap = new Proxy({}, { ownKeys: asked, getOwnPropertyDescriptor: asked });
    const { proxy: revoked, revoke } = Proxy.revocable({}, {});
    revoke();
    for (const proto of [trap, revoked]) {
      const values = Object.create(proto) as Record<string, string>;
      Object.defineProperty(values, 'v', { value: 'a', enumerable: true });
      expect(Row.insert(cmp, [1], values, 5).cells.map((c) => [c.column, c.value])).toEqual([['v', 'a']]);
      Object.defineProperty(values, 'w', { value: 'b', enumerable: true });
      expect(Row.update(cmp, [1], values, 5).cells.map((c) => c.column)).toEqual(['v', 'w']);
    }
    // A plain object's chain is walked, and what it inherits skipped (an enumerable key on Object.prototype).
    Object.defineProperty(Object.prototype, 'polluted', { value: 'p', enumerable: true, configurable: true });
    let rows: Row[];
    try {
      rows = [Row.insert(cmp, [1], { v: 'a' }, 5), Row.update(cmp, [1], {}, 5)];
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
    expect(rows.map((r) => r.cells.map((c) => [c.column, c.value]))).toEqual([[['v', 'a']], []]);
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

describe('Row with column deletes (cell tombstones)', () => {
  const del = (columns: string[], ts: number, ldt = 0) => Row.deletedColumns(cmp, [1], columns, ts, ldt);

  it('a column delete holds one tombstone per column, sorted, and no liveness', () => {
    const row = del(['w', 'v'], 5, 9);
    expect(row.cells.map((c) => [c.column, c.isTombstone(), c.localDeletionTime])).toEqual([
      ['v', true, 9],
      ['w', true, 9],
    ]);
    expect(row.liveness).toBeNull();
    expect(row.hasLiveData()).toBe(false);
    expect(row.live()).toBeNull();
    expect(row.values()).toEqual({});
    expect(row.cellTombstoneCount()).toBe(2);
  });

  it('shadows the column writes at or before it, per column; newer writes survive', () => {
    const upd = Row.update(cmp, [1], { v: 'a', w: 'b' }, 5);
    const merged = Row.merge(upd, del(['v'], 5));
    expect(merged.values()).toEqual({ w: 'b' });
    expect(merged.get('v')).toBeUndefined();
    expect(Row.merge(del(['v'], 5), upd).values()).toEqual({ w: 'b' });
    expect(Row.merge(Row.merge(upd, del(['v'], 5)), Row.update(cmp, [1], { v: 'c' }, 6)).get('v')).toBe('c');
    expect(Row.merge(upd, del(['v'], 4)).get('v')).toBe('a');
  });

  it('an UPDATEd row with every column deleted is not live; an INSERTed one still is (liveness)', () => {
    const updated = Row.merge(Row.update(cmp, [1], { v: 'a' }, 5), del(['v'], 6));
    expect(updated.hasLiveData()).toBe(false);
    expect(updated.live()).toBeNull();
    const inserted = Row.merge(Row.insert(cmp, [1], { v: 'a' }, 5), del(['v'], 6));
    expect(inserted.hasLiveData()).toBe(true);
    const shown = inserted.live()!;
    expect([shown.liveness, shown.cells.length, shown.values()]).toEqual([5, 0, {}]);
  });

  it('live() strips cell tombstones and the row deletion, keeping the live cells', () => {
    const row = Row.merge(Row.update(cmp, [1], { v: 'a', w: 'b' }, 5), del(['v'], 6));
    const shown = row.live()!;
    expect(shown.cells.map((c) => c.column)).toEqual(['w']);
    const plain = Row.update(cmp, [1], { w: 'b' }, 5);
    expect(plain.live()).toBe(plain);
  });

  it('a row deletion (or an outer deletion) shadows the cell tombstones it covers, ties included', () => {
    const row = Row.merge(del(['v'], 5), Row.update(cmp, [1], { w: 'b' }, 7));
    expect(Row.merge(row, Row.deleted(cmp, [1], dt(5))).cellTombstoneCount()).toBe(0);
    expect(Row.merge(row, Row.deleted(cmp, [1], dt(4))).cellTombstoneCount()).toBe(1);
    expect(row.under(dt(5))!.cellTombstoneCount()).toBe(0);
    expect(row.under(dt(4))!.cellTombstoneCount()).toBe(1);
    // Only tombstones were left: the outer deletion leaves nothing.
    expect(del(['v'], 5).under(dt(6))).toBeNull();
  });

  it('withoutCellTombstones drops exactly the ones the predicate accepts, and counts them', () => {
    const row = Row.merge(del(['v'], 5, 10), Row.merge(del(['w'], 6, 20), Row.update(cmp, [1], { x: 1 }, 1)));
    const r = row.withoutCellTombstones((_ts, ldt) => ldt < 15);
    expect([r.purged, r.kept]).toEqual([1, 1]);
    expect(r.row!.cells.map((c) => c.column)).toEqual(['w', 'x']);
    const none = row.withoutCellTombstones(() => false);
    expect(none.row).toBe(row);
    expect(del(['v'], 5).withoutCellTombstones(() => true).row).toBeNull();
    // A row deletion keeps the row even with every cell tombstone purged.
    const deleted = Row.merge(Row.deleted(cmp, [1], dt(3)), del(['v'], 5));
    expect(deleted.withoutCellTombstones(() => true).row?.deletion.markedForDeleteAt).toBe(3);
  });

  it('counts tombstones in timestamps and sizes', () => {
    const row = Row.merge(Row.update(cmp, [1], { w: 'ab' }, 7), del(['v'], 3));
    expect(row.minTimestamp()).toBe(3);
    expect(row.maxTimestamp()).toBe(7);
    // clustering + (name + timestamp + value) + (name + timestamp + local deletion time)
    expect(row.dataSize()).toBe(4 + (1 + 8 + 2) + (1 + 12));
  });

  it('rejects a bad column list or deletion, naming it', () => {
    expect(() => del([], 1)).toThrow(/non-empty array of column names, got \[\]/);
    expect(() => Row.deletedColumns(cmp, [1], 'v' as never, 1, 0)).toThrow(PartitionArgumentError);
    expect(() => del(['v', ''], 1)).toThrow(/non-empty strings, got ""/);
    expect(() => del(['v', 3 as never], 1)).toThrow(/got 3/);
    expect(() => del(['v', 'w', 'v'], 1)).toThrow(/column "v" twice/);
    expect(() => del(['v'], Number.MIN_SAFE_INTEGER)).toThrow(/out of bound/);
    expect(() => del(['v'], 1, -1)).toThrow(/local deletion time of column "v"/);
    expect(() => Row.deletedColumns(cmp, ['x'], ['v'], 1, 0)).toThrow(InvalidClusteringValueError);
  });
});

describe('Row: the tombstone count kept from creation', () => {
  // The count live(), hasLiveData() and cellTombstoneCount() read is fixed when a row is made: every way of making
  // one (constructors, merge, under, withoutDeletion, withoutCellTombstones) must agree with counting the cells.
  const counted = (row: Row) => row.cells.filter((c) => c.isTombstone()).length;
  const check = (row: Row | null) => {
    if (row === null) return;
    const tombstones = counted(row);
    expect(row.cellTombstoneCount()).toBe(tombstones);
    const hasLive = row.liveness !== null || row.cells.length > tombstones;
    expect(row.hasLiveData()).toBe(hasLive);
    const shown = row.live();
    if (!hasLive) expect(shown).toBeNull();
    else {
      expect(shown!.deletion.isLive()).toBe(true);
      expect(counted(shown!)).toBe(0);
      expect(shown!.cellTombstoneCount()).toBe(0);
      expect(shown!.values()).toEqual(row.values());
      if (tombstones === 0 && row.deletion.isLive()) expect(shown).toBe(row);
    }
  };

  it('agrees with counting the cells over rows made every way', () => {
    const pieces = [
      Row.insert(cmp, [1], { v: 'a', w: 'b' }, 5),
      Row.update(cmp, [1], { v: 'c' }, 7),
      Row.update(cmp, [1], {}, 3),
      Row.deleted(cmp, [1], dt(6)),
      Row.deletedColumns(cmp, [1], ['v'], 6, 1),
      Row.deletedColumns(cmp, [1], ['v', 'w', 'x'], 8, 2),
    ];
    for (const a of pieces) {
      check(a);
      check(a.under(dt(6)));
      check(a.under(dt(6), true));
      check(a.withoutDeletion());
      check(a.withoutCellTombstones((ts) => ts < 7).row);
      for (const b of pieces) {
        const m = Row.merge(a, b);
        check(m);
        check(m.under(dt(7)));
        check(m.withoutDeletion());
        check(m.withoutCellTombstones(() => true).row);
        for (const c of pieces) check(Row.merge(m, c));
      }
    }
  });
});
