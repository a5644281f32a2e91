import { describeValue, FrozenTreeError, ReentrantWriteError, UnsortedItemsError } from '../errors.js';
import { objectSize, primitiveArraySize, referenceArraySize, type SizeModel } from '../heap/size-model.js';
import { BTreeCursor } from './persistent-btree-cursor.js';
import {
  type BBranch,
  type BLeaf,
  type BNode,
  branchInsert,
  branchRemove,
  copyNode,
  EMPTY_BLEAF,
  EMPTY_KEYED_BLEAF,
  firstOf,
  HALF_NODE,
  leafInsert,
  leafRemove,
  moveEntries,
  NODE_CAPACITY,
  newBranch,
  newLeaf,
  refreshChild,
  shiftToLeft,
  shiftToRight,
} from './persistent-btree-nodes.js';

/**
 * Where an item lies relative to a searched key: negative if the item sorts before it, 0 if it is the key, positive
 * after. Every search takes one, so a caller can search by a key of another type (a row by its clustering). A tree
 * with a {@link PersistentBTreeOptions.keyOf | key function} passes the probe the item's key, not the item.
 */
export type Probe<T> = (item: T) => number;

/** Options of a {@link PersistentBTree}. */
export interface PersistentBTreeOptions<T, K> {
  /**
   * The search key of an item, stored beside it in the leaves and as the branches' separators: searches then probe
   * keys in the nodes' own arrays instead of following a pointer to each item. Must be pure and order-preserving
   * (the items' order is the keys' order). Default: none, and probes see the items.
   *
   * Why: a search probes ~19 items at 10^5, and on a big tree's cold leaves each probe of an item is a cache miss.
   * Measured on 10^5 random-key row writes into one partition (CPU time, in-process): see partition's row tree.
   */
  readonly keyOf?: (item: T) => K;
}

/** Owner ids start at 1: id 0 is the shared empty root's, which no handle owns. */
let lastOwner = 0;

/**
 * Path of the write in progress (branch and child slot per depth). Module-level because JS is single-threaded and
 * writes never re-enter (an upsert callback that tries is refused), which spares every write an allocation;
 * cleared afterwards so it pins no dead tree.
 */
const PATH: (BBranch<unknown> | undefined)[] = [];
const SLOT: number[] = [];
/** Set while an upsert's callback runs: a write then would clobber PATH. */
let MAKING = false;

function outOfRange(i: unknown, size: number): RangeError {
  return new RangeError(`index ${describeValue(i)} is out of range for size ${size}`);
}

