import { allocate, copyInto, type SharedArrays, shiftRight, trimmedCopy } from '../arrays/shared-arrays.js';
import { describeValue, InvalidConfigurationError } from '../errors.js';
import { arraysHeapSize, boundHeapSize } from '../heap/size-model.js';
import type { ClusteringBound } from '../model/clustering-bound.js';
import type { ClusteringComparator, ClusteringPrefix } from '../model/clustering-comparator.js';
import type { RangeTombstone } from '../model/range-tombstone.js';
import { checkComparator, RangeTombstoneListBase } from './range-tombstone-list-base.js';
import {
  buildConfig,
  checkCapacity,
  grownCapacity,
  hasExcessCapacity,
  type ListConfig,
  type RangeTombstoneListOptions,
  VALIDATED_CONFIG,
} from './range-tombstone-list-options.js';
import { binarySearch, makeRange } from './range-tombstone-search.js';
import type { HeapUsage } from './range-tombstone-store.js';

type CopyHook = (source: RangeTombstoneList) => void;

/**
 * Backing variable of the static `onCopy` hook. A module variable rather than a static field: `copy()` is a ~10 ns
 * operation and a property load from the class object measurably added to it.
 */
let copyHook: CopyHook | null = null;

/**
 * Cassandra's `RangeTombstoneList`: sorted, non-overlapping range tombstones in four parallel arrays (starts, ends,
 * markedAts, unsigned local deletion times; see {@link SharedArrays} for why they are plain JS arrays).
 *
 * With `copyOnWrite: true` (the default) `copy()` is O(1): copies share one store and isolate lazily, only when they
 * rewrite a slot another copy can see. A copy whose size equals the store's claimed length appends in place, so the
 * memtable pattern "copy, append at the tail, drop the old copy" costs amortised O(1) per step instead of O(N). With
 * `copyOnWrite: false` it is the pre-CASSANDRA-21492 list: every copy is trimmed to size. Any write below the tail
 * of a shared store copies it, O(N); {@link PersistentRangeTombstoneList} makes those O(log N).
 *
 * The public API, validation and Cassandra's range algebra live in {@link RangeTombstoneListBase}; this class is the
 * storage: the arrays, the sharing protocol, and the only code writing to them.
 *
 * Every operation here is O(1) except the array copies themselves, each of which is one bulk pass.
 */
export class RangeTombstoneList extends RangeTombstoneListBase {
  // `declare`: the fields are assigned in the constructor only. Emitted class-field definitions would first define
  // each as undefined and then redefine it, which doubled the cost of the O(1) copy-on-write `copy()` in V8.
  // Redeclared so this constructor may assign it (TypeScript allows readonly writes only in the declaring class).
  declare readonly comparator: ClusteringComparator;
  declare protected readonly config: ListConfig;
  declare protected store: SharedArrays;
  declare protected count: number;
  /** Σ heap of the bounds in slots [0, count) under the size model; kept exact (no Cassandra double count). */
  declare protected boundsHeap: number;

  /**
   * An empty list ordered by `comparator`.
   * @throws InvalidClusteringValueError if `comparator` is not a ClusteringComparator.
   * @throws InvalidConfigurationError for an out-of-range capacity or growth factor, or a bad size model.
   */
  constructor(comparator: ClusteringComparator, options?: RangeTombstoneListOptions);
  // The extra parameters are the internal path (copies, factories; see createRangeTombstoneList): `options` is an
  // already validated ListConfig and the state is taken as given, so `copy()` is one allocation, no re-validation.
  constructor(
    comparator: ClusteringComparator,
    options: RangeTombstoneListOptions | ListConfig = {},
    store?: SharedArrays,
    count = 0,
    boundsHeap = 0,
  ) {
    super();
    this.comparator = comparator;
    if (store !== undefined) {
      if ((options as ListConfig)[VALIDATED_CONFIG] !== true) {
        throw new InvalidConfigurationError(
          `a range-tombstone list built from existing arrays needs a validated configuration, got ${describeValue(options)}`,
        );
      }
      this.config = options as ListConfig;
      this.store = store;
      this.count = count;
      this.boundsHeap = boundsHeap;
      return;
    }
    checkComparator(comparator);
    this.config = buildConfig(options as RangeTombstoneListOptions);
    this.store = allocate(checkCapacity((options as RangeTombstoneListOptions).capacity ?? 1));
    this.count = 0;
    this.boundsHeap = 0;
  }

  /** Called on every `copy()` (Cassandra's static test hook `onCopy`); null to disable. */
  static get onCopy(): CopyHook | null {
    return copyHook;
  }

