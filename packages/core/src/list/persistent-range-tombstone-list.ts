import { unknownOptionMessage } from '../checks/option-bags.js';
import { describeValue, InvalidConfigurationError } from '../errors.js';
import {
  boundHeapSize,
  JVM_COMPRESSED_OOPS,
  objectSize,
  referenceArraySize,
  type SizeModel,
  validateSizeModel,
} from '../heap/size-model.js';
import type { ClusteringBound } from '../model/clustering-bound.js';
import { ClusteringComparator, type ClusteringPrefix } from '../model/clustering-comparator.js';
import type { RangeTombstone } from '../model/range-tombstone.js';
import {
  appendsInPlace,
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
} from '../slot-tree/persistent-slots.js';
import type { Leaf, TreeNode } from '../slot-tree/slot-nodes.js';
import { checkComparator, RangeTombstoneListBase } from './range-tombstone-list-base.js';
import { makeRange } from './range-tombstone-search.js';
import type { HeapUsage, RangeTombstoneStoreFactory } from './range-tombstone-store.js';

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
 * The nodes of a list ({@link SlotTree}: owner id, root, tail, leaf cache) and its configuration, shared by a list
 * and its copies: `copy()` allocates only a handle and counts it here. A handle whose state has other handles may
 * read it and append in place to its claimed tail ({@link appendsInPlace}); any other write forks the state first
 * ({@link forkState}, O(1)) and then path-copies as always.
 */
class ListState implements SlotTree {
  // `declare`: assigned in the constructor only (emitted field definitions would define each twice).
  declare owner: number;
  declare root: TreeNode;
  declare tail: Leaf;
  declare cacheLeaf: Leaf;
  declare cacheBase: number;
  /** Comparator and size model, shared by a list and all its copies. */
  declare readonly config: PersistentConfig;
  /**
   * Handles referencing this state (at least: a dropped copy is never uncounted, which costs a later writer one
   * needless O(1) fork). A state with one handle is its own.
   */
  declare handles: number;

  /** Empty nodes, or (with `from`) every node of `from`, both taking new owner ids ({@link shareTree}). */
  constructor(config: PersistentConfig, from?: ListState) {
    if (from === undefined) initEmpty(this);
    else shareTree(this, from);
    this.config = config;
    this.handles = 1;
  }
}

/**
 * The state of a new empty list, its options checked.
 * @throws InvalidClusteringValueError, InvalidConfigurationError as the constructor.
 */
function emptyState(
  comparator: ClusteringComparator,
  options: PersistentRangeTombstoneListOptions,
): ListState {
  checkComparator(comparator);
  const model = checkOptions(options);
  const config = Object.freeze({
    comparator,
    model,
    shallow: persistentListShallowSize(model),
    leafHeap: persistentNodeHeap(model, 1, 0),
    branchHeap: persistentNodeHeap(model, 0, 1),
    slotHeap: slotHeapSize(model),
  });
  return new ListState(config);
}

/** A state of its own for one of the handles of `shared` (which keeps the others): O(1), the nodes stay shared. */
function forkState(shared: ListState): ListState {
  shared.handles--;
  return new ListState(shared.config, shared);
}

