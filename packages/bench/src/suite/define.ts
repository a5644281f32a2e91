import { SuiteDefinitionError } from '../errors.js';
import type { ParamValue } from '../model.js';

/** Values a black hole can swallow; anything. */
export interface BlackHoleLike {
  /** Keep `value` observable so V8 cannot eliminate the work that produced it. */
  consume(value: unknown): void;
}

/** The parameter space of a suite: each name maps to the levels to run (cartesian product → cases). */
export type ParamSpace = Record<string, readonly ParamValue[]>;

/** Literal types widened to their primitive, so `size: [10, 1000]` gives `size: number` to `setup`. */
export type Widen<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T;

/** The object handed to `setup`: one level of every parameter, plus the compared factor when there is one. */
export type SuiteParams<P extends ParamSpace, F extends string> = {
  [K in keyof P]: Widen<P[K][number]>;
} & { [K in F]: string };

/** An in-code factor to compare: two levels of one named parameter. */
export interface CompareFactor<F extends string> {
  factor: F;
  baseline: string;
  candidate: string;
}

/** A benchmark body. Its return value is consumed by the runner's black hole; `bh.consume` takes any extras. */
export type BenchmarkFn<S> = (state: S, bh: BlackHoleLike) => unknown;

/**
 * A suite's own measurement defaults, as JMH's `@Warmup`/`@Measurement` annotations: ops that need many calls before
 * the JIT settles (milliseconds each) want a longer warm-up cap than the runner's default. `--warmup-ms` /
 * `--warmup-min-ms` / `--sample-ms` given on the command line win over these.
 */
export interface SuiteSampling {
  /** Cap on each fork's warm-up, in ms ([0, 600000]); warm-up still stops earlier once stable. */
  warmupMs?: number;
  /**
   * Minimum wall time of each fork's warm-up, in ms ([0, 600000], default 0: none): warm-up is not called stable
   * before this much of it has run, however steady its batches look; after it, the stability criterion decides as
   * usual. Must not exceed the warm-up cap (`warmupMs`, else the runner's or `--warmup-ms`'s): a usage error names
   * both. For ops whose JIT keeps speeding them up after two windows of batches already agree.
   */
  warmupMinMs?: number;
  /** Timed phase of each fork, in ms ([1, 60000]). */
  sampleMs?: number;
}

/** Allowed values of the sampling settings, shared by the command line and {@link SuiteSampling}. */
export const SAMPLING_LIMITS = {
  warmupMs: { min: 0, max: 600_000 },
  warmupMinMs: { min: 0, max: 600_000 },
  sampleMs: { min: 1, max: 60_000 },
} as const satisfies Record<keyof SuiteSampling, { min: number; max: number }>;

/** What a `*.bench.ts` file passes to {@link defineSuite}. */
export interface SuiteDefinition<P extends ParamSpace, F extends string, S> {
  /** Suite name, the first part of every benchmark key (`Suite.bench[size=10]`). */
  name: string;
  /** Parameters; every combination is a separate benchmark case. */
  params?: P;
  /** Optional in-code factor: the runner measures `baseline` against `candidate`. Omit in git-revision mode. */
  compare?: CompareFactor<F>;
  /**
   * Which case(s) are primary (`bench` or `bench[size=1000]`, with or without the suite prefix); the rest are
   * guardrails. Default: every case is primary.
   */
  primary?: string | readonly string[];
  /** Measurement defaults for this suite's forks; the command line overrides them. */
  sampling?: SuiteSampling;
  /** Per fork: builds the state, outside the timed region. */
  setup?: (params: SuiteParams<P, F>) => S | Promise<S>;
  /** Per fork, after measuring; outside the timed region. */
  teardown?: (state: S) => void | Promise<void>;
  /** The benchmarks, by name. */
  benchmarks: Record<string, BenchmarkFn<S>>;
}

