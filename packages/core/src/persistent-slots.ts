import type { ClusteringBound } from './clustering-bound.js';
import {
  BRANCHING,
  Branch,
  EMPTY_LEAF,
  firstAtLeast,
  freeBranch,
  freeLeaf,
  HALF_BRANCH,
  HALF_LEAF,
  type KeyCompare,
  LEAF_CAPACITY,
  Leaf,
  moveChildren,
  moveSlots,
  openGap,
  placeChild,
  refreshKeys,
  sizeOf,
  type TreeNode,
  writeSlot,
} from './persistent-nodes.js';

export { BRANCHING, LEAF_CAPACITY } from './persistent-nodes.js';

/** Owner ids start at 1: id 0 is the shared empty root's, which no handle owns. */
let lastOwner = 0;

/**
 * Path of the write in progress (branch and child slot per depth). Module-level because JS is single-threaded and
 * writes never re-enter, which spares every write an allocation; cleared afterwards so it pins no dead tree.
 */
const PATH: (Branch | undefined)[] = [];
const SLOT: number[] = [];

function outOfRange(i: number, size: number): RangeError {
  return new RangeError(`slot index ${i} is out of range for size ${size}`);
}

/**
 * A persistent (path-copying) indexed sequence of range-tombstone slots: a B+tree whose nodes record the owner id
 * of the handle that created them. A handle writes only nodes it owns and copies the rest (with the path down to
 * them), so after {@link fork} a write costs O(log N) copies instead of the O(N) array copy of a copy-on-write list.
 * It stores what it is told: ordering is the callers' business, `binarySearch` merely assumes it.
 *
 * The last slots (up to one leaf) live outside the tree in a tail leaf, as in Clojure's persistent vector, so that
 * appends — the memtable's common write — touch neither the tree nor its spine. The tail follows the copy-on-write
 * array list's claimed-tail rule: `tail.count` is the high-water mark of what sharers have appended, every sharer
 * sees only its own first `size − treeSize` slots, so the sharer that sees all `tail.count` of them may append in
 * place even to a shared tail; any other write to a shared tail copies it first. A full tail moves into the tree
 * whole (one O(log N) path copy per leaf of appends).
 */
export class PersistentSlots {
  // `declare` + constructor assignments: emitted field initialisers define each property before the constructor
  // body runs, which made a copy's handle measurably slower to build (the same lesson as the array list's fields).
  declare private owner: number;
  declare private root: TreeNode;
  declare private height: number;
  declare private n: number;
  /** Slots in the tree; slots [treeSize, n) are tail slots [0, n − treeSize). */
  declare private treeSize: number;
  declare private tail: Leaf;
  /** Nodes of the tree plus the tail (the shared empty sentinel is never counted). */
  declare private leaves: number;
  declare private internals: number;
  /** Nodes owned by this handle: they replaced shared ones or were added, so the rest are shared (O(1) counts). */
  declare private ownedLeaves: number;
  declare private ownedInternals: number;
  /** Last leaf looked up and its first global index, so sequential scans descend once per leaf. */
  declare private cacheLeaf: Leaf;
  declare private cacheBase: number;

  /** An empty sequence with a fresh owner id. */
  constructor();
  // Internal: `fork()` passes the handle it shares every node with.
  constructor(from?: PersistentSlots) {
    this.owner = ++lastOwner;
    this.ownedLeaves = 0;
    this.ownedInternals = 0;
    if (from === undefined) {
      this.root = EMPTY_LEAF;
      this.height = 0;
      this.n = 0;
      this.treeSize = 0;
      this.tail = EMPTY_LEAF;
      this.leaves = 0;
      this.internals = 0;
      this.cacheLeaf = EMPTY_LEAF;
      this.cacheBase = 0;
    } else {
      this.root = from.root;
      this.height = from.height;
      this.n = from.n;
      this.treeSize = from.treeSize;
      this.tail = from.tail;
      this.leaves = from.leaves;
      this.internals = from.internals;
      this.cacheLeaf = from.cacheLeaf;
      this.cacheBase = from.cacheBase;
    }
  }