/**
 * A range-tombstone list with Cassandra's exact semantics (the same algebra as {@link RangeTombstoneList}, so both
 * always hold the same ranges) stored in a persistent B+tree (`slot-tree/persistent-slots.ts`): `copy()` is O(1) and one
 * small allocation, and every write after a copy path-copies only the O(log N) nodes it touches, where the
 * copy-on-write array list must copy all N slots for any write below its shared tail (an interior insert, an
 * overwrite, a split). Appends keep the array list's speed: the last slots live in a tail leaf with the same
 * claimed-tail rule, and a full tail joins the tree once per leaf of appends. Slot reads walk the tree (sequential
 * scans are O(1) amortised through a cached leaf, random ones O(log N)).
 *
 * The list is a three-field handle (its size, its bounds-heap sum and a {@link ListState}) whose state its copies
 * share copy-on-write, as the array list's copies share their arrays. `copy()` allocates the handle and counts it in
 * the state; an append to the claimed tail (the memtable's common write) needs no state of its own; any other write
 * forks the state first (one small object, both sides taking new owner ids) and then path-copies as always.
 * Measured (`bench/persistent-copy.bench.ts`, CPU time, each in one run): the list copied as one eight-field object
 * cost 10.66 ns, 1.73× a bare five-field object (6.19 ns); this handle costs 5.65 ns against 5.87 ns (0.96×). Why
 * the size lives in the handle: a one-field handle over a state holding it made every write after a copy fork the
 * state, +187 instructions per write (+6.8%) on a bare copy-then-append chain of the list; this one costs +64 (+2.3%),
 * and partition tail writes through the real updater cost 3988 instructions per write against 4022 before
 * (callgrind, deterministic).
 *
 * Heap accounting follows the same rules as the array list: `unsharedHeapSize()` is what this list retains if every
 * other copy is dropped (its handle and state, its tree nodes at full capacity, one slot object per range and the
 * bounds of its entries), so memtable deltas telescope; `heapSize().shared` counts the nodes this list does not own
 * (created before its last copy: all of them while its state has other handles).
 */
export class PersistentRangeTombstoneList extends RangeTombstoneListBase {
  /** The nodes, shared with this list's copies until one of them forks it. */
  declare private state: ListState;
  /** Number of ranges (a handle's own: sharers of one tail see different prefixes of it). */
  declare private n: number;
  /** Σ heap of the bounds of the live slots under the size model. */
  declare private boundsHeap: number;

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
      const from = source as PersistentRangeTombstoneList;
      const state = from.state;
      state.handles++;
      this.state = state;
      this.n = from.n;
      this.boundsHeap = from.boundsHeap;
      return;
    }
    // Out of line: inlined into every caller of copy(), a constructor carrying the checks was 287 bytecodes and
    // used up TurboFan's inlining budget before the writes after the copy (+400 instructions per copy-then-add).
    this.state = emptyState(comparator, options as PersistentRangeTombstoneListOptions);
    this.n = 0;
    this.boundsHeap = 0;
  }

  /** Orders the ranges' bounds. */
  get comparator(): ClusteringComparator {
    return this.state.config.comparator;
  }

  /** Number of ranges. */
  get size(): number {
    return this.n;
  }

  /** O(1), one allocation: the copy shares this list's state (and so every tree node) until either side writes. */
  copy(): PersistentRangeTombstoneList {
    return new (PersistentRangeTombstoneList as unknown as CopyConstructor)(undefined, COPY, this);
  }

  /** Handle and state, every node of its tree at full capacity, one slot object per range, and the bounds. */
  unsharedHeapSize(): number {
    const state = this.state;
    const c = state.config;
    const nodes = leafCount(state) * c.leafHeap + internalCount(state) * c.branchHeap;
    return c.shallow + nodes + this.n * c.slotHeap + this.boundsHeap;
  }

  /** {@link HeapUsage}; `shared` = the nodes this list does not own (created before its last copy or adopt). */
  heapSize(): HeapUsage {
    const state = this.state;
    const total = this.unsharedHeapSize();
    const model = state.config.model;
    // A state with other handles owns nothing of its own: a write that needs its nodes forks it, taking a new id.
    const shared =
      state.handles > 1
        ? persistentNodeHeap(model, leafCount(state), internalCount(state))
        : sharedNodesHeap(model, state);
    return { total, owned: total - shared, shared };
  }

  protected startAt(i: number): ClusteringBound {
    return slotAt(this.state, this.n, i).start;
  }

  protected endAt(i: number): ClusteringBound {
    return slotAt(this.state, this.n, i).end;
  }

  protected markedAtAt(i: number): number {
    return slotAt(this.state, this.n, i).markedAt;
  }

  protected delTimeAt(i: number): number {
    return slotAt(this.state, this.n, i).delTime;
  }

  protected rangeAt(i: number, start?: ClusteringBound, end?: ClusteringBound): RangeTombstone {
    const slot = slotAt(this.state, this.n, i);
    return makeRange(start ?? slot.start, end ?? slot.end, slot.markedAt, slot.delTime);
  }

  /** One O(log N) descent over the whole column, clamped to `[lo, hi)` (each column is strictly increasing). */
  protected searchColumn(ends: boolean, lo: number, hi: number, key: ClusteringPrefix): number {
    // A read never needs the state to itself: the leaf cache and search record it updates hold for every sharer.
    const state = this.state;
    const found = searchSlots(state, this.n, ends, state.config.comparator, key);
    if (found >= 0 && found >= lo && found < hi) return found;
    const insertion = found >= 0 ? found : -found - 1;
    return -Math.min(Math.max(insertion, lo), hi) - 1;
  }

  protected addInternal(i: number, s: ClusteringBound, e: ClusteringBound, t: number, ldt: number): void {
    const n = this.n;
    insertSlot(this.stateToInsert(n, i), n, i, new Slot(s, e, t, ldt));
    this.n = n + 1;
    this.boundsHeap += this.boundHeap(s) + this.boundHeap(e);
  }

  protected setInternal(i: number, s: ClusteringBound, e: ClusteringBound, t: number, ldt: number): void {
    if (this.state.handles > 1) this.fork();
    // As the array list: a bound object kept by the rewrite contributes nothing to the heap delta.
    const state = this.state;
    const old = slotAt(state, this.n, i);
    let delta = 0;
    if (old.start !== s) delta += this.boundHeap(s) - this.boundHeap(old.start);
    if (old.end !== e) delta += this.boundHeap(e) - this.boundHeap(old.end);
    setSlot(state, this.n, i, new Slot(s, e, t, ldt));
    this.boundsHeap += delta;
  }

  protected fillAll(timestamp: number, localDeletionTime?: number): void {
    if (this.state.handles > 1) this.fork();
    rewriteAll(this.state, this.n, timestamp, localDeletionTime);
  }

  /**
   * An empty list takes a persistent list's whole tree in O(1), shared as by `copy()` but in a state of its own (it
   * keeps its own size model).
   */
  protected adoptAll(other: RangeTombstoneListBase): boolean {
    if (!(other instanceof PersistentRangeTombstoneList)) return false;
    const mine = this.state;
    const model = mine.config.model;
    this.boundsHeap = other.state.config.model === model ? other.boundsHeap : other.boundsHeapUnder(model);
    if (mine.handles > 1) mine.handles--;
    this.state = new ListState(mine.config, other.state);
    this.n = other.n;
    return true;
  }

  /** The state an insert at i writes: this list's, forked first if shared, unless the insert appends in place. */
  private stateToInsert(n: number, i: number): ListState {
    const state = this.state;
    if (state.handles === 1 || appendsInPlace(state, n, i)) return state;
    const own = forkState(state);
    this.state = own;
    return own;
  }

  /** Gives this list a state of its own (its sharers keep theirs), before a write that is not an append in place. */
  private fork(): void {
    this.state = forkState(this.state);
  }

  private boundHeap(bound: ClusteringBound): number {
    const c = this.state.config;
    return boundHeapSize(c.model, c.comparator, bound);
  }
}

