import type { ClusteringBound } from './clustering-bound.js';

/** Slots per leaf: a leaf copy (four 32-element memcpys) stays cheap and 40,000 slots need only 4 levels. */
export const LEAF_CAPACITY = 32;
/** Maximum children per internal node; with {@link LEAF_CAPACITY} a path copy is depth + 1 small arrays. */
export const BRANCHING = 32;

const HALF_LEAF = LEAF_CAPACITY >> 1;
const HALF_BRANCH = BRANCHING >> 1;

type Bound = ClusteringBound | undefined;
type TreeNode = Leaf | Branch;
type KeyCompare = (b: ClusteringBound) => number;

/** Up to LEAF_CAPACITY slots in four parallel arrays; slots >= count hold undefined/0 so nothing stale is retained. */
class Leaf {
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
class Branch {
  constructor(
    readonly owner: number,
    public count: number,
    readonly children: (TreeNode | undefined)[],
    readonly sizes: number[],
    readonly firstStarts: Bound[],
    readonly lastEnds: Bound[],
  ) {}
}

/** Packed arrays sliced for every new node: a slice keeps the packed elements kind and the full fixed length. */
function filled<T>(n: number, value: T): T[] {
  const a: T[] = [];
  for (let i = 0; i < n; i++) a.push(value);
  return a;
}
/** Starts from a non-integer so the array is PACKED_DOUBLE: markedAt values past 2^31 never change its kind. */
function doubleZeros(n: number): number[] {
  const a = [0.5];
  a[0] = 0;
  for (let i = 1; i < n; i++) a.push(0);
  return a;
}
const FREE_BOUNDS = filled<Bound>(Math.max(LEAF_CAPACITY, BRANCHING), undefined);
const FREE_DOUBLES = doubleZeros(LEAF_CAPACITY);
const FREE_SIZES = filled(BRANCHING, 0);
const FREE_CHILDREN = filled<TreeNode | undefined>(BRANCHING, undefined);

/** Owner ids start at 1: id 0 belongs to no handle, so the shared empty root below is never written in place. */
let lastOwner = 0;
const EMPTY_LEAF = freeLeaf(0);

function freeLeaf(owner: number): Leaf {
  const free = FREE_BOUNDS.slice(0, LEAF_CAPACITY);
  return new Leaf(owner, 0, free, free.slice(), FREE_DOUBLES.slice(), FREE_DOUBLES.slice());
}

function freeBranch(owner: number): Branch {
  const free = FREE_BOUNDS.slice(0, BRANCHING);
  return new Branch(owner, 0, FREE_CHILDREN.slice(), FREE_SIZES.slice(), free, free.slice());
}

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
 */
export class PersistentSlots {
  private owner: number;
  private root: TreeNode = EMPTY_LEAF;
  private height = 0;
  private n = 0;
  private leaves = 1;
  private internals = 0;
  /** Nodes owned by this handle: they replaced shared ones or were added, so the rest are shared (O(1) counts). */
  private ownedLeaves = 0;
  private ownedInternals = 0;
  /** Last leaf looked up and its first global index, so sequential scans descend once per leaf. */
  private cacheLeaf = EMPTY_LEAF;
  private cacheBase = 0;

  /** An empty sequence with a fresh owner id. */
  constructor() {
    this.owner = ++lastOwner;
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
    // Appends start fresh nodes instead of splitting half/half, so append-built trees stay ~100% full.
    const append = i === this.n;
    this.descendForWrite(i);
    let sibling: TreeNode | undefined = this.openSlot(i - this.cacheBase, append);
    writeSlot(this.cacheLeaf, i - this.cacheBase, start, end, markedAt, delTime);
    for (let d = this.height - 1; d >= 0; d--) {
      const b = PATH[d] as Branch;
      const k = SLOT[d] as number;
      const h = this.height - 1 - d;
      b.sizes[k] = sibling === undefined ? (b.sizes[k] as number) + 1 : sizeOf(b.children[k] as TreeNode, h);
      refreshKeys(b, k, h);
      if (sibling !== undefined) sibling = this.addChild(b, k + 1, sibling, h, append);
    }
    clearPath(this.height);
    if (sibling !== undefined) {
      const root = this.newBranch();
      placeChild(root, 0, this.root, this.height);
      placeChild(root, 1, sibling, this.height);
      this.root = root;
      this.height++;
    }
    this.n++;
  }

