import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ClusteringBound } from '../model/clustering-bound.js';
import type { Clustering, ClusteringComparator } from '../model/clustering-comparator.js';
import type { ClusteringValue } from '../model/column-types.js';
import { DeletionTime } from '../model/deletion-time.js';
import { RangeTombstone } from '../model/range-tombstone.js';
import { Slice } from '../model/slice.js';
import { expectValid, INT_CMP, TWO_INT_CMP } from '../test-helpers.js';
import { PersistentRangeTombstoneList } from './persistent-range-tombstone-list.js';
import { RangeTombstoneList } from './range-tombstone-list.js';
import type { RangeTombstoneListBase } from './range-tombstone-list-base.js';

/**
 * The reference model is deliberately naive: a map from every clustering of a small finite domain to the deletion
 * that covers it, where a newer markedForDeleteAt wins and a tie keeps what was there first.
 */
type Model = Map<string, { t: number; ldt: number }>;

interface Domain {
  readonly cmp: ClusteringComparator;
  readonly points: readonly Clustering[];
  readonly bound: fc.Arbitrary<ClusteringBound>;
}

const ONE_COLUMN: Domain = {
  cmp: INT_CMP,
  points: Array.from({ length: 24 }, (_, i) => [i - 1]),
  bound: fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(ClusteringBound.BOTTOM, ClusteringBound.TOP) },
    {
      weight: 8,
      arbitrary: fc
        .tuple(fc.boolean(), fc.boolean(), fc.integer({ min: 0, max: 20 }))
        .map(([isStart, incl, v]) => ClusteringBound.of(isStart, incl, [v])),
    },
  ),
};

const COMPONENT = fc.constantFrom<ClusteringValue>(null, 0, 1, 2, 3);
const componentValues: ClusteringValue[] = [null, 0, 1, 2, 3];
const TWO_COLUMNS: Domain = {
  cmp: TWO_INT_CMP,
  points: componentValues.flatMap((a) => componentValues.map((b) => [a, b])),
  bound: fc
    .tuple(fc.boolean(), fc.boolean(), fc.array(COMPONENT, { maxLength: 2 }))
    .map(([isStart, incl, values]) => ClusteringBound.of(isStart, incl, values)),
};

function rangeArb(d: Domain): fc.Arbitrary<RangeTombstone> {
  return fc
    .record({
      a: d.bound,
      b: d.bound,
      t: fc.integer({ min: 0, max: 6 }),
      ldt: fc.integer({ min: 0, max: 3 }),
    })
    .map(({ a, b, t, ldt }) => {
      const start = a.isStart() ? a : a.invert();
      const end = b.isEnd() ? b : b.invert();
      return { start, end, t, ldt };
    })
    .filter(({ start, end }) => d.cmp.compare(start, end) < 0)
    .map(({ start, end, t, ldt }) => new RangeTombstone(Slice.make(start, end), DeletionTime.build(t, ldt)));
}

type Op =
  | { kind: 'add'; target: number; rt: RangeTombstone }
  | { kind: 'addAll'; target: number; source: number }
  | { kind: 'copy'; source: number }
  | { kind: 'updateTs'; target: number; ts: number }
  | { kind: 'updateTsLdt'; target: number; ts: number; ldt: number };

function opArb(d: Domain): fc.Arbitrary<Op> {
  const idx = fc.nat({ max: 1000 });
  return fc.oneof(
    { weight: 10, arbitrary: fc.record({ kind: fc.constant('add' as const), target: idx, rt: rangeArb(d) }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('addAll' as const), target: idx, source: idx }) },
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('copy' as const), source: idx }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('updateTs' as const),
        target: idx,
        ts: fc.integer({ min: 0, max: 8 }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('updateTsLdt' as const),
        target: idx,
        ts: fc.integer({ min: 0, max: 8 }),
        ldt: fc.integer({ min: 0, max: 9 }),
      }),
    },
  );
}

function modelAdd(d: Domain, model: Model, slice: Slice, t: number, ldt: number): void {
  for (const p of d.points) {
    if (!slice.includes(d.cmp, p)) continue;
    const key = JSON.stringify(p);
    const cur = model.get(key);
    if (cur === undefined || t > cur.t) model.set(key, { t, ldt });
  }
}

function expectMatches(d: Domain, list: RangeTombstoneListBase, model: Model): void {
  expectValid(list);
  for (const p of d.points) {
    const got = list.searchDeletionTime(p);
    const want = model.get(JSON.stringify(p));
    const gotPair = got === null ? null : { t: got.markedForDeleteAt, ldt: got.localDeletionTime };
    expect(gotPair, `point ${JSON.stringify(p)} in ${list}`).toEqual(want ?? null);
  }
}

