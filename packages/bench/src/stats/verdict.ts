/**
 * The verdict of one benchmark: medians, Δ%, Hodges-Lehmann shift and ratio, the exact test of its design (the
 * signed-rank test over paired forks, or Mann-Whitney over one-side forks), the outcome, and the eight checks.
 */

import type { BenchmarkRecord, Role, RunRecord, Side } from '../model.js';
import type { VerdictBasis } from '../protocol/types.js';
import {
  type CheckConfig,
  type CheckResult,
  DEFAULT_CHECK_CONFIG,
  runChecks,
  sufficientSizes,
} from './checks.js';
import { type Description, describe } from './describe.js';
import { type Equivalence, equivalenceOf, type IntervalInput, thresholdInterval } from './equivalence.js';
import { assertOpenUnit, StatsInputError } from './errors.js';
import { type HodgesLehmannResult, hodgesLehmann, hodgesLehmannRatio } from './hodges-lehmann.js';
import { adjustPValues, CORRECTIONS, type Correction } from './holm.js';
import { mannWhitneyU } from './mann-whitney.js';
import { METRIC_NAMES, METRIC_UNITS, type MetricName, sideValues } from './metric.js';
import { type PairedForks, pairedForks } from './paired.js';
import { type Look, type LookDecision, sequentialPOf } from './sequential/look.js';
import { hodgesLehmannPaired, pairedRatio, signedRankTest } from './signed-rank.js';

/**
 * Outcome of a benchmark: primaries are Won/Lost/Unchanged, guardrails Held/Lost; Inconclusive when a check failed
 * (the statistics are shown but are not a verdict); Invalid when a side has no data.
 */
export type Outcome = 'Won' | 'Lost' | 'Unchanged' | 'Held' | 'Inconclusive' | 'Invalid';

/** Every outcome, in report order. */
export const OUTCOMES: readonly Outcome[] = ['Won', 'Held', 'Unchanged', 'Lost', 'Inconclusive', 'Invalid'];

/** Everything the verdict depends on. */
export interface AnalysisConfig extends CheckConfig {
  /** Minimum |Δ%| as a fraction (0.02 = 2%) for Won/Lost. */
  threshold: number;
  /** Confidence level of the Hodges-Lehmann intervals. */
  confidence: number;
  /** Multiple-comparison correction across the benchmarks of one run ('holm' by default). */
  correction: Correction;
  /**
   * A sequential run's maximum samples per side (its last look); null for a fixed-n run. With it, a benchmark's
   * looks decide its p: Holm reads the stage-wise sequential p, not the fixed-n p of its final samples.
   */
  sequentialMax: number | null;
}

/** Where a sequential run decided a benchmark, and the p the correction read. */
export interface SequentialVerdict {
  /** Samples per side at the deciding look. */
  decidedAt: number;
  maxN: number;
  decision: LookDecision;
  /** The stage-wise sequential p; null when no look decided (an interrupted run). */
  pSequential: number | null;
  looks: Look[];
}

/** The statistics comparing the two sides (absent when a side has no values). */
export interface ComparisonStats {
  baseline: Description;
  candidate: Description;
  /** (median candidate − median baseline) / median baseline · 100. */
  deltaPercent: number;
  /** Hodges-Lehmann shift candidate − baseline, in metric units. */
  shift: HodgesLehmannResult;
  /** Hodges-Lehmann ratio candidate / baseline (null when a value is ≤ 0, e.g. 0 B/op). */
  ratio: HodgesLehmannResult | null;
  /** U1 with x = baseline, y = candidate. */
  u: number;
  /** Exact two-sided p of the design's test. */
  p: number;
  exact: boolean;
  /** `paired`: signed-rank over the forks' log ratios; `forks`: Mann-Whitney over the sides' values. */
  design: 'paired' | 'forks';
  /** W+ of the signed-rank test (paired); null for `forks`. */
  wPlus: number | null;
}

/** The verdict of one benchmark. */
export interface BenchmarkVerdict {
  key: string;
  role: Role;
  metric: MetricName;
  unit: string;
  labels: BenchmarkRecord['labels'];
  stats: ComparisonStats | null;
  /**
   * The p the outcome is decided on: `stats.p` adjusted across the run's benchmarks by `correction` (equal to it
   * under 'none' or for a single benchmark); null without statistics.
   */
  pAdjusted: number | null;
  outcome: Outcome;
  /** What the outcome was decided from (alpha, threshold, which side of each, failed checks); reports word it. */
  basis: VerdictBasis;
  /**
   * The Hodges-Lehmann interval held against ±threshold, and whether an Unchanged/Held outcome is shown by it (null
   * without statistics). It does not change the outcome: a wide interval is Unchanged, but not shown unchanged.
   */
  equivalence: Equivalence | null;
  checks: CheckResult[];
  /** A sequential run's looks and decision (absent in a fixed-n run). */
  sequential?: SequentialVerdict;
}

