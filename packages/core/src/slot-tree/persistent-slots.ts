import { type ClusteringComparator, type ClusteringPrefix, COMPARE } from '../model/clustering-comparator.js';
import {
  BRANCH_MAP_ANCHOR,
  BRANCHING,
  Branch,
  copyBranch,
  copyLeaf,
  EMPTY_LEAF,
  firstChildAtLeast,
  freeBranch,
  freeLeaf,
  HALF_BRANCH,
  HALF_LEAF,
  insertSlotAt,
  LEAF_CAPACITY,
  type Leaf,
  lastEndOf,
  moveChildren,
  moveSlots,
  placeChild,
  refreshBranch,
  Slot,
  type TreeNode,
} from './slot-nodes.js';

export { BRANCHING, LEAF_CAPACITY, Slot } from './slot-nodes.js';

/**
 * A persistent (path-copying) indexed sequence of range-tombstone {@link Slot}s: a B+tree whose nodes record the
 * owner id of the handle that created them. A handle writes only nodes it owns and copies the rest (with the path
 * down to them), so after a fork a write costs O(log N) small copies instead of the O(N) array copy of a
 * copy-on-write list. It stores what it is told: ordering is the callers' business, {@link searchSlots} merely
 * assumes it.
 *
 * The state is a plain object ({@link SlotTree}) and the operations are functions over it. The range list splits it:
 * its handle holds the slot count and reaches the nodes ({@link SlotTree}) through a state object its copies share
 * until one of them writes anything but a claimed-tail append (see `list/persistent-range-tombstone-list.ts`).
 *
 * The last slots (up to one leaf) live outside the tree in a tail leaf, as in Clojure's persistent vector, so that
 * appends — the memtable's common write — touch neither the tree nor its spine. The tail follows the copy-on-write
 * array list's claimed-tail rule: `tail.size` is the high-water mark of what sharers have appended, every sharer
 * sees only its own first `n − treeSize` slots, so the sharer that sees all of them may append in place even to a
 * shared tail ({@link appendsInPlace}); any other write to a shared tail copies it first. A full tail moves into the
 * tree whole (one O(log N) path copy per leaf of appends).
 */
export interface SlotTree {
  /** This handle's owner id: it writes in place exactly the nodes carrying it. */
  owner: number;
  /** The tree (the shared {@link EMPTY_LEAF} when empty); `root.size` slots, height and node counts in the root. */
  root: TreeNode;
  /** The tail leaf; a handle of `n` slots sees its first `n − root.size`. */
  tail: Leaf;
  /**
   * Last leaf looked up and its first global index, so sequential scans descend once per leaf. Valid for every
   * handle of these nodes whatever its slot count (each bounds-checks an index against its own count first).
   */
  cacheLeaf: Leaf;
  cacheBase: number;
}

/** Owner ids start at 1: id 0 is the shared empty sentinel's, which no handle owns. */
let lastOwner = 0;

/** Makes `t` an empty tree (no slots) with a fresh owner id. */
export function initEmpty(t: SlotTree): void {
  t.owner = ++lastOwner;
  t.root = EMPTY_LEAF;
  t.tail = EMPTY_LEAF;
  t.cacheLeaf = EMPTY_LEAF;
  t.cacheBase = 0;
}

/**
 * Makes `t` share every node of `from` (O(1)). BOTH get a new owner id: the nodes either owned are now reachable
 * from both, so neither may write them in place. A key search recorded on `from` passes to `t` (the same tree):
 * `t` is the side about to write (the range list forks its nodes on a write after a copy, between the search of an
 * add and its write), and a search lost here would cost that write a second descent.
 */
export function shareTree(t: SlotTree, from: SlotTree): void {
  // Two fresh ids from one update of the counter.
  lastOwner += 2;
  const id = lastOwner;
  if (searchOwner === from.owner) searchOwner = id;
  t.owner = id;
  t.root = from.root;
  t.tail = from.tail;
  t.cacheLeaf = from.cacheLeaf;
  t.cacheBase = from.cacheBase;
  from.owner = id - 1;
}

