/**
 * Schemas of the statistics the runner reports: the verdict of one benchmark (medians, Δ%, p, Hodges-Lehmann
 * shift and ratio with their intervals, the checks with their reasons), the run summary, and the growth and
 * factorial analyses. Numbers only: every label a report prints is made from them in `report/`.
 */
import * as v from 'valibot';
import {
  Count,
  LabelsSchema,
  LookDecisionSchema,
  LookSchema,
  MetricSchema,
  ParamsSchema,
  RoleSchema,
  SideSchema,
  WireNumber,
} from './records.js';

/** Every outcome: primaries Won/Lost/Unchanged, guardrails Held/Lost; Inconclusive when a check failed; Invalid when a side has no data. */
export const OutcomeSchema = v.picklist(['Won', 'Held', 'Unchanged', 'Lost', 'Inconclusive', 'Invalid']);

/** The eight checks, in report order. */
export const CheckNameSchema = v.picklist([
  'pairing',
  'environment_consistent',
  'baseline_valid',
  'benchmark_passed',
  'measurements_sane',
  'metric_present',
  'sample_sufficiency',
  'sample_independence',
]);

/** What a check finding measured (a report names and formats each; see `protocol/check-text.ts`). */
export const CheckQuantitySchema = v.picklist([
  /** Samples of a side (`side` set) or of both (`side` null). */
  'samples',
  'interleaved_pairs',
  /** A seq used by more than one fork (`value` is the seq). */
  'duplicate_seq',
  /** A time-ordered pair whose two forks ran the same side (`value` is the pair number, `note` the seqs). */
  'uninterleaved_pair',
  /** One environment field: identical (`note` its value) or differing (`note` the values per side). */
  'environment',
  'build_failure',
  'failed_forks',
  /** The first failed fork (`value` its seq, `note` kind, message and the user's frames). */
  'first_failure',
  'forks',
  'missing_metric',
  'no_values',
  'min_value',
  /** The sample farthest from its side's median, as a factor (x/median or median/x, whichever is ≥ 1). */
  'farthest_from_median',
  /** Samples more than `note`× from their side's median (the limit: how many of them are tolerated). */
  'outliers',
  /** 1.4826·MAD/median as a fraction. */
  'robust_cv',
  'min_achievable_p',
  'lag1_autocorrelation',
  'runs',
  'runs_test_p',
  'mann_kendall_tau',
  'mann_kendall_p',
  /** Paired forks (protocol 10): forks in the design (`value`), both sides measured in each. */
  'paired_forks',
  /** Paired forks: exact p of the forks' log ratios grouped by which side went first (order of loading and warm-up). */
  'first_side_p',
  /** Paired forks: exact p of the per-fork difference between baseline-led and candidate-led blocks. */
  'block_lead_p',
]);

/** How a measured value is compared with its limit: the finding passes when `value relation limit` holds. */
export const RelationSchema = v.picklist(['<', '<=', '>', '>=', '=']);

/** One measured fact of a check: the value, the limit it is held to, and whether it passed. */
export const CheckFindingSchema = v.object({
  quantity: CheckQuantitySchema,
  /** The side it was measured on; null for both sides together. */
  side: v.nullable(SideSchema),
  /** The measured number; null for a fact that is not a number (a build failure, an environment field). */
  value: WireNumber,
  /** The limit the value is held to; null for a plain fact. */
  limit: v.nullable(v.object({ relation: RelationSchema, value: v.number() })),
  passed: v.boolean(),
  /** What is not a number: an error message and the user's frames, environment values, seqs. */
  note: v.nullable(v.string()),
});

/** One check on one benchmark, with what was measured. */
export const CheckSchema = v.object({
  name: CheckNameSchema,
  passed: v.boolean(),
  findings: v.array(CheckFindingSchema),
});

/** A summary of one side's values of the judged metric. */
export const DescriptionSchema = v.object({
  n: Count,
  min: v.number(),
  max: v.number(),
  mean: v.number(),
  median: v.number(),
  sd: v.number(),
  /** null when the mean is 0. */
  cv: WireNumber,
  mad: v.number(),
  /** null when the median is 0. */
  robustCv: WireNumber,
  q1: v.number(),
  q3: v.number(),
});

/** A Hodges-Lehmann estimate; a bound is null when the samples are too small for a finite one. */
export const HodgesLehmannSchema = v.object({
  estimate: v.number(),
  lower: WireNumber,
  upper: WireNumber,
  achievedConfidence: v.number(),
  k: Count,
});

