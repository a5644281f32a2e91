import { MAX_DELETION_TIME } from '@tombstone-lab/core';
import * as v from 'valibot';
import { describeValue, HarnessArgumentError, WorkloadSpecError } from '../errors.js';

/**
 * The workload spec: schema, key distributions, op mix, timestamp policy, clock and gc grace — as JSON or through
 * the typed {@link defineWorkload}. Validated with valibot; every issue names its path and the bad value.
 */

/** Largest `timestamps.start`: 2^52, so ops 0 … 2^52 − 1 all have safe-integer timestamps. */
const MAX_TIMESTAMP_START = 2 ** 52;

const NAME = /^[a-z][a-z0-9_]{0,47}$/;
const nonNegative = (what = 'a number ≥ 0') =>
  v.pipe(v.number(`expected ${what}`), v.minValue(0, `expected ${what}`));
const count = (max: number, what = `an integer in [1, ${max}]`) =>
  v.pipe(
    v.number(`expected ${what}`),
    v.integer(`expected ${what}`),
    v.minValue(1, `expected ${what}`),
    v.maxValue(max, `expected ${what}`),
  );
const fraction = v.pipe(
  v.number('expected a probability in [0, 1]'),
  v.minValue(0, 'expected a probability in [0, 1]'),
  v.maxValue(1, 'expected a probability in [0, 1]'),
);
const safeIndex = (what: string) =>
  v.pipe(v.number(`expected ${what}`), v.safeInteger(`expected ${what}`), v.minValue(0, `expected ${what}`));
const identifier = v.pipe(
  v.string('expected a lower-case CQL identifier'),
  v.regex(NAME, 'expected a lower-case CQL identifier ([a-z][a-z0-9_]*, at most 48 characters)'),
);
const strict = <T extends v.ObjectEntries>(entries: T) =>
  v.strictObject(entries, (issue) =>
    issue.expected === 'never' ? 'unknown key' : `expected an object, got ${describeValue(issue.input)}`,
  );

/** Clustering column types a workload can generate values for (core's `types` of the same names). */
export const CLUSTERING_TYPES = ['int32', 'int64', 'text', 'ascii'] as const;
/** Regular column types: strings or non-negative integers (so a timestamp tie has one winner everywhere). */
export const REGULAR_TYPES = ['text', 'int'] as const;

const ClusteringColumnSchema = strict({
  name: identifier,
  type: v.picklist(CLUSTERING_TYPES, `expected one of ${CLUSTERING_TYPES.join(', ')}`),
  /** `CLUSTERING ORDER BY … DESC`: core's `types.reversed(t)`. */
  reversed: v.optional(v.boolean('expected a boolean'), false),
  /** Distinct values of this column per partition; a row is one combination of all clustering columns. */
  cardinality: count(1_000_000),
});

const RegularColumnSchema = strict({
  name: identifier,
  type: v.picklist(REGULAR_TYPES, `expected one of ${REGULAR_TYPES.join(', ')}`),
});

interface NamedColumns {
  readonly partitionKey: string;
  readonly clustering: readonly { readonly name: string; readonly cardinality: number }[];
  readonly columns: readonly { readonly name: string }[];
}

function duplicateName(s: NamedColumns): string | undefined {
  const seen = new Set<string>();
  for (const name of [s.partitionKey, ...s.clustering.map((c) => c.name), ...s.columns.map((c) => c.name)]) {
    if (seen.has(name)) return name;
    seen.add(name);
  }
  return undefined;
}

function rowsPerPartition(s: NamedColumns): number {
  return s.clustering.reduce((n, c) => n * c.cardinality, 1);
}

