/**
 * @tombstone-lab/bench — co-measured benchmark runner: baseline vs candidate, forked and interleaved.
 */

/** Command line entry, callable in-process: `main(['run', '-n', '5'])` resolves with the exit code. */
export { main } from './cli/main.js';
/** Typed errors thrown on bad input. */
export {
  BenchCompileError,
  BenchError,
  BenchLoadError,
  GitError,
  ResultsFileError,
  SuiteDefinitionError,
  UsageError,
} from './errors.js';
/** Compiles a bench file (and the fork worker) into a cached bundle a fork can load. */
export { compileBench, workerScript } from './fork/compile.js';
/** One fork: start, time limit, result; and the in-fork protocol. */
export { DEFAULT_NODE_ARGS, type ForkOptions, type ForkOutcome, runFork } from './fork/fork.js';
/** The parent↔fork protocol: the job a fork is given and the result line it writes back. */
export type { ForkJob, ForkResult, Measurement, SampleSettings } from './fork/fork-protocol.js';
/** Instruction counting under valgrind callgrind. */
export { instructionCounter, PREDICTABLE_NODE_ARGS, valgrindAvailable } from './fork/instructions.js';
/** Git revision mode building blocks. */
export {
  addWorktree,
  type BuildOutcome,
  type BuildRecipe,
  buildTree,
  DEFAULT_RECIPE,
  isDirty,
  resolveCommit,
} from './git/git.js';
/** The persisted data model: run, benchmark records, samples, failures. */
export type * from './model.js';
/** Version of the results JSON schema and NDJSON protocol. */
export { SCHEMA_VERSION } from './model.js';
/** NDJSON event protocol for editors and CI. */
export {
  type BenchEvent,
  type BenchmarkFinishedEvent,
  type ErrorEvent,
  type EventSink,
  ndjsonSink,
  nullSink,
  PROTOCOL_VERSION,
  type RunFinishedEvent,
  type RunStartedEvent,
  type SampleFinishedEvent,
  teeSink,
} from './protocol/events.js';
/** Analysis + rendering of a run in every output format. */
export { analyze, FORMATS, type Format, render, writeSvgPlots } from './report/output.js';
/** Planning and running interleaved comparisons. */
export {
  describeBundle,
  type PlanContext,
  planAaRun,
  planFactorRun,
  planRevisionRun,
} from './run/prepare.js';
/** Results files (atomic writes, validated reads). */
export { readRun, writeRunAtomic } from './run/results-store.js';
/** Running planned cases: interleaved forks, each result persisted atomically. */
export { createRecord, type PlannedCase, type RunOutcome, type RunSettings, runPlan } from './run/runner.js';
/** Where the in-process CLI writes (replaceable for tests). */
export type { CliIo } from './run/session.js';
/** Run-level analysis: a verdict per benchmark and the run summary (gate, checks, A/A rates). */
export { analyzeRun, type RunAnalysis, type RunSummary } from './stats/analyze-run.js';
/** 2×2 factorial analysis (code × configuration). */
export {
  type FactorialAnalysis,
  factorial2x2,
  factorialAnalysis,
  factorialFromRun,
  type RunFactorial,
} from './stats/factorial.js';
/** Growth-exponent fits (O(N^k)) per side. */
export {
  fitGrowth,
  type GrowthAnalysis,
  type GrowthComparison,
  growthAnalysis,
  growthFromRun,
} from './stats/growth.js';
/** Hodges-Lehmann shift and ratio estimates with exact confidence intervals. */
export { type HodgesLehmannResult, hodgesLehmann, hodgesLehmannRatio } from './stats/hodges-lehmann.js';
/** Exact Mann-Whitney U test. */
export { type MannWhitneyResult, mannWhitneyU } from './stats/mann-whitney.js';
/** A growth or factorial group that could not be fitted, and why. */
export type { NotFittable } from './stats/not-fittable.js';
/** The verdict (Won/Lost/Held/Unchanged/Invalid) of one benchmark. */
export { type BenchmarkVerdict, type Outcome, verdictFor } from './stats/verdict.js';
/** Benchmark cases: expansion, keys, selection. */
export {
  type BenchCase,
  type CaseSelection,
  caseKey,
  expandSuite,
  parseParamFilter,
  type SuiteShape,
  selectCases,
} from './suite/cases.js';
/** Types of a suite definition: benchmarks, params, the compared factor. */
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
/** Define a benchmark suite (pure; see {@link defineSuite}). */
export { defineSuite, isSuite, SAMPLING_LIMITS, validateSuite } from './suite/define.js';
/** Bench file discovery (`*.bench.ts` under the given paths). */
export { findBenchFiles } from './suite/discover.js';
/** Source positions of a suite's benchmarks (what `list --json` reports). */
export { type BenchmarkLocation, type LocatedSuite, locateBenchmarks } from './suite/locate.js';
