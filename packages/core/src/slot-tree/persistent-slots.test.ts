import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { ClusteringBound } from '../model/clustering-bound.js';
import { type ClusteringComparator, type ClusteringPrefix, COMPARE } from '../model/clustering-comparator.js';
import {
  BRANCHING,
  heightOf,
  initEmpty,
  insertSlot,
  LEAF_CAPACITY,
  nodeCounts,
  rewriteAll,
  Slot,
  type SlotTree,
  searchSlots,
  setSlot,
  shareTree,
  slotAt,
} from './persistent-slots.js';
import type { Leaf, TreeNode } from './slot-nodes.js';

/**
 * A bare handle over the tree functions (the range list is one too, with its range algebra on top): the slot-level
 * API these tests drive.
 */
class PersistentSlots implements SlotTree {
  declare owner: number;
  declare root: TreeNode;
  declare tail: Leaf;
  declare cacheLeaf: Leaf;
  declare cacheBase: number;
  /** The handle's own slot count (the range list's handle keeps it too: sharers of a tail see different prefixes). */
  declare n: number;
  constructor(from?: PersistentSlots) {
    if (from === undefined) initEmpty(this);
    else shareTree(this, from);
    this.n = from === undefined ? 0 : from.n;
  }
  get size(): number {
    return this.n;
  }
  start(i: number): ClusteringBound {
    return slotAt(this, this.n, i).start;
  }
  end(i: number): ClusteringBound {
    return slotAt(this, this.n, i).end;
  }
  markedAt(i: number): number {
    return slotAt(this, this.n, i).markedAt;
  }
  delTime(i: number): number {
    return slotAt(this, this.n, i).delTime;
  }
  set(i: number, s: ClusteringBound, e: ClusteringBound, m: number, d: number): void {
    setSlot(this, this.n, i, new Slot(s, e, m, d));
  }
  insert(i: number, s: ClusteringBound, e: ClusteringBound, m: number, d: number): void {
    insertSlot(this, this.n, i, new Slot(s, e, m, d));
    this.n++;
  }
  fork(): PersistentSlots {
    return new PersistentSlots(this);
  }
  setAllMarkedAt(m: number): void {
    rewriteAll(this, this.n, m, undefined);
  }
  setAllMarkedAtAndDelTime(m: number, d: number): void {
    rewriteAll(this, this.n, m, d);
  }
  /** `compareToKey(b)` < 0 when b sorts before the key (a stand-in comparator, key unused). */
  binarySearch(column: 'start' | 'end', compareToKey: (b: ClusteringBound) => number): number {
    const cmp = { [COMPARE]: (b: ClusteringPrefix) => compareToKey(b as ClusteringBound) };
    return searchSlots(this, this.n, column === 'end', cmp as unknown as ClusteringComparator, []);
  }
  nodeCounts(): ReturnType<typeof nodeCounts> {
    return nodeCounts(this);
  }
}

/** The plain-array model of one handle: what every index of every column must read back as. */
interface Model {
  starts: ClusteringBound[];
  ends: ClusteringBound[];
  markedAts: number[];
  delTimes: number[];
}

const emptyModel = (): Model => ({ starts: [], ends: [], markedAts: [], delTimes: [] });
const cloneModel = (m: Model): Model => ({
  starts: m.starts.slice(),
  ends: m.ends.slice(),
  markedAts: m.markedAts.slice(),
  delTimes: m.delTimes.slice(),
});

/** A handle and its model, mutated together. */
interface Pair {
  s: PersistentSlots;
  m: Model;
}

/** Fresh bound objects per slot, so reads are checked by identity, not merely by value. */
function slotOf(v: number): [ClusteringBound, ClusteringBound, number, number] {
  // markedAt beyond 2^31 (microsecond timestamps) must survive as a double.
  return [ClusteringBound.inclusiveStart(v), ClusteringBound.inclusiveEnd(v), 1_700_000_000_000_000 + v, -v];
}

