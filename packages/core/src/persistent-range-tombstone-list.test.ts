import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ClusteringBound as B } from './clustering-bound.js';
import { EmptySliceError, InvalidClusteringValueError, InvalidConfigurationError } from './errors.js';
import {
  PersistentRangeTombstoneList,
  persistentListShallowSize,
  persistentNodeHeap,
  persistentRangeTombstoneListFactory,
  slotHeapSize,
} from './persistent-range-tombstone-list.js';
import { LEAF_CAPACITY, nodeCounts, type SlotTree } from './persistent-slots.js';
import { RangeTombstone } from './range-tombstone.js';
import { RangeTombstoneList } from './range-tombstone-list.js';
import type { RangeTombstoneListBase } from './range-tombstone-list-base.js';
import { JVM_COMPRESSED_OOPS, V8_POINTER_COMPRESSION } from './size-model.js';
import { boundsHeapOf, expectRanges, expectValid, INT_CMP, rt } from './test-helpers.js';

/** The oracle is the eager array list, itself checked against a naive per-point model in the property tests. */
const eager = () => new RangeTombstoneList(INT_CMP, { copyOnWrite: false });

/** A short range somewhere in [0, 20000]: many disjoint pieces, so lists grow past a thousand slots (3 tree levels). */
const wideRange = fc
  .record({
    a: fc.integer({ min: 0, max: 20_000 }),
    w: fc.integer({ min: 0, max: 40 }),
    t: fc.integer({ min: 0, max: 9 }),
    ldt: fc.integer({ min: 0, max: 3 }),
    kinds: fc.integer({ min: 0, max: 3 }),
  })
  .map(({ a, w, t, ldt, kinds }) => {
    const start = kinds & 1 ? B.exclusiveStart(a) : B.inclusiveStart(a);
    const end = kinds & 2 && w > 0 ? B.exclusiveEnd(a + w) : B.inclusiveEnd(a + w);
    return { start, end, t, ldt };
  })
  .filter(({ start, end }) => INT_CMP.compare(start, end) < 0);

type Op =
  | { kind: 'add'; target: number; r: { start: B; end: B; t: number; ldt: number } }
  | { kind: 'copy'; source: number }
  | { kind: 'addAll'; target: number; source: number }
  | { kind: 'update'; target: number; t: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 40,
    arbitrary: fc.record({ kind: fc.constant('add' as const), target: fc.nat(99), r: wideRange }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('copy' as const), source: fc.nat(99) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('addAll' as const), target: fc.nat(99), source: fc.nat(99) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('update' as const), target: fc.nat(99), t: fc.nat(12) }),
  },
);

/** White-box: the node counts of a list's tree (as `backingArrays` is for the array list). */
function nodeCountsOf(list: PersistentRangeTombstoneList): { leaves: number; internals: number } {
  return nodeCounts(list as unknown as SlotTree);
}

function expectTwin(p: RangeTombstoneListBase, e: RangeTombstoneListBase): void {
  expect(p.size).toBe(e.size);
  if (!p.equals(e)) expect(String(p)).toBe(String(e));
  expect(e.equals(p)).toBe(true);
}

