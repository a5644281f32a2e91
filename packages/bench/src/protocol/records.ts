/**
 * Schemas of the persisted data model (results file) that events carry too: samples, failures, environments,
 * comparisons. The TypeScript types in `model.ts` must stay assignable to these (checked where events are built).
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
  v.object({ kind: v.literal('aa'), label: v.string(), slowdown: v.optional(v.number()) }),
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
});

/** The run's judging configuration; `samplesPerSide` is the maximum of a sequential run. */
export const RunConfigSchema = v.object({
  samplesPerSide: Count,
  metric: MetricSchema,
  alpha: v.number(),
  threshold: v.number(),
  /** Present in sequential runs (the default since protocol 5); absent: every benchmark takes n per side. */
  sequential: v.optional(SequentialConfigSchema),
});

/** What one look of a sequential run decided. */
export const LookDecisionSchema = v.picklist(['difference', 'equivalence', 'continue', 'final']);

/** One look of a sequential run at one benchmark: n per side, its p against the boundary, and the decision. */
export const LookSchema = v.object({
  n: Count,
  /** U1 of the first n samples per side. */
  u: v.number(),
  /** This look's fixed-n two-sided p (no ties: exact). */
  p: v.number(),
  /** The design's boundary at this look as a fixed-n p: p ≤ boundary stops with a difference. */
  boundary: v.number(),
  deltaPercent: WireNumber,
  /** The stage-wise sequential p, set from the first look that crossed the boundary, and at the final look. */
  pSequential: WireNumber,
  decision: LookDecisionSchema,
});

/** Environment captured inside each fork. */
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
  affinity: v.nullable(v.string()),
});

/** One measurement: one fresh fork, warmed up, then `ops` operations timed. */
export const SampleSchema = v.object({
  seq: Count,
  side: SideSchema,
  ops: v.number(),
  nsPerOp: v.number(),
  cpuNsPerOp: v.number(),
  /** Allocated bytes per op; null when allocation was not measured. */
  bytesPerOp: WireNumber,
  gcCount: Count,
  gcTimeMs: v.number(),
  warmupOps: v.number(),
  /** False when warm-up hit its cap before the metric settled. */
  warmupStable: v.optional(v.boolean()),
  /** With an injected slowdown: the injected share of the op's own time on each clock. */
  injected: v.optional(v.object({ nsPerOp: v.number(), cpuNsPerOp: v.number() })),
  instructionsPerOp: v.optional(WireNumber),
  startedAt: v.string(),
  env: EnvironmentSchema,
});

/** A fork that produced no sample, and why. */
export const SampleFailureSchema = v.object({
  seq: Count,
  side: SideSchema,
  kind: v.picklist(['crash', 'throw', 'timeout', 'build']),
  message: v.string(),
  logTail: v.string(),
});

/** What a sample measures, recorded in the run and checked on `--resume`. */
export const MeasurementSettingsSchema = v.object({
  sampleMs: v.number(),
  warmupMaxMs: v.number(),
  allocation: v.boolean(),
  instructions: v.boolean(),
});

/** An error that cost a benchmark a figure without failing a fork. */
export const RecordedRunErrorSchema = v.object({
  seq: v.optional(Count),
  side: v.optional(SideSchema),
  errorName: v.string(),
  message: v.string(),
});

/** All samples and failures of one benchmark case, both sides. */
export const BenchmarkRecordSchema = v.object({
  id: v.object({ suite: v.string(), benchmark: v.string(), params: ParamsSchema }),
  key: v.string(),
  role: RoleSchema,
  labels: LabelsSchema,
  samples: v.array(SampleSchema),
  failures: v.array(SampleFailureSchema),
  location: v.optional(LocationSchema),
  sampling: v.optional(v.object({ sampleMs: v.number(), warmupMaxMs: v.number() })),
  errors: v.optional(v.array(RecordedRunErrorSchema)),
  /** A sequential run's looks at this benchmark, in order; the last one that is not `continue` decided it. */
  looks: v.optional(v.array(LookSchema)),
});

/** How a run was started (recorded for the report's Reproduction block, never executed). */
export const RunInvocationSchema = v.object({ argv: v.array(v.string()), cwd: v.string() });

/**
 * The results file: the run as persisted, raw samples kept (`schemaVersion` is the protocol version it was written
 * with). The analysis is not in it: every reader recomputes it, so files of older versions stay readable.
 */
export const RunRecordSchema = v.object({
  schemaVersion: Count,
  runId: v.string(),
  startedAt: v.string(),
  finishedAt: v.nullable(v.string()),
  comparison: ComparisonSchema,
  config: RunConfigSchema,
  measurement: v.optional(MeasurementSettingsSchema),
  benchmarks: v.array(BenchmarkRecordSchema),
  invocation: v.optional(RunInvocationSchema),
});
