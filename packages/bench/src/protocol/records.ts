/**
 * The results file's schema — the one declaration of the persisted data model (run, benchmark records, samples,
 * failures, environments, comparisons), which events carry too. Its TypeScript types are inferred from it
 * (`protocol/types.ts`; `model.ts` re-exports them under the runner's names). Versioned by `PROTOCOL_VERSION`;
 * files of every readable version are read with it (`run/results-store.ts` upgrades the older ones first).
 */
import * as v from 'valibot';

/** A count: a non-negative integer. */
export const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** A number that JSON may have turned into `null`: NaN and ±Infinity have no JSON form. */
export const WireNumber = v.nullable(v.number());

/** baseline or candidate. */
export const SideSchema = v.picklist(['baseline', 'candidate']);

/** primary (can be Won) or guardrail (Held or Lost). */
export const RoleSchema = v.picklist(['primary', 'guardrail']);

/** A parameter value as written in a suite's `params`. */
export const ParamValueSchema = v.union([v.string(), v.number(), v.boolean()]);

/** One assignment of a suite's parameters. */
export const ParamsSchema = v.record(v.string(), ParamValueSchema);

/** Where a benchmark is defined: 1-based line and column of its key in `benchmarks: { … }`. */
export const LocationSchema = v.object({
  file: v.string(),
  line: v.pipe(v.number(), v.integer(), v.minValue(1)),
  column: v.pipe(v.number(), v.integer(), v.minValue(1)),
});

/** Human label of each side, e.g. `impl=eager` or `git:HEAD~1 (061749b)`. */
export const LabelsSchema = v.object({ baseline: v.string(), candidate: v.string() });

/** The metrics a run can judge. */
export const MetricSchema = v.picklist(['nsPerOp', 'cpuNsPerOp', 'bytesPerOp', 'instructionsPerOp']);

/** What a run compares: an in-code factor, two git revisions, or the same code twice (A/A). */
export const ComparisonSchema = v.variant('kind', [
  v.object({
    kind: v.literal('factor'),
    factor: v.string(),
    baseline: ParamValueSchema,
    candidate: ParamValueSchema,
  }),
  v.object({
    kind: v.literal('revision'),
    baseline: v.string(),
    candidate: v.string(),
    baselineCommit: v.string(),
    candidateCommit: v.nullable(v.string()),
  }),
  v.object({
    kind: v.literal('aa'),
    label: v.string(),
    /** Injected candidate slowdown (fraction); absent in files written before it was recorded. */
    slowdown: v.optional(v.number()),
  }),
]);

/** The alpha-spending functions of a sequential run. */
export const SpendingSchema = v.picklist(['pocock', 'obrien-fleming']);

/**
 * A sequential run's design: the looks (samples per side), the spending function, and the design's own alpha
 * (the run's alpha split over its benchmarks under Holm, so a benchmark that stops with a difference keeps it).
 */
export const SequentialConfigSchema = v.object({
  looks: v.array(Count),
  spending: SpendingSchema,
  designAlpha: v.number(),
  /**
   * Gamma of the non-binding futility stop: a benchmark stops once its predictive power of reaching the final
   * boundary is below it. Absent: no futility stop (`--no-futility`, and every run before protocol 7).
   */
  futility: v.optional(v.number()),
});

/** The measurement designs: both sides in one fork (`paired`), or one side per fork (`forks`). */
export const DesignSchema = v.picklist(['paired', 'forks']);

/** The run's judging configuration; `samplesPerSide` is the maximum of a sequential run. */
export const RunConfigSchema = v.object({
  samplesPerSide: Count,
  metric: MetricSchema,
  alpha: v.number(),
  /** Minimum |Δ%| for Won/Lost (noise threshold), e.g. 0.02 = 2%. */
  threshold: v.number(),
  /** Present in sequential runs (the default since protocol 5); absent: every benchmark takes n per side. */
  sequential: v.optional(SequentialConfigSchema),
  /**
   * The measurement design asked for (protocol 10; absent: `forks`, every run before it). A benchmark that could not
   * get it says so in its own `design`.
   */
  design: v.optional(DesignSchema),
});

/** What one look of a sequential run decided. */
export const LookDecisionSchema = v.picklist(['difference', 'equivalence', 'futility', 'continue', 'final']);