  /** @throws InvalidConfigurationError for anything but a function or null (`'x'` was kept; the next copy threw). */
  static set onCopy(hook: CopyHook | null) {
    if (hook !== null && typeof hook !== 'function') {
      throw new InvalidConfigurationError(`onCopy must be a function or null, got ${describeValue(hook)}`);
    }
    copyHook = hook;
  }

  /** Number of ranges. */
  get size(): number {
    return this.count;
  }

  /** Length of the backing arrays (shared ones included). */
  get capacity(): number {
    return this.store.capacity;
  }

  /** Whether copies share arrays copy-on-write. */
  get copyOnWrite(): boolean {
    return this.config.copyOnWrite;
  }

  /** The growth factor used when the arrays are full. */
  get growthFactor(): number {
    return this.config.growthFactor;
  }

  /**
   * The arrays a copy of this list starts with. Eager mode: trimmed to `size` (Cassandra before CASSANDRA-21492).
   * Copy-on-write: this list's own arrays, now marked shared, unless they hold excess capacity
   * ({@link hasExcessCapacity}), in which case the copy gets trimmed arrays and this list's arrays stay unshared.
   */
  protected storeForCopy(): SharedArrays {
    const st = this.store;
    const config = this.config;
    if (!config.copyOnWrite || hasExcessCapacity(st.capacity, this.count, config.growthFactor)) {
      return trimmedCopy(st, this.count);
    }
    st.shared = true;
    return st;
  }

  /** addAll into an empty list: Cassandra's copyArrays (eager) or an O(1) share (copy-on-write). */
  protected adoptAll(other: RangeTombstoneListBase): boolean {
    if (!(other instanceof RangeTombstoneList)) return false;
    const o = other.store;
    const m = other.count;
    if (this.config.copyOnWrite) {
      if (hasExcessCapacity(o.capacity, m, this.config.growthFactor)) {
        this.store = trimmedCopy(o, m);
      } else {
        o.shared = true;
        this.store = o;
      }
    } else if (this.store.capacity >= m) {
      // copyArrays keeps this list's own arrays when they are large enough (they are empty and unshared here)...
      const st = this.store;
      for (let k = 0; k < m; k++) {
        st.starts[k] = o.starts[k];
        st.ends[k] = o.ends[k];
        st.markedAts[k] = o.markedAts[k] as number;
        st.delTimes[k] = o.delTimes[k] as number;
      }
      st.claimed = m;
    } else {
      // ...else grows them to exactly m.
      this.store = trimmedCopy(o, m);
    }
    this.count = m;
    const model = this.config.sizeModel;
    this.boundsHeap = other.config.sizeModel === model ? other.boundsHeap : this.boundsHeapUnder(model);
    return true;
  }

  protected startAt(i: number): ClusteringBound {
    return this.store.starts[i] as ClusteringBound;
  }

  protected endAt(i: number): ClusteringBound {
    return this.store.ends[i] as ClusteringBound;
  }

  protected markedAtAt(i: number): number {
    return this.store.markedAts[i] as number;
  }

  protected delTimeAt(i: number): number {
    return this.store.delTimes[i] as number;
  }

  protected rangeAt(i: number, start?: ClusteringBound, end?: ClusteringBound): RangeTombstone {
    const { starts, ends, markedAts, delTimes } = this.store;
    return makeRange(
      start ?? (starts[i] as ClusteringBound),
      end ?? (ends[i] as ClusteringBound),
      markedAts[i] as number,
      delTimes[i] as number,
    );
  }

  protected searchColumn(ends: boolean, lo: number, hi: number, key: ClusteringPrefix): number {
    return binarySearch(this.comparator, ends ? this.store.ends : this.store.starts, lo, hi, key);
  }

  /**
   * Inserts at slot `i`, shifting `[i, size)` right. A full store grows into fresh arrays (no isolate needed: the
   * new arrays are this list's alone). A shared store is copied around the gap in one pass, except for an append by
   * the sharer that holds the claimed tail, which writes in place (see {@link SharedArrays}).
   */
  protected addInternal(i: number, s: ClusteringBound, e: ClusteringBound, t: number, ldt: number): void {
    const n = this.count;
    let st = this.store;
    const cap = st.capacity;
    if (n === cap) {
      st = this.store = copyInto(st, n, grownCapacity(cap, this.config.growthFactor), i);
    } else if (i < n) {
      if (st.shared) st = this.store = copyInto(st, n, cap, i);
      else shiftRight(st, i, n);
    } else if (st.shared && st.claimed !== n) {
      st = this.store = copyInto(st, n, cap, n);
    }
    st.starts[i] = s;
    st.ends[i] = e;
    st.markedAts[i] = t;
    st.delTimes[i] = ldt;
    this.count = n + 1;
    st.claimed = n + 1;
    this.boundsHeap += this.boundHeap(s) + this.boundHeap(e);
  }

