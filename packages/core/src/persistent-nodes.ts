import type { ClusteringBound } from './clustering-bound.js';
import { doubleZeros, packedFill } from './packed-arrays.js';

/**
 * The nodes of {@link PersistentSlots}' B+tree and the in-place edits on nodes a handle owns. Ownership and path
 * copying are decided by `persistent-slots.ts`; everything here only touches the node it is given.
 */

/** Slots per leaf: a leaf copy (four 32-element memcpys) stays cheap and 40,000 slots need only 4 levels. */
export const LEAF_CAPACITY = 32;
/** Maximum children per internal node; with {@link LEAF_CAPACITY} a path copy is depth + 1 small arrays. */
export const BRANCHING = 32;

export const HALF_LEAF = LEAF_CAPACITY >> 1;
export const HALF_BRANCH = BRANCHING >> 1;

export type Bound = ClusteringBound | undefined;
export type TreeNode = Leaf | Branch;
export type KeyCompare = (b: ClusteringBound) => number;

/** Up to LEAF_CAPACITY slots in four parallel arrays; slots >= count hold undefined/0 so nothing stale is retained. */
export class Leaf {
  constructor(
    readonly owner: number,
    public count: number,
    readonly starts: Bound[],
    readonly ends: Bound[],
    readonly markedAts: number[],
    readonly delTimes: number[],
  ) {}
}

/** Per child: its entry count and its first start / last end, so index lookups and key searches can descend. */
export class Branch {
  constructor(
    readonly owner: number,
    public count: number,
    readonly children: (TreeNode | undefined)[],
    readonly sizes: number[],
    readonly firstStarts: Bound[],
    readonly lastEnds: Bound[],
  ) {}
}

// Sliced for every new node: a slice keeps the packed elements kind and the full fixed length.
const FREE_BOUNDS = packedFill<Bound>(Math.max(LEAF_CAPACITY, BRANCHING), undefined);
const FREE_DOUBLES = doubleZeros(LEAF_CAPACITY);
const FREE_SIZES = packedFill(BRANCHING, 0);
const FREE_CHILDREN = packedFill<TreeNode | undefined>(BRANCHING, undefined);

/** The shared empty root: owner id 0 belongs to no handle (ids start at 1), so it is never written in place. */
export const EMPTY_LEAF = freeLeaf(0);

export function freeLeaf(owner: number): Leaf {
  const free = FREE_BOUNDS.slice(0, LEAF_CAPACITY);
  return new Leaf(owner, 0, free, free.slice(), FREE_DOUBLES.slice(), FREE_DOUBLES.slice());
}

export function freeBranch(owner: number): Branch {
  const free = FREE_BOUNDS.slice(0, BRANCHING);
  return new Branch(owner, 0, FREE_CHILDREN.slice(), FREE_SIZES.slice(), free, free.slice());
}

/** First k in [0, n) with compareToKey(keys[k]) >= threshold, else n: ceil(log2(n + 1)) comparator calls. */
export function firstAtLeast(keys: Bound[], n: number, cmp: KeyCompare, threshold: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cmp(keys[mid] as ClusteringBound) >= threshold) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export function sizeOf(node: TreeNode, h: number): number {
  if (h === 0) return node.count;
  const sizes = (node as Branch).sizes;
  let total = 0;
  for (let k = 0; k < node.count; k++) total += sizes[k] as number;
  return total;
}

export function refreshKeys(b: Branch, k: number, h: number): void {
  const child = b.children[k] as TreeNode;
  const last = child.count - 1;
  b.firstStarts[k] = h === 0 ? (child as Leaf).starts[0] : (child as Branch).firstStarts[0];
  b.lastEnds[k] = h === 0 ? (child as Leaf).ends[last] : (child as Branch).lastEnds[last];
}

/** Hand loops, not copyWithin: for at most 32 elements they are faster, and they keep the arrays packed. */
function shiftRight<T>(a: T[], at: number, count: number): void {
  for (let k = count; k > at; k--) a[k] = a[k - 1] as T;
}

/** Moves a[at, count) to the front of b and frees the vacated slots, so no node retains what it no longer holds. */
function moveTail<T>(a: T[], at: number, count: number, b: T[], free: T): void {
  for (let k = at; k < count; k++) {
    b[k - at] = a[k] as T;
    a[k] = free;
  }
}

export function openGap(leaf: Leaf, j: number): void {
  const n = leaf.count;
  shiftRight(leaf.starts, j, n);
  shiftRight(leaf.ends, j, n);
  shiftRight(leaf.markedAts, j, n);
  shiftRight(leaf.delTimes, j, n);
  leaf.count = n + 1;
}

export function writeSlot(leaf: Leaf, j: number, s: Bound, e: Bound, m: number, d: number): void {
  leaf.starts[j] = s;
  leaf.ends[j] = e;
  leaf.markedAts[j] = m;
  leaf.delTimes[j] = d;
}

export function moveSlots(from: Leaf, at: number, to: Leaf): void {
  const n = from.count;
  moveTail(from.starts, at, n, to.starts, undefined);
  moveTail(from.ends, at, n, to.ends, undefined);
  moveTail(from.markedAts, at, n, to.markedAts, 0);
  moveTail(from.delTimes, at, n, to.delTimes, 0);
  to.count = n - at;
  from.count = at;
}

export function placeChild(b: Branch, at: number, child: TreeNode, h: number): void {
  const n = b.count;
  shiftRight(b.children, at, n);
  shiftRight(b.sizes, at, n);
  shiftRight(b.firstStarts, at, n);
  shiftRight(b.lastEnds, at, n);
  b.children[at] = child;
  b.sizes[at] = sizeOf(child, h);
  b.count = n + 1;
  refreshKeys(b, at, h);
}

export function moveChildren(from: Branch, at: number, to: Branch): void {
  const n = from.count;
  moveTail(from.children, at, n, to.children, undefined);
  moveTail(from.sizes, at, n, to.sizes, 0);
  moveTail(from.firstStarts, at, n, to.firstStarts, undefined);
  moveTail(from.lastEnds, at, n, to.lastEnds, undefined);
  to.count = n - at;
  from.count = at;
}