function insert({ s, m }: Pair, i: number, v: number): void {
  const [a, b, t, d] = slotOf(v);
  s.insert(i, a, b, t, d);
  m.starts.splice(i, 0, a);
  m.ends.splice(i, 0, b);
  m.markedAts.splice(i, 0, t);
  m.delTimes.splice(i, 0, d);
}

function set({ s, m }: Pair, i: number, v: number): void {
  const [a, b, t, d] = slotOf(v);
  s.set(i, a, b, t, d);
  m.starts[i] = a;
  m.ends[i] = b;
  m.markedAts[i] = t;
  m.delTimes[i] = d;
}

/**
 * A key search on the end column (the model's values are unsorted, so its answer is meaningless; what it leaves
 * behind is the point: the path of the leaf it found, which the next write of the same handle may follow).
 */
function searchNear({ s }: Pair, at: number): void {
  const key = 1_000_000 + (at % 2000);
  s.binarySearch('end', (b) => (b.values[0] as number) - key);
}

function markAll({ s, m }: Pair, t: number, d?: number): void {
  if (d === undefined) s.setAllMarkedAt(t);
  else s.setAllMarkedAtAndDelTime(t, d);
  m.markedAts.fill(t);
  if (d !== undefined) m.delTimes.fill(d);
}

function fork(p: Pair): Pair {
  return { s: p.s.fork(), m: cloneModel(p.m) };
}

/** A small deterministic PRNG, so trees built "randomly" inside a property are reproducible from its seed. */
function rng(seed: number): (n: number) => number {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}

/** `n` slots, about half appended and half inserted at random positions (so leaves are of mixed fullness). */
function built(n: number, seed = 1): Pair {
  const p: Pair = { s: new PersistentSlots(), m: emptyModel() };
  const r = rng(seed);
  for (let v = 0; v < n; v++) insert(p, r(2) === 0 ? p.s.size : r(p.s.size + 1), v);
  return p;
}

/** Reads every index of every column, ascending then descending (both directions exercise the leaf cache). */
function expectSame({ s, m }: Pair, label = ''): void {
  expect(s.size, `${label} size`).toBe(m.starts.length);
  const n = s.size;
  for (let k = 0; k < 2 * n; k++) {
    const i = k < n ? k : 2 * n - 1 - k;
    const ok =
      s.start(i) === m.starts[i] &&
      s.end(i) === m.ends[i] &&
      s.markedAt(i) === m.markedAts[i] &&
      s.delTime(i) === m.delTimes[i];
    if (!ok) expect.fail(`${label} slot ${i} differs from the model`);
  }
}

// Test-only view of the internals: checking them directly is what proves the structural claims.
interface NodeView {
  owner: number;
  height: number;
  size: number;
  count: number;
  slots: (Slot | undefined)[];
  children: (NodeView | undefined)[];
  lastEnd: unknown;
}
interface HandleView {
  owner: number;
  root: NodeView;
  height: number;
  tail: NodeView;
}
const view = (s: PersistentSlots): HandleView => {
  const h = s as unknown as HandleView;
  return { owner: h.owner, root: h.root, tail: h.tail, height: heightOf(s) };
};

/**
 * Walks the tree checking every invariant: full-capacity arrays with cleared free slots, per-node sizes and last
 * ends, no owned node below a shared one, and nodeCounts() equal to an independent count. Returns the reachable nodes.
 */
