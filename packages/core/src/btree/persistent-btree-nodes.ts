import { packedFill } from '../arrays/packed-arrays.js';

/**
 * The nodes of {@link PersistentBTree} and the in-place edits on a node its handle owns. Which nodes are owned, and
 * path copying, are decided by `persistent-btree.ts`; everything here only touches the node it is given.
 */

/**
 * Items per leaf and children per branch. 32 as in the range list's tree (and Cassandra's BTree, which uses 32 too):
 * a path copy at 10^5 items is 4 arrays of 32 references, and a node fits a few cache lines.
 */
export const NODE_CAPACITY = 32;
export const HALF_NODE = NODE_CAPACITY >> 1;

export type BNode<T> = BLeaf<T> | BBranch<T>;

/**
 * Up to NODE_CAPACITY items in order; slots >= count hold undefined so nothing stale is retained. A keyed tree's
 * leaves also hold each item's search key at the same slot (`keys`, null in a tree without a key function), so a
 * search compares keys in one array instead of following a pointer to each item it probes.
 */
export class BLeaf<T> {
  constructor(
    readonly owner: number,
    public count: number,
    readonly items: (T | undefined)[],
    readonly keys: unknown[] | null,
  ) {}
}

/** Per child: its item count (index descent) and its first key (key descent; the first item without keys). */
export class BBranch<T> {
  constructor(
    readonly owner: number,
    public count: number,
    readonly children: (BNode<T> | undefined)[],
    readonly sizes: number[],
    readonly firsts: unknown[],
  ) {}
}

// Sliced for every new node: a slice keeps the packed elements kind and the full fixed length.
const FREE_REFS = packedFill<undefined>(NODE_CAPACITY, undefined);
const FREE_SIZES = packedFill(NODE_CAPACITY, 0);

/** The shared empty roots: owner 0 belongs to no handle (ids start at 1), so nothing writes them in place. */
export const EMPTY_BLEAF: BLeaf<never> = new BLeaf<never>(0, 0, FREE_REFS.slice(), null);
export const EMPTY_KEYED_BLEAF: BLeaf<never> = new BLeaf<never>(0, 0, FREE_REFS.slice(), FREE_REFS.slice());

export function newLeaf<T>(owner: number, keyed: boolean): BLeaf<T> {
  return new BLeaf<T>(owner, 0, FREE_REFS.slice(), keyed ? FREE_REFS.slice() : null);
}

export function newBranch<T>(owner: number): BBranch<T> {
  return new BBranch<T>(owner, 0, FREE_REFS.slice(), FREE_SIZES.slice(), FREE_REFS.slice());
}

/** A copy of `node` owned by `owner` (same contents, fresh arrays). */
export function copyNode<T>(node: BNode<T>, h: number, owner: number): BNode<T> {
  if (h === 0) {
    const leaf = node as BLeaf<T>;
    return new BLeaf(owner, leaf.count, leaf.items.slice(), leaf.keys === null ? null : leaf.keys.slice());
  }
  const b = node as BBranch<T>;
  return new BBranch(owner, b.count, b.children.slice(), b.sizes.slice(), b.firsts.slice());
}

/** Items under `node` (of height h). */
export function sizeOf<T>(node: BNode<T>, h: number): number {
  if (h === 0) return node.count;
  const sizes = (node as BBranch<T>).sizes;
  let total = 0;
  for (let k = 0; k < node.count; k++) total += sizes[k] as number;
  return total;
}

/** The first key under `node` (its first item in a tree without keys). */
export function firstOf<T>(node: BNode<T>, h: number): unknown {
  if (h > 0) return (node as BBranch<T>).firsts[0];
  const leaf = node as BLeaf<T>;
  return leaf.keys === null ? leaf.items[0] : leaf.keys[0];
}

/** Re-reads child k's size and first item into branch b (of height h + 1). */
export function refreshChild<T>(b: BBranch<T>, k: number, h: number): void {
  const child = b.children[k] as BNode<T>;
  b.sizes[k] = sizeOf(child, h);
  b.firsts[k] = firstOf(child, h);
}

