import { packedFill } from '../arrays/packed-arrays.js';
import { ClusteringBound } from '../model/clustering-bound.js';
import { type ClusteringComparator, type ClusteringPrefix, COMPARE } from '../model/clustering-comparator.js';

/**
 * The nodes of the persistent slot tree (`persistent-slots.ts`) and the in-place edits on nodes a handle owns.
 * Ownership and path copying are decided there; everything here only touches the node it is given.
 *
 * Layout, chosen by measurement (Node 20 has no pointer compression, so every array element is 8 bytes): a slot is
 * one immutable {@link Slot} object and every node holds ONE array of references (a leaf its slots, a branch its
 * children), with a branch's subtree size and last end kept as fields of the child. A path copy then copies one
 * 32-reference array per level (≈ 350 B) instead of four parallel arrays per node (≈ 1.25 kB): the random-arrival
 * merge of 4096 ranges allocated 4.2 kB per copy-then-add with four arrays per node.
 */

/** Slots per leaf. */
export const LEAF_CAPACITY = 32;
/** Maximum children per branch; with {@link LEAF_CAPACITY}, 32,768 slots need only three levels. */
export const BRANCHING = 32;

export const HALF_LEAF = LEAF_CAPACITY >> 1;
export const HALF_BRANCH = BRANCHING >> 1;

export type TreeNode = Leaf | Branch;

// The node classes declare their fields and assign them in the constructor, as `RangeTombstoneList` does: parameter
// properties compile to class fields, which V8 first defines as undefined and then redefines, so the first writes of
// every numeric Branch field changed its representation (HeapObject to tagged, 12 generalizations in a 4096-write
// partition run under --trace-generalization; none left with declared fields). Measured in one process, alternating
// (load 11): tail merges 0.966× and random merges 0.988× the parameter-property build.
/** One range of the list: immutable, so nodes share it freely; a rewrite makes a new one. */
export class Slot {
  declare readonly start: ClusteringBound;
  declare readonly end: ClusteringBound;
  declare readonly markedAt: number;
  declare readonly delTime: number;
  constructor(start: ClusteringBound, end: ClusteringBound, markedAt: number, delTime: number) {
    this.start = start;
    this.end = end;
    this.markedAt = markedAt;
    this.delTime = delTime;
  }
}

/** Up to LEAF_CAPACITY slots; `size` is the slot count (for a tail: the claimed high-water mark). */
export class Leaf {
  declare readonly owner: number;
  declare size: number;
  declare readonly slots: (Slot | undefined)[];
  constructor(owner: number, size: number, slots: (Slot | undefined)[]) {
    this.owner = owner;
    this.size = size;
    this.slots = slots;
  }
}

/**
 * Up to BRANCHING children. Below it: `size` slots (the last one ending at `lastEnd`), `leaves` leaves and
 * `branches` branches; `height` is 1 above leaves. Kept in the node so the list handle needs no such fields (each
 * field of the handle is a store in every `copy()`).
 */
export class Branch {
  declare readonly owner: number;
  declare count: number;
  declare size: number;
  declare lastEnd: ClusteringBound | undefined;
  declare height: number;
  declare leaves: number;
  declare branches: number;
  declare readonly children: (TreeNode | undefined)[];
  constructor(
    owner: number,
    count: number,
    size: number,
    lastEnd: ClusteringBound | undefined,
    height: number,
    leaves: number,
    branches: number,
    children: (TreeNode | undefined)[],
  ) {
    this.owner = owner;
    this.count = count;
    this.size = size;
    this.lastEnd = lastEnd;
    this.height = height;
    this.leaves = leaves;
    this.branches = branches;
    this.children = children;
  }
}

// Sliced for every new node: a slice keeps the packed elements kind and the full fixed length.
const FREE_SLOTS = packedFill<Slot | undefined>(LEAF_CAPACITY, undefined);
const FREE_CHILDREN = packedFill<TreeNode | undefined>(BRANCHING, undefined);

/** The shared empty root and tail: owner id 0 belongs to no handle (ids start at 1), so it is never written. */
export const EMPTY_LEAF = freeLeaf(0);

export function freeLeaf(owner: number): Leaf {
  return new Leaf(owner, 0, FREE_SLOTS.slice());
}

export function freeBranch(owner: number): Branch {
  return new Branch(owner, 0, 0, undefined, 1, 0, 0, FREE_CHILDREN.slice());
}