/** Height of the tree: 0 for a single leaf (or the empty sentinel). */
export function heightOf(t: SlotTree): number {
  const root = t.root;
  return root instanceof Branch ? root.height : 0;
}

/** Leaves of the tree plus the tail; the shared empty sentinel is never counted. */
export function leafCount(t: SlotTree): number {
  const root = t.root;
  const inTree = root instanceof Branch ? root.leaves : root.size > 0 ? 1 : 0;
  return inTree + (t.tail === EMPTY_LEAF ? 0 : 1);
}

/** Branches of the tree. */
export function internalCount(t: SlotTree): number {
  const root = t.root;
  return root instanceof Branch ? root.branches + 1 : 0;
}

/**
 * Path of the write in progress (branch and child slot per depth). Module-level because JS is single-threaded and
 * writes never re-enter, which spares every write an allocation; cleared afterwards so it pins no dead tree.
 */
const PATH: Branch[] = [];
const SLOT: number[] = [];

function outOfRange(i: number, size: number): RangeError {
  return new RangeError(`slot index ${i} is out of range for size ${size}`);
}

/** Slot i of a handle of `n` slots. Validates i cheaply (one unsigned compare also rejects negatives, fractions and NaN). */
export function slotAt(t: SlotTree, n: number, i: number): Slot {
  if (i >>> 0 !== i || i >= n) throw outOfRange(i, n);
  const j = i - t.cacheBase;
  if (j >= 0 && j < t.cacheLeaf.size) return t.cacheLeaf.slots[j] as Slot;
  return leafFor(t, i).slots[i - t.cacheBase] as Slot;
}

/** Finds and caches the leaf holding valid index i. */
function leafFor(t: SlotTree, i: number): Leaf {
  const treeSize = t.root.size;
  if (i >= treeSize) {
    // A shared tail's size may exceed what this handle sees; the caller's bounds check keeps i below n.
    t.cacheLeaf = t.tail;
    t.cacheBase = treeSize;
    return t.tail;
  }
  let node = t.root;
  let base = 0;
  for (let h = heightOf(t); h > 0; h--) {
    const b = node as Branch;
    node = b.children[childIndexAt(b, i, base)] as TreeNode;
    base = childBase;
  }
  t.cacheLeaf = node as Leaf;
  t.cacheBase = base;
  return node as Leaf;
}

/** First global index of the child {@link childIndexAt} or {@link childIndexAtKey} chose (no allocation per call). */
let childBase = 0;

/**
 * The child of branch `b` (whose first slot has global index `base`) holding index `i`, its first index left in
 * {@link childBase}. An index on a child boundary goes to the right child; only the end of the subtree falls to the
 * last child. The scan starts from the nearer end of the branch (its size is a field): each step reads one child's
 * size, a cache miss per child, and scanning from the left only made a random descent read 3/4 of the children.
 */
function childIndexAt(b: Branch, i: number, base: number): number {
  const { children } = b;
  const last = b.count - 1;
  if (2 * (i - base) <= b.size) {
    let k = 0;
    let start = base;
    while (k < last) {
      const next = start + (children[k] as TreeNode).size;
      if (i < next) break;
      start = next;
      k++;
    }
    childBase = start;
    return k;
  }
  let k = last;
  let start = base + b.size - (children[last] as TreeNode).size;
  while (k > 0 && i < start) start -= (children[--k] as TreeNode).size;
  childBase = start;
  return k;
}

/** Σ size of children [0, k) of `b`, summed from the nearer end (see {@link childIndexAt}). */
function sizeBefore(b: Branch, k: number): number {
  const { children } = b;
  const count = b.count;
  let sum = 0;
  if (2 * k <= count) {
    for (let c = 0; c < k; c++) sum += (children[c] as TreeNode).size;
    return sum;
  }
  for (let c = k; c < count; c++) sum += (children[c] as TreeNode).size;
  return b.size - sum;
}