/** One look of a sequential run at one benchmark: n per side, its p against the boundary, and the decision. */
export const LookSchema = v.object({
  n: Count,
  /** The design's statistic at this look: U1 of the first n samples per side, or W+ of the first n paired forks. */
  u: v.number(),
  /** This look's fixed-n two-sided p (no ties: exact). */
  p: v.number(),
  /** The design's boundary at this look as a fixed-n p: p ≤ boundary stops with a difference. */
  boundary: v.number(),
  deltaPercent: WireNumber,
  /** The stage-wise sequential p, set from the first look that crossed the boundary, and at the final look. */
  pSequential: WireNumber,
  decision: LookDecisionSchema,
  /**
   * A look before the last with the futility stop on and no crossing yet: the predictive power of reaching the final
   * boundary; below the run's `futility` gamma the look stops with `futility`. Absent before protocol 7.
   */
  predictivePower: v.optional(v.number()),
});

/** Environment captured inside each forked process. */
export const EnvironmentSchema = v.object({
  node: v.string(),
  v8: v.string(),
  platform: v.string(),
  arch: v.string(),
  cpuModel: v.string(),
  cpuCount: Count,
  execArgv: v.array(v.string()),
  loadAverage: v.tuple([v.number(), v.number(), v.number()]),
  totalMemory: v.number(),
  /** CPU affinity applied to the fork, when pinning was available (e.g. "0" from taskset); null otherwise. */
  affinity: v.nullable(v.string()),
});

/** One ABBA/BAAB block of a paired fork, as one side saw it: its two batches summed. */
export const PairBlockSchema = v.object({
  /** Whether this side's batches opened and closed the block. */
  lead: v.boolean(),
  wallNs: v.number(),
  cpuNs: v.number(),
  ops: v.number(),
});

/** What makes a sample one half of a paired fork (both sides measured in one process, in alternating blocks). */
export const PairSchema = v.object({
  /** The paired fork's number in the run, shared by its two samples. */
  fork: Count,
  /** Whether this side was loaded, set up and warmed up first (a seeded coin flip per fork). */
  first: v.boolean(),
  /** The fork's blocks in time order. */
  blocks: v.array(PairBlockSchema),
});

/**
 * One measurement: one side of one fresh fork, warmed up until stable, then `ops` operations timed in batches. In a
 * paired fork both sides are measured, and each gives one sample carrying the fork's `pair`.
 */
export const SampleSchema = v.object({
  /** Index of this sample in time order across the whole run (interleaving order). */
  seq: Count,
  side: SideSchema,
  /** Number of operations measured in this sample. */
  ops: v.number(),
  /** Wall-clock nanoseconds per op. */
  nsPerOp: v.number(),
  /** CPU (user+system) nanoseconds per op. */
  cpuNsPerOp: v.number(),
  /**
   * Allocated bytes per op (GCProfiler accounting + ArrayBuffer bytes), empty-body baseline subtracted; null when
   * allocation was not measured.
   */
  bytesPerOp: WireNumber,
  gcCount: Count,
  gcTimeMs: v.number(),
  /** Warm-up iterations spent before measuring. */
  warmupOps: v.number(),
  /**
   * False when warm-up hit its time cap (`--warmup-ms`) before ns/op settled, so the sample may still include JIT
   * warm-up; reports then say so. Absent in results written before it was recorded.
   */
  warmupStable: v.optional(v.boolean()),
  /**
   * With an injected slowdown (A/A test hook): the injected work as a share of the op's own time, on each clock
   * (0.1 = 10%); the run's metric decides which one the injector booked. Lets a calibration tell an injector that
   * missed its target apart from an op that ran slower beside the injected work.
   */
  injected: v.optional(v.object({ nsPerOp: v.number(), cpuNsPerOp: v.number() })),
  /** Deterministic instruction count per op (valgrind mode only). */
  instructionsPerOp: v.optional(WireNumber),
  /** Present when the sample is one side of a paired fork (protocol 10). */
  pair: v.optional(PairSchema),
  startedAt: v.string(),
  env: EnvironmentSchema,
});

/** A fork that produced no sample, and why. */
export const SampleFailureSchema = v.object({
  seq: Count,
  side: SideSchema,
  kind: v.picklist(['crash', 'throw', 'timeout', 'build']),
  message: v.string(),
  /** Tail of stderr / build log. */
  logTail: v.string(),
});