/** The statistics comparing the two sides. */
export const ComparisonStatsSchema = v.object({
  baseline: DescriptionSchema,
  candidate: DescriptionSchema,
  /** (median candidate − median baseline) / median baseline · 100; null when the baseline median is 0. */
  deltaPercent: WireNumber,
  /** Hodges-Lehmann shift candidate − baseline, in metric units. */
  shift: HodgesLehmannSchema,
  /** Hodges-Lehmann ratio candidate / baseline; null when a value is ≤ 0. */
  ratio: v.nullable(HodgesLehmannSchema),
  /** U1 of the two sides' values (Mann-Whitney; the test of the `forks` design). */
  u: v.number(),
  /** The exact two-sided p of the design's test: Mann-Whitney (`forks`), signed-rank over the forks (`paired`). */
  p: v.number(),
  exact: v.boolean(),
  /**
   * The design the test and intervals belong to (protocol 10): `paired` (the signed-rank test and the one-sample
   * Hodges-Lehmann interval of the forks' within-fork log ratios; `deltaPercent` is the ratio estimate's change) or
   * `forks` (Mann-Whitney and the two-sample intervals; `deltaPercent` the change of the medians).
   */
  design: v.picklist(['paired', 'forks']),
  /** The signed-rank statistic W+ over the paired forks' log ratios; null for `forks`. */
  wPlus: v.nullable(v.number()),
});

/** The multiple-comparison correction across a run's benchmarks. */
export const CorrectionSchema = v.picklist(['holm', 'none']);

/**
 * What an outcome was decided from: Won/Lost need p (after the correction) < alpha and |Δ%| ≥ threshold; a failed
 * check makes it Inconclusive; a side without values makes it Invalid.
 */
export const VerdictBasisSchema = v.object({
  alpha: v.number(),
  /** The noise threshold as a fraction (0.02 = ±2%). */
  threshold: v.number(),
  correction: CorrectionSchema,
  /** The decisive p is below alpha; null without statistics. */
  significant: v.nullable(v.boolean()),
  /** |Δ%| reaches the threshold; null without statistics. */
  beyond: v.nullable(v.boolean()),
  /** What the statistics alone read (the outcome unless Inconclusive); null without statistics. */
  statisticalOutcome: v.nullable(OutcomeSchema),
  /** The checks that failed (non-empty exactly when Inconclusive). */
  failedChecks: v.array(CheckNameSchema),
  /** The side without values (Invalid); null otherwise. */
  emptySide: v.nullable(SideSchema),
  /**
   * Set when the statistics alone read Unchanged or Held but the interval does not show it (Unchanged: not inside
   * ±threshold; Held: reaching past +threshold), so the outcome is Inconclusive (protocol 10): the interval, and
   * about how many samples per side would narrow it enough at the same spread (null when no number would: the
   * estimate itself lies beyond the threshold).
   */
  unresolved: v.nullable(
    v.object({
      lowerPercent: WireNumber,
      upperPercent: WireNumber,
      samplesPerSide: v.nullable(Count),
    }),
  ),
});

/**
 * A comparison's Hodges-Lehmann interval held against ±threshold: whether it shows the change to be within the
 * noise threshold, which an Unchanged or Held outcome alone does not (it says only that no change beyond it was found).
 */
export const EquivalenceSchema = v.object({
  /** The interval as a percent change candidate vs baseline; null when unbounded (n too small) or the baseline median is 0. */
  lowerPercent: WireNumber,
  upperPercent: WireNumber,
  /** The interval's half-width over the threshold: above 1 it cannot fit inside ±threshold; null when unbounded. */
  halfWidthToThreshold: WireNumber,
  /** The whole interval lies inside [-threshold, +threshold]: equivalence within ±threshold is shown. */
  withinThreshold: v.boolean(),
  /** The interval's upper end is at most +threshold: no regression beyond the threshold is shown (a guardrail's Held). */
  belowThreshold: v.boolean(),
});

/** The verdict of one benchmark. */
export const VerdictSchema = v.object({
  key: v.string(),
  role: RoleSchema,
  metric: MetricSchema,
  /** Unit of the metric, e.g. `ns/op`. */
  unit: v.string(),
  labels: LabelsSchema,
  /** null when a side has no values (outcome Invalid). */
  stats: v.nullable(ComparisonStatsSchema),
  /** The p the outcome is decided on: `stats.p` after the run's multiple-comparison correction; null without stats. */
  pAdjusted: WireNumber,
  outcome: OutcomeSchema,
  /** Why the outcome is what it is: the rule's inputs (a report words them). */
  basis: VerdictBasisSchema,
  /** The interval held against ±threshold (protocol 9); null without stats. */
  equivalence: v.nullable(EquivalenceSchema),
  checks: v.array(CheckSchema),
  /** A sequential run: where the benchmark was decided and the p Holm read (absent in a fixed-n run). */
  sequential: v.optional(
    v.object({
      /** Samples per side when it was decided ("decided at n = 5 of 20"). */
      decidedAt: Count,
      maxN: Count,
      decision: LookDecisionSchema,
      /** The stage-wise sequential p (what `pAdjusted` adjusts in a sequential run); null when not decided. */
      pSequential: WireNumber,
      looks: v.array(LookSchema),
    }),
  ),
});

