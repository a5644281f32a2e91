import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EmptySliceError, InvalidClusteringValueError, InvalidConfigurationError } from '../errors.js';
import { JVM_COMPRESSED_OOPS, V8_POINTER_COMPRESSION } from '../heap/size-model.js';
import { ClusteringBound as B } from '../model/clustering-bound.js';
import { RangeTombstone } from '../model/range-tombstone.js';
import { LEAF_CAPACITY, nodeCounts } from '../slot-tree/persistent-slots.js';
import { boundsHeapOf, expectRanges, expectValid, INT_CMP, rt } from '../test-helpers.js';
import {
  PersistentRangeTombstoneList,
  persistentListShallowSize,
  persistentNodeHeap,
  persistentRangeTombstoneListFactory,
  slotHeapSize,
  slotTreeOf,
} from './persistent-range-tombstone-list.js';
import { RangeTombstoneList } from './range-tombstone-list.js';
import type { RangeTombstoneListBase } from './range-tombstone-list-base.js';

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
  return nodeCounts(slotTreeOf(list));
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

describe('PersistentRangeTombstoneList copy-on-write state (copy() shares it; writes fork it)', () => {
  /** A list of `n` ranges [4i, 4i+1]@1: 32 slots per leaf, so n = 100 has a tree of three leaves and a tail of 4. */
  const listOf = (n: number): PersistentRangeTombstoneList => {
    const l = new PersistentRangeTombstoneList(INT_CMP);
    for (let i = 0; i < n; i++) l.add(rt(4 * i, 4 * i + 1, 1));
    return l;
  };
  const text = (l: RangeTombstoneListBase) => [...l].map(String).join(', ');
  /** Every write a list can take: an interior split, an overwrite of the tail, a claimed-tail append, an update. */
  const writes: [string, (l: PersistentRangeTombstoneList) => void][] = [
    ['an interior insert', (l) => l.add(rt(41, 42, 5))],
    ['an overwrite of a tail range', (l) => l.add(rt(4 * 98, 4 * 98 + 1, 7))],
    ['an append', (l) => l.add(rt(1000, 1001, 3))],
    ['updateAllTimestamp', (l) => l.updateAllTimestamp(9)],
    ['addAll of a list', (l) => l.addAll(listOf(3))],
  ];

  it.each(writes)('%s on either side after copy() leaves the other side unchanged', (_name, write) => {
    for (const side of ['source', 'copy'] as const) {
      const source = listOf(100);
      const copy = source.copy();
      const before = text(source);
      const written = side === 'source' ? source : copy;
      const other = side === 'source' ? copy : source;
      write(written);
      const expected = eager();
      for (const r of listOf(100)) expected.add(r);
      write(expected as unknown as PersistentRangeTombstoneList);
      expectTwin(written, expected);
      expect(text(other)).toBe(before);
      expectValid(written);
      expectValid(other);
      // And the other side may then write as it likes without disturbing the first.
      const after = text(written);
      other.add(rt(40, 45, 8));
      expect(text(written)).toBe(after);
    }
  });

  it('a claimed-tail append needs no state of its own; the first other write forks it', () => {
    const source = listOf(100);
    const copy = source.copy();
    expect(slotTreeOf(copy)).toBe(slotTreeOf(source));
    expect(slotTreeOf(source).handles).toBe(2);
    copy.add(rt(1000, 1001, 3)); // the copy sees every slot of the tail: appends in place
    expect(slotTreeOf(copy)).toBe(slotTreeOf(source));
    source.add(rt(2000, 2001, 4)); // the source does not (the copy claimed the next slot): forks
    expect(slotTreeOf(source)).not.toBe(slotTreeOf(copy));
    expect(slotTreeOf(copy).handles).toBe(1);
    expect(slotTreeOf(source).handles).toBe(1);
    expect(copy.size).toBe(101);
    expect(source.size).toBe(101);
    expect(String(copy.search([1000]))).toBe('[1000,1001]@3');
    expect(copy.search([2000])).toBeNull();
    expect(String(source.search([2000]))).toBe('[2000,2001]@4');
    expect(source.search([1000])).toBeNull();
  });

  it('many copies of one list and copies of copies stay independent of each other', () => {
    const root = listOf(200);
    const family: PersistentRangeTombstoneList[] = [root];
    const twins: RangeTombstoneList[] = [eager()];
    for (const r of root) twins[0]?.add(r);
    for (let k = 0; k < 60; k++) {
      // Copy a list chosen from the whole family (so copies of copies of copies), then write one of them.
      const from = (k * 7) % family.length;
      family.push((family[from] as PersistentRangeTombstoneList).copy());
      twins.push((twins[from] as RangeTombstoneList).copy());
      const target = (k * 13) % family.length;
      const x = (k * 37) % 900;
      const r = k % 3 === 0 ? rt(900 + 4 * k, 901 + 4 * k, k) : rt(x, x + 2, 2 + (k % 5));
      family[target]?.add(r);
      twins[target]?.add(r);
    }
    family.forEach((p, j) => {
      expectValid(p);
      expectTwin(p, twins[j] as RangeTombstoneList);
    });
  });

  it('heap accounting after a copy and a write on each side', () => {
    const jvm = JVM_COMPRESSED_OOPS;
    const recount = (l: PersistentRangeTombstoneList) => {
      const nodes = nodeCountsOf(l);
      return (
        persistentListShallowSize(jvm) +
        persistentNodeHeap(jvm, nodes.leaves, nodes.internals) +
        l.size * slotHeapSize(jvm) +
        boundsHeapOf(l)
      );
    };
    const source = listOf(3000);
    const copy = source.copy();
    expect(copy.unsharedHeapSize()).toBe(source.unsharedHeapSize());
    // Sharing one state, neither owns a node.
    for (const l of [source, copy]) {
      const h = l.heapSize();
      expect(h.total).toBe(recount(l));
      expect(h.shared).toBe(persistentNodeHeap(jvm, nodeCountsOf(l).leaves, nodeCountsOf(l).internals));
    }
    const leaf = persistentNodeHeap(jvm, 1, 0);
    const branch = persistentNodeHeap(jvm, 0, 1);
    for (const [l, x] of [
      [copy, 4001],
      [source, 8001],
    ] as const) {
      const before = l.heapSize();
      l.add(rt(x, x + 1, 5)); // splits an interior range: forks the state, then path-copies
      const after = l.heapSize();
      expect(after.total).toBe(recount(l));
      // It owns the path it copied (a leaf per level below the root, at most one split), nothing else.
      const copied = before.shared - after.shared;
      expect(copied).toBeGreaterThan(0);
      expect(copied).toBeLessThanOrEqual(2 * leaf + 3 * branch);
    }
    // Memtable-style telescoping across forks: Σ(new − old) is the final list's figure.
    let list = listOf(10);
    let reported = list.unsharedHeapSize();
    for (let k = 0; k < 300; k++) {
      const next = list.copy();
      next.add(k % 4 === 3 ? rt(4 * (k % 10) + 2, 4 * (k % 10) + 3, k) : rt(100 + 4 * k, 101 + 4 * k, k));
      reported += next.unsharedHeapSize() - list.unsharedHeapSize();
      list = next;
    }
    expect(reported).toBe(list.unsharedHeapSize());
    expect(list.unsharedHeapSize()).toBe(recount(list));
  });

  it('planted bug: a write that skips the fork (a forgotten copy) is caught by these checks', () => {
    const source = listOf(100);
    const copy = source.copy();
    const before = text(source);
    // The bug: the state forgets its second handle, so the copy's interior write goes to the shared nodes in place.
    (slotTreeOf(copy) as { handles: number }).handles = 1;
    copy.updateAllTimestamp(9);
    // The independence check of the tests above fails on it.
    expect(() => expect(text(source)).toBe(before)).toThrow();
  });
});
