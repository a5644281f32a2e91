/**
 * The data model shared by the runner (which produces samples) and the analysis/report layer (which consumes them).
 * Versioned: a results file carries `schemaVersion`, the one protocol version (`protocol/version.ts`).
 */

import type { Look, SequentialConfig } from './protocol/types.js';

/** A parameter value as written in a suite's `params` (e.g. `size: [10, 1000]`). */
export type ParamValue = string | number | boolean;

/** Which side of a comparison a sample belongs to. */
export type Side = 'baseline' | 'candidate';

/** Role of a benchmark in the verdict: the primary one can be Won; guardrails can only be Held or Lost. */
export type Role = 'primary' | 'guardrail';

/** Environment captured inside each forked process. */
export interface Environment {
  node: string;
  v8: string;
  platform: string;
  arch: string;
  cpuModel: string;
  cpuCount: number;
  execArgv: string[];
  loadAverage: [number, number, number];
  totalMemory: number;
  /** CPU affinity applied to the fork, when pinning was available (e.g. "0" from taskset); null otherwise. */
  affinity: string | null;
}

/** One measurement: one fresh fork, warmed up until stable, then `ops` operations timed in batches. */
export interface Sample {
  /** Index of this sample in time order across the whole run (interleaving order). */
  seq: number;
  side: Side;
  /** Number of operations measured in this sample. */
  ops: number;
  /** Wall-clock nanoseconds per op. */
  nsPerOp: number;
  /** CPU (user+system) nanoseconds per op. */
  cpuNsPerOp: number;
  /** Allocated bytes per op (GCProfiler accounting + ArrayBuffer bytes), empty-body baseline subtracted. */
  bytesPerOp: number | null;
  gcCount: number;
  gcTimeMs: number;
  /** Warm-up iterations spent before measuring. */
  warmupOps: number;
  /**
   * False when warm-up hit its time cap (`--warmup-ms`) before ns/op settled, so the sample may still include JIT
   * warm-up; reports then say so. Absent in results written before it was recorded.
   */
  warmupStable?: boolean;
  /**
   * With an injected slowdown (A/A test hook): the injected work as a share of the op's own time, on each clock
   * (0.1 = 10%); the run's metric decides which one the injector booked. Lets a calibration tell an injector that
   * missed its target apart from an op that ran slower beside the injected work.
   */
  injected?: { nsPerOp: number; cpuNsPerOp: number };
  /** Deterministic instruction count per op (valgrind mode only). */
  instructionsPerOp?: number | null;
  startedAt: string;
  env: Environment;
}

/** A fork that did not produce a sample. */
export interface SampleFailure {
  seq: number;
  side: Side;
  kind: 'crash' | 'throw' | 'timeout' | 'build';
  message: string;
  /** Tail of stderr / build log. */
  logTail: string;
}

/** Identity of one benchmark case: suite + benchmark + parameter assignment (without the compared factor). */
export interface BenchmarkId {
  suite: string;
  benchmark: string;
  params: Record<string, ParamValue>;
}

/** All samples of one benchmark case, both sides. */
export interface BenchmarkRecord {
  id: BenchmarkId;
  /** Stable key, e.g. `RangeTombstoneListBench.benchCopyOnly[size=1000]`. */
  key: string;
  role: Role;
  /** Human label for each side, e.g. `impl=eager` or `git:HEAD~1 (061749b)`. */
  labels: Record<Side, string>;
  samples: Sample[];
  failures: SampleFailure[];
  /** Source location of the benchmark definition, for editors. */
  location?: { file: string; line: number; column: number };
  /**
   * This benchmark's measurement settings when its suite's own `sampling` made them differ from the run's
   * {@link MeasurementSettings} (checked on `--resume`).
   */
  sampling?: { sampleMs: number; warmupMaxMs: number };
  /**
   * Errors that cost this benchmark a figure without failing a fork (e.g. an instruction count that could not be
   * made), with their reason; absent when there were none.
   */
  errors?: RecordedRunError[];
  /** A sequential run's looks at this benchmark, in order (recomputed from the samples on `--resume`). */
  looks?: Look[];
}

/** An error recorded in a results file, and which sample it concerns. */
export interface RecordedRunError {
  /** The sample it concerns, when one. */
  seq?: number;
  side?: Side;
  errorName: string;
  message: string;
}

/**
 * How a run was started, so a report can say how to reproduce it. Recorded only, never executed: the argv is
 * shell-quoted for display and nothing else.
 */
export interface RunInvocation {
  /**
   * The command line after the `node` executable, exactly as received: the CLI script (as launched), then its
   * arguments. An in-process call of `main()` records `tombstone-bench` in place of the script.
   */
  argv: string[];
  /** Working directory of the run; relative paths in `argv` resolve against it. */
  cwd: string;
}

/** The whole run, as persisted (results JSON). */
export interface RunRecord {
  /** The protocol version the file was written with (older readable versions: `READABLE_VERSIONS`). */
  schemaVersion: number;
  runId: string;
  startedAt: string;
  finishedAt: string | null;
  /** What was compared: an in-code factor, or two git revisions. */
  comparison:
    | { kind: 'factor'; factor: string; baseline: ParamValue; candidate: ParamValue }
    | {
        kind: 'revision';
        baseline: string;
        candidate: string;
        baselineCommit: string;
        candidateCommit: string | null;
      }
    | {
        kind: 'aa';
        label: string;
        /** Injected candidate slowdown (fraction); absent in files written before it was recorded. */
        slowdown?: number;
      };
  config: {
    samplesPerSide: number;
    metric: 'nsPerOp' | 'cpuNsPerOp' | 'bytesPerOp' | 'instructionsPerOp';
    alpha: number;
    /** Minimum |Δ%| for Won/Lost (noise threshold), e.g. 0.02 = 2%. */
    threshold: number;
    /** A sequential run's design; absent in fixed-n runs (`--fixed-n`, and files written before protocol 5). */
    sequential?: SequentialConfig;
  };
  /**
   * Settings that change what a sample measures, so `--resume` can refuse to mix samples taken differently;
   * absent in results files written before they were recorded.
   */
  measurement?: MeasurementSettings;
  benchmarks: BenchmarkRecord[];
  /** The command that started the run; absent in results files written before it was recorded. */
  invocation?: RunInvocation;
}

/** The per-sample settings that change the measured numbers (see {@link RunRecord.measurement}). */
export interface MeasurementSettings {
  sampleMs: number;
  warmupMaxMs: number;
  allocation: boolean;
  /** Whether instructions per op were counted (valgrind). */
  instructions: boolean;
}

/** The A/A comparison label of a single-variant `run` (suites without a factor): how reports recognise one. */
export const SINGLE_VARIANT_LABEL = 'single variant';

/** The clock an injected slowdown (A/A test hook) is booked on. */
export type SlowdownClock = 'wall' | 'cpu';

/**
 * The clock the injector books on for a run's metric: CPU time when the verdict reads CPU time, else wall time, so the
 * injected share is exact in the unit the verdict reads (slowdown-injector.ts has the measurements).
 */
export function slowdownClockOf(metric: RunRecord['config']['metric']): SlowdownClock {
  return metric === 'cpuNsPerOp' ? 'cpu' : 'wall';
}
