import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { describeValue, HarnessArgumentError, WorkloadSpecError } from '../errors.js';
import { type IndexSampler, indexSampler, widthSampler } from './distributions.js';
import { opGenerator, type StreamKey, streamKey } from './op-random.js';
import { type OpRange, opRange } from './op-range.js';
import type { CellValue, ClusteringRange, Op, OpKind, RangeBound, Value } from './ops.js';
import { checkIndex, type Seed } from './seed.js';
import {
  isValidatedSpec,
  type OpKindName,
  parseWorkloadSpec,
  type WorkloadSpec,
  type WorkloadSpecInput,
} from './spec.js';
import { clusteringValue, partitionKeyOf } from './values.js';

/** Spec key → op kind. */
const KIND_OF: Readonly<Record<OpKindName, OpKind>> = {
  insert: 'insert',
  update: 'update',
  rowDelete: 'deleteRow',
  columnDelete: 'deleteColumns',
  rangeDelete: 'deleteRange',
  partitionDelete: 'deletePartition',
  readPartition: 'readPartition',
  readRow: 'readRow',
  readSlice: 'readSlice',
  flush: 'flush',
  compact: 'compact',
};

const TABLE_LIMIT = 65_536;

type RangeSpec = WorkloadSpec['ops']['rangeDelete'];

/**
 * A seeded workload: op k of stream s is `op(s, k)`, a pure function of (seed, stream, k) computed in O(1).
 * Build with {@link workload}.
 */
export interface Workload {
  readonly spec: WorkloadSpec;
  readonly seed: Seed;
  /** Op `k` of `stream`. */
  op(stream: number, k: number): Op;
  /** Ops `from … from + count − 1` of `stream`, in order (each computed directly, as {@link op}). */
  ops(stream: number, from: number, count: number): IterableIterator<Op>;
  /** Clock (seconds) at op `k`: local deletion times and gc grace count from it. */
  now(k: number): number;
  /**
   * The last op index this spec can generate with every timestamp a safe integer and every local deletion time in
   * the engine's range (see `opRange`); `op` and `ops` refuse indexes past it.
   */
  readonly lastOp: number;
  /**
   * Throws unless ops `from … from + count − 1` are all valid indexes (≤ {@link lastOp}).
   * @throws HarnessArgumentError naming the limit and what sets it.
   */
  checkRange(from: number, count: number): void;
}

/**
 * Builds a workload from a spec (validated if it is not already) and a seed.
 * @throws WorkloadSpecError for an invalid spec; HarnessArgumentError for a bad seed.
 */
export function workload(spec: WorkloadSpec | WorkloadSpecInput, seed: Seed): Workload {
  checkIndex(seed, 'seed');
  if (spec === null || typeof spec !== 'object')
    throw new WorkloadSpecError([`(spec): expected an object, got ${describeValue(spec)}`]);
  return new Generator(isValidatedSpec(spec) ? spec : parseWorkloadSpec(spec), seed);
}

class Generator implements Workload {
  readonly spec: WorkloadSpec;
  readonly seed: Seed;
  readonly #keys = new Map<number, StreamKey>();
  readonly #kinds: OpKind[] = [];
  readonly #cumulative: number[] = [];
  readonly #partition: IndexSampler;
  readonly #row: IndexSampler;
  readonly #cardinalities: number[];
  readonly #rowsPerPartition: number;
  readonly #indexes: number[];
  readonly #deleteWidth: (rng: RandomGenerator) => number;
  readonly #sliceWidth: (rng: RandomGenerator) => number;
  readonly #columns: WorkloadSpec['schema']['columns'];
  // Clustering values and partition keys precomputed for columns / key spaces of up to TABLE_LIMIT entries:
  // building strings (padStart, concatenation) per op was a fifth of generation time (CPU profile of specs/mixed).
  readonly #valueTables: (readonly Value[] | undefined)[];
  readonly #keyTable: readonly string[] | undefined;
  readonly #range: OpRange;