export type { VerdictBasis };

/**
 * Builds the analysis config from a run's `config`, with check defaults and optional overrides.
 * @throws {StatsInputError} for an unknown metric, alpha/confidence outside (0, 1) or a negative threshold.
 */
export function analysisConfigFromRun(
  run: RunRecord,
  overrides: Partial<AnalysisConfig> = {},
): AnalysisConfig {
  const config: AnalysisConfig = {
    ...DEFAULT_CHECK_CONFIG,
    metric: run.config.metric,
    alpha: run.config.alpha,
    threshold: run.config.threshold,
    confidence: 0.95,
    correction: 'holm',
    sequentialMax: run.config.sequential ? (run.config.sequential.looks.at(-1) ?? null) : null,
    ...overrides,
  };
  validateConfig(config);
  return config;
}

function validateConfig(config: AnalysisConfig): void {
  if (!METRIC_NAMES.includes(config.metric)) {
    throw new StatsInputError('metric', config.metric, `unknown metric "${String(config.metric)}"`);
  }
  if (!CORRECTIONS.includes(config.correction)) {
    throw new StatsInputError(
      'correction',
      config.correction,
      `unknown correction "${String(config.correction)}" (${CORRECTIONS.join(', ')})`,
    );
  }
  assertOpenUnit('alpha', config.alpha);
  assertOpenUnit('confidence', config.confidence);
  assertOpenUnit('independenceAlpha', config.independenceAlpha);
  if (!(config.threshold >= 0 && Number.isFinite(config.threshold))) {
    throw new StatsInputError('threshold', config.threshold, 'expected a non-negative fraction, e.g. 0.02');
  }
  for (const key of ['outlierFactor', 'maxSampleFactor'] as const) {
    if (!(config[key] >= 1)) throw new StatsInputError(key, config[key], 'expected a factor ≥ 1');
  }
  if (!(config.maxOutlierShare >= 0 && config.maxOutlierShare <= 1)) {
    throw new StatsInputError('maxOutlierShare', config.maxOutlierShare, 'expected a fraction in [0, 1]');
  }
  if (!(config.maxRobustCv > 0)) {
    throw new StatsInputError('maxRobustCv', config.maxRobustCv, 'expected a positive fraction');
  }
}

/** Compares two samples of a lower-is-better metric. */
export function compareSamples(
  baseline: readonly number[],
  candidate: readonly number[],
  confidence = 0.95,
): ComparisonStats {
  const b = describe(baseline);
  const c = describe(candidate);
  const mw = mannWhitneyU(baseline, candidate);
  const positive = b.min > 0 && c.min > 0;
  return {
    baseline: b,
    candidate: c,
    deltaPercent: ((c.median - b.median) / b.median) * 100,
    shift: hodgesLehmann(baseline, candidate, confidence),
    ratio: positive ? hodgesLehmannRatio(baseline, candidate, confidence) : null,
    u: mw.u,
    p: mw.p,
    exact: mw.exact,
    design: 'forks',
    wPlus: null,
  };
}

/**
 * Compares paired forks: the exact signed-rank test over the forks' within-fork log ratios, the ratio as the
 * one-sample Hodges-Lehmann estimate of those logs (so Δ% is the estimate's change, the centre of its interval,
 * not a difference of medians that still carries the fork-to-fork spread), the shift from the forks' paired
 * differences in metric units.
 */
export function comparePaired(forks: PairedForks, confidence = 0.95): ComparisonStats {
  const { baseline, candidate, logRatios } = forks;
  const test = signedRankTest(logRatios);
  const ratio = pairedRatio(logRatios, confidence);
  return {
    baseline: describe(baseline),
    candidate: describe(candidate),
    deltaPercent: (ratio.estimate - 1) * 100,
    shift: hodgesLehmannPaired(
      candidate.map((c, i) => c - baseline[i]!),
      confidence,
    ),
    ratio,
    u: mannWhitneyU(baseline, candidate).u,
    p: test.p,
    exact: true,
    design: 'paired',
    wPlus: test.wPlus,
  };
}

/** The outcome the statistics alone give, and the two conditions it was decided on. */
export interface Decision {
  outcome: Outcome;
  significant: boolean;
  beyond: boolean;
}

