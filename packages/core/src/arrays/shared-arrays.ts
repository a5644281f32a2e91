import type { ClusteringBound } from '../model/clustering-bound.js';
import { doubleZeros } from './packed-arrays.js';

/**
 * The four parallel arrays of a range-tombstone list, shareable between copies.
 *
 * Representation: plain JS arrays, every one of length `capacity`. The bound arrays are packed object arrays whose
 * free slots hold `undefined`; the two number arrays are packed double arrays whose free slots hold 0. Typed arrays
 * are deliberately not used: in V8 any typed array over 64 bytes gets an off-heap `ArrayBuffer` whose allocation and
 * tracking costs microseconds, which dwarfed the copies themselves (a 10-range eager copy took ~1.4 µs instead of
 * tens of ns). Plain arrays live on the V8 heap and are copied by memcpy inside `slice`/`concat`, the nearest thing
 * JS has to `System.arraycopy`, so both modes copy at the same (best available) speed.
 *
 * Sharing protocol (copy-on-write with a claimed tail):
 * - Every list sharing a store sees only the slots `[0, its size)`; those slots are never rewritten while the store
 *   is shared.
 * - `claimed` is the high-water mark of the sizes of the lists that wrote to the store; every sharer's size is
 *   `<= claimed`, so slots `>= claimed` are invisible to all of them.
 * - A sharer whose size equals `claimed` may therefore append in place at index `size` (no one else can see that
 *   slot) and raises `claimed`; any other sharer that wants to append must copy first, because a sibling already
 *   owns the slots past its size.
 * - Rewriting or shifting a slot below `size` requires an unshared store.
 * - `shared` turns true when a second list first references the store and never turns back: JS cannot observe that
 *   the other copies were garbage-collected.
 */
export interface SharedArrays {
  /** Length of each of the four arrays: the logical and physical capacity the size model charges. */
  readonly capacity: number;
  readonly starts: (ClusteringBound | undefined)[];
  readonly ends: (ClusteringBound | undefined)[];
  readonly markedAts: number[];
  readonly delTimes: number[];
  claimed: number;
  shared: boolean;
}

/** Packed arrays of free slots, grown on demand; only ever read (sliced or concatenated), never written by callers. */
let undefinedTemplate: undefined[] = [];
let zeroTemplate: number[] = doubleZeros(0);

function freeBounds(n: number): undefined[] {
  if (undefinedTemplate.length < n) {
    const t = undefinedTemplate.slice();
    const target = Math.max(n, 2 * t.length);
    for (let i = t.length; i < target; i++) t.push(undefined);
    undefinedTemplate = t;
  }
  return undefinedTemplate.slice(0, n);
}

function freeNumbers(n: number): number[] {
  if (zeroTemplate.length < n) {
    const t = zeroTemplate.slice();
    const target = Math.max(n, 2 * t.length);
    for (let i = t.length; i < target; i++) t.push(0);
    zeroTemplate = t;
  }
  return zeroTemplate.slice(0, n);
}

/**
 * Free tails by length, reused across grows: `concat(tail)` then costs one memcpy of the result, where building the
 * tail each time would add a second allocation. Tails are never mutated (concat copies them). The cache is bounded
 * (a few distinct lengths, each at most {@link MAX_CACHED_TAIL}) and simply cleared when full.
 */
const boundTails = new Map<number, undefined[]>();
const numberTails = new Map<number, number[]>();
const TAIL_CACHE_ENTRIES = 16;
const MAX_CACHED_TAIL = 1 << 16;

/** The cached never-written run of `n` free slots from `cache`, made by `make` on a miss (bounded cache). */
function cachedTail<T>(cache: Map<number, T[]>, n: number, make: (n: number) => T[]): T[] {
  let t = cache.get(n);
  if (t === undefined) {
    t = make(n);
    if (n <= MAX_CACHED_TAIL) {
      if (cache.size >= TAIL_CACHE_ENTRIES) cache.clear();
      cache.set(n, t);
    }
  }
  return t;
}

function boundTail(n: number): undefined[] {
  return cachedTail(boundTails, n, freeBounds);
}

function numberTail(n: number): number[] {
  return cachedTail(numberTails, n, freeNumbers);
}

/** A fresh, unshared store of `capacity` free slots. */
export function allocate(capacity: number): SharedArrays {
  return {
    capacity,
    starts: freeBounds(capacity),
    ends: freeBounds(capacity),
    markedAts: freeNumbers(capacity),
    delTimes: freeNumbers(capacity),
    claimed: 0,
    shared: false,
  };
}

/** A trimmed copy (Cassandra's `Arrays.copyOf(a, size)` on each array): capacity == size. */
export function trimmedCopy(src: SharedArrays, size: number): SharedArrays {
  return {
    capacity: size,
    starts: src.starts.slice(0, size),
    ends: src.ends.slice(0, size),
    markedAts: src.markedAts.slice(0, size),
    delTimes: src.delTimes.slice(0, size),
    claimed: size,
    shared: false,
  };
}