  /** Rewrites live slot `i`; needs exclusive arrays. Isolating with room to grow saves the insert that usually follows. */
  protected setInternal(i: number, s: ClusteringBound, e: ClusteringBound, t: number, ldt: number): void {
    let st = this.store;
    if (st.shared) {
      const cap = st.capacity;
      const n = this.count;
      st = this.store = copyInto(st, n, n === cap ? grownCapacity(cap, this.config.growthFactor) : cap, n);
    }
    // insertFrom often rewrites a slot keeping one of its bounds (a split keeps the old end, an overwrite the
    // start); an unchanged bound object contributes nothing to the heap delta, so it is not re-measured.
    const oldS = st.starts[i] as ClusteringBound;
    const oldE = st.ends[i] as ClusteringBound;
    let delta = 0;
    if (oldS !== s) delta += this.boundHeap(s) - this.boundHeap(oldS);
    if (oldE !== e) delta += this.boundHeap(e) - this.boundHeap(oldE);
    st.starts[i] = s;
    st.ends[i] = e;
    st.markedAts[i] = t;
    st.delTimes[i] = ldt;
    this.boundsHeap += delta;
  }

  private boundHeap(bound: ClusteringBound): number {
    return boundHeapSize(this.config.sizeModel, this.comparator, bound);
  }

  /** Isolates shared arrays (same capacity), then rewrites the live slots. */
  protected fillAll(timestamp: number, localDeletionTime?: number): void {
    let st = this.store;
    if (st.shared) st = this.store = copyInto(st, this.count, st.capacity, this.count);
    st.markedAts.fill(timestamp, 0, this.count);
    if (localDeletionTime !== undefined) st.delTimes.fill(localDeletionTime, 0, this.count);
  }

  /**
   * What this list retains if every other copy is dropped: list object + arrays at full capacity + bounds of the
   * live entries, under the size model. Depends only on this list's own state, so memtable deltas telescope.
   */
  unsharedHeapSize(): number {
    return this.config.shallow + arraysHeapSize(this.config.sizeModel, this.store.capacity) + this.boundsHeap;
  }

  /** {@link HeapUsage}: `total` (= unsharedHeapSize), `shared` (arrays also referenced by a copy), `owned`. */
  heapSize(): HeapUsage {
    const total = this.unsharedHeapSize();
    const shared = this.store.shared ? arraysHeapSize(this.config.sizeModel, this.store.capacity) : 0;
    return { total, owned: total - shared, shared };
  }

  /**
   * An independent copy. Eager mode: arrays trimmed to `size` (Cassandra before CASSANDRA-21492). Copy-on-write: O(1),
   * sharing this list's arrays unless they hold excess capacity (then the copy gets trimmed arrays). The options are
   * not re-validated: the copy reuses this list's frozen configuration.
   */
  copy(): RangeTombstoneList {
    if (copyHook !== null) copyHook(this);
    return createRangeTombstoneList(
      this.comparator,
      this.config,
      this.storeForCopy(),
      this.count,
      this.boundsHeap,
    );
  }
}

/**
 * The backing arrays of a list, for white-box tests and heap audits (not part of the public API).
 * @internal
 */
export function backingArrays(list: RangeTombstoneList): Readonly<SharedArrays> {
  // biome-ignore lint/complexity/useLiteralKeys: element access is TypeScript's sanctioned way past `protected` here
  return list['store'];
}

type InternalConstructor = new (
  comparator: ClusteringComparator,
  config: ListConfig,
  store: SharedArrays,
  count: number,
  boundsHeap: number,
) => RangeTombstoneList;

/**
 * Builds a list from already validated parts (copies, factories): one allocation, no validation beyond the
 * configuration's brand. Not part of the public API.
 * @internal
 */
export function createRangeTombstoneList(
  comparator: ClusteringComparator,
  config: ListConfig,
  store: SharedArrays,
  count: number,
  boundsHeap: number,
): RangeTombstoneList {
  return new (RangeTombstoneList as unknown as InternalConstructor)(
    comparator,
    config,
    store,
    count,
    boundsHeap,
  );
}
