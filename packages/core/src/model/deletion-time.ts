import {
  checkTimestamp,
  checkUnsignedDeletionTime,
  NO_DELETION_TIME,
  NO_TIMESTAMP,
} from '../checks/timestamps.js';
import { describeValue, InvalidArgumentError } from '../errors.js';

export { checkTimestamp, checkUnsignedDeletionTime, NO_DELETION_TIME, NO_TIMESTAMP };

/** Largest valid local deletion time, 2^32 − 3 (Cassandra's `Cell.MAX_DELETION_TIME`). */
export const MAX_DELETION_TIME = 0xfffffffd;
/** Marker reported by an {@link InvalidDeletionTime}, 2^32 − 2 (Cassandra's `Cell.INVALID_DELETION_TIME`). */
export const INVALID_DELETION_TIME = 0xfffffffe;

/**
 * @internal The unchecked {@link DeletionTime.deletes} and {@link DeletionTime.supersedes} of the library's own loops
 * (`@tombstone-lab/core/internal`, not the package root): partition calls them once per cell and per row on its
 * write, read and compaction paths with deletion times and timestamps it checked when they were written.
 */
export const DELETES: unique symbol = Symbol('deletes');
/** @internal See {@link DELETES}. */
export const SUPERSEDES: unique symbol = Symbol('supersedes');

/** The token of the checked-already construction path ({@link DeletionTime.fromUnsigned}); never exported. */
const TRUSTED: unique symbol = Symbol('DeletionTime.trusted');

/**
 * {@link DeletionTime.fromUnsigned} without its checks: what a list rebuilds from the values it stored, which were
 * checked when they were added (every list read makes one per range it returns; see the constructor's note). Set by
 * the class's static block, which may call the protected constructor. Not part of the package's API.
 */
export let storedDeletionTime: (markedForDeleteAt: number, unsignedLocalDeletionTime: number) => DeletionTime;

/** The checks of a direct `new DeletionTime(…)`: {@link DeletionTime.build}'s, under the same error and message. */
function checkDirect(markedForDeleteAt: number, localDeletionTime: number): void {
  checkTimestamp(markedForDeleteAt);
  checkUnsignedDeletionTime(localDeletionTime);
}

/**
 * When a tombstone was written (`markedForDeleteAt`, usually µs) and when the server created it
 * (`localDeletionTime`, seconds, only used for gc_grace purging). Immutable.
 *
 * `localDeletionTime` is exposed directly in its unsigned 32-bit form, so {@link NO_DELETION_TIME} is `0xFFFFFFFF`.
 */
export class DeletionTime {
  /** "No deletion": markedForDeleteAt {@link NO_TIMESTAMP}, localDeletionTime {@link NO_DELETION_TIME}. */
  static readonly LIVE: DeletionTime = new DeletionTime(NO_TIMESTAMP, NO_DELETION_TIME);

  /**
   * Protected: build one with {@link build}. The constructor is still reachable from JavaScript, so a direct
   * `new DeletionTime(…)` refuses what no deletion time can hold (`NaN` made `DeletionInfo.add` a silent no-op:
   * every comparison with it is false). Only a call from outside is checked: {@link fromUnsigned}, which every list
   * read runs once per range it returns, passes a module-private token and skips the checks (they cost a slice
   * iteration +15–17% against 30397d7, see the README's measurements).
   * @throws InvalidTimestampError for a markedForDeleteAt that is not a safe integer, or a localDeletionTime outside
   *   [0, 2^32 − 1].
   */
  protected constructor(
    readonly markedForDeleteAt: number,
    readonly localDeletionTime: number,
    trusted?: typeof TRUSTED,
  ) {
    // Subclasses may carry what build() refuses (InvalidDeletionTime's marker; tests' deliberately bad times, which
    // the lists must still refuse on add): only a direct `new DeletionTime` is checked here.
    if (trusted !== TRUSTED && new.target === DeletionTime) checkDirect(markedForDeleteAt, localDeletionTime);
  }

  /**
   * Cassandra's `DeletionTime.build`, over the unsigned form every list stores: `localDeletionTime` must be an integer
   * in [0, 2^32 − 1] (the one check {@link checkUnsignedDeletionTime}, shared with the lists and the partition layer),
   * so `-1` or `2 ** 33` is rejected rather than wrapped into a stored value. A value above MAX_DELETION_TIME (the
   * unsigned image of Cassandra's negative, overflowed times) yields an {@link InvalidDeletionTime} that keeps the
   * timestamp but fails {@link validate}, as Cassandra's `buildUnsafeWithUnsignedInteger`.
   * @throws InvalidTimestampError if markedForDeleteAt is not a safe integer or localDeletionTime is outside
   *   [0, 4294967295].
   */
  static build(markedForDeleteAt: number, localDeletionTime: number): DeletionTime {
    checkTimestamp(markedForDeleteAt);
    checkUnsignedDeletionTime(localDeletionTime);
    return storedDeletionTime(markedForDeleteAt, localDeletionTime);
  }