/** Overwrites slot i (0 <= i < n) of a handle of `n` slots. */
export function setSlot(t: SlotTree, n: number, i: number, slot: Slot): void {
  if (i >>> 0 !== i || i >= n) throw outOfRange(i, n);
  const treeSize = t.root.size;
  if (i >= treeSize) {
    ownTail(t, n).slots[i - treeSize] = slot;
    return;
  }
  descendForWrite(t, i);
  const leaf = t.cacheLeaf;
  const j = i - t.cacheBase;
  leaf.slots[j] = slot;
  // Only the last slot of a last child feeds a last end; sizes are unchanged.
  const height = heightOf(t);
  let last = j === leaf.size - 1;
  for (let d = height - 1; d >= 0 && last; d--) {
    const b = PATH[d] as Branch;
    last = SLOT[d] === b.count - 1;
    if (last) b.lastEnd = slot.end;
  }
  clearPath(height);
}

/**
 * Whether inserting at i appends in place to the tail: i is the end, the tail has room, and this handle sees every
 * slot sharers have claimed in it (so no sharer can see slot `tail.size`). Such an append writes no node another
 * handle can read, owned or not, and no field of the nodes' state but the tail's claimed size.
 */
export function appendsInPlace(t: SlotTree, n: number, i: number): boolean {
  const tail = t.tail;
  const visible = n - t.root.size;
  return i === n && visible < LEAF_CAPACITY && tail.size === visible && tail !== EMPTY_LEAF;
}

/**
 * Inserts before slot i (0 <= i <= n) of a handle of `n` slots, shifting later slots right by one; the handle then
 * has n + 1 (its count is the caller's).
 */
export function insertSlot(t: SlotTree, n: number, i: number, slot: Slot): void {
  if (i >>> 0 !== i || i > n) throw outOfRange(i, n);
  if (appendsInPlace(t, n, i)) {
    const tail = t.tail;
    tail.slots[tail.size++] = slot;
    return;
  }
  if (i >= t.root.size && n - t.root.size === LEAF_CAPACITY) pushTail(t);
  const treeSize = t.root.size;
  if (i >= treeSize) {
    // Not an append in place (checked above; after pushTail the tail is the unowned empty sentinel).
    insertSlotAt(ownTail(t, n), i - treeSize, slot);
    return;
  }
  descendForWrite(t, i);
  // Below the tail: never an append, so a full leaf splits half/half.
  propagateUp(t, openSlot(t, i - t.cacheBase, slot), 1, false);
}

/**
 * After a write at the bottom of PATH: each level's child grew by `delta` slots, or split (then `sibling` comes up
 * from below and is placed beside it); a split root grows a new root. Levels above the last split only add the
 * slots and the nodes added below them; a level that places a sibling is recounted from its children.
 */
function propagateUp(t: SlotTree, sibling: TreeNode | undefined, delta: number, append: boolean): void {
  let up = sibling;
  const height = heightOf(t);
  const addedLeaves = sibling === undefined ? 0 : 1;
  let addedBranches = 0;
  for (let d = height - 1; d >= 0; d--) {
    const b = PATH[d] as Branch;
    const k = SLOT[d] as number;
    const h = height - 1 - d;
    if (up === undefined) {
      b.size += delta;
      b.leaves += addedLeaves;
      b.branches += addedBranches;
      if (k === b.count - 1) b.lastEnd = lastEndOf(b.children[k] as TreeNode, h);
    } else {
      up = addChild(t, b, k + 1, up, h, append);
      if (up !== undefined) addedBranches++;
    }
  }
  clearPath(height);
  if (up !== undefined) {
    const root = freeBranch(t.owner);
    placeChild(root, 0, t.root);
    placeChild(root, 1, up);
    refreshBranch(root, height);
    t.root = root;
  }
}