/**
 * Below this capacity a gapped copy is a slice of the free-slot template plus hand loops over the live slots:
 * `concat` is a C++ builtin whose fixed call cost dominated short arrays in a microbenchmark (~1.5× slower at 10
 * slots), while `slice` has an inlined fast path. Longer arrays keep the bulk memcpy, which wins past a few dozen
 * slots. Plain (gapless) copies keep `concat`: the same small path measured no faster for the append benchmark.
 */
const SMALL_COPY = 64;

/** `src[0, size)` followed by free slots, `capacity` long in all. */
function extend<T>(
  src: T[],
  srcCapacity: number,
  size: number,
  capacity: number,
  tail: (n: number) => T[],
  free: T,
): T[] {
  if (srcCapacity === size) return src.concat(tail(capacity - size));
  if (capacity <= srcCapacity) {
    // One memcpy, then blank the slots a sibling may have appended to (they must not be pinned or seen).
    const d = src.slice(0, capacity);
    d.fill(free, size, capacity);
    return d;
  }
  return src.slice(0, size).concat(tail(capacity - size));
}

/**
 * `src[0, gap)`, a free slot, `src[gap, size)`, then free slots, `capacity` long in all (`gap < size < capacity`).
 * Cassandra's two `System.arraycopy` calls around the gap. A short array is filled by hand loops into a free-slot
 * template (see {@link SMALL_COPY}); a long one takes one bulk copy ({@link extend}), then a hand loop moves
 * `[gap, size)` one slot right. The former multi-argument `concat` of three slices was the hottest frame of an
 * interior insert, and `copyWithin` on plain arrays is generic and ~30× slower than the loop.
 */
function withGap<T>(
  src: T[],
  srcCapacity: number,
  size: number,
  capacity: number,
  gap: number,
  tail: (n: number) => T[],
  fresh: (n: number) => T[],
  free: T,
): T[] {
  if (capacity <= SMALL_COPY) {
    const d = fresh(capacity);
    for (let k = 0; k < gap; k++) d[k] = src[k] as T;
    for (let k = gap; k < size; k++) d[k + 1] = src[k] as T;
    return d;
  }
  const d = extend(src, srcCapacity, size, capacity, tail, free);
  for (let k = size; k > gap; k--) d[k] = d[k - 1] as T;
  d[gap] = free;
  return d;
}

/**
 * A fresh unshared store of `capacity` slots holding `src`'s first `size` entries, with slot `gap` left free and
 * `[gap, size)` moved one slot right when `gap < size` (pass `gap >= size` for a plain copy). One pass of bulk copies
 * per array (Cassandra's `grow`: `Arrays.copyOf`, or two `System.arraycopy` around the gap).
 */
export function copyInto(src: SharedArrays, size: number, capacity: number, gap: number): SharedArrays {
  if (gap >= size) {
    if (capacity === size) return trimmedCopy(src, size);
    const c = src.capacity;
    return {
      capacity,
      starts: extend<ClusteringBound | undefined>(src.starts, c, size, capacity, boundTail, undefined),
      ends: extend<ClusteringBound | undefined>(src.ends, c, size, capacity, boundTail, undefined),
      markedAts: extend(src.markedAts, c, size, capacity, numberTail, 0),
      delTimes: extend(src.delTimes, c, size, capacity, numberTail, 0),
      claimed: size,
      shared: false,
    };
  }
  const c = src.capacity;
  return {
    capacity,
    starts: withGap<ClusteringBound | undefined>(
      src.starts,
      c,
      size,
      capacity,
      gap,
      boundTail,
      freeBounds,
      undefined,
    ),
    ends: withGap<ClusteringBound | undefined>(
      src.ends,
      c,
      size,
      capacity,
      gap,
      boundTail,
      freeBounds,
      undefined,
    ),
    markedAts: withGap(src.markedAts, c, size, capacity, gap, numberTail, freeNumbers, 0),
    delTimes: withGap(src.delTimes, c, size, capacity, gap, numberTail, freeNumbers, 0),
    claimed: size,
    shared: false,
  };
}

/**
 * Shifts `[i, size)` one slot right inside an unshared store (`size < capacity`), freeing slot `i` for the caller to
 * overwrite. A hand loop: V8's `Array.prototype.copyWithin` on plain arrays is generic and ~30× slower.
 */
export function shiftRight(store: SharedArrays, i: number, size: number): void {
  const { starts, ends, markedAts, delTimes } = store;
  for (let k = size; k > i; k--) {
    starts[k] = starts[k - 1];
    ends[k] = ends[k - 1];
    markedAts[k] = markedAts[k - 1] as number;
    delTimes[k] = delTimes[k - 1] as number;
  }
}
