/**
 * The protocol's value types, inferred from their schemas (see `events.ts` for the events themselves): the results
 * file's (`RunRecord` and its parts) and the analysed run's (`RunReport`). No type here is declared by hand.
 */
import type * as v from 'valibot';
import type {
  CheckFindingSchema,
  CheckNameSchema,
  CheckQuantitySchema,
  CheckSchema,
  CheckSummarySchema,
  ComparisonStatsSchema,
  CorrectionSchema,
  DescriptionSchema,
  EquivalenceSchema,
  FactorialSchema,
  FactorialTableSchema,
  GrowthComparisonSchema,
  GrowthFitSchema,
  GrowthPointSchema,
  GrowthSchema,
  HodgesLehmannSchema,
  NotFittableSchema,
  OutcomeSchema,
  RecordedErrorSchema,
  RelationSchema,
  RunSummarySchema,
  SideSummarySchema,
  SignificanceReachSchema,
  VerdictBasisSchema,
  VerdictSchema,
} from './analysis.js';
import type { CalibrationSummarySchema } from './calibration.js';
import type { PlannedBenchmarkSchema } from './events.js';
import type { ListedCaseSchema } from './list.js';
import type {
  BenchmarkIdSchema,
  BenchmarkRecordSchema,
  ComparisonSchema,
  EnvironmentSchema,
  LocationSchema,
  LookSchema,
  MeasurementSettingsSchema,
  MetricSchema,
  ParamValueSchema,
  RecordedRunErrorSchema,
  RoleSchema,
  RunConfigSchema,
  RunInvocationSchema,
  RunRecordSchema,
  SampleFailureSchema,
  SampleSchema,
  SequentialConfigSchema,
  SideSchema,
} from './records.js';
import type {
  AnalysisConfigSchema,
  BenchmarkSidesSchema,
  FilesComparisonSchema,
  ReportComparisonSchema,
  ResultsDocumentSchema,
  RunReportSchema,
  SampleEnvironmentsSchema,
  SeriesSummarySchema,
  SideSeriesSchema,
} from './run-report.js';