  /** Number of slots. */
  get size(): number {
    return this.n;
  }

  /** Start bound of slot i. */
  start(i: number): ClusteringBound {
    return this.leafOf(i).starts[i - this.cacheBase] as ClusteringBound;
  }

  /** End bound of slot i. */
  end(i: number): ClusteringBound {
    return this.leafOf(i).ends[i - this.cacheBase] as ClusteringBound;
  }

  /** markedAt of slot i. */
  markedAt(i: number): number {
    return this.leafOf(i).markedAts[i - this.cacheBase] as number;
  }

  /** delTime of slot i. */
  delTime(i: number): number {
    return this.leafOf(i).delTimes[i - this.cacheBase] as number;
  }

  /** Overwrites slot i (0 <= i < size). */
  set(i: number, start: ClusteringBound, end: ClusteringBound, markedAt: number, delTime: number): void {
    if (i >>> 0 !== i || i >= this.n) throw outOfRange(i, this.n);
    if (i >= this.treeSize) {
      writeSlot(this.ownTail(), i - this.treeSize, start, end, markedAt, delTime);
      return;
    }
    this.descendForWrite(i);
    writeSlot(this.cacheLeaf, i - this.cacheBase, start, end, markedAt, delTime);
    // Only a leaf's first or last slot feeds the keys, but refreshing each level is O(1) and one code path.
    const height = this.height;
    for (let d = height - 1; d >= 0; d--) refreshKeys(PATH[d] as Branch, SLOT[d] as number, height - 1 - d);
    clearPath(this.height);
  }

  /** Inserts before slot i (0 <= i <= size), shifting later slots right by one. */
  insert(i: number, start: ClusteringBound, end: ClusteringBound, markedAt: number, delTime: number): void {
    if (i >>> 0 !== i || i > this.n) throw outOfRange(i, this.n);
    if (i >= this.treeSize && this.n - this.treeSize === LEAF_CAPACITY) this.pushTail();
    if (i >= this.treeSize) {
      this.insertIntoTail(i - this.treeSize, start, end, markedAt, delTime);
      this.n++;
      return;
    }
    // Below the tail: never an append, so a full leaf splits half/half.
    const append = false;
    this.descendForWrite(i);
    const sibling: TreeNode | undefined = this.openSlot(i - this.cacheBase, append);
    writeSlot(this.cacheLeaf, i - this.cacheBase, start, end, markedAt, delTime);
    this.propagateUp(sibling, 1, append);
    this.treeSize++;
    this.n++;
  }

  /**
   * After a write at the bottom of PATH: each level's child grew by `delta` (or split, when `sibling` comes up from
   * below: its size is recounted and the sibling placed beside it), keys refreshed; a split root grows a new root.
   */
  private propagateUp(sibling: TreeNode | undefined, delta: number, append: boolean): void {
    let up = sibling;
    for (let d = this.height - 1; d >= 0; d--) {
      const b = PATH[d] as Branch;
      const k = SLOT[d] as number;
      const h = this.height - 1 - d;
      b.sizes[k] = up === undefined ? (b.sizes[k] as number) + delta : sizeOf(b.children[k] as TreeNode, h);
      refreshKeys(b, k, h);
      if (up !== undefined) up = this.addChild(b, k + 1, up, h, append);
    }
    clearPath(this.height);
    if (up !== undefined) {
      const root = this.newBranch();
      placeChild(root, 0, this.root, this.height);
      placeChild(root, 1, up, this.height);
      this.root = root;
      this.height++;
    }
  }

  /**
   * Slot j of the tail (0 <= j <= its visible count < LEAF_CAPACITY). An append by the sharer that sees every claimed
   * slot writes in place, shared or not: no sharer can see slot `tail.count`. Anything else needs the tail owned.
   */
  private insertIntoTail(
    j: number,
    start: ClusteringBound,
    end: ClusteringBound,
    markedAt: number,
    delTime: number,
  ): void {
    const visible = this.n - this.treeSize;
    let tail = this.tail;
    if (j === visible && tail.count === visible && tail !== EMPTY_LEAF) {
      tail.count = visible + 1;
    } else {
      tail = this.ownTail();
      openGap(tail, j);
    }
    writeSlot(tail, j, start, end, markedAt, delTime);
  }

