import type { ClusteringBound } from './clustering-bound.js';

/**
 * The four parallel arrays of a range-tombstone list, shareable between copies.
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
  readonly starts: (ClusteringBound | undefined)[];
  readonly ends: (ClusteringBound | undefined)[];
  readonly markedAts: Float64Array;
  readonly delTimes: Uint32Array;
  claimed: number;
  shared: boolean;
}

/** A fresh, unshared store of `capacity` empty slots. */
export function allocate(capacity: number): SharedArrays {
  return {
    starts: new Array<ClusteringBound | undefined>(capacity),
    ends: new Array<ClusteringBound | undefined>(capacity),
    markedAts: new Float64Array(capacity),
    delTimes: new Uint32Array(capacity),
    claimed: 0,
    shared: false,
  };
}

/**
 * A fresh unshared store of `capacity` slots holding `src`'s first `size` entries, with slot `gap` left free and
 * `[gap, size)` moved one slot right when `gap < size` (pass `gap >= size` for a plain copy).
 */
export function copyInto(src: SharedArrays, size: number, capacity: number, gap: number): SharedArrays {
  if (capacity === size && gap >= size) {
    // A trimmed copy (Cassandra's Arrays.copyOf): slice() is V8's memcpy path, so the eager baseline is not slowed
    // down by an element-by-element loop.
    return {
      starts: src.starts.slice(0, size),
      ends: src.ends.slice(0, size),
      markedAts: src.markedAts.slice(0, size),
      delTimes: src.delTimes.slice(0, size),
      claimed: size,
      shared: false,
    };
  }
  const dst = allocate(capacity);
  const head = Math.min(gap, size);
  const { starts, ends } = src;
  const dStarts = dst.starts;
  const dEnds = dst.ends;
  for (let i = 0; i < head; i++) {
    dStarts[i] = starts[i];
    dEnds[i] = ends[i];
  }
  for (let i = head; i < size; i++) {
    dStarts[i + 1] = starts[i];
    dEnds[i + 1] = ends[i];
  }
  if (head === size) {
    dst.markedAts.set(src.markedAts.subarray(0, size));
    dst.delTimes.set(src.delTimes.subarray(0, size));
  } else {
    dst.markedAts.set(src.markedAts.subarray(0, head));
    dst.markedAts.set(src.markedAts.subarray(head, size), head + 1);
    dst.delTimes.set(src.delTimes.subarray(0, head));
    dst.delTimes.set(src.delTimes.subarray(head, size), head + 1);
  }
  dst.claimed = size;
  return dst;
}

/** Shifts `[i, size)` one slot right inside an unshared store and frees slot `i`. */
export function shiftRight(store: SharedArrays, i: number, size: number): void {
  const { starts, ends } = store;
  for (let k = size; k > i; k--) {
    starts[k] = starts[k - 1];
    ends[k] = ends[k - 1];
  }
  starts[i] = undefined;
  ends[i] = undefined;
  store.markedAts.copyWithin(i + 1, i, size);
  store.delTimes.copyWithin(i + 1, i, size);
}