/** Adds child (of height h) at `at` of owned branch b, b refreshed; returns b's new right sibling if b split. */
function addChild(
  t: SlotTree,
  b: Branch,
  at: number,
  child: TreeNode,
  h: number,
  append: boolean,
): Branch | undefined {
  if (b.count < BRANCHING) {
    placeChild(b, at, child);
    refreshBranch(b, h);
    return undefined;
  }
  const right = freeBranch(t.owner);
  if (!append) moveChildren(b, HALF_BRANCH, right, h);
  if (!append && at <= HALF_BRANCH) placeChild(b, at, child);
  else placeChild(right, at - b.count, child);
  refreshBranch(b, h);
  refreshBranch(right, h);
  return right;
}

/** Inserts at j of the cached (owned) leaf, re-caching the half that holds it; returns a split's right sibling. */
function openSlot(t: SlotTree, j: number, slot: Slot): Leaf | undefined {
  const leaf = t.cacheLeaf;
  if (leaf.size < LEAF_CAPACITY) {
    insertSlotAt(leaf, j, slot);
    return undefined;
  }
  const right = freeLeaf(t.owner);
  moveSlots(leaf, HALF_LEAF, right);
  if (j <= HALF_LEAF) {
    insertSlotAt(leaf, j, slot);
  } else {
    t.cacheBase += HALF_LEAF;
    t.cacheLeaf = right;
    insertSlotAt(right, j - HALF_LEAF, slot);
  }
  return right;
}

/** The tail, copied first (the `n`-slot handle's visible slots only) unless it is owned; the leaf cache follows it. */
function ownTail(t: SlotTree, n: number): Leaf {
  const tail = t.tail;
  if (tail.owner === t.owner) return tail;
  const treeSize = t.root.size;
  const visible = n - treeSize;
  const copy = freeLeaf(t.owner);
  for (let k = 0; k < visible; k++) copy.slots[k] = tail.slots[k];
  copy.size = visible;
  t.tail = copy;
  t.cacheLeaf = copy;
  t.cacheBase = treeSize;
  return copy;
}

/**
 * Moves a full tail (LEAF_CAPACITY visible slots, so its claimed size is LEAF_CAPACITY too and no sharer can append
 * to it any more) into the tree as its new last leaf, path-copying the tree's right spine once, and starts an empty
 * tail. The leaf keeps its owner: shared, it stays copy-on-write in the tree as everywhere else.
 */
function pushTail(t: SlotTree): void {
  searchOwner = 0;
  const leaf = t.tail;
  const treeSize = t.root.size;
  if (treeSize === 0) {
    t.root = leaf;
  } else if (!(t.root instanceof Branch)) {
    const root = freeBranch(t.owner);
    placeChild(root, 0, t.root);
    placeChild(root, 1, leaf);
    refreshBranch(root, 0);
    t.root = root;
  } else {
    descendForWrite(t, treeSize - 1);
    // The last leaf itself is unchanged; the new leaf goes in beside it, and every level above grows by a leaf.
    propagateUp(t, leaf, LEAF_CAPACITY, true);
  }
  // The leaf moved from tail to tree: the leaf total stays; the new tail is the uncounted empty sentinel.
  t.tail = EMPTY_LEAF;
  t.cacheLeaf = EMPTY_LEAF;
  t.cacheBase = 0;
}

/**
 * Makes the root-to-leaf path of index i owned (copying what is not), records it in PATH and caches the leaf. When
 * i lies in the tree leaf the last key search of this handle found, and no tree has been written since, the
 * search's child indexes are followed instead of descending again by index (the write after a search, Cassandra's
 * insertFrom after its binary search: the second descent was a size scan per level, 7.6% of a random merge).
 */