function checkStructure(s: PersistentSlots): Set<NodeView> {
  const { root, height, owner, tail } = view(s);
  const treeSize = root.size;
  const problems: string[] = [];
  const need = (ok: boolean, what: string) => {
    if (!ok && problems.length < 10) problems.push(what);
  };
  const nodes = new Set<NodeView>();
  const counts = { leaves: 0, internals: 0, sharedLeaves: 0, sharedInternals: 0 };
  const checkLeaf = (leaf: NodeView, min: number): { size: number; last: unknown } => {
    const c = leaf.size;
    need(leaf.slots.length === LEAF_CAPACITY, 'leaf array full');
    need(c >= min && c <= LEAF_CAPACITY, `leaf size ${c}`);
    for (let j = 0; j < c; j++) need(leaf.slots[j] instanceof Slot, `leaf slot ${j} holds a slot`);
    for (let j = c; j < LEAF_CAPACITY; j++) need(leaf.slots[j] === undefined, `leaf free slot ${j} cleared`);
    return { size: c, last: leaf.slots[c - 1]?.end };
  };
  const walk = (node: NodeView, h: number, isRoot: boolean): { size: number; last: unknown } => {
    nodes.add(node);
    if (h === 0) {
      counts.leaves++;
      if (node.owner !== owner) counts.sharedLeaves++;
      return checkLeaf(node, isRoot ? 0 : 1);
    }
    counts.internals++;
    if (node.owner !== owner) counts.sharedInternals++;
    const c = node.count;
    need(node.children.length === BRANCHING, 'branch array full');
    need(c >= (isRoot ? 2 : 1) && c <= BRANCHING, `branch count ${c}`);
    let size = 0;
    let last: unknown;
    for (let k = 0; k < c; k++) {
      const child = node.children[k] as NodeView;
      need(node.owner === owner || child.owner !== owner, 'an owned node under a shared one');
      const r = walk(child, h - 1, false);
      size += r.size;
      last = r.last;
    }
    need(node.size === size, 'branch size');
    need(node.height === h, 'branch height');
    need(node.lastEnd === last, 'branch last end');
    for (let k = c; k < BRANCHING; k++) need(node.children[k] === undefined, 'branch free slot');
    return { size, last };
  };
  // Owner 0 marks the shared empty sentinel (an empty tree's root, an empty tail): never counted, never written.
  if (treeSize > 0) walk(root, height, true);
  else need(root.owner === 0 && root.size === 0 && height === 0, 'an empty tree is the sentinel');
  const visible = s.size - treeSize;
  need(visible >= 0 && visible <= LEAF_CAPACITY, `tail holds ${visible}`);
  if (tail.owner === 0) {
    need(visible === 0 && tail.size === 0, 'an empty tail is the sentinel');
  } else {
    nodes.add(tail);
    counts.leaves++;
    if (tail.owner !== owner) counts.sharedLeaves++;
    // A shared tail may hold a sibling's appends past what this handle sees, but nothing past its claimed size.
    need(tail.size >= visible, `tail size ${tail.size} for ${visible} visible`);
    checkLeaf(tail, visible);
  }
  need(JSON.stringify(s.nodeCounts()) === JSON.stringify(counts), `nodeCounts ${JSON.stringify(counts)}`);
  expect(problems).toEqual([]);
  return nodes;
}

/** Nothing is shared mutably: a node reachable from two handles is owned by neither. */
function checkIsolation(handles: PersistentSlots[]): void {
  const reach = handles.map(checkStructure);
  for (let a = 0; a < handles.length; a++) {
    for (let b = a + 1; b < handles.length; b++) {
      const owners = [view(handles[a] as PersistentSlots).owner, view(handles[b] as PersistentSlots).owner];
      expect(owners[0]).not.toBe(owners[1]);
      for (const node of reach[a] as Set<NodeView>) {
        if ((reach[b] as Set<NodeView>).has(node)) expect(owners).not.toContain(node.owner);
      }
    }
  }
}

function expectAll(pairs: Pair[]): void {
  for (const [k, p] of pairs.entries()) expectSame(p, `handle ${k}`);
  checkIsolation(pairs.map((p) => p.s));
}

