import type { ClusteringBound } from './clustering-bound.js';
import type { ClusteringComparator } from './clustering-comparator.js';
import { describeValue, InvalidClusteringValueError, InvalidConfigurationError } from './errors.js';
import {
  buildConfig,
  checkCapacity,
  grownCapacity,
  hasExcessCapacity,
  type ListConfig,
  type RangeTombstoneListOptions,
  VALIDATED_CONFIG,
} from './range-tombstone-list-options.js';
import type { HeapUsage } from './range-tombstone-store.js';
import { allocate, copyInto, type SharedArrays, shiftRight, trimmedCopy } from './shared-arrays.js';
import { arraysHeapSize, boundHeapSize } from './size-model.js';

/**
 * The storage and copy-on-write layer of {@link RangeTombstoneList}: the four parallel arrays ({@link SharedArrays}),
 * the size, the running heap sum of the live bounds, and the only methods that write to the arrays. The range
 * algebra (Cassandra's insertFrom) lives in the subclass and goes through {@link addInternal} / {@link setInternal},
 * so every write honours the sharing protocol.
 *
 * Every operation here is O(1) except the array copies themselves, each of which is one bulk pass.
 */
export abstract class RangeTombstoneListStorage {
  // `declare`: the fields are assigned in the constructor only. Emitted class-field definitions would first define
  // each as undefined and then redefine it, which doubled the cost of the O(1) copy-on-write `copy()` in V8.
  declare readonly comparator: ClusteringComparator;
  declare protected readonly config: ListConfig;
  declare protected store: SharedArrays;
  declare protected count: number;
  /** Σ heap of the bounds in slots [0, count) under the size model; kept exact (no Cassandra double count). */
  declare protected boundsHeap: number;

  /**
   * Public path (`store` undefined): validates the comparator and `options`, and allocates `options.capacity` slots.
   * Internal path (copies, factories): `options` is an already validated {@link ListConfig} and the state is taken
   * as given, so `copy()` is one allocation with no re-validation.
   */
  protected constructor(
    comparator: ClusteringComparator,
    options: RangeTombstoneListOptions | ListConfig,
    store: SharedArrays | undefined,
    count: number,
    boundsHeap: number,
  ) {
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

  /** `size === 0`. */
  isEmpty(): boolean {
    return this.count === 0;
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
  protected adopt(other: RangeTombstoneListStorage): void {
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
    this.boundsHeap = other.boundsHeap;
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

  /** Makes the arrays exclusive before an in-place rewrite of every live slot (same capacity). */
  protected isolate(): void {
    const st = this.store;
    if (st.shared) this.store = copyInto(st, this.count, st.capacity, this.count);
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
}

/** @throws InvalidClusteringValueError unless `comparator` looks like a {@link ClusteringComparator}. */
export function checkComparator(comparator: ClusteringComparator): void {
  if (comparator === null || typeof comparator !== 'object' || typeof comparator.compare !== 'function') {
    throw new InvalidClusteringValueError(
      `comparator must be a ClusteringComparator, got ${describeValue(comparator)}`,
    );
  }
}

/**
 * The backing arrays of a list, for white-box tests and heap audits (not part of the public API).
 * @internal
 */
export function backingArrays(list: RangeTombstoneListStorage): Readonly<SharedArrays> {
  // biome-ignore lint/complexity/useLiteralKeys: element access is TypeScript's sanctioned way past `protected` here
  return list['store'];
}
