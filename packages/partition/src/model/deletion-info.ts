import {
  type Clustering,
  ClusteringComparator,
  ComparatorMismatchError,
  DeletionTime,
  JVM_COMPRESSED_OOPS,
  NO_TIMESTAMP,
  RangeTombstone,
  type RangeTombstoneStore,
  type RangeTombstoneStoreFactory,
  type SizeModel,
  Slice,
} from '@tombstone-lab/core';
import { DELETES, objectSize, SUPERSEDES } from '@tombstone-lab/core/internal';
import { checkFlag, checkQueryTimestamp, checkTimestamp } from '../argument-checks.js';
import { describeValue, ImmutableStateError, PartitionArgumentError } from '../errors.js';

/**
 * Where a `DeletionInfo` gets a range container from when its first range tombstone arrives, and the size model its
 * own heap figure uses (a table's {@link TableOptions} is one).
 */
export interface RangeStoreSource {
  readonly comparator: ClusteringComparator;
  readonly rangeStore: RangeTombstoneStoreFactory;
  /** Default: core's `JVM_COMPRESSED_OOPS`. */
  readonly sizeModel?: SizeModel;
}

const EMPTY: IterableIterator<RangeTombstone> = [][Symbol.iterator]();

/** Whether `value` can serve as a {@link RangeStoreSource}: a comparator and a range container factory. */
function isRangeStoreSource(value: unknown): value is RangeStoreSource {
  if (typeof value !== 'object' || value === null) return false;
  const { comparator, rangeStore } = value as Partial<RangeStoreSource>;
  return comparator instanceof ClusteringComparator && typeof rangeStore === 'function';
}

/**
 * The read-only face of a {@link DeletionInfo}: what partition snapshots expose. Readers can never mutate through
 * it; {@link ReadonlyDeletionInfo.mutableCopy} is how a writer gets something it may change.
 */
export type ReadonlyDeletionInfo = Pick<
  DeletionInfo,
  | 'isLive'
  | 'getPartitionDeletion'
  | 'hasRanges'
  | 'rangeCount'
  | 'rangeIterator'
  | 'rangeCovering'
  | 'deletionAt'
  | 'isDeleted'
  | 'mayModify'
  | 'maxTimestamp'
  | 'minTimestamp'
  | 'dataSize'
  | 'unsharedHeapSize'
  | 'equals'
  | 'mutableCopy'
  | 'isFrozen'
  | 'toString'
>;

/**
 * Cassandra's `MutableDeletionInfo`: a partition-level deletion plus the partition's range tombstones.
 *
 * The range container stays `null` until the first range arrives (most partitions never get one); it is created by
 * the table's {@link RangeStoreSource}, so the list implementation (eager, copy-on-write, …) is chosen per table.
 * A `DeletionInfo` published in a partition snapshot is {@link DeletionInfo.freeze | frozen}: every mutator then throws
 * {@link ImmutableStateError}. Writers take {@link DeletionInfo.mutableCopy} and add to the copy — the O(N) step on the
 * memtable write path that a copy-on-write container makes O(1).
 */
let live: ReadonlyDeletionInfo | undefined;

export class DeletionInfo {
  /** The shared "nothing deleted" instance. Frozen: `DeletionInfo.LIVE.mutableCopy()` to build on it. */
  static get LIVE(): ReadonlyDeletionInfo {
    // A lazy getter, not a static field: tsc (5.9, ES2023) compiles a self-referencing static field initializer of
    // this class through an alias it assigns only after the class body, so the built package crashed on import
    // ("undefined is not a constructor") while the tests (esbuild) passed. .ci/consumer.sh caught it.
    live ??= new DeletionInfo().freeze();
    return live;
  }

  #partitionDeletion: DeletionTime;
  #ranges: RangeTombstoneStore | null;
  #source: RangeStoreSource | null;
  #frozen = false;

  /**
   * @param source the table's comparator and range container factory, needed to {@link add} a range tombstone
   *   (optional: a `DeletionInfo` with only a partition deletion never needs it)
   * @param partitionDeletion the initial partition deletion, LIVE by default
   * @throws PartitionArgumentError for a source that is neither null nor `{ comparator, rangeStore }`, or a partition
   *   deletion that is not a DeletionTime.
   */
  constructor(source: RangeStoreSource | null = null, partitionDeletion: DeletionTime = DeletionTime.LIVE) {
    // `new DeletionInfo('x')` was kept, and failed only at its first range, with a plain TypeError.
    if (source !== null && !isRangeStoreSource(source)) {
      throw new PartitionArgumentError(
        `a DeletionInfo's source must be null or a table's options ({ comparator, rangeStore }), got ${describeValue(source)}`,
      );
    }
    if (!(partitionDeletion instanceof DeletionTime)) {
      throw new PartitionArgumentError(
        `partitionDeletion must be a DeletionTime, got ${describeValue(partitionDeletion)}`,
      );
    }
    this.#source = source;
    this.#partitionDeletion = partitionDeletion;
    this.#ranges = null;
  }