/** Runs `ops` on a growing family of lists (copies of copies…) of one storage, checking every list after every op. */
function runFamily(
  d: Domain,
  ops: readonly Op[],
  make: () => RangeTombstoneListBase,
): RangeTombstoneListBase[] {
  const lists = [make()];
  const models: Model[] = [new Map()];
  for (const op of ops) {
    const n = lists.length;
    switch (op.kind) {
      case 'add': {
        const i = op.target % n;
        lists[i]?.add(op.rt);
        modelAdd(
          d,
          models[i] as Model,
          op.rt.slice,
          op.rt.deletionTime.markedForDeleteAt,
          op.rt.deletionTime.localDeletionTime,
        );
        break;
      }
      case 'addAll': {
        const i = op.target % n;
        const j = op.source % n;
        lists[i]?.addAll(lists[j] as RangeTombstoneListBase);
        if (i !== j) {
          for (const [k, v] of models[j] as Model) {
            const cur = (models[i] as Model).get(k);
            if (cur === undefined || v.t > cur.t) (models[i] as Model).set(k, v);
          }
        }
        break;
      }
      case 'copy': {
        const j = op.source % n;
        lists.push((lists[j] as RangeTombstoneListBase).copy());
        models.push(new Map(models[j]));
        break;
      }
      case 'updateTs':
      case 'updateTsLdt': {
        const i = op.target % n;
        const m = models[i] as Model;
        if (op.kind === 'updateTs') {
          lists[i]?.updateAllTimestamp(op.ts);
          for (const [k, v] of m) m.set(k, { t: op.ts, ldt: v.ldt });
        } else {
          lists[i]?.updateAllTimestampAndLocalDeletionTime(op.ts, op.ldt);
          for (const k of m.keys()) m.set(k, { t: op.ts, ldt: op.ldt });
        }
        break;
      }
    }
    lists.forEach((l, k) => {
      expectMatches(d, l, models[k] as Model);
    });
  }
  return lists;
}

describe.each([
  ['one int32 column', ONE_COLUMN],
  ['two int32 columns with nulls and prefixes', TWO_COLUMNS],
] as const)('RangeTombstoneList vs the naive model (%s)', (_name, d) => {
  it('single list: add sequences match the model, eager, copy-on-write and persistent build equal lists', () => {
    fc.assert(
      fc.property(fc.array(rangeArb(d), { maxLength: 25 }), fc.constantFrom(0, 1, 10), (rts, capacity) => {
        const eager = new RangeTombstoneList(d.cmp, { copyOnWrite: false, capacity });
        const cow = new RangeTombstoneList(d.cmp, { copyOnWrite: true, capacity });
        const persistent = new PersistentRangeTombstoneList(d.cmp);
        const model: Model = new Map();
        for (const r of rts) {
          eager.add(r);
          cow.add(r);
          persistent.add(r);
          modelAdd(d, model, r.slice, r.deletionTime.markedForDeleteAt, r.deletionTime.localDeletionTime);
          expectMatches(d, cow, model);
        }
        expectMatches(d, eager, model);
        expectMatches(d, persistent, model);
        expect(cow.equals(eager)).toBe(true);
        expect(persistent.equals(eager)).toBe(true);
        expect(String(persistent)).toBe(String(eager));
      }),
      { numRuns: 300 },
    );
  });

  it.each(['eager', 'copy-on-write', 'persistent'] as const)(
    'families of copies under every mutator match their own models (%s)',
    (mode) => {
      fc.assert(
        fc.property(fc.array(opArb(d), { maxLength: 30 }), fc.constantFrom(0, 1, 4, 10), (ops, capacity) => {
          runFamily(d, ops, () =>
            mode === 'persistent'
              ? new PersistentRangeTombstoneList(d.cmp)
              : new RangeTombstoneList(d.cmp, { copyOnWrite: mode === 'copy-on-write', capacity }),
          );
        }),
        { numRuns: 200 },
      );
    },
  );

  it('slice iteration yields exactly the covered part of the slice, clipped, in both directions', () => {
    fc.assert(
      fc.property(fc.array(rangeArb(d), { maxLength: 20 }), rangeArb(d), (rts, q) => {
        const list = new RangeTombstoneList(d.cmp);
        for (const r of rts) list.add(r);
        const slice = q.slice;
        const forward = [...list.iterator(slice)];
        const backward = [...list.iterator(slice, true)];
        expect(backward.map(String)).toEqual([...forward].reverse().map(String));
        for (const r of forward) {
          expect(d.cmp.compare(slice.start, r.slice.start)).toBeLessThanOrEqual(0);
          expect(d.cmp.compare(r.slice.end, slice.end)).toBeLessThanOrEqual(0);
          expect(d.cmp.compare(r.slice.start, r.slice.end)).toBeLessThan(0);
        }
        for (const p of d.points) {
          const hit = forward.find((r) => r.slice.includes(d.cmp, p));
          const expected = slice.includes(d.cmp, p) ? list.searchDeletionTime(p) : null;
          expect(hit?.deletionTime ?? null, `point ${JSON.stringify(p)} slice ${slice} list ${list}`).toEqual(
            expected,
          );
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('addAllRandomTest (Cassandra: 1000 rounds of random valid lists, result must be valid)', () => {
  it('stays valid and matches the model', () => {
    const d = ONE_COLUMN;
    fc.assert(
      fc.property(
        fc.array(rangeArb(d), { maxLength: 50 }),
        fc.array(rangeArb(d), { maxLength: 50 }),
        (a, b) => {
          const l1 = new RangeTombstoneList(d.cmp);
          const l2 = new RangeTombstoneList(d.cmp);
          const model: Model = new Map();
          for (const r of a) l1.add(r);
          for (const r of b) l2.add(r);
          for (const r of [...a, ...b]) {
            modelAdd(d, model, r.slice, r.deletionTime.markedForDeleteAt, r.deletionTime.localDeletionTime);
          }
          l1.addAll(l2);
          expectMatches(d, l1, model);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