/**
 * An empty list that lives as long as the module: it keeps the list's map alive (see `BRANCH_MAP_ANCHOR` in
 * `slot-tree/slot-nodes.ts`), so a full GC while no list is alive does not discard the optimised code of every method.
 */
export const LIST_MAP_ANCHOR: PersistentRangeTombstoneList = new PersistentRangeTombstoneList(
  new ClusteringComparator([]),
);

/** Heap of the nodes of `state` that it does not own (created before its last fork, share or adopt). */
function sharedNodesHeap(model: SizeModel, state: ListState): number {
  const c = nodeCounts(state);
  return persistentNodeHeap(model, c.sharedLeaves, c.sharedInternals);
}

/** White box, for tests: the nodes behind a list (shared with its copies until one of them forks). */
export function slotTreeOf(list: PersistentRangeTombstoneList): SlotTree & { readonly handles: number } {
  return (list as unknown as { state: ListState }).state;
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
 * The list handle (the state reference, the bounds-heap sum and the size) and its state object (configuration,
 * root, tail and cached-leaf references; owner id, cached-leaf base and handle count).
 */
export function persistentListShallowSize(model: SizeModel): number {
  return objectSize(model, 1, model.longSize + model.intSize) + objectSize(model, 4, 3 * model.intSize);
}
