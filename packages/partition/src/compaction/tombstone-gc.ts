import { checkOptionsBag } from '../argument-checks.js';
import { checkDeletionSeconds } from '../deletion-seconds.js';
import { describeValue, PartitionArgumentError } from '../errors.js';
import { checkPartitionKey, type PartitionKey } from '../model/partition-key.js';
import { hashKey } from './bloom-filter.js';

/**
 * How a table decides `gc_before`, the local deletion time below which a tombstone may be purged (ScyllaDB's
 * `tombstone_gc` table option): `'timeout'` subtracts gc grace from now (a subtraction); `'repair'` looks up
 * the last repair of the key's token range in the table's {@link RepairHistory} (a lookup with a real cost), so a
 * tombstone is purgeable only once a repair that started after it has completed.
 */
export type TombstoneGcMode = 'timeout' | 'repair';

/** What the `tombstoneGc` table option accepts. */
export interface TombstoneGcInit {
  /** Default `'timeout'`. */
  readonly mode?: TombstoneGcMode;
  /**
   * Repair mode only: subtracted from the repair time, for writes still propagating when the repair ran
   * (ScyllaDB's `propagation_delay_in_seconds`). Default 3600.
   */
  readonly propagationDelaySeconds?: number;
}

/** The validated `tombstoneGc` option. */
export interface TombstoneGcOptions {
  readonly mode: TombstoneGcMode;
  readonly propagationDelaySeconds: number;
}

/** ScyllaDB's default `propagation_delay_in_seconds`: one hour. */
export const DEFAULT_PROPAGATION_DELAY_SECONDS = 3600;

/** Largest token: tokens are the 32-bit Murmur3 hash of the key (a stand-in for Murmur3Partitioner's 64 bits). */
export const MAX_TOKEN = 0xffff_ffff;

const GC_KEYS: readonly string[] = ['mode', 'propagationDelaySeconds'];

/**
 * Validates the `tombstoneGc` table option.
 * @throws PartitionArgumentError naming an unknown key or a bad value.
 */
export function tombstoneGcOptions(init: TombstoneGcInit | undefined): TombstoneGcOptions {
  if (init === undefined) return TIMEOUT;
  checkOptionsBag(init, GC_KEYS, 'tombstoneGc option');
  const mode = init.mode ?? 'timeout';
  if (mode !== 'timeout' && mode !== 'repair') {
    throw new PartitionArgumentError(
      `tombstoneGc.mode must be 'timeout' or 'repair', got ${describeValue(init.mode)}`,
    );
  }
  const delay = checkDelay(
    init.propagationDelaySeconds ?? DEFAULT_PROPAGATION_DELAY_SECONDS,
    'tombstoneGc.propagationDelaySeconds',
  );
  if (mode === 'timeout' && init.propagationDelaySeconds !== undefined) {
    throw new PartitionArgumentError(
      `tombstoneGc.propagationDelaySeconds applies to mode 'repair' only, got it with mode 'timeout'`,
    );
  }
  return Object.freeze({ mode, propagationDelaySeconds: delay });
}

/** Throws unless `delay` is a non-negative safe integer of seconds; `what` names it. */
function checkDelay(delay: unknown, what: string): number {
  if (!Number.isSafeInteger(delay) || (delay as number) < 0) {
    throw new PartitionArgumentError(
      `${what} must be a non-negative safe integer, got ${describeValue(delay)}`,
    );
  }
  return delay as number;
}

const TIMEOUT: TombstoneGcOptions = Object.freeze({
  mode: 'timeout',
  propagationDelaySeconds: DEFAULT_PROPAGATION_DELAY_SECONDS,
});

/**
 * The token of a partition key: where it sits on the ring, and so which repair covers it.
 * @throws PartitionArgumentError unless `key` is a non-empty string.
 */
export function tokenOf(key: PartitionKey): number {
  return hashKey(checkPartitionKey(key)).h1;
}

/** One entry of a {@link RepairHistory}: tokens `start … end` (both inclusive) last repaired at `repairedAt`. */
export interface RepairedRange {
  readonly start: number;
  readonly end: number;
  /** Seconds, the unit of local deletion times. */
  readonly repairedAt: number;
}

const REPAIRED_RANGE_KEYS: readonly string[] = ['start', 'end', 'repairedAt'];

function checkToken(name: string, token: unknown): number {
  if (!Number.isSafeInteger(token) || (token as number) < 0 || (token as number) > MAX_TOKEN) {
    throw new PartitionArgumentError(
      `${name} must be an integer token in [0, ${MAX_TOKEN}], got ${describeValue(token)}`,
    );
  }
  return token as number;
}

/**
 * A table's repair history as data (ScyllaDB's per-table `repair_history_map`): disjoint token ranges, each with
 * the time its last repair ran. Recording a repair raises the time over its range (a repair never makes a range
 * less repaired); a token no repair covered has no time. Lookups are binary searches and are counted, because in
 * repair mode every `gc_before` is one.
 */
export class RepairHistory {
  // Parallel sorted arrays of disjoint inclusive ranges. Hand-written: an interval map over integers is ~40 lines
  // and the npm interval-tree packages answer overlap queries, not "max time at this point" with coalescing.
  #starts: number[] = [];
  #ends: number[] = [];
  #times: number[] = [];
  #lookups = 0;