function descendForWrite(t: SlotTree, i: number): void {
  const owner = t.owner;
  const height = heightOf(t);
  const reuse = searchOwner === owner && i >= searchBase && i < searchEnd;
  searchOwner = 0;
  if (t.root.owner !== owner) t.root = copyNode(t.root, height, owner);
  let node = t.root;
  let base = 0;
  for (let d = 0, h = height; h > 0; d++, h--) {
    const b = node as Branch;
    const { children } = b;
    const k = reuse ? (SEARCH_SLOT[d] as number) : childIndexAt(b, i, base);
    if (!reuse) base = childBase;
    PATH[d] = b;
    SLOT[d] = k;
    let child = children[k] as TreeNode;
    if (child.owner !== owner) {
      child = copyNode(child, h - 1, owner);
      children[k] = child;
    }
    node = child;
  }
  t.cacheLeaf = node as Leaf;
  t.cacheBase = reuse ? searchBase : base;
}

function copyNode(node: TreeNode, h: number, owner: number): TreeNode {
  return h === 0 ? copyLeaf(node as Leaf, owner) : copyBranch(node as Branch, owner);
}

function clearPath(depth: number): void {
  // The anchor, not undefined: it pins nothing, and this use keeps it (and the Branch map) in every bundle, where an
  // export nobody imported was tree-shaken away (the package has no side effects).
  for (let d = 0; d < depth; d++) PATH[d] = BRANCH_MAP_ANCHOR;
}

/**
 * Java Arrays.binarySearch semantics over the start (`isEnd` false) or end column of every slot: the index of a slot
 * whose bound equals `key` under `cmp`, else -(insertion point) - 1 (no comparison closure: one per search cost an
 * allocation on every add). Assumes the range list's invariants: each column strictly increasing and `end(i) <= start(i + 1)`, so one
 * key per child (its last end) steers both searches. O(log N) comparator calls: one descent, binary search per node.
 */
export function searchSlots(
  t: SlotTree,
  n: number,
  isEnd: boolean,
  cmp: ClusteringComparator,
  key: ClusteringPrefix,
): number {
  const treeSize = t.root.size;
  let leaf = t.tail;
  let count = n - treeSize;
  let base = treeSize;
  // The tree first: a key it holds costs no comparison against the tail. Only a key after every slot of the tree
  // can be found, or inserted, in the tail (both columns increase across tree and tail).
  if (treeSize > 0) {
    const found = leafForKey(t, isEnd ? 0 : 1, cmp, key);
    if (found !== undefined) {
      leaf = found;
      count = found.size;
      base = keyBase;
    }
  }
  if (count === 0) return -base - 1;
  // The reads that follow a search (the covering range, its neighbours) find this leaf in the cache.
  t.cacheLeaf = leaf;
  t.cacheBase = base;
  return searchLeaf(leaf, count, isEnd, cmp, key, base);
}

/** First index of the leaf {@link leafForKey} returned (module-level: no allocation per search). */
let keyBase = 0;

/**
 * The tree leaf holding the key or its insertion point, or undefined when the key sorts after every slot of the
 * tree. 'end' (threshold 0): the first child whose last end is >= key. 'start' (threshold 1): the first child whose
 * last end is > key — every start before it is below the key and every start after it above (end(i) <= start(i+1)).
 */
function leafForKey(
  t: SlotTree,
  threshold: number,
  cmp: ClusteringComparator,
  key: ClusteringPrefix,
): Leaf | undefined {
  let node = t.root;
  let base = 0;
  const height = heightOf(t);
  if (height === 0 && cmp[COMPARE](lastEndOf(node, 0), key) < threshold) return undefined;
  for (let h = height, d = 0; h > 0; h--, d++) {
    const b = node as Branch;
    const k = firstChildAtLeast(b, h - 1, cmp, key, threshold);
    // Only possible at the root: below it, a parent chose this child by its last end.
    if (k === b.count) return undefined;
    base += sizeBefore(b, k);
    SEARCH_SLOT[d] = k;
    node = b.children[k] as TreeNode;
  }
  keyBase = base;
  searchOwner = t.owner;
  searchBase = base;
  searchEnd = base + node.size;
  return node as Leaf;
}

/**
 * The last key search's path through the tree (child index per depth) and the index range [searchBase, searchEnd)
 * of the leaf it found, valid for the handle whose owner id is `searchOwner` until any tree changes shape: every
 * structural write clears `searchOwner` (0 is no handle's id), and {@link shareTree} passes it to the sharing side
 * (both sides get new ids). Plain numbers, so the record pins no node.
 */
