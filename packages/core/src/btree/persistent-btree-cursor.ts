import type { BBranch, BLeaf, BNode } from './persistent-btree-nodes.js';

/**
 * Iterates positions [from, to) of a {@link PersistentBTree} forwards, or backwards from to − 1: one descent to the
 * first leaf, then one step per item and an amortised O(1) climb per leaf (the branch path is kept, not re-searched).
 * A class, not a generator: V8 optimises its `next()` like any method and a for-of loop allocates nothing else.
 */
export class BTreeCursor<T> implements IterableIterator<T> {
  private readonly branches: BBranch<T>[] = [];
  private readonly slots: number[] = [];
  private readonly height: number;
  private readonly reversed: boolean;
  private leaf: BLeaf<T> | undefined;
  private j = 0;
  private remaining: number;

  constructor(root: BNode<T>, height: number, from: number, to: number, reversed: boolean) {
    this.height = height;
    this.reversed = reversed;
    this.remaining = to - from;
    if (this.remaining > 0) this.seek(root, reversed ? to - 1 : from);
  }

  [Symbol.iterator](): IterableIterator<T> {
    return this;
  }

  next(): IteratorResult<T> {
    if (this.remaining === 0) return { value: undefined, done: true };
    this.remaining--;
    let leaf = this.leaf as BLeaf<T>;
    if (this.reversed) {
      if (this.j < 0) leaf = this.step(-1);
      return { value: leaf.items[this.j--] as T, done: false };
    }
    if (this.j === leaf.count) leaf = this.step(1);
    return { value: leaf.items[this.j++] as T, done: false };
  }

  private seek(root: BNode<T>, i: number): void {
    let node = root;
    let base = 0;
    for (let d = 0; d < this.height; d++) {
      const b = node as BBranch<T>;
      let k = 0;
      while (i - base >= (b.sizes[k] as number)) base += b.sizes[k++] as number;
      this.branches[d] = b;
      this.slots[d] = k;
      node = b.children[k] as BNode<T>;
    }
    this.leaf = node as BLeaf<T>;
    this.j = i - base;
  }

  /** Moves to the next (dir 1) or previous (dir −1) leaf; the caller knows one exists. */
  private step(dir: 1 | -1): BLeaf<T> {
    let d = this.height - 1;
    // Climb while the slot is the last (first) child of its branch.
    while (dir === 1 ? this.slots[d] === (this.branches[d] as BBranch<T>).count - 1 : this.slots[d] === 0)
      d--;
    this.slots[d] = (this.slots[d] as number) + dir;
    let node = (this.branches[d] as BBranch<T>).children[this.slots[d] as number] as BNode<T>;
    for (let e = d + 1; e < this.height; e++) {
      const b = node as BBranch<T>;
      this.branches[e] = b;
      this.slots[e] = dir === 1 ? 0 : b.count - 1;
      node = b.children[this.slots[e] as number] as BNode<T>;
    }
    const leaf = node as BLeaf<T>;
    this.leaf = leaf;
    this.j = dir === 1 ? 0 : leaf.count - 1;
    return leaf;
  }
}