/**
 * Decides the outcome from the statistics. Every metric is lower-is-better. A change counts only when it is
 * both significant (adjusted p < alpha) and beyond the noise threshold (|median Δ| ≥ threshold). `pAdjusted`
 * defaults to `p` (no correction).
 */
export function decideOutcome(
  role: Role,
  stats: Pick<ComparisonStats, 'p' | 'deltaPercent'> & { pAdjusted?: number },
  alpha: number,
  threshold: number,
): Decision {
  const significant = (stats.pAdjusted ?? stats.p) < alpha;
  const beyond = Math.abs(stats.deltaPercent) >= threshold * 100;
  const decided = (outcome: Outcome): Decision => ({ outcome, significant, beyond });
  if (significant && beyond && stats.deltaPercent > 0) return decided('Lost');
  if (role === 'guardrail') return decided('Held');
  if (significant && beyond && stats.deltaPercent < 0) return decided('Won');
  return decided('Unchanged');
}

/**
 * The verdict of statistics and checks together, the one rule `run`, `compare` and `compare-files` share: a
 * benchmark whose checks failed gets no verdict (Inconclusive; the basis keeps what the statistics alone read, so
 * a user sees both why and what).
 */
export function judge(
  role: Role,
  stats: Pick<ComparisonStats, 'p' | 'deltaPercent'> &
    IntervalInput & { baseline: { n: number }; pAdjusted: number },
  checks: readonly CheckResult[],
  config: Pick<AnalysisConfig, 'alpha' | 'threshold' | 'correction'>,
): { outcome: Outcome; basis: VerdictBasis; equivalence: Equivalence } {
  const d = decideOutcome(role, stats, config.alpha, config.threshold);
  const failedChecks = checks.filter((c) => !c.passed).map((c) => c.name);
  const unresolved = unresolvedClaim(d.outcome, stats, config.threshold);
  const outcome = failedChecks.length > 0 || unresolved !== null ? 'Inconclusive' : d.outcome;
  return {
    outcome,
    equivalence: equivalenceOf(stats, config.threshold),
    basis: {
      ...basisConfig(config),
      significant: d.significant,
      beyond: d.beyond,
      statisticalOutcome: d.outcome,
      failedChecks,
      emptySide: null,
      unresolved,
    },
  };
}

/**
 * An Unchanged or Held the interval does not show, and about how many samples per side would: Unchanged needs the
 * whole interval inside ±threshold, Held its upper end at most +threshold. The estimate assumes the interval
 * narrows as 1/√n around the same centre — on the log scale when the interval is a ratio's (ratio intervals are
 * asymmetric: [-37%, +179%] is centred near +15%, not +71%) — as n · (half-width ÷ room)², where the room is what the
 * threshold leaves beside the centre; no number when there is no room (the centre itself lies beyond) or the bounds
 * are unbounded.
 */
export function unresolvedClaim(
  outcome: Outcome,
  stats: IntervalInput & { baseline: { n: number } },
  threshold: number,
): VerdictBasis['unresolved'] {
  if (outcome !== 'Unchanged' && outcome !== 'Held') return null;
  const interval = thresholdInterval(stats, threshold);
  const shown = outcome === 'Unchanged' ? interval.withinThreshold : interval.belowThreshold;
  if (shown) return null;
  const { lowerPercent: lo, upperPercent: hi } = interval;
  const wire = (x: number | null) => (x !== null && Number.isFinite(x) ? x : null);
  const bounded = wire(lo) !== null && wire(hi) !== null;
  const scale = (pct: number) => (stats.ratio ? Math.log1p(pct / 100) : pct / 100);
  let samplesPerSide: number | null = null;
  if (bounded && (!stats.ratio || threshold < 1)) {
    const [l, h, up] = [scale(lo!), scale(hi!), scale(threshold * 100)];
    const down = stats.ratio ? Math.log1p(-threshold) : -threshold;
    const centre = (l + h) / 2;
    const half = (h - l) / 2;
    const room = outcome === 'Unchanged' ? Math.min(up - centre, centre - down) : up - centre;
    if (room > 0 && half > 0) {
      samplesPerSide = Math.min(MAX_RESOLVING_N, Math.ceil(stats.baseline.n * (half / room) ** 2));
    }
  }
  return { lowerPercent: wire(lo), upperPercent: wire(hi), samplesPerSide };
}

/** The largest resolving sample size worth naming (beyond it, the answer is "not at this spread"). */
const MAX_RESOLVING_N = 10_000;

function basisConfig(config: Pick<AnalysisConfig, 'alpha' | 'threshold' | 'correction'>) {
  return { alpha: config.alpha, threshold: config.threshold, correction: config.correction };
}