const SEARCH_SLOT: number[] = [];
let searchOwner = 0;
let searchBase = 0;
let searchEnd = 0;

/** Java's binarySearch over a leaf's first `count` slots, reported at global offset `base`. */
function searchLeaf(
  leaf: Leaf,
  count: number,
  isEnd: boolean,
  cmp: ClusteringComparator,
  key: ClusteringPrefix,
  base: number,
): number {
  const { slots } = leaf;
  let lo = 0;
  let hi = count - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const slot = slots[mid] as Slot;
    const c = cmp[COMPARE](isEnd ? slot.end : slot.start, key);
    if (c < 0) lo = mid + 1;
    else if (c > 0) hi = mid - 1;
    else return base + mid;
  }
  return -(base + lo) - 1;
}

/** Sets markedAt (and delTime, when given) of the `n` slots; O(N), copying only nodes it does not own. */
export function rewriteAll(t: SlotTree, n: number, markedAt: number, delTime: number | undefined): void {
  searchOwner = 0;
  // The empty root is the module-wide sentinel: copying it would charge this handle a leaf for nothing.
  if (t.root.size > 0) t.root = rewrite(t, t.root, heightOf(t), markedAt, delTime);
  const visible = n - t.root.size;
  if (visible > 0) rewriteLeaf(ownTail(t, n), visible, markedAt, delTime);
  // The cached leaf may just have been replaced by a copy.
  t.cacheLeaf = EMPTY_LEAF;
  t.cacheBase = 0;
}

function rewrite(
  t: SlotTree,
  node: TreeNode,
  h: number,
  markedAt: number,
  delTime: number | undefined,
): TreeNode {
  const own = node.owner === t.owner ? node : copyNode(node, h, t.owner);
  if (h === 0) {
    rewriteLeaf(own as Leaf, own.size, markedAt, delTime);
  } else {
    const b = own as Branch;
    const { children } = b;
    for (let k = 0; k < b.count; k++)
      children[k] = rewrite(t, children[k] as TreeNode, h - 1, markedAt, delTime);
  }
  return own;
}

function rewriteLeaf(leaf: Leaf, count: number, markedAt: number, delTime: number | undefined): void {
  const { slots } = leaf;
  for (let j = 0; j < count; j++) {
    const s = slots[j] as Slot;
    slots[j] = new Slot(s.start, s.end, markedAt, delTime ?? s.delTime);
  }
}

/**
 * Node counts of `t` (for heap accounting): all nodes, and those it does not own (shared, conservatively: the other
 * sharers may be garbage already). O(nodes): a diagnostic, never on the write path (which reads only the totals).
 */
export function nodeCounts(t: SlotTree): {
  leaves: number;
  internals: number;
  sharedLeaves: number;
  sharedInternals: number;
} {
  const counts = { leaves: leafCount(t), internals: internalCount(t), sharedLeaves: 0, sharedInternals: 0 };
  const walk = (node: TreeNode, h: number): void => {
    if (node.owner === t.owner) return; // a node this handle owns never sits above a shared one it reaches
    if (h === 0) {
      counts.sharedLeaves++;
      return;
    }
    counts.sharedInternals++;
    const b = node as Branch;
    for (let k = 0; k < b.count; k++) walk(b.children[k] as TreeNode, h - 1);
  };
  const sharedBelowOwned = (node: TreeNode, h: number): void => {
    if (node.owner !== t.owner) {
      walk(node, h);
      return;
    }
    if (h === 0) return;
    const b = node as Branch;
    for (let k = 0; k < b.count; k++) sharedBelowOwned(b.children[k] as TreeNode, h - 1);
  };
  if (t.root.size > 0) sharedBelowOwned(t.root, heightOf(t));
  if (t.tail !== EMPTY_LEAF && t.tail.owner !== t.owner) counts.sharedLeaves++;
  return counts;
}