describe('PersistentSlots model-based', () => {
  type Simple = 'insert' | 'set' | 'fork' | 'markAll' | 'markAllDel' | 'search';
  const op = (kind: Simple) => fc.record({ kind: fc.constant(kind), h: fc.nat(7), at: fc.nat() });
  const ops = fc.array(
    fc.oneof(
      { weight: 4, arbitrary: op('insert') },
      { weight: 3, arbitrary: op('set') },
      // A key search records its path for the next write's descent: interleaved with writes on every handle, so a
      // write may follow another handle's search, or its own after a fork or a shape change.
      { weight: 3, arbitrary: op('search') },
      { weight: 2, arbitrary: op('fork') },
      { weight: 1, arbitrary: op('markAll') },
      { weight: 1, arbitrary: op('markAllDel') },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('grow' as const),
          h: fc.nat(7),
          at: fc.nat(),
          count: fc.nat(300),
        }),
      },
    ),
    { maxLength: 25 },
  );

  it('every handle reads like its own plain-array model after every op; no node is shared mutably', () => {
    fc.assert(
      fc.property(fc.constantFrom(0, 1, 31, 32, 33, 1024, 1500), fc.nat(), ops, (initial, seed, script) => {
        const pairs = [built(initial, seed)];
        let v = 1_000_000;
        for (const o of script) {
          const p = pairs[o.h % pairs.length] as Pair;
          const n = p.s.size;
          if (o.kind === 'insert') insert(p, o.at % (n + 1), v++);
          else if (o.kind === 'set' && n > 0) set(p, o.at % n, v++);
          else if (o.kind === 'fork' && pairs.length < 8) pairs.push(fork(p));
          else if (o.kind === 'search') searchNear(p, o.at);
          else if (o.kind === 'markAll') markAll(p, v++);
          else if (o.kind === 'markAllDel') markAll(p, v++, -v);
          else if (o.kind === 'grow') {
            const r = rng(o.at);
            for (let k = 0; k < o.count; k++) insert(p, r(3) === 0 ? p.s.size : r(p.s.size + 1), v++);
          }
          expectAll(pairs);
        }
      }),
      { numRuns: 40 },
    );
  });

  const mutators: [string, (p: Pair) => void][] = [
    ['set first', (p) => set(p, 0, 7)],
    ['set middle', (p) => set(p, p.s.size >> 1, 7)],
    ['set last', (p) => set(p, p.s.size - 1, 7)],
    ['insert first', (p) => insert(p, 0, 7)],
    ['insert middle', (p) => insert(p, p.s.size >> 1, 7)],
    ['append', (p) => insert(p, p.s.size, 7)],
    ['setAllMarkedAt', (p) => markAll(p, 7)],
    ['setAllMarkedAtAndDelTime', (p) => markAll(p, 7, 8)],
  ];

  it.each(mutators)(
    'forks of forks (gen1 → gen2 → gen3) stay independent under %s, both ways',
    (_, mutate) => {
      for (let writer = 0; writer < 3; writer++) {
        const gen1 = built(1500, writer + 11);
        const gen2 = fork(gen1);
        const gen3 = fork(gen2);
        const gens = [gen1, gen2, gen3];
        mutate(gens[writer] as Pair);
        expectAll(gens);
        // The other direction: a different generation now writes over what the first one copied.
        mutate(gens[(writer + 1) % 3] as Pair);
        mutate(gens[writer] as Pair);
        expectAll(gens);
      }
    },
  );
});

/** start(i) = [2i, end(i) = 2i+1], so odd keys are missing from the start column and even ones from the end column. */
function numbered(n: number): PersistentSlots {
  const s = new PersistentSlots();
  for (let i = 0; i < n; i++)
    s.insert(i, ClusteringBound.inclusiveStart(2 * i), ClusteringBound.inclusiveEnd(2 * i + 1), i, i);
  return s;
}

/** Java's Arrays.binarySearch over a plain sorted array. */
function javaSearch(a: readonly number[], key: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const x = a[mid] as number;
    if (x < key) lo = mid + 1;
    else if (x > key) hi = mid - 1;
    else return mid;
  }
  return -(lo + 1);
}

/** A comparator on the numeric first value that counts its calls. */
function counting(): { calls: number; by: (key: number) => (b: ClusteringBound) => number } {
  const c = {
    calls: 0,
    by: (key: number) => (b: ClusteringBound) => {
      c.calls++;
      return (b.values[0] as number) - key;
    },
  };
  return c;
}

