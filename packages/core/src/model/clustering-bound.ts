import { checkBoolean } from '../checks/option-bags.js';
import {
  describeValue,
  InvalidArgumentError,
  InvalidBoundKindError,
  InvalidClusteringValueError,
} from '../errors.js';
import type { ClusteringValue } from './column-types.js';

/**
 * Cassandra's `ClusteringPrefix.Kind`, numbered by ordinal (serialization order). A bound with values `v` is a
 * position between clusterings: rank-0 kinds sit just before every clustering with prefix `v`, rank-3 kinds just
 * after all of them.
 */
export const Kind = Object.freeze({
  EXCL_END_BOUND: 0,
  INCL_START_BOUND: 1,
  EXCL_END_INCL_START_BOUNDARY: 2,
  STATIC_CLUSTERING: 3,
  CLUSTERING: 4,
  INCL_END_EXCL_START_BOUNDARY: 5,
  INCL_END_BOUND: 6,
  EXCL_START_BOUND: 7,
  SSTABLE_LOWER_BOUND: 8,
  SSTABLE_UPPER_BOUND: 9,
} as const);

/** One of the {@link Kind} ordinals. */
export type Kind = (typeof Kind)[keyof typeof Kind];

const KIND_NAMES = Object.keys(Kind) as (keyof typeof Kind)[];
/** Comparison rank per ordinal: decides order between prefixes with equal values and equal length. */
export const KIND_RANK: readonly number[] = [0, 0, 0, 1, 2, 3, 3, 3, -1, 4];
/** How a prefix of this kind compares to any longer prefix it is a prefix of. */
export const KIND_COMPARED_TO_CLUSTERING: readonly number[] = [-1, -1, -1, -1, 0, 1, 1, 1, -1, 1];
const INVERTED: readonly Kind[] = [1, 0, 5, 3, 4, 2, 7, 6, 8, 9];

/** The name of a kind ordinal, e.g. `INCL_START_BOUND`. */
export function kindName(kind: Kind): string {
  return KIND_NAMES[kind] ?? `unknown kind ${kind}`;
}

/**
 * @internal The values array of a {@link ClusteringBound} as the library's own loops read it
 * (`@tombstone-lab/core/internal`): every comparison, heap figure and row probe. Frozen only when a caller first
 * reads {@link ClusteringBound.values}: `Object.freeze` on every new bound cost ~550 instructions, two bounds in
 * every range a caller builds, and frozen arrays made the comparisons that follow slower too (one step of 4,096
 * successive tail merges on the persistent list: 5,218 instructions with every bound frozen, 3,427 frozen on first
 * read, 4,632 at 30397d7; `scripts/tail-merge-instructions.mjs`, docs/core-measurements.md). A caller never sees the array unfrozen, so a bound stays immutable.
 */
export const VALUES: unique symbol = Symbol('ClusteringBound.values');

/** Node's `util.inspect.custom` (a registered symbol: no import of `node:util` in a library that needs none). */
const INSPECT: unique symbol = Symbol.for('nodejs.util.inspect.custom') as typeof INSPECT;

/** The part of Node's inspect options {@link ClusteringBound} passes on. */
interface InspectOptions {
  depth?: number | null;
}

/** Start-side kinds (inclusive/exclusive start and both boundaries). */
export function kindIsStart(kind: Kind): boolean {
  return kind === 1 || kind === 7 || kind === 2 || kind === 5;
}

/** End-side kinds (inclusive/exclusive end and both boundaries). */
export function kindIsEnd(kind: Kind): boolean {
  return kind === 0 || kind === 6 || kind === 2 || kind === 5;
}

/** EXCL_START↔INCL_END, INCL_START↔EXCL_END, the two boundaries swap; other kinds map to themselves. */
export function invertKind(kind: Kind): Kind {
  return INVERTED[kind] as Kind;
}