/** One side's forks of one benchmark: counts, and the allocation, GC and warm-up figures of its samples. */
export const SideSummarySchema = v.object({
  samples: Count,
  failures: Count,
  /** Forks not run because the side reached the failure limit. */
  skipped: Count,
  /** Median allocated bytes per op; null when not measured or no samples. */
  bytesPerOp: WireNumber,
  /** Median GC count per sample; null without samples. */
  gcCount: WireNumber,
  /** Median GC time per sample, ms; null without samples. */
  gcTimeMs: WireNumber,
  /** Samples whose warm-up hit its cap before the metric settled. */
  warmupCapped: Count,
});

/** An error that was recorded instead of an analysis or a measurement. */
export const RecordedErrorSchema = v.object({ errorName: v.string(), message: v.string() });

/** One check summarised over all benchmarks. */
export const CheckSummarySchema = v.object({
  name: CheckNameSchema,
  passed: v.boolean(),
  passedCount: Count,
  /** The benchmarks it failed on, with what was measured there. */
  failures: v.array(v.object({ key: v.string(), findings: v.array(CheckFindingSchema) })),
});

/**
 * Whether the run's sample sizes can reach alpha at all: the smallest p the exact U test can give at this n, times
 * the family size under Holm (its first step). When it is not below alpha no benchmark can be Won or Lost and the
 * gate cannot fail, whatever the code does.
 */
export const SignificanceReachSchema = v.object({
  /** The smallest samples per side among the benchmarks with values. */
  samplesPerSide: Count,
  /** Benchmarks in the correction's family. */
  family: Count,
  /** The smallest p any benchmark can reach after the correction. */
  smallestP: v.number(),
  alpha: v.number(),
  reachable: v.boolean(),
  /** The smallest equal samples per side at which it is reachable for this family and alpha. */
  minimumSamplesPerSide: Count,
});

/** Summary of a whole run. */
export const RunSummarySchema = v.object({
  benchmarks: Count,
  outcomes: v.object({
    Won: Count,
    Held: Count,
    Unchanged: Count,
    Lost: Count,
    Inconclusive: Count,
    Invalid: Count,
  }),
  checks: v.array(CheckSummarySchema),
  allChecksPassed: v.boolean(),
  /** fail when a benchmark is Lost or Invalid. */
  gate: v.picklist(['pass', 'fail']),
  /** Benchmarks with p < alpha. */
  significant: Count,
  /** A/A runs: the share of Won/Lost verdicts and of p < alpha. */
  aa: v.nullable(v.object({ falseVerdictRate: WireNumber, falsePositiveRate: WireNumber })),
  /** null when no benchmark has values on both sides. */
  reach: v.nullable(SignificanceReachSchema),
});

/** A growth or factorial group that could not be analysed. */
export const NotFittableSchema = v.object({
  analysis: v.picklist(['growth', 'factorial']),
  key: v.string(),
  side: v.nullable(SideSchema),
  reason: v.string(),
});

/** metric ≈ a·N^b fitted on one side. */
export const GrowthFitSchema = v.object({
  exponent: v.number(),
  lower: WireNumber,
  upper: WireNumber,
  coefficient: v.number(),
  r2: WireNumber,
  points: Count,
  confidence: v.number(),
});

/** The samples of one value of the swept parameter (what a fit is made on, and a growth plot draws). */
export const GrowthPointSchema = v.object({ n: v.number(), values: v.array(v.number()) });

/** Baseline and candidate growth of one benchmark group over the swept parameter. */
export const GrowthComparisonSchema = v.object({
  key: v.string(),
  suite: v.string(),
  benchmark: v.string(),
  param: v.string(),
  fixedParams: ParamsSchema,
  values: v.array(v.number()),
  baseline: GrowthFitSchema,
  candidate: GrowthFitSchema,
  /** The exponents' intervals are disjoint. */
  changed: v.boolean(),
  /** The samples each side's fit was made on, per value of the parameter. */
  points: v.object({ baseline: v.array(GrowthPointSchema), candidate: v.array(GrowthPointSchema) }),
});

/** `--growth <param>`: the fitted groups and those that could not be fitted. */
export const GrowthSchema = v.object({
  param: v.string(),
  comparisons: v.array(GrowthComparisonSchema),
  notFittable: v.array(NotFittableSchema),
});

const EffectSchema = v.object({
  from: v.number(),
  to: v.number(),
  percent: WireNumber,
  u: v.number(),
  p: v.number(),
});
const FactorSchema = v.object({ name: v.string(), levels: v.tuple([v.string(), v.string()]) });
const Pair = <T extends v.GenericSchema>(s: T) => v.tuple([s, s]);

/** One 2×2 table (code × configuration). */
export const FactorialTableSchema = v.object({
  key: v.string(),
  unit: v.string(),
  code: FactorSchema,
  config: FactorSchema,
  medians: Pair(Pair(v.number())),
  codeEffect: Pair(EffectSchema),
  configEffect: Pair(EffectSchema),
  interactionPercent: WireNumber,
});

/** `--factorial <param>`: the tables and the groups that could not be analysed. */
export const FactorialSchema = v.object({
  param: v.string(),
  tables: v.array(FactorialTableSchema),
  notFittable: v.array(NotFittableSchema),
});
