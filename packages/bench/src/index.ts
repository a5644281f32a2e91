/**
 * @tombstone-lab/bench — for suite authors: define a co-measured suite (baseline vs candidate) and, if you need
 * them directly, the exact statistics the runner judges it with. The engine is `@tombstone-lab/bench/runner`; the
 * typed event stream it emits is `@tombstone-lab/bench/protocol`.
 */

/** Thrown by {@link defineSuite} for a malformed definition; names the bad key or value. */
export { SuiteDefinitionError } from './errors.js';
/** The parameter value type of a suite's `params`. */
export type { ParamValue } from './model.js';
/** Thrown by the statistics below for empty, non-finite or out-of-range input; names the argument. */
export { StatsInputError } from './stats/errors.js';
/** 2×2 factorial effects (code × configuration) with intervals. */
export {
  type Factor,
  type FactorialEffect,
  type FactorialInput,
  type FactorialResult,
  factorial2x2,
} from './stats/factorial.js';
/** Growth-exponent fit (metric ≈ a·N^k) over a numeric parameter. */
export { fitGrowth, type GrowthFit, type GrowthPoint } from './stats/growth.js';
/** Hodges-Lehmann shift and ratio estimates with exact confidence intervals. */
export { type HodgesLehmannResult, hodgesLehmann, hodgesLehmannRatio } from './stats/hodges-lehmann.js';
/** Exact Mann-Whitney U test. */
export { type MannWhitneyResult, mannWhitneyU } from './stats/mann-whitney.js';
/** Types of a suite definition: benchmarks, params, the compared factor, sampling. */
export type {
  AnySuite,
  BenchmarkFn,
  BlackHoleLike,
  CompareFactor,
  ParamSpace,
  Suite,
  SuiteDefinition,
  SuiteParams,
  SuiteSampling,
} from './suite/define.js';
/** Define a benchmark suite (pure: validates and brands the definition; see {@link defineSuite}). */
export { defineSuite } from './suite/define.js';