const SchemaSchema = v.pipe(
  strict({
    keyspace: v.optional(identifier, 'harness'),
    table: v.optional(identifier, 'tombstones'),
    partitionKey: v.optional(identifier, 'pk'),
    clustering: v.pipe(
      v.array(ClusteringColumnSchema, 'expected an array of clustering columns'),
      v.minLength(1, 'expected at least one clustering column'),
      v.maxLength(4, 'expected at most 4 clustering columns'),
    ),
    columns: v.pipe(
      v.array(RegularColumnSchema, 'expected an array of regular columns'),
      v.minLength(1, 'expected at least one regular column'),
      v.maxLength(16, 'expected at most 16 regular columns'),
    ),
  }),
  v.check(
    (s) => duplicateName(s) === undefined,
    (issue) => `expected distinct column names, got ${describeValue(duplicateName(issue.input))} twice`,
  ),
  v.check(
    (s) => rowsPerPartition(s) <= 2 ** 31,
    (issue) =>
      `expected at most 2^31 rows per partition (the product of the clustering cardinalities), got ${rowsPerPartition(issue.input)}`,
  ),
);

const DistributionSchema = v.variant(
  'kind',
  [
    strict({ kind: v.literal('uniform') }),
    strict({ kind: v.literal('sequential') }),
    strict({
      kind: v.literal('zipfian'),
      /** Skew; YCSB's 0.99 by default. */
      theta: v.optional(
        v.pipe(
          v.number('expected a number in (0, 1)'),
          v.gtValue(0, 'expected a number in (0, 1)'),
          v.ltValue(1, 'expected a number in (0, 1)'),
        ),
        0.99,
      ),
      /** YCSB's ScrambledZipfianGenerator (hot items spread over the key space) unless false. */
      scrambled: v.optional(v.boolean('expected a boolean'), true),
    }),
    strict({
      kind: v.literal('latest'),
      theta: v.optional(
        v.pipe(
          v.number('expected a number in (0, 1)'),
          v.gtValue(0, 'expected a number in (0, 1)'),
          v.ltValue(1, 'expected a number in (0, 1)'),
        ),
        0.99,
      ),
    }),
    strict({
      kind: v.literal('hotSet'),
      /** How many keys are hot. */
      hotCount: count(2 ** 31),
      /** Probability that an op picks a hot key. */
      hotProbability: fraction,
      /** Move the hot set to the next keys every N ops (0: never). */
      rotateEvery: v.optional(safeIndex('a non-negative safe integer'), 0),
    }),
  ],
  (issue) =>
    `expected a distribution with kind uniform, sequential, zipfian, latest or hotSet, got ${describeValue(
      (issue.input as { kind?: unknown } | null)?.kind ?? issue.input,
    )}`,
);

const WidthSchema = v.variant(
  'kind',
  [
    strict({ kind: v.literal('constant'), value: count(1_000_000) }),
    strict({ kind: v.literal('uniform'), min: count(1_000_000), max: count(1_000_000) }),
    strict({ kind: v.literal('zipfian'), max: count(1_000_000) }),
  ],
  (issue) =>
    `expected a width with kind constant, uniform or zipfian, got ${describeValue(
      (issue.input as { kind?: unknown } | null)?.kind ?? issue.input,
    )}`,
);

const weight = v.optional(nonNegative(), 0);

/** Shape of range relations (deletes and slices). */
const RangeShape = {
  /** Probability that the lower (upper) bound is inclusive. */
  inclusiveLower: v.optional(fraction, 0.5),
  inclusiveUpper: v.optional(fraction, 0.5),
  /** Probability that one side is open (no bound on it). */
  openEnded: v.optional(fraction, 0.1),
  /** Probability that the range restricts fewer than all clustering columns (a prefix bound). */
  prefix: v.optional(fraction, 0.3),
  /** Width in values of the restricted column. */
  width: v.optional(WidthSchema, { kind: 'uniform', min: 1, max: 8 } as const),
};

