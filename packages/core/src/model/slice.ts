import {
  describeValue,
  EmptySliceError,
  InvalidBoundKindError,
  InvalidClusteringValueError,
} from '../errors.js';
import { ClusteringBound, VALUES } from './clustering-bound.js';
import { type Clustering, ClusteringComparator, COMPARE } from './clustering-comparator.js';
import { type ClusteringValue, type ColumnType, types } from './column-types.js';

/**
 * A slice of bounds already checked (a list's stored ranges, clipped): no kind or emptiness check. For the lists'
 * read path only (`list/range-tombstone-search.ts`); not exported from the package.
 */
export let uncheckedSlice: (start: ClusteringBound, end: ClusteringBound) => Slice;

/**
 * A contiguous run of clusterings between a start bound and an end bound. {@link Slice.make} checks the kinds and
 * refuses an empty slice (under the comparator when given one, else in the values' own order); lists and tables check
 * emptiness again under their comparator where a slice is used.
 */
export class Slice {
  /** Every clustering: `[BOTTOM, TOP]`. */
  static readonly ALL: Slice = new Slice(ClusteringBound.BOTTOM, ClusteringBound.TOP);

  private constructor(
    readonly start: ClusteringBound,
    readonly end: ClusteringBound,
  ) {}

  /**
   * The slice from `start` to `end`. An inverted or empty slice (`[5,1]`, `(5,5]`) is refused here, where it is
   * written. Given the table's `comparator` it is judged in the columns' order. Without one it is judged in the
   * ascending order of the values themselves (numbers, bigints, strings by code point, bytes, false < true, null
   * first), which is every column's order except a `types.reversed` one's: a slice of a reversed column (where
   * `[5,1]` is valid) needs its comparator. Values whose order the column type alone decides (two UUID strings,
   * values of different kinds) are left to the list or table the slice is used with.
   * @throws InvalidBoundKindError if `start` is not a start bound or `end` is not an end bound.
   * @throws InvalidClusteringValueError if a comparator is given and a bound's values do not fit it.
   * @throws EmptySliceError if the slice selects nothing: under `comparator` when given, else in the values' order.
   */
  static make(start: ClusteringBound, end: ClusteringBound, comparator?: ClusteringComparator): Slice {
    Slice.checkBounds(start, end);
    if (comparator !== undefined) checkNotEmpty(start, end, comparator);
    // The message is built in its own function: inline, its bytecode kept make() and its callers from being inlined
    // whole, and a tail merge that builds one range per step read 1.10–1.20× of 30397d7 (docs/core-measurements.md).
    else if (emptyInValueOrder(start, end)) throw valueOrderEmptyError(start, end);
    if (start.isBottom() && end.isTop()) return Slice.ALL;
    return new Slice(start, end);
  }

  static {
    // The read path's slices: clipped from a list's own checked ranges, so they skip make()'s checks, which ran once
    // per range a read returns (with new DeletionTime's checks they made a slice iteration 15–17% slower than at
    // 30397d7; without both, cow −11.8%, persistent −16.6% against it).
    uncheckedSlice = (start, end) => new Slice(start, end);
  }

  /**
   * The bound-kind checks of {@link make}, without building a slice (the lists' add path checks every range so).
   * @throws InvalidBoundKindError unless `start` is a start bound and `end` an end bound.
   */
  static checkBounds(start: ClusteringBound, end: ClusteringBound): void {
    if (!(start instanceof ClusteringBound) || !start.isStart()) {
      throw new InvalidBoundKindError(
        `slice start must be an inclusive or exclusive start bound, got ${describe(start)}`,
      );
    }
    if (!(end instanceof ClusteringBound) || !end.isEnd()) {
      throw new InvalidBoundKindError(
        `slice end must be an inclusive or exclusive end bound, got ${describe(end)}`,
      );
    }
  }