/** The basis of an Invalid verdict: a side has no values, so nothing was decided. */
export function invalidBasis(
  config: Pick<AnalysisConfig, 'alpha' | 'threshold' | 'correction'>,
  emptySide: Side,
): VerdictBasis {
  return {
    ...basisConfig(config),
    significant: null,
    beyond: null,
    statisticalOutcome: null,
    failedChecks: [],
    emptySide,
    unresolved: null,
  };
}

interface Measured {
  base: Omit<BenchmarkVerdict, 'stats' | 'pAdjusted' | 'outcome' | 'basis' | 'equivalence'>;
  /** The p the correction reads: the sequential p in a sequential run, else the exact p (null without stats). */
  p: number | null;
  stats: ComparisonStats | null;
  emptySide: Side | null;
}

function measured(record: BenchmarkRecord, config: AnalysisConfig): Measured {
  const base = {
    key: record.key,
    role: record.role,
    metric: config.metric,
    unit: METRIC_UNITS[config.metric],
    labels: record.labels,
    checks: runChecks(record, config),
  };
  const sequential = sequentialOf(record, config);
  const withLooks = sequential ? { ...base, sequential } : base;
  const paired = pairedForks(record, config.metric);
  const xb = paired?.baseline ?? sideValues(record, 'baseline', config.metric);
  const xc = paired?.candidate ?? sideValues(record, 'candidate', config.metric);
  if (xb.length === 0 || xc.length === 0) {
    const emptySide = sideValues(record, 'baseline', config.metric).length === 0 ? 'baseline' : 'candidate';
    return { base: withLooks, p: null, stats: null, emptySide };
  }
  const stats = paired ? comparePaired(paired, config.confidence) : compareSamples(xb, xc, config.confidence);
  // Without a deciding look (a fork failed, so a look had too few samples) the fixed-n p stands in.
  return { base: withLooks, p: sequential?.pSequential ?? stats.p, stats, emptySide: null };
}

/** The sequential part of a verdict: the deciding look (the last one) of a benchmark of a sequential run. */
function sequentialOf(record: BenchmarkRecord, config: AnalysisConfig): SequentialVerdict | undefined {
  const looks = record.looks;
  const last = looks?.at(-1);
  if (config.sequentialMax === null || !looks || !last) return undefined;
  return {
    decidedAt: last.n,
    maxN: config.sequentialMax,
    decision: last.decision,
    pSequential: sequentialPOf(looks),
    looks,
  };
}

function decided(m: Measured, config: AnalysisConfig, pAdjusted: number | null): BenchmarkVerdict {
  if (m.stats === null || pAdjusted === null) {
    const basis = invalidBasis(config, m.emptySide ?? 'baseline');
    return { ...m.base, stats: null, pAdjusted: null, outcome: 'Invalid', basis, equivalence: null };
  }
  const final = judge(m.base.role, { ...m.stats, pAdjusted }, m.base.checks, config);
  return { ...m.base, stats: m.stats, pAdjusted, ...final };
}

/**
 * The verdicts of one run's benchmarks under `config`, in input order. The family for the correction is every
 * benchmark with statistics, Inconclusive ones included: leaving out the ones whose checks fail would let a noisy
 * machine shrink the family and loosen the threshold for the rest.
 * @throws {StatsInputError} for an invalid config.
 */
export function verdictsFor(records: readonly BenchmarkRecord[], config: AnalysisConfig): BenchmarkVerdict[] {
  validateConfig(config);
  const parts = records.map((r) => measured(r, config));
  const withStats = parts.flatMap((m) => (m.p !== null ? [m.p] : []));
  const family = { size: withStats.length, correction: config.correction };
  for (const m of parts) {
    if (m.stats === null) continue;
    // Whether alpha is reachable depends on the whole family, which only the run knows.
    const { baseline, candidate, design } = m.stats;
    const sufficiency = sufficientSizes(baseline.n, candidate.n, config.alpha, family, design);
    m.base.checks = m.base.checks.map((c) => (c.name === 'sample_sufficiency' ? sufficiency : c));
  }
  const adjusted = adjustPValues(withStats, config.correction);
  let next = 0;
  return parts.map((m) => decided(m, config, m.p !== null ? adjusted[next++]! : null));
}

/**
 * The verdict of one benchmark under `config`, on its own (a family of one: no correction applies).
 * @throws {StatsInputError} for an invalid config.
 */
export function verdictFor(record: BenchmarkRecord, config: AnalysisConfig): BenchmarkVerdict {
  return verdictsFor([record], config)[0]!;
}