  constructor(spec: WorkloadSpec, seed: Seed) {
    this.spec = spec;
    this.seed = seed;
    this.#range = opRange(spec);
    let total = 0;
    for (const [name, options] of Object.entries(spec.ops) as [OpKindName, { weight: number }][]) {
      if (options.weight <= 0) continue;
      total += options.weight;
      this.#kinds.push(KIND_OF[name]);
      this.#cumulative.push(total);
    }
    for (let i = 0; i < this.#cumulative.length; i++) this.#cumulative[i]! /= total;
    this.#cardinalities = spec.schema.clustering.map((c) => c.cardinality);
    this.#rowsPerPartition = this.#cardinalities.reduce((a, b) => a * b, 1);
    this.#indexes = this.#cardinalities.map(() => 0);
    this.#partition = indexSampler(spec.partitions.distribution, spec.partitions.count);
    this.#row = indexSampler(spec.rows.distribution, this.#rowsPerPartition);
    this.#deleteWidth = widthSampler(spec.ops.rangeDelete.width);
    this.#sliceWidth = widthSampler(spec.ops.readSlice.width);
    this.#columns = spec.schema.columns;
    this.#valueTables = spec.schema.clustering.map((c) =>
      c.cardinality <= TABLE_LIMIT
        ? Array.from({ length: c.cardinality }, (_, i) => clusteringValue(c, i))
        : undefined,
    );
    this.#keyTable =
      spec.partitions.count <= TABLE_LIMIT
        ? Array.from({ length: spec.partitions.count }, (_, i) => partitionKeyOf(i))
        : undefined;
  }

  now(k: number): number {
    const { start, secondsPerOp } = this.spec.clock;
    return start + Math.floor(k * secondsPerOp);
  }

  get lastOp(): number {
    return this.#range.lastOp;
  }

  checkRange(from: number, count: number): void {
    checkIndex(from, 'from');
    checkIndex(count, 'count');
    const last = from + count - 1;
    if (count > 0 && (!Number.isSafeInteger(last) || last > this.#range.lastOp)) {
      const what = count === 1 ? `op index ${from}` : `ops ${from} … ${from + count - 1}`;
      throw new HarnessArgumentError(
        `${what}: spec ${describeValue(this.spec.name)} has valid op indexes 0 … ${this.#range.lastOp} only: ${this.#range.why}`,
      );
    }
  }

  op(stream: number, k: number): Op {
    checkIndex(k, 'op index');
    this.checkRange(k, 1);
    return this.#op(this.#streamKey(stream), k);
  }

  *ops(stream: number, from: number, count: number): IterableIterator<Op> {
    this.checkRange(from, count);
    const key = this.#streamKey(stream);
    for (let k = from; k < from + count; k++) yield this.#op(key, k);
  }

  #streamKey(stream: number): StreamKey {
    let key = this.#keys.get(stream);
    if (key === undefined) {
      key = streamKey(this.seed, stream);
      this.#keys.set(stream, key);
    }
    return key;
  }

  #op(key: StreamKey, k: number): Op {
    const rng = opGenerator(key, k);
    const kind = this.#pickKind(uniformFloat64(rng));
    const ops = this.spec.ops;
    switch (kind) {
      case 'flush':
        return { k, kind };
      case 'compact': {
        const scope =
          uniformFloat64(rng) < ops.compact.major ? 'all' : uniformInt(rng, 0, 1) ? 'newest' : 'oldest';
        return { k, kind, scope, now: this.now(k) };
      }
      default:
        break;
    }
    const p = this.#partition(rng, k);
    const pk = this.#keyTable?.[p] ?? partitionKeyOf(p);
    switch (kind) {
      case 'insert':
        return {
          k,
          kind,
          pk,
          ck: this.#clustering(rng, k),
          values: this.#values(rng, true),
          ts: this.#ts(rng, k),
        };
      case 'update':
        return {
          k,
          kind,
          pk,
          ck: this.#clustering(rng, k),
          values: this.#values(rng, false),
          ts: this.#ts(rng, k),
        };
      case 'deleteRow':
        return { k, kind, pk, ck: this.#clustering(rng, k), ts: this.#ts(rng, k), ldt: this.now(k) };
      case 'deleteColumns': {
        const ck = this.#clustering(rng, k);
        const columns = this.#columnSubset(rng).map((c) => c.name);
        return { k, kind, pk, ck, columns, ts: this.#ts(rng, k), ldt: this.now(k) };
      }
      case 'deleteRange': {
        const range = this.#rangeOf(rng, k, ops.rangeDelete, this.#deleteWidth);
        return { k, kind, pk, range, ts: this.#ts(rng, k), ldt: this.now(k) };
      }
      case 'deletePartition':
        return { k, kind, pk, ts: this.#ts(rng, k), ldt: this.now(k) };
      case 'readPartition':
        return { k, kind, pk, reversed: uniformFloat64(rng) < ops.readPartition.reversed };
      case 'readRow':
        return { k, kind, pk, ck: this.#clustering(rng, k) };
      case 'readSlice': {
        const range = this.#rangeOf(rng, k, ops.readSlice, this.#sliceWidth);
        return { k, kind, pk, range, reversed: uniformFloat64(rng) < ops.readSlice.reversed };
      }
    }
  }

  #pickKind(u: number): OpKind {
    const c = this.#cumulative;
    let i = 0;
    while (i < c.length - 1 && u >= c[i]!) i++;
    return this.#kinds[i]!;
  }

  /**
   * The value indexes of row `r` (mixed radix, first clustering column most significant), written into a scratch
   * array the caller reads at once: a fresh array per op was a share of the generator's garbage-collection time.
   */
  #rowIndexes(r: number): readonly number[] {
    const cards = this.#cardinalities;
    const out = this.#indexes;
    let rest = r;
    for (let j = cards.length - 1; j >= 0; j--) {
      out[j] = rest % cards[j]!;
      rest = Math.floor(rest / cards[j]!);
    }
    return out;
  }

  #clustering(rng: RandomGenerator, k: number): Value[] {
    const indexes = this.#rowIndexes(this.#row(rng, k));
    const out = new Array<Value>(indexes.length);
    for (let j = 0; j < indexes.length; j++) out[j] = this.#value(j, indexes[j]!);
    return out;
  }

  /** Value `i` of clustering column `j`, from the column's table when it has one. */
  #value(j: number, i: number): Value {
    return this.#valueTables[j]?.[i] ?? clusteringValue(this.spec.schema.clustering[j]!, i);
  }