  /** The tail, copied first (its visible slots only) unless this handle owns it; the leaf cache follows it. */
  private ownTail(): Leaf {
    let tail = this.tail;
    if (tail.owner === this.owner) return tail;
    const visible = this.n - this.treeSize;
    const copy = freeLeaf(this.owner);
    for (let k = 0; k < visible; k++) {
      writeSlot(
        copy,
        k,
        tail.starts[k],
        tail.ends[k],
        tail.markedAts[k] as number,
        tail.delTimes[k] as number,
      );
    }
    copy.count = visible;
    if (tail === EMPTY_LEAF) this.leaves++;
    this.ownedLeaves++;
    tail = this.tail = copy;
    this.cacheLeaf = copy;
    this.cacheBase = this.treeSize;
    return copy;
  }

  /**
   * Moves a full tail (LEAF_CAPACITY visible slots, so `tail.count` is LEAF_CAPACITY too and no sharer can append to
   * it any more) into the tree as its new last leaf, path-copying the tree's right spine once, and starts an empty
   * tail. The leaf keeps its owner: shared, it stays copy-on-write in the tree as everywhere else.
   */
  private pushTail(): void {
    const leaf = this.tail;
    if (this.treeSize === 0) {
      this.root = leaf;
    } else if (this.height === 0) {
      const root = this.newBranch();
      placeChild(root, 0, this.root, 0);
      placeChild(root, 1, leaf, 0);
      this.root = root;
      this.height = 1;
    } else {
      this.descendForWrite(this.treeSize - 1);
      // The last leaf itself is unchanged; the new leaf goes in beside it, and every level above grows by a leaf.
      this.propagateUp(leaf, LEAF_CAPACITY, true);
    }
    this.treeSize += LEAF_CAPACITY;
    // The leaf moved from tail to tree: the leaf total stays; the new tail is the uncounted empty sentinel.
    this.tail = EMPTY_LEAF;
    this.cacheLeaf = EMPTY_LEAF;
    this.cacheBase = 0;
  }

  /** O(1): a new handle sharing every node; afterwards NEITHER handle may write a node it shares in place. */
  fork(): PersistentSlots {
    const other = new (PersistentSlots as unknown as new (from: PersistentSlots) => PersistentSlots)(this);
    // Both sides need a new id: nodes this handle owned are now reachable from `other` too.
    this.owner = ++lastOwner;
    this.ownedLeaves = 0;
    this.ownedInternals = 0;
    return other;
  }

  /** Sets markedAt of every slot; O(N), copying only nodes it does not own. */
  setAllMarkedAt(markedAt: number): void {
    this.rewriteAll(markedAt, undefined);
  }

  /** Sets markedAt and delTime of every slot; O(N), copying only nodes it does not own. */
  setAllMarkedAtAndDelTime(markedAt: number, delTime: number): void {
    this.rewriteAll(markedAt, delTime);
  }