/** Each node is binary-searched: at most ceil(log2(33)) = 6 calls per level, and there are O(log N) levels. */
const maxCalls = (n: number) =>
  6 * (1 + Math.max(0, Math.ceil(Math.log(Math.max(n, 1)) / Math.log(LEAF_CAPACITY))));

describe('PersistentSlots.binarySearch', () => {
  it.each([0, 1, 31, 32, 33, 1100, 40_000])('matches Java binarySearch on both columns of %i slots', (n) => {
    const s = numbered(n);
    const starts = Array.from({ length: n }, (_, i) => 2 * i);
    const ends = Array.from({ length: n }, (_, i) => 2 * i + 1);
    const readStart = vi.spyOn(s, 'start');
    const readEnd = vi.spyOn(s, 'end');
    const c = counting();
    let worst = 0;
    for (let key = -3; key <= 2 * n + 3; key++) {
      for (const [column, model] of [['start', starts] as const, ['end', ends] as const]) {
        c.calls = 0;
        const got = s.binarySearch(column, c.by(key));
        if (got !== javaSearch(model, key))
          expect.fail(`${column} key ${key}: ${got} vs ${javaSearch(model, key)}`);
        worst = Math.max(worst, c.calls);
      }
    }
    // A descent, not a search over indices: never reads slots through the index accessors.
    expect(readStart).not.toHaveBeenCalled();
    expect(readEnd).not.toHaveBeenCalled();
    expect(worst).toBeLessThanOrEqual(maxCalls(n));
  });

  it.each([1, 32, 33, 64, 1100, 5000])(
    'touching slots (end(i) == start(i+1)) of %i: both columns stay exact',
    (n) => {
      // Slot i is [3i, 3i + 3]: its end compares equal to the next start, as `x)` and `[x` do in a range list. The
      // start search is steered by last ends, so a key equal to a child's last end must go to the next child.
      const s = new PersistentSlots();
      for (let i = 0; i < n; i++)
        s.insert(i, ClusteringBound.inclusiveStart(3 * i), ClusteringBound.inclusiveEnd(3 * i + 3), 0, 0);
      const starts = Array.from({ length: n }, (_, i) => 3 * i);
      const ends = Array.from({ length: n }, (_, i) => 3 * i + 3);
      const c = counting();
      for (let key = -2; key <= 3 * n + 5; key++) {
        expect(s.binarySearch('start', c.by(key))).toBe(javaSearch(starts, key));
        expect(s.binarySearch('end', c.by(key))).toBe(javaSearch(ends, key));
      }
    },
  );

  it('stays exact under inserts at any position, sets that move first/last keys, and forks', () => {
    // Slot of value v: start 10v - ds, end 10v + 5 + de with ds, de in [0, 2]: both columns stay strictly increasing
    // and every end stays below the next start, as in a range list.
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 1_000_000 }), { maxLength: 1200 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(2), fc.nat(2)), { maxLength: 200 }),
        (values, sets) => {
          const s = new PersistentSlots();
          const vs: number[] = [];
          const starts: number[] = [];
          const ends: number[] = [];
          for (const v of values) {
            const i = -javaSearch(vs, v) - 1;
            s.insert(
              i,
              ClusteringBound.inclusiveStart(10 * v),
              ClusteringBound.inclusiveEnd(10 * v + 5),
              0,
              0,
            );
            vs.splice(i, 0, v);
            starts.splice(i, 0, 10 * v);
            ends.splice(i, 0, 10 * v + 5);
          }
          const forked = s.fork();
          const before = { starts: starts.slice(), ends: ends.slice() };
          for (const [at, ds, de] of sets) {
            if (vs.length === 0) break;
            const i = at % vs.length;
            const v = vs[i] as number;
            starts[i] = 10 * v - ds;
            ends[i] = 10 * v + 5 + de;
            s.set(i, ClusteringBound.inclusiveStart(starts[i]), ClusteringBound.inclusiveEnd(ends[i]), 0, 0);
          }
          const c = counting();
          for (const [handle, model] of [
            [s, { starts, ends }],
            [forked, before],
          ] as const) {
            checkStructure(handle);
            const keys = [-1e9, 1e9, ...model.starts.flatMap((k) => [k - 1, k, k + 1])];
            for (const key of keys) {
              expect(handle.binarySearch('start', c.by(key))).toBe(javaSearch(model.starts, key));
              expect(handle.binarySearch('end', c.by(key + 5))).toBe(javaSearch(model.ends, key + 5));
            }
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('PersistentSlots shape and sharing', () => {
  it('exports 32-wide leaves and branches', () => {
    expect(LEAF_CAPACITY).toBe(32);
    expect(BRANCHING).toBe(32);
  });

  it('an empty sequence charges nothing of its own and two empty handles never interfere', () => {
    const a = new PersistentSlots();
    const b = new PersistentSlots();
    expect(a.size).toBe(0);
    expect(a.nodeCounts()).toEqual({ leaves: 0, internals: 0, sharedLeaves: 0, sharedInternals: 0 });
    a.setAllMarkedAtAndDelTime(1, 2);
    expect(a.nodeCounts()).toEqual({ leaves: 0, internals: 0, sharedLeaves: 0, sharedInternals: 0 });
    expect(a.binarySearch('start', () => 0)).toBe(-1);
    insert({ s: a, m: emptyModel() }, 0, 1);
    expect(b.size).toBe(0);
    checkIsolation([a, b]);
  });

  it('appends fill leaves and branches completely', () => {
    expect(numbered(1024).nodeCounts()).toEqual({
      leaves: 32,
      internals: 1,
      sharedLeaves: 0,
      sharedInternals: 0,
    });
    // 1,024 slots in 32 full leaves under one branch, the 1,025th alone in the tail.
    expect(numbered(1025).nodeCounts()).toEqual({
      leaves: 33,
      internals: 1,
      sharedLeaves: 0,
      sharedInternals: 0,
    });
    const big = numbered(40_000);
    expect(big.nodeCounts()).toEqual({ leaves: 1250, internals: 43, sharedLeaves: 0, sharedInternals: 0 });
    const leafCounts = [...checkStructure(big)].filter((node) => node.slots !== undefined).map((l) => l.size);
    expect(leafCounts).toEqual(Array(1250).fill(LEAF_CAPACITY));
  });

  it('the tail: the sharer that sees every claimed slot appends in place; a sibling then copies it first', () => {
    const a = numbered(40); // 32 slots in the tree, 8 in the tail
    const b = a.fork();
    const bound = (v: number) => ClusteringBound.inclusiveStart(v);
    a.insert(40, bound(1000), ClusteringBound.inclusiveEnd(1000), 7, 7);
    // Written into the shared tail at its claimed end: nothing copied, every node still shared.
    expect(a.nodeCounts()).toEqual({ leaves: 2, internals: 0, sharedLeaves: 2, sharedInternals: 0 });
    b.insert(40, bound(2000), ClusteringBound.inclusiveEnd(2000), 9, 9);
    // b no longer sees the whole claimed tail (a appended past its view): it copies its 8 slots, then appends.
    expect(b.nodeCounts()).toEqual({ leaves: 2, internals: 0, sharedLeaves: 1, sharedInternals: 0 });
    expect([a.start(40), a.markedAt(40), b.start(40), b.markedAt(40)]).toEqual([
      bound(1000),
      7,
      bound(2000),
      9,
    ]);
    expect([a.size, b.size]).toEqual([41, 41]);
    // A rewrite in a shared tail copies it too; 32 more appends move a full tail into the tree.
    const c = a.fork();
    c.set(33, bound(66), ClusteringBound.inclusiveEnd(67), 5, 5);
    expect(a.markedAt(33)).toBe(33);
    for (let k = 41; k < 80; k++)
      a.insert(k, bound(3000 + 2 * k), ClusteringBound.inclusiveEnd(3001 + 2 * k), k, k);
    expect(a.size).toBe(80);
    expect(a.binarySearch('start', (x) => (x.values[0] as number) - 3100)).toBe(50);
    checkIsolation([a, b, c]);
  });

  it('after fork() of a 40,000-slot tree a set or insert copies exactly its path; only splits add nodes', () => {
    const a = numbered(40_000);
    const b = a.fork();
    const { height } = view(b);
    expect(height).toBe(3);
    const all = { leaves: 1250, internals: 43, sharedLeaves: 1250, sharedInternals: 43 };
    expect(a.nodeCounts()).toEqual(all);
    expect(b.nodeCounts()).toEqual(all);

    b.set(20_000, ClusteringBound.inclusiveStart(1), ClusteringBound.inclusiveEnd(1), 1, 1);
    expect(b.nodeCounts()).toEqual({ ...all, sharedLeaves: 1249, sharedInternals: 43 - height });
    expect(a.nodeCounts()).toEqual(all);

    // Into a full leaf (append-built): the path is copied, then the leaf and full ancestors split.
    const before = a.nodeCounts();
    a.insert(20_000, ClusteringBound.inclusiveStart(1), ClusteringBound.inclusiveEnd(1), 1, 1);
    const after = a.nodeCounts();
    const added = after.leaves - before.leaves + after.internals - before.internals;
    expect(after.leaves - before.leaves).toBe(1);
    expect(after.sharedLeaves).toBe(before.sharedLeaves - 1);
    expect(after.sharedInternals).toBe(before.sharedInternals - height);
    const owned = after.leaves - after.sharedLeaves + after.internals - after.sharedInternals;
    expect(owned).toBe(height + 1 + added);

    // Into a leaf with room (the split just left one half-full): no split, exactly depth + 1 copies.
    const c = a.fork();
    const cBefore = c.nodeCounts();
    c.insert(20_000, ClusteringBound.inclusiveStart(2), ClusteringBound.inclusiveEnd(2), 2, 2);
    expect(c.nodeCounts()).toEqual({
      ...cBefore,
      sharedLeaves: cBefore.sharedLeaves - 1,
      sharedInternals: cBefore.sharedInternals - height,
    });
    checkIsolation([a, b, c]);
  });

  /** `n` appended slots whose values are their indexes, so both columns are sorted and searchable. */
  const appended = (n: number): Pair => {
    const p: Pair = { s: new PersistentSlots(), m: emptyModel() };
    for (let v = 0; v < n; v++) insert(p, v, v);
    return p;
  };
  const searchEnd = ({ s }: Pair, key: number) => s.binarySearch('end', (b) => (b.values[0] as number) - key);

  it("a write follows only its own handle's last search path: never another handle's", () => {
    const a = appended(1500); // full leaves of 32
    const b = built(1500, 2); // leaves of mixed fullness: the same child indexes lead elsewhere
    let v = 10_000_000;
    for (let key = 0; key < 1400; key += 7) {
      expect(searchEnd(a, key)).toBe(key);
      insert(b, key, v++);
      set(b, key + 1, v++);
    }
    expectAll([a, b]);
  });

  it('a write after a shape change descends again (a search path from before it is stale)', () => {
    // 33 full leaves of appends: 32 in a full root, one in the tail, so the next append splits the root.
    const a = appended(33 * LEAF_CAPACITY);
    expect(heightOf(a.s)).toBe(1);
    expect(searchEnd(a, 200)).toBe(200);
    insert(a, a.s.size, 1);
    expect(heightOf(a.s)).toBe(2);
    insert(a, 200, 2);
    set(a, 201, 3);
    expectAll([a]);
    // A leaf root and a full tail: the next append makes a branch root without a descent.
    const c = appended(2 * LEAF_CAPACITY);
    const tall = appended(1500);
    expect(searchEnd(tall, 1400)).toBe(1400); // leaves a non-zero child index at the top of the path record
    expect(searchEnd(c, 5)).toBe(5);
    insert(c, c.s.size, 4);
    expect(heightOf(c.s)).toBe(1);
    insert(c, 5, 5);
    expectAll([c, tall]);
  });

  it('a search then writes on the same handle follow its path (the cache and the last ends stay exact)', () => {
    const a = appended(3000);
    const b = fork(a);
    // Inserted values keep both columns sorted, so every search finds the slot it is asked for.
    for (let key = 2990; key > 0; key -= 13) {
      expect(searchEnd(a, key)).toBe(key);
      insert(a, key, key - 0.5); // the search's leaf: its path is followed (and copied on the first write)
    }
    for (let key = 0; key < 2000; key += 31) {
      const found = searchEnd(b, key);
      expect(b.m.ends[found]?.values[0]).toBe(key);
      set(b, found, key);
      insert(b, found + 1, key + 0.5);
    }
    expectAll([a, b]);
  });

  it('a write through one handle never changes what a fork reads, even from its leaf cache', () => {
    const a = built(1100);
    const b = fork(a);
    expect(b.s.start(500)).toBe(b.m.starts[500]); // now cached in b
    set(a, 500, 1);
    expectSame(b);
    expect(a.s.start(700)).toBe(a.m.starts[700]); // now cached in a
    set(b, 700, 2);
    expectSame(a);
    expect(b.s.markedAt(10)).toBe(b.m.markedAts[10]);
    insert(a, 0, 3);
    markAll(a, 4, 5);
    expectSame(b);
    expect(a.s.delTime(10)).toBe(5);
    markAll(b, 6);
    expectAll([a, b]);
  });

  it('ascending and descending scans descend once per leaf (the leaf cache)', () => {
    const { s } = built(1100);
    insert({ s, m: emptyModel() }, 550, 1);
    const leaves = s.nodeCounts().leaves;
    // Every descent re-points the cache, so the number of cache changes bounds the number of descents.
    const scan = (order: number[]): number => {
      let changes = 0;
      let cached = s.cacheLeaf;
      for (const i of order) {
        s.start(i);
        s.end(i);
        s.markedAt(i);
        s.delTime(i);
        if (s.cacheLeaf !== cached) changes++;
        cached = s.cacheLeaf;
      }
      return changes;
    };
    const up = Array.from({ length: s.size }, (_, i) => i);
    expect(scan(up)).toBeLessThanOrEqual(leaves);
    const down = up.slice().reverse();
    const changes = scan(down);
    expect(changes).toBeLessThanOrEqual(leaves);
    expect(changes).toBeGreaterThan(0);
  });
});

describe('PersistentSlots index errors', () => {
  const b = ClusteringBound.inclusiveStart(1);
  const e = ClusteringBound.inclusiveEnd(1);
  const cases: [string, number, (s: PersistentSlots) => unknown][] = [
    ['start(-1)', -1, (s) => s.start(-1)],
    ['start(size)', 5, (s) => s.start(5)],
    ['end(size)', 5, (s) => s.end(5)],
    ['markedAt(size)', 5, (s) => s.markedAt(5)],
    ['delTime(-1)', -1, (s) => s.delTime(-1)],
    ['start(1.5)', 1.5, (s) => s.start(1.5)],
    ['insert(size + 1)', 6, (s) => s.insert(6, b, e, 0, 0)],
    ['insert(-1)', -1, (s) => s.insert(-1, b, e, 0, 0)],
    ['set(size)', 5, (s) => s.set(5, b, e, 0, 0)],
    ['set(-1)', -1, (s) => s.set(-1, b, e, 0, 0)],
  ];

  it.each(cases)('%s throws a RangeError naming the index and the size', (_, index, call) => {
    const s = numbered(5);
    expect(() => call(s)).toThrow(RangeError);
    expect(() => call(s)).toThrow(`index ${index} is out of range for size 5`);
    expect(s.size).toBe(5);
    checkStructure(s);
  });

  it('an empty sequence has no slot 0 to read or set, but accepts insert(0)', () => {
    const s = new PersistentSlots();
    expect(() => s.start(0)).toThrow(RangeError);
    expect(() => s.set(0, b, e, 0, 0)).toThrow('index 0 is out of range for size 0');
    s.insert(0, b, e, 0, 0);
    expect(s.start(0)).toBe(b);
  });
});