function formatValue(value: ClusteringValue): string {
  if (value === null) return 'null';
  if (value instanceof Uint8Array) {
    return `0x${Array.from(value, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  }
  return typeof value === 'bigint' ? `${value}` : String(value);
}

/** Renders clustering values the way bounds print them: components joined by `:`. */
export function formatValues(values: readonly ClusteringValue[]): string {
  return values.map(formatValue).join(':');
}

/**
 * A hand loop rather than `values.map(...)`: every bound a caller builds passes through here, and the closure call
 * per value showed up in the profile of an interior insert.
 */
function checkValues(values: readonly unknown[], fresh: boolean): ClusteringValue[] {
  const n = values.length;
  let bytes = false;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (v instanceof Uint8Array) {
      bytes = true;
    } else if (
      v !== null &&
      typeof v !== 'number' &&
      typeof v !== 'bigint' &&
      typeof v !== 'string' &&
      typeof v !== 'boolean'
    ) {
      throw new InvalidClusteringValueError(
        `clustering value #${i} is not a supported type: ${describeValue(v)}`,
      );
    }
  }
  // One exact-length copy: pushing into `[]` grew every bound's value array to 17 slots (≈ 150 B each). A rest
  // parameter array (`inclusiveStart(5)`) is fresh and seen by no one else, so it is kept as it is: the copy cost
  // ~15 ns per bound (Node 20 microbenchmark, 1-value arrays), two bounds in every tombstone a caller builds.
  const out = (fresh ? values : values.slice()) as ClusteringValue[];
  // Copied so a caller mutating its buffer later cannot reorder a list that holds this bound.
  if (bytes)
    for (let i = 0; i < n; i++)
      if (out[i] instanceof Uint8Array) out[i] = new Uint8Array(out[i] as Uint8Array);
  return out;
}

/**
 * A slice endpoint: a kind (inclusive/exclusive start/end) plus a prefix of clustering values. Immutable; lists share
 * bound objects freely. `BOTTOM`/`TOP` are the value-less inclusive start/end.
 */
export class ClusteringBound {
  /** Below every clustering: INCL_START with no values. */
  static readonly BOTTOM: ClusteringBound = new ClusteringBound(Kind.INCL_START_BOUND, []);
  /** Above every clustering: INCL_END with no values. */
  static readonly TOP: ClusteringBound = new ClusteringBound(Kind.INCL_END_BOUND, []);

  /** @internal See {@link VALUES}; `declare`: assigned once, in the constructor. */
  declare readonly [VALUES]: readonly ClusteringValue[];

  private constructor(
    readonly kind: Kind,
    values: readonly ClusteringValue[],
  ) {
    this[VALUES] = values;
  }

  /** The clustering values of this prefix, one per leading column (frozen: a bound never changes). */
  get values(): readonly ClusteringValue[] {
    const values = this[VALUES];
    return Object.isFrozen(values) ? values : Object.freeze(values);
  }

  /**
   * A bound of one of the four plain bound kinds (boundaries are not bounds).
   * @throws InvalidBoundKindError for any other kind; InvalidClusteringValueError for an unsupported value.
   */
  static create(kind: Kind, values: readonly ClusteringValue[]): ClusteringBound {
    return ClusteringBound.build(kind, values, false);
  }

  /** {@link create}; `fresh`: `values` is a new array nobody else holds (a rest parameter), kept instead of copied. */
  private static build(kind: Kind, values: readonly ClusteringValue[], fresh: boolean): ClusteringBound {
    if (kind !== Kind.INCL_START_BOUND && kind !== Kind.EXCL_START_BOUND) {
      if (kind !== Kind.INCL_END_BOUND && kind !== Kind.EXCL_END_BOUND) {
        throw new InvalidBoundKindError(`${kindName(kind)} (${describeValue(kind)}) is not a bound kind`);
      }
    }
    if (!fresh && !Array.isArray(values)) {
      // `values.map is not a function` (a string, a number) or a bound of nothing (`{}`) from JavaScript.
      throw new InvalidClusteringValueError(`bound values must be an array, got ${describeValue(values)}`);
    }
    if (values.length === 0) {
      if (kind === Kind.INCL_START_BOUND) return ClusteringBound.BOTTOM;
      if (kind === Kind.INCL_END_BOUND) return ClusteringBound.TOP;
    }
    return new ClusteringBound(kind, checkValues(values, fresh));
  }

  /**
   * Cassandra's `ClusteringBound.create(isStart, isInclusive, values)`.
   * @throws InvalidArgumentError when `isStart` or `isInclusive` is not a boolean (`'false'` would read as true);
   *   InvalidClusteringValueError when `values` is not an array of supported values.
   */
  static of(isStart: boolean, isInclusive: boolean, values: readonly ClusteringValue[]): ClusteringBound {
    checkBoolean(isStart, 'ClusteringBound.of isStart', InvalidArgumentError);
    checkBoolean(isInclusive, 'ClusteringBound.of isInclusive', InvalidArgumentError);
    const kind = isStart
      ? isInclusive
        ? Kind.INCL_START_BOUND
        : Kind.EXCL_START_BOUND
      : isInclusive
        ? Kind.INCL_END_BOUND
        : Kind.EXCL_END_BOUND;
    return ClusteringBound.create(kind, values);
  }

