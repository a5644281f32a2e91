import { describeValue, InvalidArgumentError, InvalidClusteringValueError } from '../errors.js';
import { ClusteringBound, KIND_COMPARED_TO_CLUSTERING, KIND_RANK, Kind, VALUES } from './clustering-bound.js';
import { type ClusteringValue, type ColumnType, isColumnType } from './column-types.js';

/** A full clustering: one value per clustering column, as a plain array (`[5]`, `['a', 3n]`). */
export type Clustering = readonly ClusteringValue[];

/** Anything the comparator orders: a clustering (kind CLUSTERING) or a bound. */
export type ClusteringPrefix = Clustering | ClusteringBound;

/**
 * @internal The unchecked {@link ClusteringComparator.compare} of the library's own loops
 * (`@tombstone-lab/core/internal`, not the package root): every list search and insert, the slot tree's and the row
 * tree's probes, on bounds and clusterings checked when they entered. Argument checks there would sit on every
 * comparison; the public methods check, then call these.
 */
export const COMPARE: unique symbol = Symbol('compare');
/** @internal The unchecked {@link ClusteringComparator.compareComponent} (the row tree's multi-column probe). */
export const COMPARE_COMPONENT: unique symbol = Symbol('compareComponent');
/** @internal The unchecked {@link ClusteringComparator.dataSize} (a row write of a clustering it just validated). */
export const DATA_SIZE: unique symbol = Symbol('dataSize');

/**
 * Orders clusterings and bounds of one table exactly like Cassandra's `ClusteringComparator`: component by component
 * (null first), then, for equal components, by kind rank when the lengths match, else the shorter prefix decides by
 * its own kind ("the prefix rule").
 */
export class ClusteringComparator {
  readonly types: readonly ColumnType[];
  /** The column type of a one-column comparator (the {@link compare} fast path), else undefined. */
  private readonly single: ColumnType | undefined;

  constructor(types: readonly ColumnType[]) {
    if (!Array.isArray(types)) {
      throw new InvalidClusteringValueError(`clustering types must be an array, got ${describeValue(types)}`);
    }
    types.forEach((t, i) => {
      if (!isColumnType(t)) {
        throw new InvalidClusteringValueError(
          `clustering type #${i} is not a ColumnType: ${describeValue(t)}`,
        );
      }
    });
    this.types = Object.freeze([...types]);
    this.single = types.length === 1 ? types[0] : undefined;
  }

  /** Number of clustering columns. */
  get size(): number {
    return this.types.length;
  }

  /** Same column types in the same order (by name); false for anything that is not a comparator (`null` threw). */
  equals(other: ClusteringComparator): boolean {
    if (other === this) return true;
    if (typeof other !== 'object' || other === null || !Array.isArray(other.types)) return false;
    if (other.types.length !== this.types.length) return false;
    return this.types.every((t, i) => other.types[i]?.name === t.name);
  }

  /**
   * Compares one component of column `i`; null sorts first.
   * @throws InvalidArgumentError for an `i` that is not a column index (`5` of a one-column comparator threw a plain
   *   TypeError); InvalidClusteringValueError for a value column `i`'s type rejects (`"a"` of an int32 column
   *   compared equal to anything).
   */
  compareComponent(i: number, a: ClusteringValue, b: ClusteringValue): number {
    if (typeof i !== 'number' || !Number.isInteger(i) || i < 0 || i >= this.types.length) {
      throw new InvalidArgumentError(
        `compareComponent column index must be an integer in [0, ${this.types.length - 1}], got ${describeValue(i)}`,
      );
    }
    const t = this.types[i] as ColumnType;
    for (const [name, v] of [['a', a] as const, ['b', b] as const]) {
      if (v !== null && !t.accepts(v)) {
        throw new InvalidClusteringValueError(
          `compareComponent ${name} ${describeValue(v)} is not valid for column #${i}'s type ${t.name}: expected ${t.expected}`,
        );
      }
    }
    return this[COMPARE_COMPONENT](i, a, b);
  }

  /** @internal {@link compareComponent} unchecked (see {@link COMPARE_COMPONENT}). */
  [COMPARE_COMPONENT](i: number, a: ClusteringValue, b: ClusteringValue): number {
    if (a === null) return b === null ? 0 : -1;
    if (b === null) return 1;
    return (this.types[i] as ColumnType).compare(a, b);
  }

  /**
   * Sign of `p1 − p2` for any two prefixes (clusterings or bounds).
   * @throws InvalidClusteringValueError for an argument that is not a clustering (an array) or a bound (`null` threw
   *   a plain TypeError, `5` and `"a"` compared as something), has more values than the comparator has columns, or
   *   holds a value its column type rejects.
   */
  compare(p1: ClusteringPrefix, p2: ClusteringPrefix): number {
    this.checkPrefix(p1, 'compare p1');
    this.checkPrefix(p2, 'compare p2');
    return this[COMPARE](p1, p2);
  }

