import type { ClusteringBound } from './clustering-bound.js';
import type { ClusteringComparator, ClusteringPrefix } from './clustering-comparator.js';
import { describeValue, InvalidConfigurationError } from './errors.js';
import { unknownOptionMessage } from './option-keys.js';
import { BRANCHING, LEAF_CAPACITY, PersistentSlots } from './persistent-slots.js';
import { checkComparator, RangeTombstoneListBase } from './range-tombstone-list-base.js';
import type { HeapUsage, RangeTombstoneStoreFactory } from './range-tombstone-store.js';
import {
  arraysHeapSize,
  boundHeapSize,
  JVM_COMPRESSED_OOPS,
  listShallowSize,
  objectSize,
  primitiveArraySize,
  referenceArraySize,
  type SizeModel,
  validateSizeModel,
} from './size-model.js';

/** The constructor's internal copy overload, hidden from the public signature. */
type CopyConstructor = new (
  comparator: ClusteringComparator,
  options: undefined,
  source: PersistentRangeTombstoneList,
) => PersistentRangeTombstoneList;

/** Options of {@link PersistentRangeTombstoneList}. */
export interface PersistentRangeTombstoneListOptions {
  /** Heap size model for {@link PersistentRangeTombstoneList.unsharedHeapSize}. Default {@link JVM_COMPRESSED_OOPS}. */
  sizeModel?: SizeModel;
}

/**
 * A range-tombstone list with Cassandra's exact semantics (the same algebra as {@link RangeTombstoneList}, so both
 * always hold the same ranges) stored in a persistent B+tree ({@link PersistentSlots}): `copy()` is O(1), and every
 * write after a copy path-copies only the O(log N) nodes it touches, where the copy-on-write array list must copy
 * all N slots for any write below its shared tail (an interior insert, an overwrite, a split). Appends keep the
 * array list's speed: the last slots live in a tail leaf with the same claimed-tail rule, and a full tail joins the
 * tree once per leaf of appends. The price: slot reads walk the tree (sequential scans are O(1) amortised through a
 * cached leaf, random ones O(log N)), and `copy()` allocates two objects instead of one.
 *
 * Heap accounting follows the same rules as the array list: `unsharedHeapSize()` is what this list retains if every
 * other copy is dropped (its tree nodes at full capacity plus the bounds of its entries), so memtable deltas
 * telescope; `heapSize().shared` counts the nodes this list does not own (created before its last copy).
 */
export class PersistentRangeTombstoneList extends RangeTombstoneListBase {
  declare readonly comparator: ClusteringComparator;
  declare private slots: PersistentSlots;
  declare private readonly model: SizeModel;
  /** Σ heap of the bounds of the live slots under the size model. */
  declare private boundsHeap: number;

  /**
   * An empty list ordered by `comparator`.
   * @throws InvalidClusteringValueError if `comparator` is not a ClusteringComparator.
   * @throws InvalidConfigurationError for a bad options object or size model.
   */
  constructor(comparator: ClusteringComparator, options?: PersistentRangeTombstoneListOptions);
  // The third parameter is the internal copy path: a copy of `source`, with nothing re-validated.
  constructor(
    comparator: ClusteringComparator,
    options: PersistentRangeTombstoneListOptions = {},
    source?: PersistentRangeTombstoneList,
  ) {
    super();
    this.comparator = comparator;
    if (source instanceof PersistentRangeTombstoneList) {
      this.model = source.model;
      this.slots = source.slots.fork();
      this.boundsHeap = source.boundsHeap;
      return;
    }
    checkComparator(comparator);
    this.model = checkOptions(options);
    this.slots = new PersistentSlots();
    this.boundsHeap = 0;
  }

  /** Number of ranges. */
  get size(): number {
    return this.slots.size;
  }

  /** O(1): the copy shares every tree node; each side then path-copies what it writes. */
  copy(): PersistentRangeTombstoneList {
    return new (PersistentRangeTombstoneList as unknown as CopyConstructor)(this.comparator, undefined, this);
  }