/** Brand shared across bundles through the global symbol registry, so a fork recognises a suite from any copy. */
export const SUITE_BRAND: unique symbol = Symbol.for('tombstone-lab.bench.suite') as never;

/** A validated suite definition, as returned by {@link defineSuite}. */
export type Suite<P extends ParamSpace = ParamSpace, F extends string = string, S = unknown> = Readonly<
  SuiteDefinition<P, F, S>
> & { readonly [SUITE_BRAND]: true };

/** A structural view of any suite, used by the runner, which cannot know the user's generic types. */
export interface AnySuite {
  readonly name: string;
  readonly params?: Record<string, readonly ParamValue[]>;
  readonly compare?: { factor: string; baseline: string; candidate: string };
  readonly primary?: string | readonly string[];
  readonly sampling?: SuiteSampling;
  readonly setup?: (params: never) => unknown;
  readonly teardown?: (state: never) => unknown;
  readonly benchmarks: Record<string, (state: never, bh: BlackHoleLike) => unknown>;
}

const NAME = /^[A-Za-z_$][\w$.-]*$/;

/** Every key a suite definition may have (the type checker catches a misspelling; a plain .js file does not). */
export const SUITE_KEYS = [
  'name',
  'params',
  'compare',
  'primary',
  'sampling',
  'setup',
  'teardown',
  'benchmarks',
] as const satisfies readonly (keyof SuiteDefinition<ParamSpace, string, unknown>)[];

const COMPARE_KEYS = [
  'factor',
  'baseline',
  'candidate',
] as const satisfies readonly (keyof CompareFactor<string>)[];

/** The first key of `object` not in `allowed`. */
function unknownKey(object: object, allowed: readonly string[]): string | undefined {
  return Object.keys(object).find((k) => !allowed.includes(k));
}

function fail(suite: string, what: string): never {
  throw new SuiteDefinitionError(`suite ${JSON.stringify(suite)}: ${what}`);
}

/** Throws {@link SuiteDefinitionError} naming the first problem found in `def`. */
export function validateSuite(def: unknown): asserts def is AnySuite {
  if (typeof def !== 'object' || def === null) {
    throw new SuiteDefinitionError(`a suite definition must be an object, got ${String(def)}`);
  }
  const d = def as Record<string, unknown>;
  if (typeof d.name !== 'string' || !NAME.test(d.name)) {
    throw new SuiteDefinitionError(`suite name must match ${NAME}, got ${JSON.stringify(d.name)}`);
  }
  const name = d.name;
  const extra = unknownKey(d, SUITE_KEYS);
  if (extra !== undefined) {
    fail(name, `unknown key ${JSON.stringify(extra)} (allowed keys: ${SUITE_KEYS.join(', ')})`);
  }
  const params = d.params ?? {};
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    fail(name, 'params must be an object of arrays');
  }
  for (const [key, levels] of Object.entries(params)) {
    if (!NAME.test(key)) fail(name, `parameter name ${JSON.stringify(key)} is not an identifier`);
    if (!Array.isArray(levels) || levels.length === 0) {
      fail(name, `parameter ${key} must be a non-empty array of levels`);
    }
    const seen = new Set<string>();
    for (const v of levels) {
      if (
        !['string', 'number', 'boolean'].includes(typeof v) ||
        (typeof v === 'number' && !Number.isFinite(v))
      ) {
        fail(
          name,
          `parameter ${key} has a level that is not a string, finite number or boolean: ${String(v)}`,
        );
      }
      if (seen.has(String(v))) fail(name, `parameter ${key} lists level ${String(v)} twice`);
      seen.add(String(v));
    }
  }
  if (d.compare !== undefined) {
    const c = d.compare as Record<string, unknown>;
    if (typeof c !== 'object' || c === null || typeof c.factor !== 'string' || !NAME.test(c.factor)) {
      fail(name, 'compare.factor must be an identifier string');
    }
    const extraCompare = unknownKey(c, COMPARE_KEYS);
    if (extraCompare !== undefined) {
      fail(name, `unknown key compare.${extraCompare} (allowed keys: ${COMPARE_KEYS.join(', ')})`);
    }
    if (Object.hasOwn(params, c.factor)) fail(name, `compare.factor ${c.factor} is also listed in params`);
    if (typeof c.baseline !== 'string' || typeof c.candidate !== 'string') {
      fail(name, 'compare.baseline and compare.candidate must be strings');
    }
    if (c.baseline === c.candidate) fail(name, `compare.baseline and candidate are both ${c.baseline}`);
  }
  if (d.sampling !== undefined) validateSampling(name, d.sampling);
  for (const hook of ['setup', 'teardown'] as const) {
    if (d[hook] !== undefined && typeof d[hook] !== 'function') fail(name, `${hook} must be a function`);
  }
  const benchmarks = d.benchmarks;
  if (typeof benchmarks !== 'object' || benchmarks === null || Object.keys(benchmarks).length === 0) {
    fail(name, 'benchmarks must be a non-empty object of functions');
  }
  for (const [key, fn] of Object.entries(benchmarks)) {
    if (!NAME.test(key)) fail(name, `benchmark name ${JSON.stringify(key)} is not an identifier`);
    if (typeof fn !== 'function') fail(name, `benchmark ${key} is not a function`);
  }
  const primary = d.primary;
  if (primary !== undefined) {
    const list = typeof primary === 'string' ? [primary] : primary;
    if (!Array.isArray(list) || list.length === 0 || list.some((p) => typeof p !== 'string')) {
      fail(name, 'primary must be a string or a non-empty array of strings');
    }
  }
}