  /**
   * True when no clustering (and no bound) lies strictly inside: `start >= end`.
   * @throws InvalidClusteringValueError when `comparator` is not a ClusteringComparator or a bound does not fit it.
   */
  static isEmpty(comparator: ClusteringComparator, start: ClusteringBound, end: ClusteringBound): boolean {
    checkComparatorArgument(comparator, 'Slice.isEmpty');
    return comparator.compare(start, end) >= 0;
  }

  /**
   * True when this slice selects nothing under `comparator` (e.g. `(5,5]`, `[5,5)`, `[7,3]`).
   * @throws InvalidClusteringValueError when `comparator` is not a ClusteringComparator.
   */
  isEmpty(comparator: ClusteringComparator): boolean {
    checkComparatorArgument(comparator, 'Slice.isEmpty');
    return Slice.isEmpty(comparator, this.start, this.end);
  }

  /**
   * `start <= clustering <= end`.
   * @throws InvalidClusteringValueError when `comparator` is not a ClusteringComparator or `clustering` does not fit it.
   */
  includes(comparator: ClusteringComparator, clustering: Clustering): boolean {
    checkComparatorArgument(comparator, 'Slice.includes');
    comparator.validateClustering(clustering);
    return comparator[COMPARE](this.start, clustering) <= 0 && comparator[COMPARE](clustering, this.end) <= 0;
  }

  /** Same start and end bounds. */
  equals(other: unknown): boolean {
    return other instanceof Slice && other.start.equals(this.start) && other.end.equals(this.end);
  }

  /** `[a,b]`, `(a,b)`, `[BOTTOM,12]`… */
  toString(): string {
    return sliceText(this.start, this.end);
  }
}

/**
 * The ascending order of the values themselves, where every non-reversed column type holding both agrees on it
 * (int32 and double on numbers, text and ascii on strings): the sign, or NaN where only the column type decides
 * (two UUID strings, which uuid, timeuuid and text order differently; NaN; values of different kinds).
 */