  /**
   * Builds a history from ranges recorded in order.
   * @throws PartitionArgumentError for `ranges` that is not an array (`null` failed with a plain TypeError), a range
   *   with a field it does not know (ignored silently before), or a bad value.
   */
  static of(ranges: readonly RepairedRange[]): RepairHistory {
    if (!Array.isArray(ranges)) {
      throw new PartitionArgumentError(
        `RepairHistory.of needs an array of repaired ranges, got ${describeValue(ranges)}`,
      );
    }
    const h = new RepairHistory();
    for (const r of ranges) {
      checkOptionsBag(r, REPAIRED_RANGE_KEYS, 'repaired range field');
      h.record(r.start, r.end, r.repairedAt);
    }
    return h;
  }

  /**
   * Records a completed repair of tokens `start … end` (inclusive) at `repairedAt` seconds.
   * @throws PartitionArgumentError for a token outside [0, MAX_TOKEN], `start > end`, or a time that is not a whole
   *   number of seconds in [0, 2^32 − 1] (milliseconds are refused).
   */
  record(start: number, end: number, repairedAt: number): this {
    checkToken('repair range start', start);
    checkToken('repair range end', end);
    if (start > end) throw new PartitionArgumentError(`repair range start ${start} is after its end ${end}`);
    // A repair time becomes a gc_before: in milliseconds (`Date.now()`) it put every tombstone past gc grace.
    checkDeletionSeconds(repairedAt, 'repairedAt');
    const pieces: RepairedRange[] = [];
    let cursor = start;
    for (const r of this.ranges()) {
      if (r.end < start || r.start > end) {
        pieces.push(r);
        continue;
      }
      if (r.start < start) pieces.push({ start: r.start, end: start - 1, repairedAt: r.repairedAt });
      if (cursor < r.start) pieces.push({ start: cursor, end: r.start - 1, repairedAt });
      const lo = Math.max(r.start, start);
      const hi = Math.min(r.end, end);
      pieces.push({ start: lo, end: hi, repairedAt: Math.max(r.repairedAt, repairedAt) });
      if (r.end > end) pieces.push({ start: end + 1, end: r.end, repairedAt: r.repairedAt });
      cursor = hi + 1;
    }
    if (cursor <= end) pieces.push({ start: cursor, end, repairedAt });
    pieces.sort((a, b) => a.start - b.start);
    this.#load(pieces);
    return this;
  }

  // Stores sorted disjoint pieces, coalescing neighbours with equal times so the map stays minimal.
  #load(pieces: readonly RepairedRange[]): void {
    const starts: number[] = [];
    const ends: number[] = [];
    const times: number[] = [];
    for (const p of pieces) {
      const last = ends.length - 1;
      if (last >= 0 && ends[last]! + 1 === p.start && times[last] === p.repairedAt) ends[last] = p.end;
      else {
        starts.push(p.start);
        ends.push(p.end);
        times.push(p.repairedAt);
      }
    }
    this.#starts = starts;
    this.#ends = ends;
    this.#times = times;
  }

  /**
   * When the range holding `token` was last repaired, or undefined if never. Counted as one lookup.
   * @throws PartitionArgumentError for a token outside [0, MAX_TOKEN].
   */
  repairTimeOf(token: number): number | undefined {
    checkToken('token', token);
    this.#lookups++;
    let lo = 0;
    let hi = this.#starts.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#ends[mid]! < token) lo = mid + 1;
      else if (this.#starts[mid]! > token) hi = mid - 1;
      else return this.#times[mid];
    }
    return undefined;
  }

  /**
   * Repair-mode gc_before of `key`: its token range's last repair time minus `propagationDelaySeconds`, or −Infinity
   * (nothing purgeable) when no repair covered it. One counted lookup.
   * @throws PartitionArgumentError for a key that is not a non-empty string or a delay that is not a non-negative
   *   safe integer (`NaN` made every key's gc_before −Infinity: nothing was ever purged, silently).
   */
  gcBeforeOf(key: PartitionKey, propagationDelaySeconds: number): number {
    checkDelay(propagationDelaySeconds, 'propagationDelaySeconds');
    const t = this.repairTimeOf(tokenOf(key));
    return t === undefined ? Number.NEGATIVE_INFINITY : t - propagationDelaySeconds;
  }

  /** Lookups made so far ({@link repairTimeOf} calls). */
  get lookups(): number {
    return this.#lookups;
  }

  /** Number of disjoint ranges held. */
  get size(): number {
    return this.#starts.length;
  }

  /** The held ranges in token order. */
  ranges(): RepairedRange[] {
    return this.#starts.map((start, i) => ({ start, end: this.#ends[i]!, repairedAt: this.#times[i]! }));
  }
}

/**
 * Per-key `gc_before` for `options` (seconds; a tombstone with a smaller local deletion time has passed it):
 * timeout mode, `now − gcGraceSeconds` for every key; repair mode, `repairTime(token(key)) − propagationDelay`,
 * or −Infinity (nothing purgeable) for a token no repair covered.
 * @throws PartitionArgumentError in repair mode without a history.
 */
export function gcBeforeFunction(
  gc: TombstoneGcOptions,
  gcGraceSeconds: number,
  now: number,
  history: RepairHistory | null,
): number | ((key: PartitionKey) => number) {
  if (gc.mode === 'timeout') return now - gcGraceSeconds;
  if (history === null) {
    throw new PartitionArgumentError(
      "tombstoneGc mode 'repair' needs a RepairHistory (Table runtime option repairHistory)",
    );
  }
  const delay = gc.propagationDelaySeconds;
  return (key) => history.gcBeforeOf(key, delay);
}