  /** A copy sharing the partition deletion and taking `ranges.copy()` (O(1) for copy-on-write containers). */
  mutableCopy(): DeletionInfo {
    const copy = new DeletionInfo(this.#source, this.#partitionDeletion);
    copy.#ranges = this.#ranges === null ? null : this.#ranges.copy();
    return copy;
  }

  /** Makes this instance permanently read-only (idempotent). Returns it, typed read-only. */
  freeze(): ReadonlyDeletionInfo {
    this.#frozen = true;
    return this;
  }

  /** True once {@link freeze} has been called. */
  isFrozen(): boolean {
    return this.#frozen;
  }

  /**
   * Adds a partition deletion (kept if it supersedes the current one), a range tombstone (into the range container,
   * created on first use from `source` or the source given at construction), or all of another `DeletionInfo`
   * (its partition deletion, then its ranges: copied when this has none, merged otherwise). Returns `this`.
   * Range tombstones shadowed by the partition deletion are kept, as in Cassandra.
   * @throws ImmutableStateError when frozen; PartitionArgumentError for anything else, or a range with no source;
   *   ComparatorMismatchError for ranges ordered differently; core's range errors for a bad range. Nothing is
   *   changed when any of them is thrown.
   */
  add(deletion: DeletionTime | RangeTombstone | ReadonlyDeletionInfo, source?: RangeStoreSource): this {
    this.#checkMutable();
    // `add(range, 'x')` was kept as the source and failed later, calling 'x'.rangeStore.
    if (source !== undefined && !isRangeStoreSource(source)) {
      throw new PartitionArgumentError(
        `DeletionInfo.add's source must be a table's options ({ comparator, rangeStore }), got ${describeValue(source)}`,
      );
    }
    if (deletion instanceof DeletionTime) {
      // Unchecked: a DeletionTime (tested just above) against this info's own, on every write's apply.
      if (deletion[SUPERSEDES](this.#partitionDeletion)) this.#partitionDeletion = deletion;
    } else if (deletion instanceof RangeTombstone) {
      this.#addRange(deletion, source);
    } else if (deletion instanceof DeletionInfo) {
      if (deletion === this) return this;
      // Checked before anything is assigned: addAll's own check would fire only after the partition deletion moved.
      if (
        this.#ranges !== null &&
        deletion.#ranges !== null &&
        !this.#ranges.comparator.equals(deletion.#ranges.comparator)
      ) {
        throw new ComparatorMismatchError(
          `cannot add ranges ordered by ${deletion.#ranges.comparator} to ranges ordered by ${this.#ranges.comparator}`,
        );
      }
      // Ranges first: addAll changes nothing when it throws, so the partition deletion is only moved after it.
      if (this.#ranges === null) {
        this.#ranges = deletion.#ranges === null ? null : deletion.#ranges.copy();
      } else if (deletion.#ranges !== null) {
        this.#ranges.addAll(deletion.#ranges);
      }
      // Unchecked: two infos' own partition deletions.
      if (deletion.#partitionDeletion[SUPERSEDES](this.#partitionDeletion)) {
        this.#partitionDeletion = deletion.#partitionDeletion;
      }
      this.#source ??= deletion.#source;
    } else {
      throw new PartitionArgumentError(
        `DeletionInfo.add expects a DeletionTime, RangeTombstone or DeletionInfo, got ${describeValue(deletion)}`,
      );
    }
    return this;
  }

  /**
   * Rewrites every timestamp (the partition deletion unless its markedForDeleteAt is NO_TIMESTAMP, and every range)
   * to `timestamp`, in place.
   */
  updateAllTimestamp(timestamp: number): this {
    this.#checkMutable();
    // NO_TIMESTAMP turned every deletion into one that never beats "no deletion": lost silently.
    checkTimestamp(timestamp, 'updateAllTimestamp timestamp');
    // Cassandra's MutableDeletionInfo tests markedForDeleteAt != Long.MIN_VALUE, not isLive(): a partition deletion
    // (NO_TIMESTAMP, real ldt) stays as it is. Testing isLive() made it a real deletion at `timestamp` that hid data
    // (the one divergence found against trunk f90a6ca over 2,000 random sequences, issue 34).
    if (this.#partitionDeletion.markedForDeleteAt !== NO_TIMESTAMP) {
      this.#partitionDeletion = DeletionTime.fromUnsigned(
        timestamp,
        this.#partitionDeletion.localDeletionTime,
      );
    }
    this.#ranges?.updateAllTimestamp(timestamp);
    return this;
  }

  /** No partition deletion and no range tombstone. */
  isLive(): boolean {
    return this.#partitionDeletion.isLive() && (this.#ranges === null || this.#ranges.isEmpty());
  }

  /** The partition-level deletion (`DeletionTime.LIVE` when none). */
  getPartitionDeletion(): DeletionTime {
    return this.#partitionDeletion;
  }

  /** At least one range tombstone. */
  hasRanges(): boolean {
    return this.#ranges !== null && !this.#ranges.isEmpty();
  }

  /** Number of ranges (0 when the container was never created). */
  rangeCount(): number {
    return this.#ranges === null ? 0 : this.#ranges.size;
  }

  /**
   * The range tombstones in clustering order (or reversed); with a slice, only those intersecting it, clipped to it.
   * @throws PartitionArgumentError when the first argument is neither a Slice nor a boolean, or `reversed` is given
   *   and is not a boolean; core's errors for a Slice whose bounds do not fit the comparator.
   */
  rangeIterator(slice?: Slice | boolean, reversed = false): IterableIterator<RangeTombstone> {
    // Checked before the empty case and before core's list, so every DeletionInfo answers the same, in this
    // package's error (a non-boolean `reversed` was ignored after a boolean, and ignored by an info without ranges).
    checkFlag(reversed, false, 'rangeIterator reversed');
    if (slice !== undefined && typeof slice !== 'boolean' && !(slice instanceof Slice)) {
      throw new PartitionArgumentError(
        `rangeIterator takes a Slice or a boolean (reversed), got ${describeValue(slice)}`,
      );
    }
    if (this.#ranges === null) return EMPTY;
    if (typeof slice === 'boolean' || slice === undefined) return this.#ranges.iterator(slice ?? reversed);
    return this.#ranges.iterator(slice, reversed);
  }

  /** The range tombstone covering `clustering`, or null. */
  rangeCovering(clustering: Clustering): RangeTombstone | null {
    return this.#ranges === null ? null : this.#ranges.search(clustering);
  }

  /**
   * The deletion that applies to data at `clustering`: the newer of the partition deletion and the covering range
   * (`DeletionTime.LIVE` when neither exists).
   */
  deletionAt(clustering: Clustering): DeletionTime {
    const range = this.#ranges === null ? null : this.#ranges.searchDeletionTime(clustering);
    // Unchecked: a stored range's time against the partition deletion, once per row a read looks up.
    if (range === null || !range[SUPERSEDES](this.#partitionDeletion)) return this.#partitionDeletion;
    return range;
  }

  /**
   * Whether data at `clustering` written at `timestamp` is shadowed by the partition deletion or a range.
   * @throws PartitionArgumentError when `timestamp` is not a safe integer (a NaN answered false when there were no
   *   ranges to check it).
   */
  isDeleted(clustering: Clustering, timestamp: number): boolean {
    checkQueryTimestamp(timestamp, 'isDeleted timestamp');
    // Unchecked past that: the partition deletion is a checked DeletionTime.
    if (this.#partitionDeletion[DELETES](timestamp) && !this.#partitionDeletion.isLive()) return true;
    return this.#ranges?.isDeleted(clustering, timestamp) ?? false;
  }

  /**
   * Whether merging this (as an update) into `existing` could change it: a newer partition deletion, or any range
   * at all (Cassandra does not check whether the ranges are shadowed, so every range write pays for the copy).
   */
  mayModify(existing: ReadonlyDeletionInfo): boolean {
    if (!(existing instanceof DeletionInfo)) {
      throw new PartitionArgumentError(`mayModify needs a DeletionInfo, got ${describeValue(existing)}`);
    }
    return this.#partitionDeletion.compareTo(existing.getPartitionDeletion()) > 0 || this.hasRanges();
  }

  /** Largest markedForDeleteAt of the partition deletion and the ranges. */
  maxTimestamp(): number {
    const pd = this.#partitionDeletion.markedForDeleteAt;
    return this.#ranges === null ? pd : Math.max(pd, this.#ranges.maxMarkedAt());
  }

  /** Smallest markedForDeleteAt over the non-LIVE partition deletion and the ranges; `Infinity` when live. */
  minTimestamp(): number {
    let min = this.#partitionDeletion.isLive()
      ? Number.POSITIVE_INFINITY
      : this.#partitionDeletion.markedForDeleteAt;
    if (this.#ranges !== null) {
      for (const rt of this.#ranges) min = Math.min(min, rt.deletionTime.markedForDeleteAt);
    }
    return min;
  }

  /** Cassandra's figure: 8 (the partition deletion's timestamp only) plus the ranges' data size. */
  dataSize(): number {
    return 8 + (this.#ranges === null ? 0 : this.#ranges.dataSize());
  }

  /**
   * Heap this instance keeps alive under its source's size model: 0 for {@link DeletionInfo.LIVE}; otherwise the object, a non-LIVE partition
   * deletion, and the container's `unsharedHeapSize()` (core's delta-safe figure, so that the memtable's reported
   * deltas sum to what the newest snapshot retains).
   */
  unsharedHeapSize(): number {
    if (this === DeletionInfo.LIVE) return 0;
    const model = this.#source?.sizeModel ?? JVM_COMPRESSED_OOPS;
    // The object (partition-deletion and ranges references), then a DeletionTime object (long + int) when not LIVE.
    return (
      objectSize(model, 2, 0) +
      (this.#partitionDeletion.isLive() ? 0 : objectSize(model, 0, 12)) +
      (this.#ranges === null ? 0 : this.#ranges.unsharedHeapSize())
    );
  }

  /** Equal partition deletions and equal ranges; a null container differs from an empty one (as in Cassandra). */
  equals(other: unknown): boolean {
    if (!(other instanceof DeletionInfo)) return false;
    if (!this.#partitionDeletion.equals(other.#partitionDeletion)) return false;
    if (this.#ranges === null || other.#ranges === null) return this.#ranges === other.#ranges;
    return this.#ranges.equals(other.#ranges);
  }

  /** `{<partition deletion>}` or `{<partition deletion>, ranges=[a,b]@t…}`. */
  toString(): string {
    const pd = this.#partitionDeletion.toString();
    return this.#ranges === null ? `{${pd}}` : `{${pd}, ranges=${this.#ranges.toString()}}`;
  }

  #checkMutable(): void {
    if (this.#frozen) {
      throw new ImmutableStateError(
        this === DeletionInfo.LIVE
          ? 'DeletionInfo.LIVE is shared and immutable: call mutableCopy() first'
          : 'this DeletionInfo is published (frozen): call mutableCopy() first',
      );
    }
  }

  /**
   * Adds one range tombstone, creating the container on first use. A new container is only kept once the add has
   * succeeded, so a rejected range (wrong types, empty slice) leaves no empty container and no heap behind.
   */
  #addRange(rt: RangeTombstone, source: RangeStoreSource | undefined): void {
    // A range at NO_TIMESTAMP never beats "no deletion" and would be lost silently; the builder refuses it too.
    if (rt.deletionTime.markedForDeleteAt === NO_TIMESTAMP) {
      throw new PartitionArgumentError(
        `a range tombstone's timestamp must be a write timestamp, got NO_TIMESTAMP (${NO_TIMESTAMP}) for ${rt.toString()}`,
      );
    }
    if (this.#ranges !== null) {
      this.#ranges.add(rt);
      return;
    }
    const from = source ?? this.#source;
    if (from === null) {
      throw new PartitionArgumentError(
        'cannot add a range tombstone: this DeletionInfo has no range store source (pass one to the constructor or to add)',
      );
    }
    const ranges = checkRangeStore(from.rangeStore(from.comparator), from.rangeStore);
    ranges.add(rt);
    this.#ranges = ranges;
    this.#source = from;
  }
}

/**
 * `store` when it looks like what a `rangeStore` factory must return (core's container: `add`, `copy`, …); anything
 * else throws, naming the factory (`rangeStore: () => 5` failed at the first range with "ranges.add is not a
 * function"). Checked once per new container, where the factory is called.
 */
function checkRangeStore(store: unknown, factory: unknown): RangeTombstoneStore {
  const s = store as Partial<Record<keyof RangeTombstoneStore, unknown>> | null;
  if (
    typeof s !== 'object' ||
    s === null ||
    typeof s.add !== 'function' ||
    typeof s.addAll !== 'function' ||
    typeof s.copy !== 'function'
  ) {
    throw new PartitionArgumentError(
      `the table's rangeStore factory (${describeValue(factory)}) returned ${describeValue(store)}, not a range tombstone container`,
    );
  }
  return store as RangeTombstoneStore;
}