  /** `[v…`: starts just before every clustering with this prefix. */
  static inclusiveStart(...values: ClusteringValue[]): ClusteringBound {
    return ClusteringBound.build(Kind.INCL_START_BOUND, values, true);
  }

  /** `(v…`: starts just after every clustering with this prefix. */
  static exclusiveStart(...values: ClusteringValue[]): ClusteringBound {
    return ClusteringBound.build(Kind.EXCL_START_BOUND, values, true);
  }

  /** `v…]`: ends just after every clustering with this prefix. */
  static inclusiveEnd(...values: ClusteringValue[]): ClusteringBound {
    return ClusteringBound.build(Kind.INCL_END_BOUND, values, true);
  }

  /** `v…)`: ends just before every clustering with this prefix. */
  static exclusiveEnd(...values: ClusteringValue[]): ClusteringBound {
    return ClusteringBound.build(Kind.EXCL_END_BOUND, values, true);
  }

  /** Number of clustering values (0 for BOTTOM/TOP). */
  get size(): number {
    return this[VALUES].length;
  }

  /** INCL_START or EXCL_START. */
  isStart(): boolean {
    return this.kind === Kind.INCL_START_BOUND || this.kind === Kind.EXCL_START_BOUND;
  }

  /** INCL_END or EXCL_END. */
  isEnd(): boolean {
    return !this.isStart();
  }

  /** INCL_START or INCL_END. */
  isInclusive(): boolean {
    return this.kind === Kind.INCL_START_BOUND || this.kind === Kind.INCL_END_BOUND;
  }

  /** EXCL_START or EXCL_END. */
  isExclusive(): boolean {
    return !this.isInclusive();
  }

  /** The value-less inclusive start. */
  isBottom(): boolean {
    return this.kind === Kind.INCL_START_BOUND && this[VALUES].length === 0;
  }

  /** The value-less inclusive end. */
  isTop(): boolean {
    return this.kind === Kind.INCL_END_BOUND && this[VALUES].length === 0;
  }

  /** Same values, mirrored kind: the end that closes just before this start, or the start just after this end. */
  invert(): ClusteringBound {
    return new ClusteringBound(invertKind(this.kind), this[VALUES]);
  }

  /** Same kind and identical values (`Object.is` per component, bytes for blobs). */
  equals(other: unknown): boolean {
    if (!(other instanceof ClusteringBound) || other.kind !== this.kind) return false;
    const mine = this[VALUES];
    const theirs = other[VALUES];
    if (theirs.length !== mine.length) return false;
    for (let i = 0; i < mine.length; i++) {
      const a = mine[i];
      const b = theirs[i];
      if (a instanceof Uint8Array && b instanceof Uint8Array) {
        if (a.length !== b.length || a.some((x, j) => x !== b[j])) return false;
      } else if (!Object.is(a, b)) return false;
    }
    return true;
  }

  /** `{ kind, values }`, as `JSON.stringify` wrote a bound when `values` was a field (it is a getter now). */
  toJSON(): { kind: Kind; values: readonly ClusteringValue[] } {
    return { kind: this.kind, values: this.values };
  }

  /**
   * What `console.log` and `util.inspect` show: `ClusteringBound { kind: 1, values: [ 5 ] }`, as when `values` was a
   * field, rather than the internal symbol key.
   */
  [INSPECT](
    depth: number,
    options: InspectOptions,
    inspect: (value: unknown, options: InspectOptions) => string,
  ): string {
    if (depth < 0) return '[ClusteringBound]';
    const inner = { ...options, depth: options.depth == null ? options.depth : options.depth - 1 };
    return `ClusteringBound ${inspect({ kind: this.kind, values: this[VALUES] }, inner)}`;
  }

  /** `[v`, `(v`, `v]`, `v)`, `BOTTOM` or `TOP`; multi-column values are joined with `:`. */
  toString(): string {
    if (this.isBottom()) return 'BOTTOM';
    if (this.isTop()) return 'TOP';
    const v = formatValues(this[VALUES]);
    switch (this.kind) {
      case Kind.INCL_START_BOUND:
        return `[${v}`;
      case Kind.EXCL_START_BOUND:
        return `(${v}`;
      case Kind.INCL_END_BOUND:
        return `${v}]`;
      default:
        return `${v})`;
    }
  }
}