  /** @internal {@link compare} unchecked (see {@link COMPARE}). */
  [COMPARE](p1: ClusteringPrefix, p2: ClusteringPrefix): number {
    let v1: readonly ClusteringValue[];
    let k1: Kind;
    let v2: readonly ClusteringValue[];
    let k2: Kind;
    if (p1 instanceof ClusteringBound) {
      v1 = p1[VALUES];
      k1 = p1.kind;
    } else {
      v1 = p1;
      k1 = Kind.CLUSTERING;
    }
    if (p2 instanceof ClusteringBound) {
      v2 = p2[VALUES];
      k2 = p2.kind;
    } else {
      v2 = p2;
      k2 = Kind.CLUSTERING;
    }
    const s1 = v1.length;
    const s2 = v2.length;
    // Fast path: two one-value prefixes of a one-column table, what every range-list search and insert compares.
    // The general loop (Math.min, the column array, compareComponent) made a random persistent merge 6–8% slower
    // (4096 copy-then-adds: 4.83 → 4.49 ms cpu, median of 3 alternating processes, load 1.4). Tested after the
    // kind checks, so a bound-vs-clustering compare (a point search) pays no second pair of instanceof checks.
    const single = this.single;
    if (single !== undefined && s1 === 1 && s2 === 1) {
      const a = v1[0] as ClusteringValue;
      const b = v2[0] as ClusteringValue;
      const c = a === null ? (b === null ? 0 : -1) : b === null ? 1 : single.compare(a, b);
      if (c !== 0) return c < 0 ? -1 : 1;
      const d = (KIND_RANK[k1] as number) - (KIND_RANK[k2] as number);
      return d < 0 ? -1 : d > 0 ? 1 : 0;
    }
    const n = Math.min(s1, s2);
    for (let i = 0; i < n; i++) {
      const c = this[COMPARE_COMPONENT](i, v1[i] as ClusteringValue, v2[i] as ClusteringValue);
      if (c !== 0) return c < 0 ? -1 : 1;
    }
    if (s1 === s2) {
      const d = (KIND_RANK[k1] as number) - (KIND_RANK[k2] as number);
      return d < 0 ? -1 : d > 0 ? 1 : 0;
    }
    return s1 < s2
      ? (KIND_COMPARED_TO_CLUSTERING[k1] as number)
      : -(KIND_COMPARED_TO_CLUSTERING[k2] as number);
  }

  /**
   * Checks a bound's values against the column types: at most one value per column, each null or of its type.
   * @throws InvalidClusteringValueError naming the column, its type and the offending value, or when `bound` is not a
   *   ClusteringBound (`null` threw a plain TypeError, `[1]` passed).
   */
  validateBound(bound: ClusteringBound, what = 'bound'): void {
    if (!(bound instanceof ClusteringBound)) {
      throw new InvalidClusteringValueError(`${what} must be a ClusteringBound, got ${describeValue(bound)}`);
    }
    if (bound[VALUES].length > this.types.length) {
      throw new InvalidClusteringValueError(
        `${what} ${bound} has ${bound[VALUES].length} values but the comparator has ${this.types.length} columns`,
      );
    }
    this.validateValues(bound[VALUES], what);
  }

  /**
   * Checks a full clustering: exactly one value per column, each null or of its column's type.
   * @throws InvalidClusteringValueError naming the problem.
   */
  validateClustering(clustering: Clustering): void {
    if (!Array.isArray(clustering)) {
      throw new InvalidClusteringValueError(
        `a clustering must be an array of values, got ${describeValue(clustering)}`,
      );
    }
    if (clustering.length !== this.types.length) {
      throw new InvalidClusteringValueError(
        `clustering ${describeValue(clustering)} has ${clustering.length} values, expected ${this.types.length}`,
      );
    }
    this.validateValues(clustering, 'clustering');
  }

  /** Throws unless `prefix` is a bound or a clustering array that fits the column types (`what` names it). */
  private checkPrefix(prefix: unknown, what: string): void {
    if (prefix instanceof ClusteringBound) {
      this.validateBound(prefix, what);
      return;
    }
    if (!Array.isArray(prefix)) {
      throw new InvalidClusteringValueError(
        `${what} must be a clustering (an array of values) or a ClusteringBound, got ${describeValue(prefix)}`,
      );
    }
    if (prefix.length > this.types.length) {
      throw new InvalidClusteringValueError(
        `${what} ${describeValue(prefix)} has ${prefix.length} values but the comparator has ${this.types.length} columns`,
      );
    }
    this.validateValues(prefix, what);
  }

  private validateValues(values: readonly ClusteringValue[], what: string): void {
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      const t = this.types[i] as ColumnType;
      if (v !== null && !t.accepts(v)) {
        throw new InvalidClusteringValueError(
          `${what} value #${i} ${describeValue(v)} is not valid for column type ${t.name}: expected ${t.expected}`,
        );
      }
    }
  }

  /**
   * Serialized size of a prefix's values (nulls and the kind are free), as Cassandra's `dataSize()`.
   * @throws InvalidClusteringValueError as {@link compare} (`null` threw a plain TypeError, `5` measured 0 bytes).
   */
  dataSize(prefix: ClusteringPrefix): number {
    this.checkPrefix(prefix, 'dataSize prefix');
    return this[DATA_SIZE](prefix);
  }

  /** @internal {@link dataSize} unchecked (see {@link DATA_SIZE}). */
  [DATA_SIZE](prefix: ClusteringPrefix): number {
    const values = prefix instanceof ClusteringBound ? prefix[VALUES] : prefix;
    let total = 0;
    for (let i = 0; i < values.length; i++) {
      const v = values[i] as ClusteringValue;
      if (v !== null) total += (this.types[i] as ColumnType).dataSize(v);
    }
    return total;
  }

  /** `ClusteringComparator(int32, reversed(text))`. */
  toString(): string {
    return `ClusteringComparator(${this.types.map((t) => t.name).join(', ')})`;
  }
}