  /**
   * Java Arrays.binarySearch semantics over the whole `column` ('start' or 'end'; each column is strictly increasing
   * in the callers' use, assume it): returns the index of a slot whose bound b has compareToKey(b) === 0, else
   * -(insertion point) - 1. compareToKey(b) returns <0 if b sorts before the key, 0 equal, >0 after. O(log N)
   * comparator calls and node visits: one descent on the per-child keys, binary-searching each node.
   */
  binarySearch(column: 'start' | 'end', compareToKey: KeyCompare): number {
    const isEnd = column === 'end';
    const visible = this.n - this.treeSize;
    // Both columns increase across tree and tail: a key at or after the tail's first bound can only be found, or
    // inserted, in the tail; any other key in the tree (at worst just before the tail).
    const tailKeys = isEnd ? this.tail.ends : this.tail.starts;
    if (visible > 0 && (this.treeSize === 0 || compareToKey(tailKeys[0] as ClusteringBound) <= 0)) {
      return searchLeaf(tailKeys, visible, compareToKey, this.treeSize);
    }
    if (this.treeSize === 0) return -1;
    let node = this.root;
    let base = 0;
    for (let h = this.height; h > 0; h--) {
      const b = node as Branch;
      // 'end': the first child whose last end is >= key holds the key or its insertion point. 'start': the last
      // child whose first start is <= key does, because its right sibling starts after the key.
      const k = isEnd
        ? firstAtLeast(b.lastEnds, b.count, compareToKey, 0)
        : firstAtLeast(b.firstStarts, b.count, compareToKey, 1) - 1;
      // Either miss can only happen at the root, where it means before the first / after the last slot.
      if (k < 0) return -base - 1;
      if (k === b.count) return -this.treeSize - 1;
      for (let c = 0; c < k; c++) base += b.sizes[c] as number;
      node = b.children[k] as TreeNode;
    }
    const leaf = node as Leaf;
    return searchLeaf(isEnd ? leaf.ends : leaf.starts, leaf.count, compareToKey, base);
  }

  /** Leaves (tail included) and internal nodes: what heap accounting multiplies, read on every memtable write. */
  get leafCount(): number {
    return this.leaves;
  }

  get internalCount(): number {
    return this.internals;
  }

  /**
   * Node counts of this handle's tree (for heap accounting): all nodes, and those it does not own (shared,
   * conservatively: the other sharers may be garbage already). O(1): an owned node only ever replaces a shared one
   * or is added by a split, and a shared node never points to an owned one, so shared = total - owned.
   */
  nodeCounts(): { leaves: number; internals: number; sharedLeaves: number; sharedInternals: number } {
    return {
      leaves: this.leaves,
      internals: this.internals,
      sharedLeaves: this.leaves - this.ownedLeaves,
      sharedInternals: this.internals - this.ownedInternals,
    };
  }

  /** Validates i (cheaply: one unsigned compare also rejects negatives, fractions and NaN) and finds its leaf. */
  private leafOf(i: number): Leaf {
    if (i >>> 0 !== i || i >= this.n) throw outOfRange(i, this.n);
    const j = i - this.cacheBase;
    if (j >= 0 && j < this.cacheLeaf.count) return this.cacheLeaf;
    if (i < this.treeSize) return this.findLeaf(i);
    // A shared tail's count may exceed what this handle sees; the bounds check above keeps i below its size.
    this.cacheLeaf = this.tail;
    this.cacheBase = this.treeSize;
    return this.tail;
  }

  private findLeaf(i: number): Leaf {
    let node = this.root;
    let base = 0;
    for (let h = this.height; h > 0; h--) {
      const b = node as Branch;
      let k = 0;
      while (i - base >= (b.sizes[k] as number)) base += b.sizes[k++] as number;
      node = b.children[k] as TreeNode;
    }
    this.cacheLeaf = node as Leaf;
    this.cacheBase = base;
    return node as Leaf;
  }

  /** Makes the root-to-leaf path of index i owned (copying what is not), records it in PATH and caches the leaf. */
  private descendForWrite(i: number): void {
    if (this.root.owner !== this.owner) this.root = this.copy(this.root, this.height);
    let node = this.root;
    let base = 0;
    for (let d = 0, h = this.height; h > 0; d++, h--) {
      const b = node as Branch;
      const last = b.count - 1;
      let k = 0;
      // An index on a child boundary goes to the right child; only the end of the tree falls to the last child.
      while (k < last && i - base >= (b.sizes[k] as number)) base += b.sizes[k++] as number;
      PATH[d] = b;
      SLOT[d] = k;
      let child = b.children[k] as TreeNode;
      if (child.owner !== this.owner) {
        child = this.copy(child, h - 1);
        b.children[k] = child;
      }
      node = child;
    }
    this.cacheLeaf = node as Leaf;
    this.cacheBase = base;
  }

