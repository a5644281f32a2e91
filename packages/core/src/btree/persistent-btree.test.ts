import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FrozenTreeError, ReentrantWriteError, UnsortedItemsError } from '../errors.js';
import { JVM_COMPRESSED_OOPS } from '../heap/size-model.js';
import { PersistentBTree, type Probe, persistentBTreeHeap } from './persistent-btree.js';
import { type BBranch, type BLeaf, type BNode, NODE_CAPACITY } from './persistent-btree-nodes.js';
import { BTREE_MUTATIONS, loadMutantBTree } from './test-btree-mutants.js';

interface Item {
  readonly k: number;
  readonly v: number;
}
const byKey =
  (k: number): Probe<Item> =>
  (item) =>
    item.k - k;
const order = (a: Item, b: Item) => a.k - b.k;
/** The key function of a keyed tree (probes then see keys, not items). */
const keyOf = (item: Item): number => item.k;
/** A probe for key k in either kind of tree: a keyed tree passes it the key, the other the item. */
const anyKey =
  (k: number): Probe<unknown> =>
  (x) =>
    (typeof x === 'number' ? x : (x as Item).k) - k;
type AnyTree = PersistentBTree<Item, unknown>;
type TreeClass = typeof PersistentBTree;
const newTree = (keyed: boolean, Tree: TreeClass = PersistentBTree): AnyTree =>
  new Tree<Item, unknown>(keyed ? { keyOf } : undefined);

/** White-box walk: every invariant the searches and the heap figure rely on; returns the items in order. */
function checkStructure(tree: PersistentBTree<Item, unknown>): Item[] {
  const t = tree as unknown as { root: BNode<Item>; height: number; n: number; keyOf?: unknown };
  const keyed = t.keyOf !== undefined;
  let leaves = 0;
  let internals = 0;
  const out: Item[] = [];
  const walk = (node: BNode<Item>, h: number, isRoot: boolean): number => {
    expect(node.count).toBeLessThanOrEqual(NODE_CAPACITY);
    if (!isRoot) expect(node.count).toBeGreaterThan(0);
    if (h === 0) {
      const leaf = node as BLeaf<Item>;
      if (leaf.count > 0 || !isRoot || t.n > 0) leaves++;
      if (!keyed) expect(leaf.keys).toBeNull();
      for (let j = 0; j < NODE_CAPACITY; j++) {
        if (j < leaf.count) out.push(leaf.items[j] as Item);
        else expect(leaf.items[j]).toBeUndefined();
        // A keyed leaf holds each item's key at its slot, and nothing past count.
        if (keyed) expect(leaf.keys?.[j]).toBe(j < leaf.count ? (leaf.items[j] as Item).k : undefined);
      }
      return leaf.count;
    }
    internals++;
    const b = node as BBranch<Item>;
    let total = 0;
    for (let k = 0; k < NODE_CAPACITY; k++) {
      if (k >= b.count) {
        expect(b.children[k]).toBeUndefined();
        expect(b.firsts[k]).toBeUndefined();
        continue;
      }
      const before = out.length;
      const size = walk(b.children[k] as BNode<Item>, h - 1, false);
      expect(b.sizes[k]).toBe(size);
      expect(b.firsts[k]).toBe(keyed ? (out[before] as Item).k : out[before]);
      total += size;
    }
    return total;
  };
  expect(walk(t.root, t.height, true)).toBe(t.n);
  expect(tree.nodeCounts()).toEqual({ leaves, internals });
  expect(tree.size).toBe(out.length);
  for (let i = 1; i < out.length; i++) expect((out[i - 1] as Item).k).toBeLessThan((out[i] as Item).k);
  return out;
}

/** The model: a plain sorted array, upserted by splicing a copy. */
function modelUpsert(model: Item[], item: Item): Item[] {
  const next = model.slice();
  const i = next.findIndex((x) => x.k >= item.k);
  if (i === -1) next.push(item);
  else if ((next[i] as Item).k === item.k) next[i] = item;
  else next.splice(i, 0, item);
  return next;
}

type Op =
  | { kind: 'upsert'; target: number; k: number; v: number }
  | { kind: 'remove'; target: number; k: number }
  | { kind: 'removeAt'; target: number; at: number }
  | { kind: 'fork'; source: number }
  | { kind: 'snapshot'; source: number };

