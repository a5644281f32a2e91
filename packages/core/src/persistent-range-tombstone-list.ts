import type { ClusteringBound } from './clustering-bound.js';
import { ClusteringComparator, type ClusteringPrefix } from './clustering-comparator.js';
import { describeValue, InvalidConfigurationError } from './errors.js';
import { unknownOptionMessage } from './option-keys.js';
import type { Leaf, TreeNode } from './persistent-nodes.js';
import {
  BRANCHING,
  initEmpty,
  insertSlot,
  internalCount,
  LEAF_CAPACITY,
  leafCount,
  nodeCounts,
  rewriteAll,
  Slot,
  type SlotTree,
  searchSlots,
  setSlot,
  shareTree,
  slotAt,
} from './persistent-slots.js';
import type { RangeTombstone } from './range-tombstone.js';
import { checkComparator, RangeTombstoneListBase } from './range-tombstone-list-base.js';
import { makeRange } from './range-tombstone-search.js';
import type { HeapUsage, RangeTombstoneStoreFactory } from './range-tombstone-store.js';
import {
  boundHeapSize,
  JVM_COMPRESSED_OOPS,
  objectSize,
  referenceArraySize,
  type SizeModel,
  validateSizeModel,
} from './size-model.js';

/** The constructor's internal copy overload, hidden from the public signature. */
type CopyConstructor = new (
  comparator: undefined,
  options: typeof COPY,
  source: PersistentRangeTombstoneList,
) => PersistentRangeTombstoneList;

/** What a list and its copies share. */
interface PersistentConfig {
  readonly comparator: ClusteringComparator;
  readonly model: SizeModel;
  /** The model's figures, computed once: the memtable reads the heap figure twice per write. */
  readonly shallow: number;
  readonly leafHeap: number;
  readonly branchHeap: number;
  readonly slotHeap: number;
}

/** Marks the copy path: one identity compare instead of an `instanceof` walk on every `copy()`. */
const COPY: unique symbol = Symbol('persistent range-tombstone list copy');

/** Options of {@link PersistentRangeTombstoneList}. */
export interface PersistentRangeTombstoneListOptions {
  /** Heap size model for {@link PersistentRangeTombstoneList.unsharedHeapSize}. Default {@link JVM_COMPRESSED_OOPS}. */
  sizeModel?: SizeModel;
}

/**
 * A range-tombstone list with Cassandra's exact semantics (the same algebra as {@link RangeTombstoneList}, so both
 * always hold the same ranges) stored in a persistent B+tree (`persistent-slots.ts`): `copy()` is O(1) and one
 * allocation, and every write after a copy path-copies only the O(log N) nodes it touches, where the copy-on-write
 * array list must copy all N slots for any write below its shared tail (an interior insert, an overwrite, a split).
 * Appends keep the array list's speed: the last slots live in a tail leaf with the same claimed-tail rule, and a
 * full tail joins the tree once per leaf of appends. Slot reads walk the tree (sequential scans are O(1) amortised
 * through a cached leaf, random ones O(log N)).
 *
 * Heap accounting follows the same rules as the array list: `unsharedHeapSize()` is what this list retains if every
 * other copy is dropped (its tree nodes at full capacity, one slot object per range and the bounds of its
 * entries), so memtable deltas telescope; `heapSize().shared` counts the nodes this list does not own (created
 * before its last copy).
 */
export class PersistentRangeTombstoneList extends RangeTombstoneListBase {
  /** Comparator and size model, shared by a list and all its copies (one field to copy instead of two). */
  declare private readonly config: PersistentConfig;
  /** Σ heap of the bounds of the live slots under the size model. */
  declare private boundsHeap: number;
  // The tree state (see SlotTree): fields of the list itself, so that copy() is a single allocation.
  declare private owner: number;
  declare private root: TreeNode;
  declare private n: number;
  declare private tail: Leaf;
  declare private cacheLeaf: Leaf;
  declare private cacheBase: number;