describe('PersistentRangeTombstoneList vs the eager list (large families of copies)', () => {
  it('builds exactly the eager list under adds, copies of copies, addAll and updates', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 200, maxLength: 2500 }), (ops) => {
        const ps: PersistentRangeTombstoneList[] = [new PersistentRangeTombstoneList(INT_CMP)];
        const es: RangeTombstoneList[] = [eager()];
        ops.forEach((op, k) => {
          const n = ps.length;
          if (op.kind === 'add') {
            const i = op.target % n;
            ps[i]?.add(op.r.start, op.r.end, op.r.t, op.r.ldt);
            es[i]?.add(op.r.start, op.r.end, op.r.t, op.r.ldt);
          } else if (op.kind === 'copy') {
            ps.push((ps[op.source % n] as PersistentRangeTombstoneList).copy());
            es.push((es[op.source % n] as RangeTombstoneList).copy());
          } else if (op.kind === 'addAll') {
            ps[op.target % n]?.addAll(ps[op.source % n] as PersistentRangeTombstoneList);
            es[op.target % n]?.addAll(es[op.source % n] as RangeTombstoneList);
          } else {
            ps[op.target % n]?.updateAllTimestamp(op.t);
            es[op.target % n]?.updateAllTimestamp(op.t);
          }
          if (k % 97 === 0) for (const [j, p] of ps.entries()) expectTwin(p, es[j] as RangeTombstoneList);
        });
        ps.forEach((p, j) => {
          expectValid(p);
          expectTwin(p, es[j] as RangeTombstoneList);
        });
        for (let x = 0; x <= 20_040; x += 7) {
          const p = ps[0] as PersistentRangeTombstoneList;
          expect(p.searchDeletionTime([x])).toEqual((es[0] as RangeTombstoneList).searchDeletionTime([x]));
        }
      }),
      { numRuns: 12 },
    );
  });

  it('grows past three tree levels and still searches, iterates and slices like the eager list', () => {
    const p = new PersistentRangeTombstoneList(INT_CMP);
    const e = eager();
    for (let i = 0; i < 3000; i++) {
      // Interleaved positions: every third write lands in the middle of what is there.
      const x = (i * 7919) % 3000;
      p.add(rt(4 * x, 4 * x + 2, 1 + (i % 5)));
      e.add(rt(4 * x, 4 * x + 2, 1 + (i % 5)));
    }
    expect(p.size).toBe(3000);
    expectTwin(p, e);
    const slice = rt(1000, 9001, 0).slice;
    expect([...p.iterator(slice)].map(String)).toEqual([...e.iterator(slice)].map(String));
    expect([...p.iterator(slice, true)].map(String)).toEqual([...e.iterator(slice, true)].map(String));
    expect([...p.iterator(true)].map(String)).toEqual([...e.iterator(true)].map(String));
    for (let x = -1; x < 12_005; x += 3) {
      expect(p.isDeleted([x], 2)).toBe(e.isDeleted([x], 2));
      expect(String(p.search([x]))).toBe(String(e.search([x])));
    }
    expect(p.maxMarkedAt()).toBe(e.maxMarkedAt());
    expect(p.dataSize()).toBe(e.dataSize());
  });

  it('merges with array lists both ways (addAll across storages)', () => {
    const a = [rt(1, 5, 3), rt(7, 10, 2), rt(20, 30, 1)];
    const b = [rt(0, 8, 2), rt(9, 25, 4)];
    const expected = eager();
    for (const r of [...a, ...b]) expected.add(r);
    const p = new PersistentRangeTombstoneList(INT_CMP);
    for (const r of a) p.add(r);
    const arr = new RangeTombstoneList(INT_CMP);
    for (const r of b) arr.add(r);
    const viaArray = p.copy();
    viaArray.addAll(arr);
    expectTwin(viaArray, expected);
    // The other way round, b's ranges come first (addAll is "as if added one by one", so order matters).
    const intoArray = new RangeTombstoneList(INT_CMP);
    for (const r of b) intoArray.add(r);
    const pa = new PersistentRangeTombstoneList(INT_CMP);
    for (const r of a) pa.add(r);
    intoArray.addAll(pa);
    const bThenA = eager();
    for (const r of [...b, ...a]) bThenA.add(r);
    expectTwin(intoArray, bThenA);
    // An empty persistent list adopts another persistent list's tree, independently of it afterwards.
    const adopted = new PersistentRangeTombstoneList(INT_CMP);
    adopted.addAll(p);
    adopted.add(rt(2, 3, 9));
    expectRanges(p, '[1,5]@3, [7,10]@2, [20,30]@1');
    expectRanges(adopted, '[1,2)@3, [2,3]@9, (3,5]@3, [7,10]@2, [20,30]@1');
  });
});