const keyArb = fc.integer({ min: 0, max: 3000 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({
      kind: fc.constant('upsert' as const),
      target: fc.nat(3),
      k: keyArb,
      v: fc.nat(99),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('remove' as const), target: fc.nat(3), k: keyArb }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('removeAt' as const), target: fc.nat(3), at: fc.nat(5000) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fork' as const), source: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('snapshot' as const), source: fc.nat(3) }) },
);

function runHistory(ops: readonly Op[], keyed: boolean, Tree: TreeClass = PersistentBTree): void {
  const byKey = anyKey;
  const trees = [0, 1, 2, 3].map(() => newTree(keyed, Tree));
  const models: Item[][] = [[], [], [], []];
  // Frozen forks kept alive to the end: no later write to any handle may show through.
  const snapshots: { tree: AnyTree; items: Item[] }[] = [];
  for (const op of ops) {
    if (op.kind === 'upsert') {
      const item = { k: op.k, v: op.v };
      const model = models[op.target] as Item[];
      const expectedOld = model.find((x) => x.k === op.k);
      const old = (trees[op.target] as AnyTree).upsert(byKey(op.k), (existing) => {
        expect(existing).toBe(expectedOld);
        return item;
      });
      expect(old).toBe(expectedOld);
      models[op.target] = modelUpsert(model, item);
    } else if (op.kind === 'remove') {
      const model = models[op.target] as Item[];
      const i = model.findIndex((x) => x.k === op.k);
      expect((trees[op.target] as AnyTree).remove(byKey(op.k))).toBe(model[i]);
      if (i >= 0) models[op.target] = model.filter((_, j) => j !== i);
    } else if (op.kind === 'removeAt') {
      const model = models[op.target] as Item[];
      if (model.length === 0) continue;
      const at = op.at % model.length;
      expect((trees[op.target] as AnyTree).removeAt(at)).toBe(model[at]);
      models[op.target] = model.filter((_, j) => j !== at);
    } else if (op.kind === 'fork') {
      const target = (op.source + 1) % 4;
      trees[target] = (trees[op.source] as AnyTree).fork();
      models[target] = models[op.source] as Item[];
    } else {
      snapshots.push({
        tree: (trees[op.source] as AnyTree).fork().freeze(),
        items: models[op.source] as Item[],
      });
    }
  }
  trees.forEach((tree, t) => {
    expect(checkStructure(tree)).toEqual(models[t]);
  });
  for (const s of snapshots) expect(checkStructure(s.tree)).toEqual(s.items);
}

const historyProperty = (keyed: boolean, Tree?: TreeClass) =>
  fc.property(fc.array(opArb, { minLength: 200, maxLength: 3000 }), (ops) => runHistory(ops, keyed, Tree));

describe('PersistentBTree twin fuzz (persistent vs a plain sorted array)', () => {
  for (const keyed of [false, true]) {
    it(`long histories over four handles with forks and snapshots kept alive${keyed ? ' (keyed)' : ''}`, () => {
      fc.assert(historyProperty(keyed), { numRuns: keyed ? 25 : 40 });
    });
  }

  for (const keyed of [false, true]) {
    it(`reads agree with the model: at, bounds, find, forward and reversed ranges${keyed ? ' (keyed)' : ''}`, () => {
      const byKey = anyKey;
      fc.assert(
        fc.property(
          fc.uniqueArray(keyArb, { maxLength: 2500 }),
          fc.array(fc.tuple(fc.integer({ min: -5, max: 3005 }), fc.integer({ min: -5, max: 3005 })), {
            maxLength: 30,
          }),
          (keys, queries) => {
            const tree = newTree(keyed);
            for (const k of keys) tree.fork().upsert(byKey(k), () => ({ k, v: k })); // forks are dropped
            const tree2 = keys.reduce((t, k) => {
              const f = t.fork();
              f.upsert(byKey(k), () => ({ k, v: k }));
              return f.freeze();
            }, tree.freeze());
            const model = [...keys].sort((a, b) => a - b);
            expect(tree2.toArray().map((x) => x.k)).toEqual(model);
            model.forEach((k, i) => {
              expect(tree2.at(i).k).toBe(k);
            });
            for (const [a, b] of queries) {
              const lo = tree2.lowerBound(byKey(a));
              const hi = tree2.upperBound(byKey(b));
              expect(lo).toBe(model.filter((k) => k < a).length);
              expect(hi).toBe(model.filter((k) => k <= b).length);
              expect(tree2.find(byKey(a))?.k).toBe(model.includes(a) ? a : undefined);
              const want = model.filter((k) => k >= a && k <= b);
              const got = lo <= hi ? [...tree2.iterate(lo, hi)].map((x) => x.k) : [];
              expect(got).toEqual(want);
              const back = lo <= hi ? [...tree2.iterate(lo, hi, true)].map((x) => x.k) : [];
              expect(back).toEqual([...want].reverse());
              expect(lo <= hi ? tree2.toArray(lo, hi).map((x) => x.k) : []).toEqual(want);
              // between: the range from one search, whether its end is in the start's leaf (a point, a short
              // range) or further on.
              for (const end of [b, a, a + 3, a + 40]) {
                const inRange = model.filter((k) => k >= a && k <= end);
                expect(tree2.between(byKey(a), byKey(end)).map((x) => x.k)).toEqual(inRange);
              }
            }
          },
        ),
        { numRuns: keyed ? 30 : 60 },
      );
    });
  }
});

const mutant = await loadMutantBTree();

describe('PersistentBTree keyed leaves: planted key-maintenance bugs are caught by the twin fuzz', () => {
  // Fixed seed and runs, so each verdict is deterministic; the same histories pass on the guarded copy with nothing
  // planted (it runs the real algorithm), so a catch is the bug's, not the copy's.
  const settings = { numRuns: 25, seed: 20261201, endOnFailure: true } as const;

  it('the guarded copy with nothing planted passes the keyed fuzz on the seed the plants are checked with', () => {
    mutant.plant(null);
    expect(fc.check(historyProperty(true, mutant.PersistentBTree), settings).failed).toBe(false);
  });

  for (const mutation of BTREE_MUTATIONS) {
    it(`planted ${mutation}: the keyed fuzz fails`, () => {
      mutant.plant(mutation);
      try {
        const outcome = fc.check(historyProperty(true, mutant.PersistentBTree), settings);
        expect(outcome.failed).toBe(true);
      } finally {
        mutant.plant(null);
      }
    });
  }
});

describe('PersistentBTree', () => {
  it('10^5 appends, each after a fork, fill every leaf (sequential writes pack like a bulk build)', () => {
    let tree = new PersistentBTree<Item>().freeze();
    const held: PersistentBTree<Item>[] = [];
    for (let k = 0; k < 100_000; k++) {
      const next = tree.fork();
      next.upsert(byKey(k), () => ({ k, v: k }));
      tree = next.freeze();
      if (k % 10_000 === 0) held.push(tree);
    }
    const items = checkStructure(tree);
    expect(items.length).toBe(100_000);
    expect(tree.nodeCounts().leaves).toBe(Math.ceil(100_000 / NODE_CAPACITY));
    held.forEach((h, i) => {
      expect(h.size).toBe(i * 10_000 + 1);
    });
    expect(checkStructure(held[3] as PersistentBTree<Item>).at(30_000)).toEqual({ k: 30_000, v: 30_000 });
  });

  it('random inserts after forks copy O(log N) nodes: the heap of the fork grows by at most a path', () => {
    const keys = Array.from({ length: 20_000 }, (_, i) => (i * 7919) % 20_000);
    let tree = new PersistentBTree<Item>();
    for (const k of keys) tree.upsert(byKey(k), () => ({ k, v: 0 }));
    tree.freeze();
    const f = tree.fork();
    f.upsert(byKey(5.5), () => ({ k: 5.5, v: 1 }));
    const grown =
      f.nodeCounts().leaves +
      f.nodeCounts().internals -
      tree.nodeCounts().leaves -
      tree.nodeCounts().internals;
    expect(grown).toBeLessThanOrEqual(4);
    checkStructure(f);
    tree = f;
  });

  it('fromSorted builds full nodes and checks the order', () => {
    const items = Array.from({ length: 5000 }, (_, k) => ({ k, v: k }));
    const tree = PersistentBTree.fromSorted(items, order);
    expect(checkStructure(tree)).toEqual(items);
    expect(tree.nodeCounts()).toEqual({ leaves: 157, internals: 6 });
    expect(() =>
      PersistentBTree.fromSorted(
        [
          { k: 1, v: 0 },
          { k: 1, v: 1 },
        ],
        order,
      ),
    ).toThrow(UnsortedItemsError);
    expect(() =>
      PersistentBTree.fromSorted(
        [
          { k: 2, v: 0 },
          { k: 1, v: 1 },
        ],
        order,
      ),
    ).toThrow(/item 1/);
    expect(PersistentBTree.fromSorted([]).size).toBe(0);
  });

  it('removing everything returns to the uncounted empty root; the heap figure follows the node counts', () => {
    const tree = PersistentBTree.fromSorted(Array.from({ length: 3000 }, (_, k) => ({ k, v: k })));
    // JVM: a leaf object 12 + 4 + 8 = 24 and a 32-reference array 16 + 128 = 144; a branch object 32, three arrays.
    expect(persistentBTreeHeap(JVM_COMPRESSED_OOPS, tree)).toBe(
      tree.nodeCounts().leaves * (24 + 144) + tree.nodeCounts().internals * (32 + 2 * 144 + 144),
    );
    const f = tree.fork();
    for (let k = 0; k < 3000; k += 2) f.remove(byKey(k));
    checkStructure(f);
    for (let k = 2999; k >= 1; k -= 2) f.removeAt(f.lowerBound(byKey(k)));
    expect(checkStructure(f)).toEqual([]);
    expect(f.nodeCounts()).toEqual({ leaves: 0, internals: 0 });
    expect(persistentBTreeHeap(JVM_COMPRESSED_OOPS, f)).toBe(0);
    expect(checkStructure(tree).length).toBe(3000);
  });

  it('a frozen tree rejects every write and stays unchanged; bad positions are typed errors', () => {
    const tree = PersistentBTree.fromSorted([{ k: 1, v: 1 }]).freeze();
    expect(() => tree.upsert(byKey(2), () => ({ k: 2, v: 2 }))).toThrow(FrozenTreeError);
    expect(() => tree.insertAt(0, { k: 0, v: 0 })).toThrow(FrozenTreeError);
    expect(() => tree.setAt(0, { k: 1, v: 9 })).toThrow(FrozenTreeError);
    expect(() => tree.removeAt(0)).toThrow(FrozenTreeError);
    expect(() => tree.remove(byKey(1))).toThrow(FrozenTreeError);
    expect(tree.toArray()).toEqual([{ k: 1, v: 1 }]);
    const f = tree.fork();
    expect(f.isFrozen).toBe(false);
    expect(() => f.at(1)).toThrow(/index 1 is out of range for size 1/);
    expect(() => f.at(-1)).toThrow(RangeError);
    expect(() => f.insertAt(0.5, { k: 0, v: 0 })).toThrow(RangeError);
    expect(() => f.iterate(0, 2)).toThrow(RangeError);
    expect(() => f.iterate(1, 0)).toThrow(RangeError);
    expect(() => f.toArray(0, 2)).toThrow(/index 2 is out of range for size 1/);
    expect(() => f.toArray(1, 0)).toThrow(RangeError);
    expect(f.toArray(1, 1)).toEqual([]);
    expect(new PersistentBTree<Item>().between(byKey(0), byKey(9))).toEqual([]);
    expect(f.last()).toEqual({ k: 1, v: 1 });
    expect(new PersistentBTree().last()).toBeUndefined();
  });

  it('an upsert callback that throws changes nothing; one that writes a tree is refused', () => {
    const tree = PersistentBTree.fromSorted(Array.from({ length: 2000 }, (_, k) => ({ k: 2 * k, v: k })));
    const before = tree.toArray();
    const boom = new Error('boom');
    for (const k of [7, 8, 5000]) {
      expect(() =>
        tree.upsert(byKey(k), () => {
          throw boom;
        }),
      ).toThrow(boom);
    }
    const other = new PersistentBTree<Item>();
    const writesOther = () => {
      other.insertAt(0, { k: 0, v: 0 });
      return { k: 9, v: 9 };
    };
    expect(() => tree.upsert(byKey(9), writesOther)).toThrow(ReentrantWriteError);
    expect(checkStructure(tree)).toEqual(before);
    expect(other.size).toBe(0);
    tree.upsert(byKey(9), () => ({ k: 9, v: 9 }));
    expect(tree.size).toBe(2001);
  });
});