  /**
   * An empty list ordered by `comparator`.
   * @throws InvalidClusteringValueError if `comparator` is not a ClusteringComparator.
   * @throws InvalidConfigurationError for a bad options object or size model.
   */
  constructor(comparator: ClusteringComparator, options?: PersistentRangeTombstoneListOptions);
  // Internal copy path: `options` is the COPY token and `source` the list to share, with nothing re-validated.
  constructor(
    comparator: ClusteringComparator,
    options: PersistentRangeTombstoneListOptions | typeof COPY = {},
    source?: PersistentRangeTombstoneList,
  ) {
    super();
    if (options === COPY) {
      source = source as PersistentRangeTombstoneList;
      this.config = source.config;
      this.boundsHeap = source.boundsHeap;
      shareTree(treeOf(this), treeOf(source));
      return;
    }
    checkComparator(comparator);
    const model = checkOptions(options as PersistentRangeTombstoneListOptions);
    this.config = Object.freeze({
      comparator,
      model,
      shallow: persistentListShallowSize(model),
      leafHeap: persistentNodeHeap(model, 1, 0),
      branchHeap: persistentNodeHeap(model, 0, 1),
      slotHeap: slotHeapSize(model),
    });
    this.boundsHeap = 0;
    initEmpty(treeOf(this));
  }

  /** Orders the ranges' bounds. */
  get comparator(): ClusteringComparator {
    return this.config.comparator;
  }

  private get model(): SizeModel {
    return this.config.model;
  }

  /** Number of ranges. */
  get size(): number {
    return this.n;
  }

  /** O(1), one allocation: the copy shares every tree node; each side then path-copies what it writes. */
  copy(): PersistentRangeTombstoneList {
    return new (PersistentRangeTombstoneList as unknown as CopyConstructor)(undefined, COPY, this);
  }

  /** List object, every node of its tree at full capacity, one slot object per range, and the bounds. */
  unsharedHeapSize(): number {
    const c = this.config;
    const tree = treeOf(this);
    const nodes = leafCount(tree) * c.leafHeap + internalCount(tree) * c.branchHeap;
    return c.shallow + nodes + this.n * c.slotHeap + this.boundsHeap;
  }

  /** {@link HeapUsage}; `shared` = the nodes this list does not own (created before its last copy or adopt). */
  heapSize(): HeapUsage {
    const total = this.unsharedHeapSize();
    const c = nodeCounts(treeOf(this));
    const shared = persistentNodeHeap(this.model, c.sharedLeaves, c.sharedInternals);
    return { total, owned: total - shared, shared };
  }

  protected startAt(i: number): ClusteringBound {
    return slotAt(treeOf(this), i).start;
  }

  protected endAt(i: number): ClusteringBound {
    return slotAt(treeOf(this), i).end;
  }

  protected markedAtAt(i: number): number {
    return slotAt(treeOf(this), i).markedAt;
  }

  protected delTimeAt(i: number): number {
    return slotAt(treeOf(this), i).delTime;
  }

  protected rangeAt(i: number, start?: ClusteringBound, end?: ClusteringBound): RangeTombstone {
    const slot = slotAt(treeOf(this), i);
    return makeRange(start ?? slot.start, end ?? slot.end, slot.markedAt, slot.delTime);
  }

  /** One O(log N) descent over the whole column, clamped to `[lo, hi)` (each column is strictly increasing). */
  protected searchColumn(ends: boolean, lo: number, hi: number, key: ClusteringPrefix): number {
    const found = searchSlots(treeOf(this), ends, this.comparator, key);
    if (found >= 0 && found >= lo && found < hi) return found;
    const insertion = found >= 0 ? found : -found - 1;
    return -Math.min(Math.max(insertion, lo), hi) - 1;
  }

  protected addInternal(i: number, s: ClusteringBound, e: ClusteringBound, t: number, ldt: number): void {
    insertSlot(treeOf(this), i, new Slot(s, e, t, ldt));
    this.boundsHeap += this.boundHeap(s) + this.boundHeap(e);
  }

