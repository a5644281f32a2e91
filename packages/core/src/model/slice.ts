import {
  describeValue,
  EmptySliceError,
  InvalidBoundKindError,
  InvalidClusteringValueError,
} from '../errors.js';
import { ClusteringBound } from './clustering-bound.js';
import { type Clustering, ClusteringComparator } from './clustering-comparator.js';

/**
 * A contiguous run of clusterings between a start bound and an end bound. Construction checks the kinds; emptiness
 * depends on the comparator, so it is checked where a comparator is at hand ({@link Slice.isEmpty}, list insertion).
 */
export class Slice {
  /** Every clustering: `[BOTTOM, TOP]`. */
  static readonly ALL: Slice = new Slice(ClusteringBound.BOTTOM, ClusteringBound.TOP);

  private constructor(
    readonly start: ClusteringBound,
    readonly end: ClusteringBound,
  ) {}

  /**
   * The slice from `start` to `end`. Given the table's `comparator`, an inverted or empty slice (`[5,1]`, `(5,5]`)
   * is rejected here, where it is written; without one it cannot be: whether `[5,1]` is inverted depends on the
   * column's order (it is a valid slice of a `types.reversed` column), so it is checked where the slice is used.
   * @throws InvalidBoundKindError if `start` is not a start bound or `end` is not an end bound.
   * @throws InvalidClusteringValueError if a comparator is given and a bound's values do not fit it.
   * @throws EmptySliceError if a comparator is given and the slice selects nothing under it.
   */
  static make(start: ClusteringBound, end: ClusteringBound, comparator?: ClusteringComparator): Slice {
    Slice.checkBounds(start, end);
    if (comparator !== undefined) checkNotEmpty(start, end, comparator);
    if (start.isBottom() && end.isTop()) return Slice.ALL;
    return new Slice(start, end);
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

  /** True when no clustering (and no bound) lies strictly inside: `start >= end`. */
  static isEmpty(comparator: ClusteringComparator, start: ClusteringBound, end: ClusteringBound): boolean {
    return comparator.compare(start, end) >= 0;
  }

  /** True when this slice selects nothing under `comparator` (e.g. `(5,5]`, `[5,5)`, `[7,3]`). */
  isEmpty(comparator: ClusteringComparator): boolean {
    return Slice.isEmpty(comparator, this.start, this.end);
  }

  /** `start <= clustering <= end`. */
  includes(comparator: ClusteringComparator, clustering: Clustering): boolean {
    return comparator.compare(this.start, clustering) <= 0 && comparator.compare(clustering, this.end) <= 0;
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

function checkNotEmpty(start: ClusteringBound, end: ClusteringBound, comparator: ClusteringComparator): void {
  if (!(comparator instanceof ClusteringComparator)) {
    throw new InvalidClusteringValueError(
      `Slice.make's comparator must be a ClusteringComparator, got ${describeValue(comparator)}`,
    );
  }
  comparator.validateBound(start, 'slice start');
  comparator.validateBound(end, 'slice end');
  if (Slice.isEmpty(comparator, start, end)) {
    throw new EmptySliceError(
      `slice ${sliceText(start, end)} is empty (its start does not sort before its end)`,
    );
  }
}

function sliceText(start: ClusteringBound, end: ClusteringBound): string {
  return `${start.isBottom() ? '[BOTTOM' : start.toString()},${end.isTop() ? 'TOP]' : end.toString()}`;
}

function describe(value: unknown): string {
  return value instanceof ClusteringBound
    ? `${value} (${value.isStart() ? 'a start' : 'an end'})`
    : describeValue(value);
}