  /**
   * Rebuilds a deletion time from its stored unsigned form (Cassandra's `buildUnsafeWithUnsignedInteger`): anything
   * above MAX_DELETION_TIME, including NO_DELETION_TIME, comes back invalid. Checked as {@link build} is (it took
   * `NaN` and `-1` as they were: `deletedAt=NaN` deletes nothing and supersedes nothing); the lists' reads, whose
   * stored values were checked when written, use an unchecked path.
   * @throws InvalidTimestampError as {@link build}.
   */
  static fromUnsigned(markedForDeleteAt: number, unsignedLocalDeletionTime: number): DeletionTime {
    return DeletionTime.build(markedForDeleteAt, unsignedLocalDeletionTime);
  }

  static {
    storedDeletionTime = (markedForDeleteAt, unsigned) =>
      unsigned > MAX_DELETION_TIME
        ? new InvalidDeletionTime(markedForDeleteAt)
        : new DeletionTime(markedForDeleteAt, unsigned, TRUSTED);
  }

  /** True only for the exact LIVE pair. */
  isLive(): boolean {
    return this.markedForDeleteAt === NO_TIMESTAMP && this.localDeletionTime === NO_DELETION_TIME;
  }

  /** False for an {@link InvalidDeletionTime}. */
  validate(): boolean {
    return true;
  }

  /**
   * Newer timestamp wins; on a tie the larger local deletion time wins.
   * @throws InvalidArgumentError when `other` is not a DeletionTime (`{}` read as superseded, `null` threw a plain
   *   TypeError).
   */
  supersedes(other: DeletionTime): boolean {
    if (!(other instanceof DeletionTime)) {
      throw new InvalidArgumentError(`supersedes needs a DeletionTime, got ${describeValue(other)}`);
    }
    return this[SUPERSEDES](other);
  }

  /** @internal {@link supersedes} unchecked, for the library's per-row loops (see {@link SUPERSEDES}). */
  [SUPERSEDES](other: DeletionTime): boolean {
    return (
      this.markedForDeleteAt > other.markedForDeleteAt ||
      (this.markedForDeleteAt === other.markedForDeleteAt && this.localDeletionTime > other.localDeletionTime)
    );
  }

  /**
   * A deletion shadows data written at or before it (`timestamp <= markedForDeleteAt`).
   * @throws InvalidTimestampError for a timestamp that is not a safe integer (`NaN` deleted nothing, `'5'` was
   *   compared as a number).
   */
  deletes(timestamp: number): boolean {
    return this[DELETES](checkTimestamp(timestamp, 'deletes timestamp'));
  }

  /** @internal {@link deletes} unchecked, for the library's per-cell loops (see {@link DELETES}). */
  [DELETES](timestamp: number): boolean {
    return timestamp <= this.markedForDeleteAt;
  }

  /**
   * Orders by markedForDeleteAt, then by local deletion time (unsigned). Returns -1, 0 or 1.
   * @throws InvalidArgumentError when `other` is not a DeletionTime (`{}` compared as older, `null` threw a plain
   *   TypeError).
   */
  compareTo(other: DeletionTime): number {
    // Checked in place: no loop of the library calls it (partition's mayModify, once per update).
    if (!(other instanceof DeletionTime)) {
      throw new InvalidArgumentError(`compareTo needs a DeletionTime, got ${describeValue(other)}`);
    }
    if (this.markedForDeleteAt !== other.markedForDeleteAt) {
      return this.markedForDeleteAt < other.markedForDeleteAt ? -1 : 1;
    }
    if (this.localDeletionTime !== other.localDeletionTime) {
      return this.localDeletionTime < other.localDeletionTime ? -1 : 1;
    }
    return 0;
  }

  /** Same markedForDeleteAt and same local deletion time. */
  equals(other: unknown): boolean {
    return (
      other instanceof DeletionTime &&
      other.markedForDeleteAt === this.markedForDeleteAt &&
      other.localDeletionTime === this.localDeletionTime
    );
  }

  /** Serialized payload size: 8 bytes of timestamp + 4 of local deletion time. */
  dataSize(): number {
    return 12;
  }

  /** `deletedAt=<t>, localDeletion=<ldt>` (Cassandra's format). */
  toString(): string {
    if (this.isLive()) return 'LIVE';
    return `deletedAt=${this.markedForDeleteAt}, localDeletion=${this.localDeletionTime}`;
  }
}

/** A deletion time whose local deletion time was out of range: it keeps its timestamp but `validate()` is false. */
export class InvalidDeletionTime extends DeletionTime {
  /** @throws InvalidTimestampError for a markedForDeleteAt that is not a safe integer (`NaN` was kept). */
  constructor(markedForDeleteAt: number) {
    checkTimestamp(markedForDeleteAt);
    super(markedForDeleteAt, INVALID_DELETION_TIME);
  }

  override validate(): boolean {
    return false;
  }
}