  #values(rng: RandomGenerator, all: boolean): Record<string, CellValue> {
    const out: Record<string, CellValue> = {};
    for (const column of all ? this.#columns : this.#columnSubset(rng)) {
      out[column.name] =
        column.type === 'int' ? uniformInt(rng, 0, 0x7fffffff) : `v${uniformInt(rng, 0, 0x7fffffff)}`;
    }
    return out;
  }

  /** A non-empty subset of the regular columns, in schema order. */
  #columnSubset(rng: RandomGenerator): WorkloadSpec['schema']['columns'] {
    const columns = this.#columns;
    const mask = uniformInt(rng, 1, 2 ** columns.length - 1);
    const out: (typeof columns)[number][] = [];
    for (let i = 0; i < columns.length; i++) if ((mask & (1 << i)) !== 0) out.push(columns[i]!);
    return out;
  }

  #ts(rng: RandomGenerator, k: number): number {
    const { policy, start, window } = this.spec.timestamps;
    if (policy === 'monotonic') return start + k;
    if (policy === 'colliding') return start + k - (k % window);
    return start + k + uniformInt(rng, -window, window);
  }

  #rangeOf(
    rng: RandomGenerator,
    k: number,
    spec: RangeSpec,
    width: (rng: RandomGenerator) => number,
  ): ClusteringRange {
    const columns = this.spec.schema.clustering;
    const n = columns.length;
    const depth = n > 1 && uniformFloat64(rng) < spec.prefix ? uniformInt(rng, 0, n - 2) : n - 1;
    const at = this.#rowIndexes(this.#row(rng, k));
    const column = columns[depth]!;
    const lowIndex = at[depth]!;
    const highIndex = Math.min(lowIndex + width(rng) - 1, column.cardinality - 1);
    const same = lowIndex === highIndex;
    // A one-value range is inclusive on both sides: [x, x) and (x, x] are empty and the engine rejects empty slices.
    let lower: RangeBound | null = {
      value: this.#value(depth, lowIndex),
      inclusive: same || uniformFloat64(rng) < spec.inclusiveLower,
    };
    let upper: RangeBound | null = {
      value: this.#value(depth, highIndex),
      inclusive: same || uniformFloat64(rng) < spec.inclusiveUpper,
    };
    if (uniformFloat64(rng) < spec.openEnded) {
      if (uniformInt(rng, 0, 1) === 0) lower = null;
      else upper = null;
    }
    const prefix: Value[] = [];
    for (let j = 0; j < depth; j++) prefix.push(this.#value(j, at[j]!));
    return { prefix, lower, upper };
  }
}