  protected setInternal(i: number, s: ClusteringBound, e: ClusteringBound, t: number, ldt: number): void {
    // As the array list: a bound object kept by the rewrite contributes nothing to the heap delta.
    const tree = treeOf(this);
    const old = slotAt(tree, i);
    let delta = 0;
    if (old.start !== s) delta += this.boundHeap(s) - this.boundHeap(old.start);
    if (old.end !== e) delta += this.boundHeap(e) - this.boundHeap(old.end);
    setSlot(tree, i, new Slot(s, e, t, ldt));
    this.boundsHeap += delta;
  }

  protected fillAll(timestamp: number, localDeletionTime?: number): void {
    rewriteAll(treeOf(this), timestamp, localDeletionTime);
  }

  /** An empty list takes a persistent list's whole tree in O(1), shared as by `copy()`. */
  protected adoptAll(other: RangeTombstoneListBase): boolean {
    if (!(other instanceof PersistentRangeTombstoneList)) return false;
    shareTree(treeOf(this), treeOf(other));
    this.boundsHeap = other.model === this.model ? other.boundsHeap : this.boundsHeapUnder(this.model);
    return true;
  }

  private boundHeap(bound: ClusteringBound): number {
    return boundHeapSize(this.model, this.comparator, bound);
  }
}

/**
 * An empty list that lives as long as the module: it keeps the list's map alive (see `BRANCH_MAP_ANCHOR` in
 * `persistent-nodes.ts`), so a full GC while no list is alive does not discard the optimised code of every method.
 */
export const LIST_MAP_ANCHOR: PersistentRangeTombstoneList = new PersistentRangeTombstoneList(
  new ClusteringComparator([]),
);

/** The list seen as its tree state: the one place its private tree fields are handed to the tree functions. */
function treeOf(list: PersistentRangeTombstoneList): SlotTree {
  return list as unknown as SlotTree;
}

/**
 * A {@link RangeTombstoneStoreFactory} building {@link PersistentRangeTombstoneList}s (for `DeletionInfo` and the
 * partition package's `tableOptions({ rangeStore })`). Options are validated here, once.
 * @throws InvalidConfigurationError for a bad size model.
 */
export function persistentRangeTombstoneListFactory(
  options: PersistentRangeTombstoneListOptions = {},
): RangeTombstoneStoreFactory {
  const sizeModel = checkOptions(options);
  return (comparator: ClusteringComparator) => new PersistentRangeTombstoneList(comparator, { sizeModel });
}

function checkOptions(options: PersistentRangeTombstoneListOptions): SizeModel {
  if (options === null || typeof options !== 'object') {
    throw new InvalidConfigurationError(`options must be an object, got ${describeValue(options)}`);
  }
  const unknown = unknownOptionMessage(options, ['sizeModel'], 'persistent range-tombstone list option');
  if (unknown !== null) throw new InvalidConfigurationError(unknown);
  return validateSizeModel(options.sizeModel ?? JVM_COMPRESSED_OOPS);
}

/**
 * Heap of `leaves` leaves and `internals` branches under `model`. A leaf: an object (the slot-array reference, owner
 * id and size) and its slot-reference array at {@link LEAF_CAPACITY}. A branch: an object (the child-array and
 * last-end references; owner id, child count, size, height and two node counts) and its child-reference array at
 * {@link BRANCHING}.
 */
export function persistentNodeHeap(model: SizeModel, leaves: number, internals: number): number {
  const leaf = objectSize(model, 1, 2 * model.intSize) + referenceArraySize(model, LEAF_CAPACITY);
  const internal = objectSize(model, 2, 6 * model.intSize) + referenceArraySize(model, BRANCHING);
  return leaves * leaf + internals * internal;
}

/** One range's slot object: two bound references, a long markedForDeleteAt and an int local deletion time. */
export function slotHeapSize(model: SizeModel): number {
  return objectSize(model, 2, model.longSize + model.intSize);
}

/**
 * The list object with its tree state: configuration, root, tail and cached-leaf references, and the bounds-heap
 * sum, owner id, size and cached-leaf base.
 */
export function persistentListShallowSize(model: SizeModel): number {
  return objectSize(model, 4, model.longSize + 3 * model.intSize);
}