/** Hand loops, not copyWithin: for at most 32 elements they are faster, and they keep the arrays packed. */
function shiftRight<E>(a: E[], at: number, count: number): void {
  for (let k = count; k > at; k--) a[k] = a[k - 1] as E;
}

function shiftLeft<E>(a: E[], at: number, count: number, free: E): void {
  for (let k = at; k < count - 1; k++) a[k] = a[k + 1] as E;
  a[count - 1] = free;
}

/** Moves a[at, count) to b[to, …) and frees the vacated slots, so no node retains what it no longer holds. */
function moveRun<E>(a: E[], at: number, count: number, b: E[], to: number, free: E): void {
  for (let k = at; k < count; k++) {
    b[to + k - at] = a[k] as E;
    a[k] = free;
  }
}

/** Inserts `item` (and its `key`, in a keyed leaf) at slot j. */
export function leafInsert<T>(leaf: BLeaf<T>, j: number, item: T, key: unknown): void {
  shiftRight(leaf.items, j, leaf.count);
  leaf.items[j] = item;
  if (leaf.keys !== null) {
    shiftRight(leaf.keys, j, leaf.count);
    leaf.keys[j] = key;
  }
  leaf.count++;
}

export function leafRemove<T>(leaf: BLeaf<T>, j: number): T {
  const item = leaf.items[j] as T;
  shiftLeft(leaf.items, j, leaf.count, undefined);
  if (leaf.keys !== null) shiftLeft(leaf.keys, j, leaf.count, undefined);
  leaf.count--;
  return item;
}

export function branchInsert<T>(b: BBranch<T>, at: number, child: BNode<T>, h: number): void {
  const n = b.count;
  shiftRight(b.children, at, n);
  shiftRight(b.sizes, at, n);
  shiftRight(b.firsts, at, n);
  b.children[at] = child;
  b.count = n + 1;
  refreshChild(b, at, h);
}

export function branchRemove<T>(b: BBranch<T>, at: number): void {
  const n = b.count;
  shiftLeft(b.children, at, n, undefined);
  shiftLeft(b.sizes, at, n, 0);
  shiftLeft(b.firsts, at, n, undefined);
  b.count = n - 1;
}

/**
 * Moves entries [at, count) of `from` to the end of `to` (both owned, same height h; `to.count + count − at` must
 * fit). Serves splits (to a new empty right node), merges (right node into its left sibling) and rebalancing.
 */
export function moveEntries<T>(from: BNode<T>, at: number, to: BNode<T>, h: number): void {
  const n = from.count;
  const base = to.count;
  if (h === 0) {
    const f = from as BLeaf<T>;
    const t = to as BLeaf<T>;
    moveRun(f.items, at, n, t.items, base, undefined);
    if (f.keys !== null) moveRun(f.keys, at, n, t.keys as unknown[], base, undefined);
  } else {
    const f = from as BBranch<T>;
    const t = to as BBranch<T>;
    moveRun(f.children, at, n, t.children, base, undefined);
    moveRun(f.sizes, at, n, t.sizes, base, 0);
    moveRun(f.firsts, at, n, t.firsts, base, undefined);
  }
  to.count = base + n - at;
  from.count = at;
}

/** Moves the first `m` entries of `right` to the end of `left` (owned siblings of height h). */
export function shiftToLeft<T>(left: BNode<T>, right: BNode<T>, m: number, h: number): void {
  const rest = right.count - m;
  const tmp = spareLike(right, h);
  moveEntries(right, m, tmp, h);
  moveEntries(right, 0, left, h);
  moveEntries(tmp, 0, right, h);
  right.count = rest;
}

/** Moves the last `m` entries of `left` to the front of `right` (owned siblings of height h). */
export function shiftToRight<T>(left: BNode<T>, right: BNode<T>, m: number, h: number): void {
  const tmp = spareLike(right, h);
  moveEntries(left, left.count - m, tmp, h);
  moveEntries(right, 0, tmp, h);
  moveEntries(tmp, 0, right, h);
}

/** An empty node of `node`'s kind (and keyedness), for moving entries through. */
function spareLike<T>(node: BNode<T>, h: number): BNode<T> {
  return h === 0 ? newLeaf<T>(node.owner, (node as BLeaf<T>).keys !== null) : newBranch<T>(node.owner);
}