  /** O(1): a new handle sharing every node; afterwards NEITHER handle may write a node it shares in place. */
  fork(): PersistentSlots {
    const other = new PersistentSlots();
    other.root = this.root;
    other.height = this.height;
    other.n = this.n;
    other.leaves = this.leaves;
    other.internals = this.internals;
    other.cacheLeaf = this.cacheLeaf;
    other.cacheBase = this.cacheBase;
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
      if (k === b.count) return -this.n - 1;
      for (let c = 0; c < k; c++) base += b.sizes[c] as number;
      node = b.children[k] as TreeNode;
    }
    const leaf = node as Leaf;
    const keys = isEnd ? leaf.ends : leaf.starts;
    let lo = 0;
    let hi = leaf.count - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const c = compareToKey(keys[mid] as ClusteringBound);
      if (c < 0) lo = mid + 1;
      else if (c > 0) hi = mid - 1;
      else return base + mid;
    }
    return -(base + lo) - 1;
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
    return j >= 0 && j < this.cacheLeaf.count ? this.cacheLeaf : this.findLeaf(i);
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
    if (this.n === 0) return;
    this.root = this.rewrite(this.root, this.height, markedAt, delTime);
    // The cached leaf may just have been replaced by a copy.
    this.cacheLeaf = EMPTY_LEAF;
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

function clearPath(depth: number): void {
  for (let d = 0; d < depth; d++) PATH[d] = undefined;
}

/** First k in [0, n) with compareToKey(keys[k]) >= threshold, else n: ceil(log2(n + 1)) comparator calls. */
function firstAtLeast(keys: Bound[], n: number, cmp: KeyCompare, threshold: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cmp(keys[mid] as ClusteringBound) >= threshold) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function sizeOf(node: TreeNode, h: number): number {
  if (h === 0) return node.count;
  const sizes = (node as Branch).sizes;
  let total = 0;
  for (let k = 0; k < node.count; k++) total += sizes[k] as number;
  return total;
}

function refreshKeys(b: Branch, k: number, h: number): void {
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

function openGap(leaf: Leaf, j: number): void {
  const n = leaf.count;
  shiftRight(leaf.starts, j, n);
  shiftRight(leaf.ends, j, n);
  shiftRight(leaf.markedAts, j, n);
  shiftRight(leaf.delTimes, j, n);
  leaf.count = n + 1;
}

function writeSlot(leaf: Leaf, j: number, s: Bound, e: Bound, m: number, d: number): void {
  leaf.starts[j] = s;
  leaf.ends[j] = e;
  leaf.markedAts[j] = m;
  leaf.delTimes[j] = d;
}

function moveSlots(from: Leaf, at: number, to: Leaf): void {
  const n = from.count;
  moveTail(from.starts, at, n, to.starts, undefined);
  moveTail(from.ends, at, n, to.ends, undefined);
  moveTail(from.markedAts, at, n, to.markedAts, 0);
  moveTail(from.delTimes, at, n, to.delTimes, 0);
  to.count = n - at;
  from.count = at;
}

function placeChild(b: Branch, at: number, child: TreeNode, h: number): void {
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

function moveChildren(from: Branch, at: number, to: Branch): void {
  const n = from.count;
  moveTail(from.children, at, n, to.children, undefined);
  moveTail(from.sizes, at, n, to.sizes, 0);
  moveTail(from.firstStarts, at, n, to.firstStarts, undefined);
  moveTail(from.lastEnds, at, n, to.lastEnds, undefined);
  to.count = n - at;
  from.count = at;
}