/** baseline | candidate. */
export type ProtocolSide = v.InferOutput<typeof SideSchema>;
/** primary | guardrail. */
export type ProtocolRole = v.InferOutput<typeof RoleSchema>;
/** A parameter value. */
export type ProtocolParamValue = v.InferOutput<typeof ParamValueSchema>;
/** A benchmark's source location (1-based line and column). */
export type SourceLocation = v.InferOutput<typeof LocationSchema>;
/** The judged metric. */
export type MetricId = v.InferOutput<typeof MetricSchema>;
/** What a run compares. */
export type ProtocolComparison = v.InferOutput<typeof ComparisonSchema>;
/** A run's judging configuration. */
export type ProtocolRunConfig = v.InferOutput<typeof RunConfigSchema>;
/** A sequential run's design (looks, spending, the design's alpha). */
export type SequentialConfig = v.InferOutput<typeof SequentialConfigSchema>;
/** One look of a sequential run at one benchmark. */
export type Look = v.InferOutput<typeof LookSchema>;
/** A fork's environment. */
export type ProtocolEnvironment = v.InferOutput<typeof EnvironmentSchema>;
/** One sample. */
export type ProtocolSample = v.InferOutput<typeof SampleSchema>;
/** One failed fork. */
export type ProtocolSampleFailure = v.InferOutput<typeof SampleFailureSchema>;
/** The whole run as a results file holds it: records of every benchmark, raw samples kept. */
export type RunRecord = v.InferOutput<typeof RunRecordSchema>;
/** All samples and failures of one benchmark case, both sides. */
export type BenchmarkRecord = v.InferOutput<typeof BenchmarkRecordSchema>;
/** Identity of one benchmark case: suite + benchmark + parameter assignment. */
export type BenchmarkId = v.InferOutput<typeof BenchmarkIdSchema>;
/** An error recorded in a results file, and which sample it concerns. */
export type RecordedRunError = v.InferOutput<typeof RecordedRunErrorSchema>;
/** How a run was started (the command line and working directory), recorded for the report's Reproduction. */
export type RunInvocation = v.InferOutput<typeof RunInvocationSchema>;
/** The per-sample settings that change the measured numbers (checked on `--resume`). */
export type MeasurementSettings = v.InferOutput<typeof MeasurementSettingsSchema>;
/** A case announced by `run-started`. */
export type PlannedBenchmark = v.InferOutput<typeof PlannedBenchmarkSchema>;
/** A verdict outcome. */
export type VerdictOutcome = v.InferOutput<typeof OutcomeSchema>;
/** One of the eight check names. */
export type ProtocolCheckName = v.InferOutput<typeof CheckNameSchema>;
/** One check with what it measured. */
export type ProtocolCheck = v.InferOutput<typeof CheckSchema>;
/** What a check finding measured. */
export type CheckQuantity = v.InferOutput<typeof CheckQuantitySchema>;
/** How a finding's value is held to its limit. */
export type Relation = v.InferOutput<typeof RelationSchema>;
/** One measured fact of a check. */
export type CheckFinding = v.InferOutput<typeof CheckFindingSchema>;
/** What a verdict's outcome was decided from. */
export type VerdictBasis = v.InferOutput<typeof VerdictBasisSchema>;
/** Whether a run's sample sizes can reach alpha. */
export type SignificanceReach = v.InferOutput<typeof SignificanceReachSchema>;
/** Descriptive statistics of one side. */
export type ProtocolDescription = v.InferOutput<typeof DescriptionSchema>;
/** A Hodges-Lehmann estimate with its interval. */
export type ProtocolHodgesLehmann = v.InferOutput<typeof HodgesLehmannSchema>;
/** A comparison's interval held against ±threshold, and whether an Unchanged/Held claim is shown by it. */
export type ProtocolEquivalence = v.InferOutput<typeof EquivalenceSchema>;
/** The statistics comparing the sides. */
export type ProtocolComparisonStats = v.InferOutput<typeof ComparisonStatsSchema>;
/** The verdict of one benchmark. */
export type Verdict = v.InferOutput<typeof VerdictSchema>;
/** The multiple-comparison correction. */
export type Correction = v.InferOutput<typeof CorrectionSchema>;
/** One side's fork counts and allocation, GC and warm-up figures. */
export type SideSummary = v.InferOutput<typeof SideSummarySchema>;
/** An error recorded in place of a result. */
export type RecordedError = v.InferOutput<typeof RecordedErrorSchema>;
/** One check over the run. */
export type ProtocolCheckSummary = v.InferOutput<typeof CheckSummarySchema>;
/** The run summary. */
export type ProtocolRunSummary = v.InferOutput<typeof RunSummarySchema>;
/** A group that could not be fitted. */
export type ProtocolNotFittable = v.InferOutput<typeof NotFittableSchema>;
/** One side's growth fit. */
export type ProtocolGrowthFit = v.InferOutput<typeof GrowthFitSchema>;
/** The samples at one value of a growth parameter. */
export type ProtocolGrowthPoint = v.InferOutput<typeof GrowthPointSchema>;
/** Growth of one group, both sides. */
export type ProtocolGrowthComparison = v.InferOutput<typeof GrowthComparisonSchema>;
/** The growth analysis. */
export type ProtocolGrowth = v.InferOutput<typeof GrowthSchema>;
/** One 2×2 table. */
export type ProtocolFactorialTable = v.InferOutput<typeof FactorialTableSchema>;
/** The factorial analysis. */
export type ProtocolFactorial = v.InferOutput<typeof FactorialSchema>;
/** One case in `list --json`. */
export type ListedCase = v.InferOutput<typeof ListedCaseSchema>;
/** An analysed run: what every report, `run-finished` and every client read. */
export type RunReport = v.InferOutput<typeof RunReportSchema>;
/** The rule set a run was judged with. */
export type ProtocolAnalysisConfig = v.InferOutput<typeof AnalysisConfigSchema>;
/** One recorded series of a side's samples: mean, its 99.9% t-interval, percentiles. */
export type SeriesSummary = v.InferOutput<typeof SeriesSummarySchema>;
/** A side's samples summarised per recorded series. */
export type SideSeries = v.InferOutput<typeof SideSeriesSchema>;
/** Every sample's environment of a run, summarised. */
export type SampleEnvironments = v.InferOutput<typeof SampleEnvironmentsSchema>;
/** One benchmark's per-side figures in a RunReport. */
export type BenchmarkSides = v.InferOutput<typeof BenchmarkSidesSchema>;
/** What a RunReport compares: its run's comparison, or two saved files (`compare-files`). */
export type ReportComparison = v.InferOutput<typeof ReportComparisonSchema>;
/** `compare-files`'s comparison: the two files, the side compared, the benchmarks found in one file only. */
export type FilesComparison = v.InferOutput<typeof FilesComparisonSchema>;
/** The RunReport of `compare-files` (what `compare-files --json` prints): two saved runs compared. */
export type FilesReport = RunReport & { comparison: FilesComparison };
/** A results file as this protocol version writes it: the same type as {@link RunRecord}, under the protocol's name. */
export type ProtocolRunRecord = RunRecord;
/** `report --format json`: a run's records with its RunReport as `analysis`. */
export type ResultsDocument = v.InferOutput<typeof ResultsDocumentSchema>;
/** `calibration.json`: a calibration's A/A rates, power per injected slowdown and smallest detectable changes. */
export type ProtocolCalibrationSummary = v.InferOutput<typeof CalibrationSummarySchema>;