  /** Opens slot j in the cached (owned) leaf, re-caching the half that holds it; returns a split's right sibling. */
  private openSlot(j: number, append: boolean): Leaf | undefined {
    const leaf = this.cacheLeaf;
    if (leaf.count < LEAF_CAPACITY) {
      openGap(leaf, j);
      return undefined;
    }
    const right = this.newLeaf();
    if (!append) moveSlots(leaf, HALF_LEAF, right);
    if (!append && j <= HALF_LEAF) {
      openGap(leaf, j);
      return right;
    }
    this.cacheBase += leaf.count;
    this.cacheLeaf = right;
    openGap(right, j - leaf.count);
    return right;
  }

  /** Adds child (of height h) at position `at` of owned branch b; returns b's new right sibling if b split. */
  private addChild(b: Branch, at: number, child: TreeNode, h: number, append: boolean): Branch | undefined {
    if (b.count < BRANCHING) {
      placeChild(b, at, child, h);
      return undefined;
    }
    const right = this.newBranch();
    if (!append) moveChildren(b, HALF_BRANCH, right);
    if (!append && at <= HALF_BRANCH) placeChild(b, at, child, h);
    else placeChild(right, at - b.count, child, h);
    return right;
  }

  private rewriteAll(markedAt: number, delTime: number | undefined): void {
    // The empty root is the module-wide sentinel: copying it would charge this handle a leaf for nothing.
    if (this.treeSize > 0) this.root = this.rewrite(this.root, this.height, markedAt, delTime);
    const visible = this.n - this.treeSize;
    if (visible > 0) {
      const tail = this.ownTail();
      for (let j = 0; j < visible; j++) tail.markedAts[j] = markedAt;
      if (delTime !== undefined) for (let j = 0; j < visible; j++) tail.delTimes[j] = delTime;
    }
    // The cached leaf may just have been replaced by a copy.
    this.cacheLeaf = EMPTY_LEAF;
    this.cacheBase = 0;
  }

  private rewrite(node: TreeNode, h: number, markedAt: number, delTime: number | undefined): TreeNode {
    const own = node.owner === this.owner ? node : this.copy(node, h);
    if (h === 0) {
      const leaf = own as Leaf;
      for (let j = 0; j < leaf.count; j++) leaf.markedAts[j] = markedAt;
      if (delTime !== undefined) for (let j = 0; j < leaf.count; j++) leaf.delTimes[j] = delTime;
    } else {
      const b = own as Branch;
      const { children } = b;
      for (let k = 0; k < b.count; k++)
        children[k] = this.rewrite(children[k] as TreeNode, h - 1, markedAt, delTime);
    }
    return own;
  }

  /** A copy owned by this handle; it replaces a shared node, so totals stay and only the owned count grows. */
  private copy(node: TreeNode, h: number): TreeNode {
    if (h === 0) {
      const { count, starts, ends, markedAts, delTimes } = node as Leaf;
      this.ownedLeaves++;
      return new Leaf(this.owner, count, starts.slice(), ends.slice(), markedAts.slice(), delTimes.slice());
    }
    const { count, children, sizes, firstStarts, lastEnds } = node as Branch;
    this.ownedInternals++;
    return new Branch(
      this.owner,
      count,
      children.slice(),
      sizes.slice(),
      firstStarts.slice(),
      lastEnds.slice(),
    );
  }

  private newLeaf(): Leaf {
    this.leaves++;
    this.ownedLeaves++;
    return freeLeaf(this.owner);
  }

  private newBranch(): Branch {
    this.internals++;
    this.ownedInternals++;
    return freeBranch(this.owner);
  }
}

/** Java's binarySearch over `keys[0, count)`, reported at global offset `base`. */
function searchLeaf(
  keys: readonly (ClusteringBound | undefined)[],
  count: number,
  cmp: KeyCompare,
  base: number,
): number {
  let lo = 0;
  let hi = count - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const c = cmp(keys[mid] as ClusteringBound);
    if (c < 0) lo = mid + 1;
    else if (c > 0) hi = mid - 1;
    else return base + mid;
  }
  return -(base + lo) - 1;
}

function clearPath(depth: number): void {
  for (let d = 0; d < depth; d++) PATH[d] = undefined;
}