function valueOrder(a: ClusteringValue, b: ClusteringValue): number {
  // 0 and -0: equal in int32, ordered in double (Java's Double.compare), so left to the column type.
  if (a === b) return a !== 0 || Object.is(a, b) ? 0 : Number.NaN;
  if (a === null) return -1; // null sorts first in every column, reversed ones too
  if (b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : Number.NaN;
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : 1;
  if (typeof a === 'boolean' && typeof b === 'boolean') return a ? 1 : -1;
  if (typeof a === 'string' && typeof b === 'string') {
    return types.uuid.accepts(a) && types.uuid.accepts(b) ? Number.NaN : types.text.compare(a, b);
  }
  if (a instanceof Uint8Array && b instanceof Uint8Array) return types.blob.compare(a, b);
  return Number.NaN;
}

/** A column type ordering by {@link valueOrder}; only ever asked about equal values (the bound-kind rule decides). */
const VALUE_ORDER: ColumnType = Object.freeze({
  name: 'value order',
  expected: 'any clustering value',
  isReversed: false,
  accepts: () => true,
  compare: valueOrder,
  dataSize: () => 0,
});

/** Value-order comparators by column count, built on first use. */
const valueOrderComparators: ClusteringComparator[] = [];

/**
 * Whether `[start, end]` is empty in the values' ascending order: the first column whose values differ decides; when
 * every shared column is equal, the bound kinds and lengths decide exactly as under any comparator (`(5,5]`).
 */
function emptyInValueOrder(start: ClusteringBound, end: ClusteringBound): boolean {
  // The common case first, small enough to inline: a first column of two numbers in ascending order decides.
  const x = start[VALUES][0];
  const y = end[VALUES][0];
  if (typeof x === 'number' && typeof y === 'number' && x < y) return false;
  return emptyInValueOrderByColumns(start, end);
}

/** {@link emptyInValueOrder} column by column, then by bound kinds and lengths. */
function emptyInValueOrderByColumns(start: ClusteringBound, end: ClusteringBound): boolean {
  const a = start[VALUES];
  const b = end[VALUES];
  const shared = Math.min(a.length, b.length);
  for (let i = 0; i < shared; i++) {
    const c = valueOrder(a[i] as ClusteringValue, b[i] as ClusteringValue);
    if (c !== 0) return c > 0; // NaN: undecided here, left to where the slice is used
  }
  const columns = Math.max(a.length, b.length);
  let cmp = valueOrderComparators[columns];
  if (cmp === undefined) {
    cmp = new ClusteringComparator(Array.from({ length: columns }, () => VALUE_ORDER));
    valueOrderComparators[columns] = cmp;
  }
  // Unchecked: the bounds' values are what this comparator's VALUE_ORDER columns were made for.
  return cmp[COMPARE](start, end) >= 0;
}

/** Slice.make's error for a slice empty in the values' own order (no comparator given). */
function valueOrderEmptyError(start: ClusteringBound, end: ClusteringBound): EmptySliceError {
  return new EmptySliceError(
    `slice ${sliceText(start, end)} is empty: its start ${describeValue(start.values)} does not sort before ` +
      `its end ${describeValue(end.values)} in the values' ascending order (for a types.reversed column pass ` +
      'the comparator: Slice.make(start, end, comparator))',
  );
}

/** `isEmpty(null)` and `includes(null, c)` failed reading `null.compare` with a plain TypeError. */
function checkComparatorArgument(comparator: unknown, method: string): void {
  if (!(comparator instanceof ClusteringComparator)) {
    throw new InvalidClusteringValueError(
      `${method}'s comparator must be a ClusteringComparator, got ${describeValue(comparator)}`,
    );
  }
}

function checkNotEmpty(start: ClusteringBound, end: ClusteringBound, comparator: ClusteringComparator): void {
  checkComparatorArgument(comparator, 'Slice.make');
  comparator.validateBound(start, 'slice start');
  comparator.validateBound(end, 'slice end');
  // Unchecked: both bounds were validated just above.
  if (comparator[COMPARE](start, end) >= 0) throw emptySliceError(start, end, comparator);
}

/**
 * The error for a slice empty under `comparator`. A stranger's ascending `[1, 5]` on a `types.reversed` column read
 * "is empty" with nothing to say why: the message names the reversed column (its slices run from the larger value).
 */
export function emptySliceError(
  start: ClusteringBound,
  end: ClusteringBound,
  comparator: ClusteringComparator,
): EmptySliceError {
  const reversed = comparator.types.findIndex((t) => t.isReversed);
  const hint =
    reversed < 0
      ? ''
      : `; column #${reversed} is ${comparator.types[reversed]?.name}, whose slices run from the larger value to the ` +
        'smaller';
  return new EmptySliceError(
    `slice ${sliceText(start, end)} is empty (its start does not sort before its end${hint})`,
  );
}

/**
 * For a read: the error when `[start, end]` selects nothing under `comparator` only because a column is
 * `types.reversed`: its first differing values ascend in their own order, so it was most likely written ascending.
 * Else null. An empty slice is otherwise a valid read that selects nothing, as in Cassandra (`(3,3]`, `[3,2]`).
 */
export function reversedEmptySliceError(
  start: ClusteringBound,
  end: ClusteringBound,
  comparator: ClusteringComparator,
): EmptySliceError | null {
  if (!comparator.types.some((t) => t.isReversed) || comparator[COMPARE](start, end) < 0) return null;
  const a = start[VALUES];
  const b = end[VALUES];
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = valueOrder(a[i] as ClusteringValue, b[i] as ClusteringValue);
    // Ascending in the values' own order (NaN: only the column type decides, so no guess is made).
    if (c !== 0) return c < 0 ? emptySliceError(start, end, comparator) : null;
  }
  return null;
}

/** `[a,b]`, `(a,b)`, `[BOTTOM,12]`… without building a slice. */
export function sliceText(start: ClusteringBound, end: ClusteringBound): string {
  return `${start.isBottom() ? '[BOTTOM' : start.toString()},${end.isTop() ? 'TOP]' : end.toString()}`;
}

function describe(value: unknown): string {
  return value instanceof ClusteringBound
    ? `${value} (${value.isStart() ? 'a start' : 'an end'})`
    : describeValue(value);
}