const OpsSchema = strict({
  insert: v.optional(strict({ weight }), { weight: 0 }),
  update: v.optional(strict({ weight }), { weight: 0 }),
  rowDelete: v.optional(strict({ weight }), { weight: 0 }),
  columnDelete: v.optional(strict({ weight }), { weight: 0 }),
  rangeDelete: v.optional(strict({ weight, ...RangeShape }), { weight: 0 }),
  partitionDelete: v.optional(strict({ weight }), { weight: 0 }),
  readPartition: v.optional(strict({ weight, reversed: v.optional(fraction, 0.5) }), { weight: 0 }),
  readRow: v.optional(strict({ weight }), { weight: 0 }),
  readSlice: v.optional(strict({ weight, reversed: v.optional(fraction, 0.5), ...RangeShape }), {
    weight: 0,
  }),
  flush: v.optional(strict({ weight }), { weight: 0 }),
  /** `major`: probability that a compaction takes every run (otherwise the oldest or the newest half). */
  compact: v.optional(strict({ weight, major: v.optional(fraction, 0.5) }), { weight: 0 }),
});

const TimestampSchema = strict({
  /** `monotonic`: op k writes at start + k; `colliding`: groups of `window` ops share a timestamp (ties);
   * `outOfOrder`: start + k ± up to `window`. */
  policy: v.optional(
    v.picklist(['monotonic', 'colliding', 'outOfOrder'], 'expected monotonic, colliding or outOfOrder'),
    'monotonic',
  ),
  // At most 2^52: leaves at least 2^52 ops of safe-integer timestamps (a start near 2^53 made every later op's
  // timestamp round, issue 23).
  start: v.optional(
    v.pipe(
      safeIndex(`an integer in [0, ${MAX_TIMESTAMP_START}] (2^52)`),
      v.maxValue(MAX_TIMESTAMP_START, `expected an integer in [0, ${MAX_TIMESTAMP_START}] (2^52)`),
    ),
    1_000_000,
  ),
  window: v.optional(count(1_000_000), 4),
});

const ClockSchema = strict({
  /** Seconds (the unit of local deletion times) at op 0. */
  // A local deletion time: core's largest valid one is 2^32 − 3.
  start: v.optional(
    v.pipe(
      safeIndex(`an integer in [0, ${MAX_DELETION_TIME}] (a local deletion time)`),
      v.maxValue(
        MAX_DELETION_TIME,
        `expected an integer in [0, ${MAX_DELETION_TIME}] (a local deletion time)`,
      ),
    ),
    1_700_000_000,
  ),
  /** Seconds the clock advances per op (fractions allowed: 0.01 is one second every 100 ops). */
  secondsPerOp: v.optional(nonNegative(), 1),
});

/** The workload spec validator (valibot). */
export const WorkloadSpecSchema = v.pipe(
  strict({
    name: v.optional(
      v.pipe(v.string('expected a string'), v.maxLength(80, 'expected at most 80 characters')),
      'workload',
    ),
    schema: SchemaSchema,
    partitions: strict({
      count: count(2 ** 31),
      distribution: v.optional(DistributionSchema, { kind: 'uniform' }),
    }),
    rows: v.optional(strict({ distribution: v.optional(DistributionSchema, { kind: 'uniform' }) }), {
      distribution: { kind: 'uniform' },
    }),
    ops: OpsSchema,
    timestamps: v.optional(TimestampSchema, {}),
    clock: v.optional(ClockSchema, {}),
    gcGraceSeconds: v.optional(safeIndex('a non-negative safe integer'), 864_000),
  }),
  v.forward(
    v.check(
      (s) => s.timestamps.policy !== 'outOfOrder' || s.timestamps.start >= s.timestamps.window,
      (issue) =>
        `expected at least timestamps.window (${issue.input.timestamps.window}) for outOfOrder timestamps, got ${issue.input.timestamps.start}`,
    ),
    ['timestamps', 'start'],
  ),
  v.forward(
    v.check(
      (s) => zetaTerms(s.partitions.distribution, s.partitions.count) <= MAX_ZETA_TERMS,
      (issue) =>
        `expected at most ${MAX_ZETA_TERMS} keys for this distribution (its zeta is summed term by term), got ${issue.input.partitions.count}`,
    ),
    ['partitions', 'distribution'],
  ),
  v.forward(
    v.check(
      (s) => zetaTerms(s.rows.distribution, rowsPerPartition(s.schema)) <= MAX_ZETA_TERMS,
      (issue) =>
        `expected at most ${MAX_ZETA_TERMS} rows per partition for this distribution, got ${rowsPerPartition(issue.input.schema)}`,
    ),
    ['rows', 'distribution'],
  ),
  v.check(
    (s) => Object.values(s.ops).some((o) => o.weight > 0),
    'expected at least one op kind with a weight > 0, got none',
  ),
);