/** What a sample measures, recorded in the run and checked on `--resume`. */
export const MeasurementSettingsSchema = v.object({
  sampleMs: v.number(),
  warmupMaxMs: v.number(),
  /** Minimum warm-up per fork, in ms (`--warmup-min-ms`); absent: none (and every run before protocol 8). */
  warmupMinMs: v.optional(v.number()),
  allocation: v.boolean(),
  /** Whether instructions per op were counted (valgrind). */
  instructions: v.boolean(),
});

/** An error that cost a benchmark a figure without failing a fork, and which sample it concerns. */
export const RecordedRunErrorSchema = v.object({
  /** The sample it concerns, when one. */
  seq: v.optional(Count),
  side: v.optional(SideSchema),
  errorName: v.string(),
  message: v.string(),
});

/** Identity of one benchmark case: suite + benchmark + parameter assignment (without the compared factor). */
export const BenchmarkIdSchema = v.object({ suite: v.string(), benchmark: v.string(), params: ParamsSchema });

/** All samples and failures of one benchmark case, both sides. */
export const BenchmarkRecordSchema = v.object({
  id: BenchmarkIdSchema,
  /** Stable key, e.g. `RangeTombstoneListBench.benchCopyOnly[size=1000]`. */
  key: v.string(),
  role: RoleSchema,
  /** Human label for each side, e.g. `impl=eager` or `git:HEAD~1 (061749b)`. */
  labels: LabelsSchema,
  samples: v.array(SampleSchema),
  failures: v.array(SampleFailureSchema),
  /** Source location of the benchmark definition, for editors. */
  location: v.optional(LocationSchema),
  /**
   * This benchmark's measurement settings when its suite's own `sampling` made them differ from the run's
   * `measurement` (checked on `--resume`).
   */
  sampling: v.optional(
    v.object({
      sampleMs: v.number(),
      warmupMaxMs: v.number(),
      /** Minimum warm-up per fork, in ms; absent: none (and every run before protocol 8). */
      warmupMinMs: v.optional(v.number()),
    }),
  ),
  /**
   * Errors that cost this benchmark a figure without failing a fork (e.g. an instruction count that could not be
   * made), with their reason; absent when there were none.
   */
  errors: v.optional(v.array(RecordedRunErrorSchema)),
  /** A sequential run's looks at this benchmark, in order (recomputed from the samples on `--resume`). */
  looks: v.optional(v.array(LookSchema)),
  /**
   * Set when this benchmark was measured with another design than the run asked for, and why (e.g. its two sides
   * could not run in one process, so it fell back to one side per fork).
   */
  design: v.optional(v.object({ kind: DesignSchema, reason: v.string() })),
});

/**
 * How a run was started, so a report can say how to reproduce it. Recorded only, never executed: the argv is
 * shell-quoted for display and nothing else.
 */
export const RunInvocationSchema = v.object({
  /**
   * The command line after the `node` executable, exactly as received: the CLI script (as launched), then its
   * arguments. An in-process call of `main()` records `tombstone-bench` in place of the script.
   */
  argv: v.array(v.string()),
  /** Working directory of the run; relative paths in `argv` resolve against it. */
  cwd: v.string(),
});

/**
 * The results file: the run as persisted, raw samples kept (`schemaVersion` is the protocol version it was written
 * with). The analysis is not in it: every reader recomputes it, so files of older versions stay readable.
 */
export const RunRecordSchema = v.object({
  /** The protocol version the file was written with (older readable versions: `READABLE_VERSIONS`). */
  schemaVersion: Count,
  runId: v.string(),
  startedAt: v.string(),
  finishedAt: v.nullable(v.string()),
  /** What was compared: an in-code factor, two git revisions, or the same code twice. */
  comparison: ComparisonSchema,
  config: RunConfigSchema,
  /**
   * Settings that change what a sample measures, so `--resume` can refuse to mix samples taken differently;
   * absent in results files written before they were recorded.
   */
  measurement: v.optional(MeasurementSettingsSchema),
  benchmarks: v.array(BenchmarkRecordSchema),
  /** The command that started the run; absent in results files written before it was recorded. */
  invocation: v.optional(RunInvocationSchema),
});
