// Model-based property test: random writes, flushes, clock moves and compactions (with and without purging,
// deferred and eager order) against a deliberately naive model that keeps every write forever.
import { ClusteringBound, Slice } from '@tombstone-lab/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SortedRun } from '../compaction/sorted-run.js';
import { intTable, RANGE_IMPLEMENTATIONS } from '../test-tables.js';
import { Table } from './table.js';

const KEYS = ['a', 'b', 'c'] as const;
const CKS = 12;
const GRACE = 5;

type Bound = { v: number; incl: boolean } | null; // null = BOTTOM (start) / TOP (end)
type Op =
  | { kind: 'insert'; key: number; ck: number; both: boolean }
  | { kind: 'update'; key: number; ck: number }
  | { kind: 'rowDelete'; key: number; ck: number }
  | { kind: 'columnDelete'; key: number; ck: number; columns: ('v' | 'w')[] }
  | { kind: 'rangeDelete'; key: number; start: Bound; end: Bound }
  | { kind: 'partitionDelete'; key: number }
  | { kind: 'flush' }
  | { kind: 'tick'; seconds: number }
  | { kind: 'compact'; pick: number[]; purge: boolean; eager: boolean };

const key = fc.integer({ min: 0, max: KEYS.length - 1 });
const ck = fc.integer({ min: 0, max: CKS - 1 });
const bound = fc.option(fc.record({ v: fc.integer({ min: -1, max: CKS }), incl: fc.boolean() }), { freq: 5 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('insert' as const), key, ck, both: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('update' as const), key, ck }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('rowDelete' as const), key, ck }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('columnDelete' as const),
      key,
      ck,
      columns: fc.subarray(['v', 'w'] as ('v' | 'w')[], { minLength: 1 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('rangeDelete' as const), key, start: bound, end: bound }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('partitionDelete' as const), key }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('flush' as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('tick' as const), seconds: fc.integer({ min: 1, max: 8 }) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('compact' as const),
      pick: fc.array(fc.nat(9), { minLength: 1, maxLength: 4 }),
      purge: fc.boolean(),
      eager: fc.boolean(),
    }),
  },
);

/** The naive model: every write kept; a read recomputes each clustering from scratch. */
class Model {
  readonly writes: { key: number; ts: number; op: Op; values?: Record<string, string> }[] = [];

  read(k: number): { ck: number; values: Record<string, string> }[] {
    const out: { ck: number; values: Record<string, string> }[] = [];
    const mine = this.writes.filter((w) => w.key === k);
    for (let c = 0; c < CKS; c++) {
      let del = Number.NEGATIVE_INFINITY;
      for (const w of mine) {
        const o = w.op;
        const hits =
          o.kind === 'partitionDelete' ||
          (o.kind === 'rowDelete' && o.ck === c) ||
          (o.kind === 'rangeDelete' && covers(o.start, o.end, c));
        if (hits) del = Math.max(del, w.ts);
      }
      // A column delete shadows that column's writes at or before it (a deletion wins a timestamp tie).
      const columnDel: Record<string, number> = {};
      for (const w of mine) {
        const o = w.op;
        if (o.kind !== 'columnDelete' || o.ck !== c) continue;
        for (const col of o.columns)
          columnDel[col] = Math.max(columnDel[col] ?? Number.NEGATIVE_INFINITY, w.ts);
      }
      let alive = false;
      const cells: Record<string, { ts: number; v: string }> = {};
      for (const w of mine) {
        const o = w.op;
        if ((o.kind !== 'insert' && o.kind !== 'update') || o.ck !== c || w.ts <= del) continue;
        if (o.kind === 'insert') alive = true;
        for (const [col, v] of Object.entries(w.values!)) {
          if (w.ts <= (columnDel[col] ?? Number.NEGATIVE_INFINITY)) continue;
          if ((cells[col]?.ts ?? Number.NEGATIVE_INFINITY) < w.ts) cells[col] = { ts: w.ts, v };
        }
      }
      const values = Object.fromEntries(
        Object.entries(cells)
          .sort(([x], [y]) => (x < y ? -1 : 1))
          .map(([col, { v }]) => [col, v]),
      );
      if (alive || Object.keys(values).length > 0) out.push({ ck: c, values });
    }
    return out;
  }
}

function covers(start: Bound, end: Bound, c: number): boolean {
  const afterStart = start === null || (start.incl ? c >= start.v : c > start.v);
  const beforeEnd = end === null || (end.incl ? c <= end.v : c < end.v);
  return afterStart && beforeEnd;
}

function toSlice(start: Bound, end: Bound): Slice | null {
  const s =
    start === null
      ? ClusteringBound.BOTTOM
      : start.incl
        ? ClusteringBound.inclusiveStart(start.v)
        : ClusteringBound.exclusiveStart(start.v);
  const e =
    end === null
      ? ClusteringBound.TOP
      : end.incl
        ? ClusteringBound.inclusiveEnd(end.v)
        : ClusteringBound.exclusiveEnd(end.v);
  // Non-empty in comparator terms: start strictly before end (same value: only [x,x] is non-empty).
  if (
    start !== null &&
    end !== null &&
    (start.v > end.v || (start.v === end.v && !(start.incl && end.incl)))
  ) {
    return null;
  }
  return Slice.make(s, e);
}

const cellTombstones = (runs: readonly SortedRun[]) =>
  runs.reduce(
    (n, run) =>
      n +
      run.partitions.reduce((m, p) => m + p.toRowArray().reduce((c, r) => c + r.cellTombstoneCount(), 0), 0),
    0,
  );