/** First k in [0, n) with probe(keys[k]) >= threshold, else n (threshold 0: lower bound, 1: upper bound). */
function firstAtLeast<K>(keys: unknown[], n: number, probe: Probe<K>, threshold: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (probe(keys[mid] as K) >= threshold) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** What a leaf's searches probe: its keys, or its items in a tree without keys. */
function leafKeys<T>(leaf: BLeaf<T>): unknown[] {
  return leaf.keys ?? leaf.items;
}

/**
 * A persistent (path-copying) sorted sequence: a B+tree of items in caller-defined order, indexable by position and
 * searchable by {@link Probe}, with Cassandra's `BTree` as the model. {@link fork} is O(1); afterwards a write to
 * either handle copies only the O(log N) nodes on its path (nodes record the owner id of the handle that made them,
 * and a handle writes in place only what it owns), so N writes each after a copy cost O(N log N), not the O(N²) of
 * copying a sorted array per write. Reads — {@link at}, bounds, {@link iterate} from a position — are O(log N + k).
 *
 * It stores what it is told: keeping items ordered is the callers' business (the searches assume it);
 * {@link PersistentBTree.fromSorted} checks a bulk input. A {@link freeze | frozen} handle rejects every write, which
 * is how a published snapshot shares its tree safely.
 */
export class PersistentBTree<T, K = T> {
  // `declare` + constructor assignments: field initialisers would define each property before the constructor body
  // runs, which measurably slowed the range list's copy handle (the same layout rule as there).
  declare private owner: number;
  declare private root: BNode<T>;
  declare private height: number;
  declare private n: number;
  declare private leaves: number;
  declare private internals: number;
  declare private frozen: boolean;
  declare private readonly keyOf: ((item: T) => K) | undefined;

  /** An empty tree. */
  constructor(options?: PersistentBTreeOptions<T, K>);
  // Internal: `fork()` passes the handle it shares every node with.
  constructor(from?: PersistentBTreeOptions<T, K> | PersistentBTree<T, K>) {
    this.owner = ++lastOwner;
    this.frozen = false;
    if (!(from instanceof PersistentBTree)) {
      this.keyOf = from?.keyOf;
      this.root = (this.keyOf === undefined ? EMPTY_BLEAF : EMPTY_KEYED_BLEAF) as BLeaf<T>;
      this.height = 0;
      this.n = 0;
      this.leaves = 0;
      this.internals = 0;
    } else {
      this.keyOf = from.keyOf;
      this.root = from.root;
      this.height = from.height;
      this.n = from.n;
      this.leaves = from.leaves;
      this.internals = from.internals;
    }
  }

  /**
   * A tree holding `items` in the given order, built bottom-up in O(N) with full nodes.
   * @param order when given, checked: each item must sort strictly after the previous one
   * @throws UnsortedItemsError naming the first position out of order
   */
  static fromSorted<T, K = T>(
    items: readonly T[],
    order?: (a: T, b: T) => number,
    options?: PersistentBTreeOptions<T, K>,
  ): PersistentBTree<T, K> {
    if (order !== undefined) {
      for (let i = 1; i < items.length; i++) {
        if (!(order(items[i - 1] as T, items[i] as T) < 0)) {
          throw new UnsortedItemsError(`item ${i} does not sort strictly after item ${i - 1}`);
        }
      }
    }
    const tree = new PersistentBTree<T, K>(options);
    if (items.length > 0) tree.build(items);
    return tree;
  }

  /** Number of items. */
  get size(): number {
    return this.n;
  }

  /** Whether {@link freeze} was called: every write then throws {@link FrozenTreeError}. */
  get isFrozen(): boolean {
    return this.frozen;
  }

  /** Makes this handle read-only for good (a published snapshot's tree); returns it. */
  freeze(): this {
    this.frozen = true;
    return this;
  }

  /**
   * O(1): a new writable handle sharing every node. A writable source gets a new owner id too (the nodes it owned
   * are now reachable from the fork), so afterwards NEITHER handle writes a shared node in place.
   */
  fork(): PersistentBTree<T, K> {
    const other = new (
      PersistentBTree as unknown as new (
        from: PersistentBTree<T, K>,
      ) => PersistentBTree<T, K>
    )(this);
    if (!this.frozen) this.owner = ++lastOwner;
    return other;
  }

  /** Leaves and internal nodes, for heap accounting (the shared empty root is never counted). O(1). */
  nodeCounts(): { readonly leaves: number; readonly internals: number } {
    return { leaves: this.leaves, internals: this.internals };
  }

  /** Leaves (O(1), allocation-free: heap accounting reads it on every memtable write). */
  get leafCount(): number {
    return this.leaves;
  }

  /** Internal nodes (O(1)). */
  get internalCount(): number {
    return this.internals;
  }

  /** The item at position i (0 <= i < size). O(log N). */
  at(i: number): T {
    if (i >>> 0 !== i || i >= this.n) throw outOfRange(i, this.n);
    let node = this.root;
    let base = 0;
    for (let h = this.height; h > 0; h--) {
      const b = node as BBranch<T>;
      let k = 0;
      while (i - base >= (b.sizes[k] as number)) base += b.sizes[k++] as number;
      node = b.children[k] as BNode<T>;
    }
    return (node as BLeaf<T>).items[i - base] as T;
  }

  /** The last item, or undefined when empty. O(log N) pointer hops, no comparisons. */
  last(): T | undefined {
    if (this.n === 0) return undefined;
    let node = this.root;
    for (let h = this.height; h > 0; h--) node = (node as BBranch<T>).children[node.count - 1] as BNode<T>;
    return (node as BLeaf<T>).items[node.count - 1];
  }

  /** The first position whose item has probe(item) >= 0 (size when none). O(log N) probes. */
  lowerBound(probe: Probe<K>): number {
    return this.rank(probe, 0);
  }

  /** The first position whose item has probe(item) > 0 (size when none). O(log N) probes. */
  upperBound(probe: Probe<K>): number {
    return this.rank(probe, 1);
  }

  /** The item with probe(item) === 0, or undefined. O(log N) probes. */
  find(probe: Probe<K>): T | undefined {
    const i = this.rank(probe, 0);
    if (i === this.n) return undefined;
    const item = this.at(i);
    return probe(this.keyFor(item)) === 0 ? item : undefined;
  }

  /** The key probes see for `item`: its key, or the item itself in a tree without a key function. */
  private keyFor(item: T): K {
    return this.keyOf === undefined ? (item as unknown as K) : this.keyOf(item);
  }

  /**
   * Items at positions [from, to), in order, or from to − 1 down to `from` when `reversed`. O(log N) to start,
   * O(1) amortised per item. The tree must not be written while the iterator is in use (a frozen one never is).
   */
  iterate(from = 0, to: number = this.n, reversed = false): IterableIterator<T> {
    if (from >>> 0 !== from || from > this.n) throw outOfRange(from, this.n);
    if (to >>> 0 !== to || to > this.n || to < from) throw outOfRange(to, this.n);
    return new BTreeCursor<T>(this.root, this.height, from, to, reversed === true);
  }

  /** Every item in order. */
  [Symbol.iterator](): IterableIterator<T> {
    return this.iterate(0, this.n, false);
  }

  /** The items at positions [from, to) as a new array, in order (every item by default). O(log N + k). */
  toArray(from = 0, to: number = this.n): T[] {
    if (from >>> 0 !== from || from > this.n) throw outOfRange(from, this.n);
    if (to >>> 0 !== to || to > this.n || to < from) throw outOfRange(to, this.n);
    const out: T[] = [];
    if (from < to) collect(this.root, this.height, from, to, out);
    return out;
  }

  /**
   * The items from {@link lowerBound}(start) up to, not including, {@link upperBound}(end), as a new array in order
   * (empty when the end comes first). O(log N + k). When the end falls in the leaf the range starts in — a point or
   * short range read — that leaf's keys answer it, without the second descent of the two bounds.
   * Why: a point read of a 10^5-row partition spent a third of its time in its two descents (profile).
   */
  between(start: Probe<K>, end: Probe<K>): T[] {
    let node = this.root;
    let base = 0;
    for (let h = this.height; h > 0; h--) {
      const b = node as BBranch<T>;
      const k = Math.max(0, firstAtLeast(b.firsts, b.count, start, 0) - 1);
      for (let c = 0; c < k; c++) base += b.sizes[c] as number;
      node = b.children[k] as BNode<T>;
    }
    const leaf = node as BLeaf<T>;
    const keys = leafKeys(leaf);
    const count = leaf.count;
    const i = firstAtLeast(keys, count, start, 0);
    if (count > 0 && end(keys[count - 1] as K) > 0) {
      return leaf.items.slice(i, Math.max(i, firstAtLeast(keys, count, end, 1))) as T[];
    }
    const to = this.rank(end, 1);
    return to > base + i ? this.toArray(base + i, to) : [];
  }

  /** Inserts `item` before position i (0 <= i <= size). O(log N) copies after a fork. */
  insertAt(i: number, item: T): void {
    this.checkWritable();
    if (i >>> 0 !== i || i > this.n) throw outOfRange(i, this.n);
    const j = this.descendByIndex(i);
    this.insertInLeaf(j, item, i === this.n);
  }

  /** Replaces the item at position i and returns the old one. */
  setAt(i: number, item: T): T {
    this.checkWritable();
    if (i >>> 0 !== i || i >= this.n) throw outOfRange(i, this.n);
    const j = this.descendByIndex(i);
    return this.replaceInLeaf(j, item);
  }

  /** Removes the item at position i and returns it; underfull nodes borrow from or merge with a sibling. */
  removeAt(i: number): T {
    this.checkWritable();
    if (i >>> 0 !== i || i >= this.n) throw outOfRange(i, this.n);
    const j = this.descendByIndex(i);
    return this.removeInLeaf(j);
  }

  /**
   * Inserts or replaces the item matching `probe` in one descent: `make(existing)` (existing is undefined when no
   * item matches) returns what to store there, and must sort where `probe` says. Returns the existing item.
   * An append (the key after the last item) skips the comparisons of the descent. `make` runs while this write holds
   * the module's write path, so it must not write any PersistentBTree (that throws {@link ReentrantWriteError}).
   */
  upsert(probe: Probe<K>, make: (existing: T | undefined) => T): T | undefined {
    this.checkWritable();
    const last = this.last();
    const c = last === undefined ? -1 : probe(this.keyFor(last));
    if (c <= 0) {
      const item = this.callMake(make, c === 0 ? last : undefined, 0);
      if (c === 0) this.setAt(this.n - 1, item);
      else this.insertAt(this.n, item);
      return c === 0 ? last : undefined;
    }
    const j = this.descendByKey(probe);
    const leaf = this.pathLeaf();
    const found = j < leaf.count && probe(leafKeys(leaf)[j] as K) === 0 ? (leaf.items[j] as T) : undefined;
    const item = this.callMake(make, found, this.height);
    if (found !== undefined) this.replaceInLeaf(j, item);
    else this.insertInLeaf(j, item, false);
    return found;
  }

  /** Runs an upsert's callback with writes locked out; on a throw the recorded path (`depth` levels) is dropped. */
  private callMake(make: (existing: T | undefined) => T, existing: T | undefined, depth: number): T {
    MAKING = true;
    try {
      return make(existing);
    } catch (e) {
      // Only owned copies identical to what they replaced were made: the tree is unchanged.
      clearPath(depth);
      throw e;
    } finally {
      MAKING = false;
    }
  }

  /** Removes the item matching `probe`; returns it, or undefined (and changes nothing) when there is none. */
  remove(probe: Probe<K>): T | undefined {
    this.checkWritable();
    const i = this.rank(probe, 0);
    if (i === this.n || probe(this.keyFor(this.at(i))) !== 0) return undefined;
    return this.removeAt(i);
  }

  private checkWritable(): void {
    if (this.frozen)
      throw new FrozenTreeError('this tree is frozen (a published snapshot); fork() it to write');
    if (MAKING) throw new ReentrantWriteError('an upsert callback must not write a PersistentBTree');
  }

  private rank(probe: Probe<K>, threshold: number): number {
    let node = this.root;
    let base = 0;
    for (let h = this.height; h > 0; h--) {
      const b = node as BBranch<T>;
      // The last child whose first item is below the threshold holds the answer (or ends just before it).
      const k = Math.max(0, firstAtLeast(b.firsts, b.count, probe, threshold) - 1);
      for (let c = 0; c < k; c++) base += b.sizes[c] as number;
      node = b.children[k] as BNode<T>;
    }
    return base + firstAtLeast(leafKeys(node as BLeaf<T>), node.count, probe, threshold);
  }

  /** Owns the root-to-leaf path of position i (copying what is shared) into PATH; returns i's slot in the leaf. */
  private descendByIndex(i: number): number {
    let node = this.ownRoot();
    let base = 0;
    for (let d = 0, h = this.height; h > 0; d++, h--) {
      const b = node as BBranch<T>;
      const lastChild = b.count - 1;
      let k = 0;
      // A position on a child boundary goes right; only the end of the tree falls to the last child.
      while (k < lastChild && i - base >= (b.sizes[k] as number)) base += b.sizes[k++] as number;
      node = this.ownChild(b, d, k, h - 1);
    }
    return i - base;
  }

  /** As {@link descendByIndex}, by key: returns the slot in the leaf where `probe`'s key is or belongs. */
  private descendByKey(probe: Probe<K>): number {
    let node = this.ownRoot();
    for (let d = 0, h = this.height; h > 0; d++, h--) {
      const b = node as BBranch<T>;
      const k = Math.max(0, firstAtLeast(b.firsts, b.count, probe, 1) - 1);
      node = this.ownChild(b, d, k, h - 1);
    }
    return firstAtLeast(leafKeys(node as BLeaf<T>), node.count, probe, 0);
  }

  private ownRoot(): BNode<T> {
    if (this.root.owner !== this.owner) {
      if (this.root.count === 0) this.leaves++; // only a shared empty root is an empty node
      this.root = copyNode(this.root, this.height, this.owner);
    }
    return this.root;
  }

  private ownChild(b: BBranch<T>, d: number, k: number, h: number): BNode<T> {
    PATH[d] = b as BBranch<unknown>;
    SLOT[d] = k;
    let child = b.children[k] as BNode<T>;
    if (child.owner !== this.owner) {
      child = copyNode(child, h, this.owner);
      b.children[k] = child;
    }
    return child;
  }

  /** The owned leaf at the bottom of PATH. */
  private pathLeaf(): BLeaf<T> {
    if (this.height === 0) return this.root as BLeaf<T>;
    const b = PATH[this.height - 1] as BBranch<T>;
    return b.children[SLOT[this.height - 1] as number] as BLeaf<T>;
  }

  private replaceInLeaf(j: number, item: T): T {
    const leaf = this.pathLeaf();
    const old = leaf.items[j] as T;
    leaf.items[j] = item;
    if (leaf.keys !== null) leaf.keys[j] = this.keyFor(item);
    // Sizes are unchanged; only a first item can have changed, and re-reading it per level is O(1).
    for (let d = this.height - 1; d >= 0; d--) {
      const b = PATH[d] as BBranch<T>;
      const k = SLOT[d] as number;
      b.firsts[k] = firstOf(b.children[k] as BNode<T>, this.height - 1 - d);
    }
    clearPath(this.height);
    return old;
  }

  /**
   * Inserts at slot j of the path's leaf. A full leaf splits half/half, except for an append at the end of the tree,
   * which starts a new leaf and leaves the full one full (sequential writes then fill every node, as a bulk build).
   */
  private insertInLeaf(j: number, item: T, append: boolean): void {
    const leaf = this.pathLeaf();
    const key = this.keyOf === undefined ? undefined : this.keyOf(item);
    let sibling: BNode<T> | undefined;
    if (leaf.count < NODE_CAPACITY) leafInsert(leaf, j, item, key);
    else {
      sibling = newLeaf<T>(this.owner, this.keyOf !== undefined);
      this.leaves++;
      if (append) leafInsert(sibling as BLeaf<T>, 0, item, key);
      else {
        moveEntries(leaf, HALF_NODE, sibling, 0);
        if (j <= HALF_NODE) leafInsert(leaf, j, item, key);
        else leafInsert(sibling as BLeaf<T>, j - HALF_NODE, item, key);
      }
    }
    this.n++;
    this.growPath(sibling, append);
  }

  /** After an insert at the bottom of PATH: sizes +1 and first items refreshed up the path, splits placed. */
  private growPath(sibling: BNode<T> | undefined, append: boolean): void {
    let up = sibling;
    const height = this.height;
    for (let d = height - 1; d >= 0; d--) {
      const b = PATH[d] as BBranch<T>;
      const k = SLOT[d] as number;
      const h = height - 1 - d;
      if (up === undefined) {
        b.sizes[k] = (b.sizes[k] as number) + 1;
        b.firsts[k] = firstOf(b.children[k] as BNode<T>, h);
      } else {
        refreshChild(b, k, h);
        up = this.addChild(b, k + 1, up, h, append);
      }
    }
    clearPath(height);
    if (up !== undefined) {
      const root = newBranch<T>(this.owner);
      this.internals++;
      branchInsert(root, 0, this.root, height);
      branchInsert(root, 1, up, height);
      this.root = root;
      this.height = height + 1;
    }
  }

  /** Adds `child` (of height h) at `at` of owned branch b; returns b's new right sibling if b split. */
  private addChild(
    b: BBranch<T>,
    at: number,
    child: BNode<T>,
    h: number,
    append: boolean,
  ): BBranch<T> | undefined {
    if (b.count < NODE_CAPACITY) {
      branchInsert(b, at, child, h);
      return undefined;
    }
    const right = newBranch<T>(this.owner);
    this.internals++;
    if (append && at === NODE_CAPACITY) branchInsert(right, 0, child, h);
    else {
      moveEntries(b, HALF_NODE, right, h + 1);
      if (at <= HALF_NODE) branchInsert(b, at, child, h);
      else branchInsert(right, at - HALF_NODE, child, h);
    }
    return right;
  }

  private removeInLeaf(j: number): T {
    const item = leafRemove(this.pathLeaf(), j);
    this.n--;
    const height = this.height;
    for (let d = height - 1; d >= 0; d--) {
      const b = PATH[d] as BBranch<T>;
      const k = SLOT[d] as number;
      const h = height - 1 - d;
      b.sizes[k] = (b.sizes[k] as number) - 1;
      const child = b.children[k] as BNode<T>;
      if (child.count > 0) b.firsts[k] = firstOf(child, h);
      if (child.count < HALF_NODE && b.count > 1) this.rebalance(b, k, h);
    }
    clearPath(height);
    this.shrinkRoot();
    return item;
  }

  /**
   * Underfull child k of owned branch b (children of height h): merges it with a sibling when both fit in one node,
   * else evens the two out. The sibling is copied first when shared.
   */
  private rebalance(b: BBranch<T>, k: number, h: number): void {
    const left = k > 0 ? k - 1 : k;
    const right = left + 1;
    const l = this.ownSibling(b, left, h);
    const r = this.ownSibling(b, right, h);
    const total = l.count + r.count;
    if (total <= NODE_CAPACITY) {
      moveEntries(r, 0, l, h);
      branchRemove(b, right);
      if (h === 0) this.leaves--;
      else this.internals--;
    } else {
      const target = total >> 1;
      if (l.count < target) shiftToLeft(l, r, target - l.count, h);
      else shiftToRight(l, r, l.count - target, h);
      refreshChild(b, right, h);
    }
    refreshChild(b, left, h);
  }

  private ownSibling(b: BBranch<T>, k: number, h: number): BNode<T> {
    let node = b.children[k] as BNode<T>;
    if (node.owner !== this.owner) {
      node = copyNode(node, h, this.owner);
      b.children[k] = node;
    }
    return node;
  }

  /** A root branch with one child gives way to it; an emptied root leaf gives way to the shared empty one. */
  private shrinkRoot(): void {
    while (this.height > 0 && this.root.count === 1) {
      this.root = (this.root as BBranch<T>).children[0] as BNode<T>;
      this.height--;
      this.internals--;
    }
    const empty = (this.keyOf === undefined ? EMPTY_BLEAF : EMPTY_KEYED_BLEAF) as BLeaf<T>;
    if (this.n === 0 && this.root !== empty) {
      this.root = empty;
      this.leaves = 0;
    }
  }

  /** Bottom-up bulk build into this empty handle: full nodes, the last of each level possibly smaller. */
  private build(items: readonly T[]): void {
    let level: BNode<T>[] = [];
    for (let i = 0; i < items.length; i += NODE_CAPACITY) {
      const leaf = newLeaf<T>(this.owner, this.keyOf !== undefined);
      const end = Math.min(items.length, i + NODE_CAPACITY);
      for (let k = i; k < end; k++) {
        leaf.items[k - i] = items[k];
        if (leaf.keys !== null) leaf.keys[k - i] = this.keyFor(items[k] as T);
      }
      leaf.count = end - i;
      level.push(leaf);
    }
    this.leaves = level.length;
    let height = 0;
    while (level.length > 1) {
      const up: BNode<T>[] = [];
      for (let i = 0; i < level.length; i += NODE_CAPACITY) {
        const b = newBranch<T>(this.owner);
        const end = Math.min(level.length, i + NODE_CAPACITY);
        for (let k = i; k < end; k++) branchInsert(b, k - i, level[k] as BNode<T>, height);
        up.push(b);
      }
      this.internals += up.length;
      level = up;
      height++;
    }
    this.root = level[0] as BNode<T>;
    this.height = height;
    this.n = items.length;
  }
}

/** Appends the items at positions [from, to) of the subtree `node` (of height h) to `out`. */
function collect<T>(node: BNode<T>, h: number, from: number, to: number, out: T[]): void {
  if (h === 0) {
    const items = (node as BLeaf<T>).items;
    for (let i = from; i < to; i++) out.push(items[i] as T);
    return;
  }
  const b = node as BBranch<T>;
  let base = 0;
  for (let k = 0; k < b.count && base < to; k++) {
    const size = b.sizes[k] as number;
    if (base + size > from) {
      collect(b.children[k] as BNode<T>, h - 1, Math.max(0, from - base), Math.min(size, to - base), out);
    }
    base += size;
  }
}

function clearPath(depth: number): void {
  for (let d = 0; d < depth; d++) PATH[d] = undefined;
}

/**
 * Heap of a tree's nodes under `model` (the handle itself excluded: its owner charges it), as Cassandra charges
 * `BTree.sizeOnHeapOf(tree)`. A leaf: an object (item-array reference, owner id, count) and a reference array at
 * {@link NODE_CAPACITY}. A branch: an object (3 references, owner id, count), the child and first-item reference
 * arrays and an int array of subtree sizes, all at NODE_CAPACITY. O(1).
 */
export function persistentBTreeHeap<T, K>(model: SizeModel, tree: PersistentBTree<T, K>): number {
  const leaves = tree.leafCount;
  const internals = tree.internalCount;
  const leaf = objectSize(model, 1, 2 * model.intSize) + referenceArraySize(model, NODE_CAPACITY);
  const branch =
    objectSize(model, 3, 2 * model.intSize) +
    2 * referenceArraySize(model, NODE_CAPACITY) +
    primitiveArraySize(model, NODE_CAPACITY, model.intSize);
  return leaves * leaf + internals * branch;
}

export { NODE_CAPACITY as BTREE_NODE_CAPACITY };