/**
 * A branch that lives as long as the module and belongs to no tree (owner 0, never written). It keeps the Branch
 * map, and the field transitions leading to it, alive: V8 holds maps weakly, so once the last branch died (a
 * memtable dropped, its lists' trees with it) a full GC collected the map and threw away all optimised code that
 * embedded it — 20 to 28 tree functions at every full GC of a partition tail-write run, while a list's leaves keep
 * theirs alive through the shared empty leaf. The tree's write path called once per 32 appends (pushTail,
 * propagateUp, descendForWrite) then ran unoptimised for ~20 runs of 4096 writes: the first 20 runs after a gc()
 * cost 3.4 ms each against 1.1 ms in steady state (cpu, one core, load 12), and the benchmark runner collects
 * before every sample, so partition tail writes measured +50% against copy-on-write where one long process measured
 * them at parity.
 */
export const BRANCH_MAP_ANCHOR: Branch = freeBranch(0);

/**
 * A slot that lives as long as the module, as {@link BRANCH_MAP_ANCHOR}: with no list alive at a full GC (a benchmark
 * between samples, a process between memtables) the Slot map died, and 21 functions of the persistent list were
 * deoptimised at once against 9 of the array list's (--trace-deopt, core tail merges).
 */
export const SLOT_MAP_ANCHOR: Slot = new Slot(ClusteringBound.BOTTOM, ClusteringBound.TOP, 0, 0);

export function copyLeaf(leaf: Leaf, owner: number): Leaf {
  return new Leaf(owner, leaf.size, leaf.slots.slice());
}

export function copyBranch(b: Branch, owner: number): Branch {
  return new Branch(owner, b.count, b.size, b.lastEnd, b.height, b.leaves, b.branches, b.children.slice());
}

/** The end of the last slot under `node` (of height `h`). */
export function lastEndOf(node: TreeNode, h: number): ClusteringBound {
  if (h === 0) return ((node as Leaf).slots[node.size - 1] as Slot).end;
  return (node as Branch).lastEnd as ClusteringBound;
}

/**
 * First child k in [0, b.count) whose last end e has cmp[COMPARE](e, key) >= threshold, else b.count:
 * ceil(log2(count+1)) comparator calls. `h` is the children's height.
 */
export function firstChildAtLeast(
  b: Branch,
  h: number,
  cmp: ClusteringComparator,
  key: ClusteringPrefix,
  threshold: number,
): number {
  let lo = 0;
  let hi = b.count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cmp[COMPARE](lastEndOf(b.children[mid] as TreeNode, h), key) >= threshold) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Recomputes a branch's size, last end, height and node counts from its children (of height `h`). */
export function refreshBranch(b: Branch, h: number): void {
  const { children, count } = b;
  let size = 0;
  let leaves = count;
  let branches = 0;
  for (let k = 0; k < count; k++) size += (children[k] as TreeNode).size;
  if (h > 0) {
    leaves = 0;
    for (let k = 0; k < count; k++) {
      const child = children[k] as Branch;
      leaves += child.leaves;
      branches += child.branches + 1;
    }
  }
  b.size = size;
  b.lastEnd = count === 0 ? undefined : lastEndOf(children[count - 1] as TreeNode, h);
  b.height = h + 1;
  b.leaves = leaves;
  b.branches = branches;
}

/** Hand loops, not copyWithin: for at most 32 elements they are faster, and they keep the arrays packed. */
function shiftRight<T>(a: T[], at: number, count: number): void {
  for (let k = count; k > at; k--) a[k] = a[k - 1] as T;
}

/** Moves a[at, count) to the front of b and frees the vacated slots, so no node retains what it no longer holds. */
function moveTail<T>(a: (T | undefined)[], at: number, count: number, b: (T | undefined)[]): void {
  for (let k = at; k < count; k++) {
    b[k - at] = a[k];
    a[k] = undefined;
  }
}

/** Inserts `slot` at j of an owned leaf with room. */
export function insertSlotAt(leaf: Leaf, j: number, slot: Slot): void {
  shiftRight(leaf.slots, j, leaf.size);
  leaf.slots[j] = slot;
  leaf.size++;
}

/** Moves slots [at, size) of `from` to the empty `to`. */
export function moveSlots(from: Leaf, at: number, to: Leaf): void {
  moveTail(from.slots, at, from.size, to.slots);
  to.size = from.size - at;
  from.size = at;
}

/** Inserts `child` at `at` of an owned branch with room; the caller refreshes the branch's size and last end. */
export function placeChild(b: Branch, at: number, child: TreeNode): void {
  shiftRight(b.children, at, b.count);
  b.children[at] = child;
  b.count++;
}

/** Moves children [at, count) of `from` to the empty `to`, recounting both. */
export function moveChildren(from: Branch, at: number, to: Branch, h: number): void {
  moveTail(from.children, at, from.count, to.children);
  to.count = from.count - at;
  from.count = at;
  refreshBranch(from, h);
  refreshBranch(to, h);
}