const readAll = (table: Table) =>
  KEYS.map((k) => table.read(k).map((r) => ({ ck: r.clustering[0] as number, values: r.values() })));

describe.each(RANGE_IMPLEMENTATIONS)('table vs model over %s ranges', (_name, factory) => {
  it('every read equals the model; no compaction changes any read', () => {
    const seen = { purged: 0, kept: 0, liveRows: 0, compactions: 0, cellTombstonesGone: 0 };
    fc.assert(
      fc.property(
        fc.array(opArb, { minLength: 10, maxLength: 80, size: 'max' }),
        fc.array(fc.tuple(bound, bound, fc.boolean()), { maxLength: 4 }),
        (ops, slices) => {
          let now = 1_000;
          const table = new Table(intTable(factory, GRACE), { clock: () => now });
          const model = new Model();
          let ts = 0;
          for (const op of ops) {
            ts++;
            switch (op.kind) {
              case 'insert':
              case 'update': {
                const values: Record<string, string> =
                  op.kind === 'insert' && op.both ? { v: `v${ts}`, w: `w${ts}` } : { v: `v${ts}` };
                const b = table.update(KEYS[op.key]!);
                table.apply(
                  (op.kind === 'insert'
                    ? b.insert([op.ck], values, ts)
                    : b.update([op.ck], values, ts)
                  ).build(),
                );
                model.writes.push({ key: op.key, ts, op, values });
                break;
              }
              case 'rowDelete':
                table.apply(table.update(KEYS[op.key]!).deleteRow([op.ck], ts, now).build());
                model.writes.push({ key: op.key, ts, op });
                break;
              case 'rangeDelete': {
                const s = toSlice(op.start, op.end);
                if (s === null) break;
                table.apply(table.update(KEYS[op.key]!).deleteRange(s, ts, now).build());
                model.writes.push({ key: op.key, ts, op });
                break;
              }
              case 'partitionDelete':
                table.apply(table.update(KEYS[op.key]!).deletePartition(ts, now).build());
                model.writes.push({ key: op.key, ts, op });
                break;
              case 'columnDelete':
                table.apply(table.update(KEYS[op.key]!).deleteColumns([op.ck], op.columns, ts, now).build());
                model.writes.push({ key: op.key, ts, op });
                break;
              case 'flush':
                table.flush();
                break;
              case 'tick':
                now += op.seconds;
                break;
              case 'compact': {
                if (table.runs.length === 0) break;
                const inputs = [...new Set(op.pick.map((i) => table.runs[i % table.runs.length]!))];
                const before = readAll(table);
                const cellTombstonesIn = cellTombstones(inputs);
                const { stats, output } = table.compact(inputs, {
                  purge: op.purge,
                  purgeOrder: op.eager ? 'eager' : 'deferred',
                });
                expect(readAll(table)).toEqual(before);
                // The output's min/max (computed while merging) match a recomputation from its partitions.
                if (output.size > 0) {
                  expect(output.minTimestamp).toBe(
                    Math.min(...output.partitions.map((p) => p.minTimestamp())),
                  );
                  expect(output.maxTimestamp).toBe(
                    Math.max(...output.partitions.map((p) => p.maxTimestamp())),
                  );
                }
                seen.cellTombstonesGone += cellTombstonesIn - cellTombstones([output]);
                seen.compactions++;
                seen.purged += stats.tombstonesPurged;
                seen.kept += stats.tombstonesKept;
                break;
              }
            }
            const reads = readAll(table);
            expect(reads).toEqual(KEYS.map((_, k) => model.read(k)));
            seen.liveRows += reads.reduce((n, r) => n + r.length, 0);
          }
          // Slice reads, forward and reversed.
          for (const [start, end, reversed] of slices) {
            const s = toSlice(start, end);
            if (s === null) continue;
            for (let k = 0; k < KEYS.length; k++) {
              const got = table.read(KEYS[k]!, { slice: s, reversed }).map((r) => r.clustering[0]);
              const want = model
                .read(k)
                .map((r) => r.ck)
                .filter((c) => covers(start, end, c));
              expect(got).toEqual(reversed ? want.reverse() : want);
            }
          }
        },
      ),
      { numRuns: 120 },
    );
    // The generated histories must exercise what the property is about.
    expect(seen.compactions).toBeGreaterThan(50);
    expect(seen.purged).toBeGreaterThan(10);
    expect(seen.kept).toBeGreaterThan(10);
    expect(seen.liveRows).toBeGreaterThan(100);
    expect(seen.cellTombstonesGone).toBeGreaterThan(10);
  });

  it('purging really drops tombstones once grace passed and nothing older remains elsewhere', () => {
    let now = 1_000;
    const table = new Table(intTable(factory, GRACE), { clock: () => now });
    table.apply(table.update('a').insert([1], { v: 'x' }, 1).build());
    table.apply(
      table
        .update('a')
        .deleteRange(toSlice({ v: 0, incl: true }, { v: 5, incl: true })!, 2, now)
        .build(),
    );
    table.apply(table.update('a').deleteRow([7], 3, now).build());
    table.flush();
    const early = table.compact(undefined, { purge: true }).stats; // within grace: shadowed row dropped, tombstones kept
    expect([early.tombstonesPurged, early.tombstonesKept, early.rowsDropped]).toEqual([0, 2, 1]);
    now += GRACE + 1;
    const { stats, output } = table.compact();
    expect(stats.tombstonesPurged).toBe(2);
    expect(output.size).toBe(0);
    expect(table.runs).toEqual([]);
    expect(table.read('a')).toEqual([]);
  });
});