describe('PersistentRangeTombstoneList heap accounting', () => {
  it('Σ(new − old) over copy-then-add merges equals the heap the final list retains', () => {
    let list = new PersistentRangeTombstoneList(INT_CMP);
    let reported = list.unsharedHeapSize();
    for (let k = 0; k < 1500; k++) {
      const next = list.copy();
      // Mostly appends, every fifth write an interior overwrite that splits a range.
      const x = k % 5 === 4 ? 4 * (k >> 1) + 1 : 4 * k;
      next.add(rt(x, x + 1, 1 + (k % 3)));
      reported += next.unsharedHeapSize() - list.unsharedHeapSize();
      list = next;
    }
    expect(reported).toBe(list.unsharedHeapSize());
    // Independent recomputation: list object + every node of its tree at full capacity + the bounds of the live
    // entries, recounted from the ranges themselves (the list keeps a running sum).
    const nodes = nodeCountsOf(list);
    expect(nodes.leaves).toBeGreaterThanOrEqual(Math.ceil(list.size / LEAF_CAPACITY));
    expect(list.heapSize().total).toBe(
      persistentListShallowSize(JVM_COMPRESSED_OOPS) +
        persistentNodeHeap(JVM_COMPRESSED_OOPS, nodes.leaves, nodes.internals) +
        list.size * slotHeapSize(JVM_COMPRESSED_OOPS) +
        boundsHeapOf(list),
    );
  });

  it('a copy shares every node; one interior write owns only the O(log N) path it copied', () => {
    const list = new PersistentRangeTombstoneList(INT_CMP);
    for (let i = 0; i < 40_000; i++) list.add(rt(4 * i, 4 * i + 1, 1));
    const c = list.copy();
    const before = c.heapSize();
    expect(before.owned).toBe(before.total - before.shared);
    expect(before.shared).toBe(
      before.total -
        persistentListShallowSize(JVM_COMPRESSED_OOPS) -
        c.size * slotHeapSize(JVM_COMPRESSED_OOPS) -
        boundsHeapOf(c),
    );
    c.add(rt(80_001, 80_002, 5)); // splits range 20,000: an interior write
    const after = c.heapSize();
    const leaf = persistentNodeHeap(JVM_COMPRESSED_OOPS, 1, 0);
    const internal = persistentNodeHeap(JVM_COMPRESSED_OOPS, 0, 1);
    // 40,000 slots in leaves of 32 under nodes of 32: 4 levels. The write copies at most one node per level (plus
    // a split), never the other ~1,300 nodes.
    const copiedNodesHeap = before.shared - after.shared;
    expect(copiedNodesHeap).toBeGreaterThan(0);
    expect(copiedNodesHeap).toBeLessThanOrEqual(2 * leaf + 4 * internal);
    expect(list.heapSize().shared).toBe(before.shared); // the original still shares everything it had
  });

  it('uses the configured size model', () => {
    const a = new PersistentRangeTombstoneList(INT_CMP, { sizeModel: V8_POINTER_COMPRESSION });
    const b = new PersistentRangeTombstoneList(INT_CMP);
    for (const l of [a, b]) l.add(rt(1, 2, 1));
    expect(a.unsharedHeapSize()).not.toBe(b.unsharedHeapSize());
    expect(a.copy().unsharedHeapSize()).toBe(a.unsharedHeapSize());
  });
});

describe('PersistentRangeTombstoneList input errors', () => {
  it('rejects a bad comparator, options or size model, naming the value', () => {
    expect(() => new PersistentRangeTombstoneList({} as never)).toThrow(InvalidClusteringValueError);
    expect(() => new PersistentRangeTombstoneList(INT_CMP, 7 as never)).toThrow(
      /options must be an object, got 7/,
    );
    expect(() => new PersistentRangeTombstoneList(INT_CMP, { sizeModel: { alignment: 3 } as never })).toThrow(
      InvalidConfigurationError,
    );
    expect(() => persistentRangeTombstoneListFactory({ sizeModel: 5 as never })).toThrow(
      InvalidConfigurationError,
    );
  });

  it('rejects an empty slice and leaves the list (and its copies) unchanged', () => {
    const l = new PersistentRangeTombstoneList(INT_CMP);
    l.add(rt(1, 5, 3));
    const c = l.copy();
    expect(() => l.add(B.inclusiveStart(9), B.inclusiveEnd(2), 1)).toThrow(EmptySliceError);
    expect(() => l.add(new RangeTombstone(rt(3, 4, 1).slice, rt(3, 4, 1).deletionTime))).not.toThrow();
    expectRanges(l, '[1,5]@3'); // an older range under a newer one changes nothing
    expectRanges(c, '[1,5]@3');
  });

  it('the factory builds independent lists for any comparator', () => {
    const make = persistentRangeTombstoneListFactory();
    const a = make(INT_CMP);
    const b = make(INT_CMP);
    a.add(rt(1, 2, 1));
    expect(a).toBeInstanceOf(PersistentRangeTombstoneList);
    expect(b.isEmpty()).toBe(true);
  });
});
