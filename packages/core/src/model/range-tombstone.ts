import { describeValue, InvalidArgumentError } from '../errors.js';
import { DeletionTime } from './deletion-time.js';
import { Slice } from './slice.js';

/**
 * The token of the lists' unchecked construction ({@link StoredRangeTombstone}); not exported from the package. A
 * direct constructor call with it, not a factory closure: the reads make one tombstone per range they return.
 */
export const TRUSTED: unique symbol = Symbol('RangeTombstone.trusted');

/**
 * The constructor as the lists call it, with {@link TRUSTED}: a slice and a deletion time the caller built itself (a
 * stored, checked range, clipped), no argument checks.
 */
export type StoredRangeTombstone = new (
  slice: Slice,
  deletionTime: DeletionTime,
  trusted: typeof TRUSTED,
) => RangeTombstone;

/** A deletion of every clustering in `slice`, at `deletionTime`. Immutable. */
export class RangeTombstone {
  /**
   * @throws InvalidArgumentError when `slice` is not a {@link Slice} or `deletionTime` not a {@link DeletionTime}
   *   (`new RangeTombstone(null, null)` was built, and failed only when a list read it).
   */
  constructor(slice: Slice, deletionTime: DeletionTime);
  constructor(
    readonly slice: Slice,
    readonly deletionTime: DeletionTime,
    trusted?: typeof TRUSTED,
  ) {
    // A direct call only: the lists' reads pass the token and skip the two checks (one construction per range read).
    // The test is inline and the message built apart, so the constructor stays small enough to inline.
    if (trusted !== TRUSTED && !(slice instanceof Slice && deletionTime instanceof DeletionTime)) {
      throw partsError(slice, deletionTime);
    }
  }

  /** Same slice bounds and same deletion time. */
  equals(other: unknown): boolean {
    return (
      other instanceof RangeTombstone &&
      other.slice.equals(this.slice) &&
      other.deletionTime.equals(this.deletionTime)
    );
  }

  /** `[a,b]@t`, with `/ldt` appended when the local deletion time is not 0. */
  toString(): string {
    const dt = this.deletionTime;
    const ldt = dt.localDeletionTime === 0 ? '' : `/${dt.localDeletionTime}`;
    return `${this.slice}@${dt.markedForDeleteAt}${ldt}`;
  }
}

/** The messages of a list's add given a tombstone-like object without these parts (`checkTombstoneParts`). */
function partsError(slice: unknown, deletionTime: unknown): InvalidArgumentError {
  return slice instanceof Slice
    ? new InvalidArgumentError(
        `a range tombstone's deletionTime must be a DeletionTime, got ${describeValue(deletionTime)}`,
      )
    : new InvalidArgumentError(`a range tombstone's slice must be a Slice, got ${describeValue(slice)}`);
}
