/**
 * The NDJSON event protocol: one JSON object per line, each with `protocol` (= {@link PROTOCOL_VERSION}), `time`
 * and `type`. The schemas are the contract; the types are inferred from them so the two never drift.
 */
import * as v from 'valibot';
import {
  CorrectionSchema,
  FactorialSchema,
  GrowthSchema,
  RecordedErrorSchema,
  RunSummarySchema,
  SideSummarySchema,
  VerdictSchema,
} from './analysis.js';
import {
  ComparisonSchema,
  Count,
  LabelsSchema,
  LocationSchema,
  ParamsSchema,
  RoleSchema,
  RunConfigSchema,
  SampleFailureSchema,
  SampleSchema,
  SideSchema,
} from './records.js';
import { PROTOCOL_VERSION } from './version.js';

const base = {
  protocol: v.literal(PROTOCOL_VERSION),
  /** ISO timestamp of the event. */
  time: v.string(),
};

/** A benchmark case of the run, as announced by `run-started`. */
export const PlannedBenchmarkSchema = v.object({
  key: v.string(),
  suite: v.string(),
  benchmark: v.string(),
  params: ParamsSchema,
  role: RoleSchema,
  labels: LabelsSchema,
  location: v.optional(LocationSchema),
});

/** A run began (fresh or resumed): every case, and how many of its forks are already done. */
export const RunStartedSchema = v.object({
  ...base,
  type: v.literal('run-started'),
  runId: v.string(),
  resultsFile: v.string(),
  comparison: ComparisonSchema,
  config: RunConfigSchema,
  samplesPerSide: Count,
  /** Forks of the whole run, resumed ones included: `sample-finished.total`. */
  totalForks: Count,
  /** Forks already recorded in a resumed results file (0 for a fresh run). */
  completedForks: Count,
  benchmarks: v.array(PlannedBenchmarkSchema),
});

/** One fork finished: a sample or a failure. `completed` counts toward `total` (skipped forks included). */
export const SampleFinishedSchema = v.object({
  ...base,
  type: v.literal('sample-finished'),
  key: v.string(),
  side: SideSchema,
  seq: Count,
  completed: Count,
  total: Count,
  sample: v.optional(SampleSchema),
  failure: v.optional(SampleFailureSchema),
});

/** Forks of one side of a case that will not run (the side reached the failure limit); they count as completed. */
export const SamplesSkippedSchema = v.object({
  ...base,
  type: v.literal('samples-skipped'),
  key: v.string(),
  side: SideSchema,
  count: Count,
  reason: v.string(),
  completed: Count,
  total: Count,
});

/**
 * All forks of one case finished. `analysis` is this case's verdict on its own (no multiple-comparison
 * correction: the run's corrected verdicts are in `run-finished`); `analysisError` says why it could not be made.
 */
export const BenchmarkFinishedSchema = v.object({
  ...base,
  type: v.literal('benchmark-finished'),
  key: v.string(),
  location: v.optional(LocationSchema),
  samples: v.object({ baseline: Count, candidate: Count }),
  failures: Count,
  sides: v.object({ baseline: SideSummarySchema, candidate: SideSummarySchema }),
  analysis: v.optional(VerdictSchema),
  analysisError: v.optional(RecordedErrorSchema),
});

/** The run ended; emitted exactly once. Analyses are present when the run completed. */
export const RunFinishedSchema = v.object({
  ...base,
  type: v.literal('run-finished'),
  runId: v.string(),
  resultsFile: v.string(),
  interrupted: v.boolean(),
  exitCode: v.pipe(v.number(), v.integer()),
  /** Forks skipped over the whole run (failure limit). */
  skippedForks: Count,
  summary: v.optional(RunSummarySchema),
  /** The run's verdicts, one per benchmark, as the report and the gate judge them. */
  verdicts: v.optional(v.array(VerdictSchema)),
  /** The correction the verdicts' `pAdjusted` applies. */
  correction: v.optional(CorrectionSchema),
  growth: v.optional(GrowthSchema),
  factorial: v.optional(FactorialSchema),
});

/**
 * The run was cancelled before it started measuring (while a `compare` checked out, installed or built its
 * revisions, or while bench files compiled): no `run-started` came and none will, no results file was written.
 * The stream's last event, so a client sees the end.
 */
export const RunCancelledSchema = v.object({
  ...base,
  type: v.literal('run-cancelled'),
  exitCode: v.pipe(v.number(), v.integer()),
  message: v.string(),
});

/** A user-facing error (bad input, compile error, build failure, a failed analysis …). */
export const ErrorEventSchema = v.object({
  ...base,
  type: v.literal('error'),
  errorName: v.string(),
  message: v.string(),
  key: v.optional(v.string()),
});

/** Every event of the protocol, discriminated by `type`. */
export const BenchEventSchema = v.variant('type', [
  RunStartedSchema,
  SampleFinishedSchema,
  SamplesSkippedSchema,
  BenchmarkFinishedSchema,
  RunFinishedSchema,
  RunCancelledSchema,
  ErrorEventSchema,
]);

/** `run-started`. */
export type RunStartedEvent = v.InferOutput<typeof RunStartedSchema>;
/** `sample-finished`. */
export type SampleFinishedEvent = v.InferOutput<typeof SampleFinishedSchema>;
/** `samples-skipped`. */
export type SamplesSkippedEvent = v.InferOutput<typeof SamplesSkippedSchema>;
/** `benchmark-finished`. */
export type BenchmarkFinishedEvent = v.InferOutput<typeof BenchmarkFinishedSchema>;
/** `run-finished`. */
export type RunFinishedEvent = v.InferOutput<typeof RunFinishedSchema>;
/** `run-cancelled`. */
export type RunCancelledEvent = v.InferOutput<typeof RunCancelledSchema>;
/** `error`. */
export type ErrorEvent = v.InferOutput<typeof ErrorEventSchema>;
/** Every event of the protocol. */
export type BenchEvent = v.InferOutput<typeof BenchEventSchema>;
/** The `type` of an event. */
export type BenchEventType = BenchEvent['type'];

/** An event as the runner builds it, before `protocol` and `time` are stamped on. */
export type Payload<E> = E extends BenchEvent ? Omit<E, 'protocol' | 'time'> : never;