function validateSampling(name: string, sampling: unknown): void {
  if (typeof sampling !== 'object' || sampling === null || Array.isArray(sampling)) {
    fail(name, `sampling must be an object like { warmupMs: 1500 }, got ${JSON.stringify(sampling)}`);
  }
  for (const [key, value] of Object.entries(sampling)) {
    if (!Object.hasOwn(SAMPLING_LIMITS, key)) {
      fail(name, `sampling.${key} is not a setting (use ${Object.keys(SAMPLING_LIMITS).join(', ')})`);
    }
    const { min, max } = SAMPLING_LIMITS[key as keyof typeof SAMPLING_LIMITS];
    if (value !== undefined && !(typeof value === 'number' && value >= min && value <= max)) {
      fail(name, `sampling.${key} must be a number of ms in [${min}, ${max}], got ${JSON.stringify(value)}`);
    }
  }
  const { warmupMs, warmupMinMs } = sampling as SuiteSampling;
  if (warmupMs !== undefined && warmupMinMs !== undefined && warmupMinMs > warmupMs) {
    fail(
      name,
      `sampling.warmupMinMs ${warmupMinMs} is above sampling.warmupMs ${warmupMs}: the warm-up minimum cannot exceed its cap`,
    );
  }
}

/**
 * Defines a benchmark suite. Pure: validates and returns the definition (branded), with no other side effect, so a
 * bench file can be imported for listing without running anything.
 *
 * @example
 * export default defineSuite({
 *   name: 'ArrayBench',
 *   params: { size: [10, 1000] },
 *   setup: (p) => ({ xs: Array.from({ length: p.size }, (_, i) => i) }),
 *   benchmarks: { copy: (s) => s.xs.slice() },
 * });
 */
export function defineSuite<
  const P extends ParamSpace = Record<never, never>,
  F extends string = never,
  S = undefined,
>(definition: SuiteDefinition<P, F, S>): Suite<P, F, S> {
  validateSuite(definition);
  return Object.freeze({ ...definition, [SUITE_BRAND]: true as const });
}

/** True when `value` was produced by {@link defineSuite} (in any bundle). */
export function isSuite(value: unknown): value is AnySuite {
  return (
    typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[SUITE_BRAND] === true
  );
}