  /** List object, tree handle, every node of its tree at full capacity, and the bounds of its entries. */
  unsharedHeapSize(): number {
    const nodes = persistentNodeHeap(this.model, this.slots.leafCount, this.slots.internalCount);
    return listShallowSize(this.model) + nodes + this.boundsHeap;
  }

  /** {@link HeapUsage}; `shared` = the nodes this list does not own (created before its last copy or adopt). */
  heapSize(): HeapUsage {
    const total = this.unsharedHeapSize();
    const c = this.slots.nodeCounts();
    const shared = persistentNodeHeap(this.model, c.sharedLeaves, c.sharedInternals);
    return { total, owned: total - shared, shared };
  }

  protected startAt(i: number): ClusteringBound {
    return this.slots.start(i);
  }

  protected endAt(i: number): ClusteringBound {
    return this.slots.end(i);
  }

  protected markedAtAt(i: number): number {
    return this.slots.markedAt(i);
  }

  protected delTimeAt(i: number): number {
    return this.slots.delTime(i);
  }

  /** One O(log N) descent over the whole column, clamped to `[lo, hi)` (each column is strictly increasing). */
  protected searchColumn(ends: boolean, lo: number, hi: number, key: ClusteringPrefix): number {
    const cmp = this.comparator;
    const found = this.slots.binarySearch(ends ? 'end' : 'start', (b) => cmp.compare(b, key));
    if (found >= 0 && found >= lo && found < hi) return found;
    const insertion = found >= 0 ? found : -found - 1;
    return -Math.min(Math.max(insertion, lo), hi) - 1;
  }

  protected addInternal(i: number, s: ClusteringBound, e: ClusteringBound, t: number, ldt: number): void {
    this.slots.insert(i, s, e, t, ldt);
    this.boundsHeap += this.boundHeap(s) + this.boundHeap(e);
  }

  protected setInternal(i: number, s: ClusteringBound, e: ClusteringBound, t: number, ldt: number): void {
    // As the array list: a bound object kept by the rewrite contributes nothing to the heap delta.
    const oldS = this.slots.start(i);
    const oldE = this.slots.end(i);
    let delta = 0;
    if (oldS !== s) delta += this.boundHeap(s) - this.boundHeap(oldS);
    if (oldE !== e) delta += this.boundHeap(e) - this.boundHeap(oldE);
    this.slots.set(i, s, e, t, ldt);
    this.boundsHeap += delta;
  }

  protected fillAll(timestamp: number, localDeletionTime?: number): void {
    if (localDeletionTime === undefined) this.slots.setAllMarkedAt(timestamp);
    else this.slots.setAllMarkedAtAndDelTime(timestamp, localDeletionTime);
  }

  /** An empty list takes a persistent list's whole tree in O(1), shared as by `copy()`. */
  protected adoptAll(other: RangeTombstoneListBase): boolean {
    if (!(other instanceof PersistentRangeTombstoneList)) return false;
    this.slots = other.slots.fork();
    this.boundsHeap = other.model === this.model ? other.boundsHeap : this.boundsHeapUnder(this.model);
    return true;
  }

  private boundHeap(bound: ClusteringBound): number {
    return boundHeapSize(this.model, this.comparator, bound);
  }
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
 * Heap of `leaves` leaves and `internals` internal nodes under `model`. A leaf: an object (4 array references + owner
 * id) and the four slot arrays at {@link LEAF_CAPACITY}, charged like the array list's four arrays. An internal node:
 * an object (4 references + owner id), its child-reference and two bound-reference arrays, and an int array of
 * subtree sizes, all at {@link BRANCHING}.
 */
export function persistentNodeHeap(model: SizeModel, leaves: number, internals: number): number {
  const leaf = objectSize(model, 4, model.intSize) + arraysHeapSize(model, LEAF_CAPACITY);
  const internal =
    objectSize(model, 4, model.intSize) +
    3 * referenceArraySize(model, BRANCHING) +
    primitiveArraySize(model, BRANCHING, model.intSize);
  return leaves * leaf + internals * internal;
}
