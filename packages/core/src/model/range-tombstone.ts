import type { DeletionTime } from './deletion-time.js';
import type { Slice } from './slice.js';

/** A deletion of every clustering in `slice`, at `deletionTime`. Immutable. */
export class RangeTombstone {
  constructor(
    readonly slice: Slice,
    readonly deletionTime: DeletionTime,
  ) {}

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
