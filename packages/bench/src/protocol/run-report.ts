/**
 * The RunReport: an analysed run, the one product of the engine's analyse stage. Every renderer (terminal,
 * Markdown, JSON, JMH, SVG), `report`, the `run-finished` event and every client read it; none of them computes a
 * statistic of its own. Versioned by {@link PROTOCOL_VERSION} like the events and the results file.
 */
import * as v from 'valibot';
import {
  CorrectionSchema,
  FactorialTableSchema,
  GrowthComparisonSchema,
  NotFittableSchema,
  RunSummarySchema,
  SideSummarySchema,
  VerdictSchema,
} from './analysis.js';
import {
  ComparisonSchema,
  Count,
  EnvironmentSchema,
  LocationSchema,
  MetricSchema,
  RunInvocationSchema,
  RunRecordSchema,
} from './records.js';
import { PROTOCOL_VERSION } from './version.js';

/** The rule set a run was judged with: the verdict rule's alpha, threshold and correction, and the checks' limits. */
export const AnalysisConfigSchema = v.object({
  metric: MetricSchema,
  alpha: v.number(),
  threshold: v.number(),
  /** Confidence level of the Hodges-Lehmann intervals. */
  confidence: v.number(),
  correction: CorrectionSchema,
  /** A sequential run's maximum samples per side; null for a fixed-n run. */
  sequentialMax: v.nullable(Count),
  outlierFactor: v.number(),
  maxOutlierShare: v.number(),
  maxSampleFactor: v.number(),
  maxRobustCv: v.number(),
  independenceAlpha: v.number(),
});

/** One benchmark's sides: forks measured, failed and skipped, with allocation, GC and warm-up figures. */
export const BenchmarkSidesSchema = v.object({
  key: v.string(),
  location: v.optional(LocationSchema),
  sides: v.object({ baseline: SideSummarySchema, candidate: SideSummarySchema }),
});

/** One saved results file compared by `compare-files`: the path as given, and its run. */
const SavedFileSchema = v.object({ file: v.string(), runId: v.string() });

/**
 * `compare-files`: two saved runs compared without measuring. The old file's samples are the baseline, the new
 * file's the candidate; `side` is the side of each file that stands for its code (`both`: an A/A run's two sides
 * pooled); `onlyOld`/`onlyNew` are the benchmarks found in one file only (they have no verdict).
 */
export const FilesComparisonSchema = v.object({
  kind: v.literal('files'),
  old: SavedFileSchema,
  new: SavedFileSchema,
  side: v.picklist(['baseline', 'candidate', 'both']),
  onlyOld: v.array(v.string()),
  onlyNew: v.array(v.string()),
});

/** What a RunReport compares: what its run compared, or two saved runs (`compare-files`). */
export const ReportComparisonSchema = v.variant('kind', [...ComparisonSchema.options, FilesComparisonSchema]);

/**
 * An analysed run. `verdicts` are the run's final verdicts (Holm-adjusted across it when `config.correction` is
 * holm), each with its statistics, checks (structured findings) and basis; `benchmarks` the per-side figures;
 * `growth`/`factorials` the fits asked for (`growthParam`/`factorialParam`), `notFittable` the groups that could not
 * be fitted; `environment` the first fork's, `reproduction` the recorded command line. `compare-files --json` writes
 * one too (`comparison.kind` 'files'; no environment or command: two runs, none of them this one).
 */
export const RunReportSchema = v.object({
  protocol: v.literal(PROTOCOL_VERSION),
  runId: v.string(),
  comparison: ReportComparisonSchema,
  config: AnalysisConfigSchema,
  verdicts: v.array(VerdictSchema),
  summary: RunSummarySchema,
  benchmarks: v.array(BenchmarkSidesSchema),
  growthParam: v.nullable(v.string()),
  growth: v.array(GrowthComparisonSchema),
  factorialParam: v.nullable(v.string()),
  factorials: v.array(FactorialTableSchema),
  notFittable: v.array(NotFittableSchema),
  environment: v.nullable(EnvironmentSchema),
  reproduction: v.nullable(RunInvocationSchema),
});

/**
 * `report --format json`: the run's records as its results file holds them, under this protocol's version
 * (`schemaVersion`), with the run's {@link RunReportSchema} as `analysis`.
 */
export const ResultsDocumentSchema = v.object({
  ...RunRecordSchema.entries,
  schemaVersion: v.literal(PROTOCOL_VERSION),
  analysis: RunReportSchema,
});