/** Distributions whose zeta is summed over every item cap the item count (10^7 terms ≈ 0.3 s once). */
const MAX_ZETA_TERMS = 10_000_000;

function zetaTerms(d: v.InferOutput<typeof DistributionSchema>, items: number): number {
  if (d.kind === 'latest' || (d.kind === 'zipfian' && (!d.scrambled || d.theta !== 0.99))) return items;
  return 0;
}

/** A spec as written (JSON or TS): optional fields may be left out. */
export type WorkloadSpecInput = v.InferInput<typeof WorkloadSpecSchema>;
/** A validated spec with every default filled in. */
export type WorkloadSpec = v.InferOutput<typeof WorkloadSpecSchema>;
/** A key distribution of a spec. */
export type DistributionSpec = v.InferOutput<typeof DistributionSchema>;
/** A range-width distribution of a spec. */
export type WidthSpec = v.InferOutput<typeof WidthSchema>;
/** The names of the op kinds, as spec keys. */
export type OpKindName = keyof WorkloadSpec['ops'];

function issuePath(issue: v.BaseIssue<unknown>): string {
  const keys = (issue.path ?? []).map((p) => String(p.key));
  return keys.length === 0 ? '(spec)' : keys.join('.');
}

function formatIssue(issue: v.BaseIssue<unknown>): string {
  const path = issuePath(issue);
  if (issue.message === 'unknown key') return `${path}: unknown key`;
  if (issue.message.includes(', got ')) return `${path}: ${issue.message}`;
  return `${path}: ${issue.message}, got ${describeValue(issue.input)}`;
}

/**
 * Validates a spec and fills in defaults.
 * @param source named in the error (e.g. the spec's file name).
 * @throws WorkloadSpecError listing every issue as `path: expected …, got …`.
 */
export function parseWorkloadSpec(input: unknown, source?: string): WorkloadSpec {
  if (source !== undefined && typeof source !== 'string')
    throw new HarnessArgumentError(
      `parseWorkloadSpec: source must be a string naming the spec (a file name), got ${describeValue(source)}`,
    );
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new WorkloadSpecError([`(spec): expected an object, got ${describeValue(input)}`], source);
  }
  const result = v.safeParse(WorkloadSpecSchema, input, { abortEarly: false });
  if (!result.success) throw new WorkloadSpecError(result.issues.map(formatIssue), source);
  const spec = deepFreeze(result.output);
  VALIDATED.add(spec);
  return spec;
}

/** The specs {@link parseWorkloadSpec} returned: frozen and known valid, so API functions need not check them again. */
const VALIDATED = new WeakSet<object>();

/** Whether `value` is a spec {@link parseWorkloadSpec} (or `defineWorkload`) returned. */
export function isValidatedSpec(value: unknown): value is WorkloadSpec {
  return typeof value === 'object' && value !== null && VALIDATED.has(value);
}

/**
 * The typed way to write a spec in TypeScript: checks it like a JSON spec and returns it with defaults filled in.
 * @throws WorkloadSpecError as {@link parseWorkloadSpec}.
 */
export function defineWorkload(spec: WorkloadSpecInput): WorkloadSpec {
  return parseWorkloadSpec(spec);
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
