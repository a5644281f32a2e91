/**
 * The RunReport: an analysed run, the one product of the engine's analyse stage. Every renderer (terminal,
 * Markdown, JSON, JMH, SVG), `report`, the `run-finished` event and every client read it; none of them computes a
 * statistic of its own. Versioned by {@link PROTOCOL_VERSION} like the events and the results file.
 */
import * as v from 'valibot';
import {
  CorrectionSchema,
  DescriptionSchema,
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
  WireNumber,
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

/**
 * One recorded series of a side's samples (ns/op, GC count, …) as JMH's export reports it: the mean with the
 * half-width of its 99.9% Student-t interval (null for a single sample) and that interval, and the percentiles 0,
 * 50, 90, 95, 99, 99.9, 99.99, 99.999, 99.9999 and 100.
 */
export const SeriesSummarySchema = v.object({
  n: Count,
  mean: v.number(),
  error999: WireNumber,
  lower: WireNumber,
  upper: WireNumber,
  percentiles: v.array(v.object({ percent: v.number(), value: v.number() })),
});

/**
 * A side's samples summarised per recorded series (null where a sample lacks the value: allocation or instructions
 * not measured), with the mean operations measured and spent warming up per fork.
 */
export const SideSeriesSchema = v.object({
  forks: Count,
  meanOps: v.number(),
  meanWarmupOps: v.number(),
  nsPerOp: SeriesSummarySchema,
  cpuNsPerOp: v.nullable(SeriesSummarySchema),
  bytesPerOp: v.nullable(SeriesSummarySchema),
  gcCount: v.nullable(SeriesSummarySchema),
  gcTimeMs: v.nullable(SeriesSummarySchema),
  instructionsPerOp: v.nullable(SeriesSummarySchema),
});

/**
 * One benchmark's sides: forks measured, failed and skipped, with allocation, GC and warm-up figures; each side's
 * series (null without samples; what the JMH export prints); and the judged metric over both sides pooled (what a
 * single-variant run's table prints; null without values).
 */
export const BenchmarkSidesSchema = v.object({
  key: v.string(),
  location: v.optional(LocationSchema),
  sides: v.object({ baseline: SideSummarySchema, candidate: SideSummarySchema }),
  series: v.object({ baseline: v.nullable(SideSeriesSchema), candidate: v.nullable(SideSeriesSchema) }),
  pooled: v.nullable(DescriptionSchema),
});

/**
 * The environments of every sample of a run: how many samples, the distinct runtimes, CPUs and CPU affinities (in
 * the order first seen), and the range of the 1-minute load average over the samples.
 */
export const SampleEnvironmentsSchema = v.object({
  samples: Count,
  runtimes: v.array(v.object({ platform: v.string(), arch: v.string(), node: v.string(), v8: v.string() })),
  cpus: v.array(v.object({ model: v.string(), count: Count })),
  affinities: v.array(v.nullable(v.string())),
  loadAverage1m: v.object({ min: v.number(), max: v.number() }),
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
 * be fitted; `environment` the first fork's, `environments` every sample's, `reproduction` the recorded command line
 * as a reader reruns it (`cwd` from the git root, paths relative: no directory of the user's). `compare-files --json`
 * writes one too (`comparison.kind` 'files'; no environment or command: two runs, none of them this one).
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
  /** Every sample's environment summarised (the Reproduction block); null without samples. */
  environments: v.nullable(SampleEnvironmentsSchema),
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
