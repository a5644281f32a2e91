/**
 * The verdict of one benchmark: medians, Δ%, Hodges-Lehmann shift and ratio, the exact U test, the outcome,
 * and the eight checks.
 */

import type { BenchmarkRecord, Role, RunRecord } from '../model.js';
import { formatDeltaPercent, formatP } from '../report/number-format.js';
import { type CheckConfig, type CheckResult, DEFAULT_CHECK_CONFIG, runChecks } from './checks.js';
import { type Description, describe } from './describe.js';
import { assertOpenUnit, StatsInputError } from './errors.js';
import { type HodgesLehmannResult, hodgesLehmann, hodgesLehmannRatio } from './hodges-lehmann.js';
import { mannWhitneyU } from './mann-whitney.js';
import { METRIC_NAMES, METRIC_UNITS, type MetricName, sideValues } from './metric.js';

/** Outcome of a benchmark: primaries are Won/Lost/Unchanged, guardrails Held/Lost; Invalid when a side has no data. */
export type Outcome = 'Won' | 'Lost' | 'Unchanged' | 'Held' | 'Invalid';

/** Everything the verdict depends on. */
export interface AnalysisConfig extends CheckConfig {
  /** Minimum |Δ%| as a fraction (0.02 = 2%) for Won/Lost. */
  threshold: number;
  /** Confidence level of the Hodges-Lehmann intervals. */
  confidence: number;
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
  /** Exact two-sided p. */
  p: number;
  exact: boolean;
}

/** The verdict of one benchmark. */
export interface BenchmarkVerdict {
  key: string;
  role: Role;
  metric: MetricName;
  unit: string;
  labels: BenchmarkRecord['labels'];
  stats: ComparisonStats | null;
  outcome: Outcome;
  /** Why the outcome is what it is, e.g. "p 1.08251e-05 < 0.05 and -99.7318% beyond ±2%". */
  reason: string;
  checks: CheckResult[];
}

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
    ...overrides,
  };
  validateConfig(config);
  return config;
}

function validateConfig(config: AnalysisConfig): void {
  if (!METRIC_NAMES.includes(config.metric)) {
    throw new StatsInputError('metric', config.metric, `unknown metric "${String(config.metric)}"`);
  }
  assertOpenUnit('alpha', config.alpha);
  assertOpenUnit('confidence', config.confidence);
  assertOpenUnit('independenceAlpha', config.independenceAlpha);
  if (!(config.threshold >= 0 && Number.isFinite(config.threshold))) {
    throw new StatsInputError('threshold', config.threshold, 'expected a non-negative fraction, e.g. 0.02');
  }
  if (!(config.maxSpreadRatio >= 1)) {
    throw new StatsInputError('maxSpreadRatio', config.maxSpreadRatio, 'expected a ratio ≥ 1');
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
  };
}

/**
 * Decides the outcome from the statistics. Every metric is lower-is-better. A change counts only when it is
 * both significant (p < alpha) and beyond the noise threshold (|median Δ| ≥ threshold).
 */
export function decideOutcome(
  role: Role,
  stats: Pick<ComparisonStats, 'p' | 'deltaPercent'>,
  alpha: number,
  threshold: number,
): { outcome: Outcome; reason: string } {
  const significant = stats.p < alpha;
  const beyond = Math.abs(stats.deltaPercent) >= threshold * 100;
  const delta = formatDeltaPercent(stats.deltaPercent);
  const limit = `${Number((threshold * 100).toFixed(4))}%`;
  const pText = `p ${formatP(stats.p)} ${significant ? '<' : '≥'} ${alpha}`;
  const sizeText = `${delta} ${beyond ? 'beyond' : 'within'} ±${limit}`;
  const reason = `${pText}, ${sizeText}`;
  if (significant && beyond && stats.deltaPercent > 0)
    return { outcome: 'Lost', reason: `regression: ${reason}` };
  if (role === 'guardrail') return { outcome: 'Held', reason };
  if (significant && beyond && stats.deltaPercent < 0)
    return { outcome: 'Won', reason: `improvement: ${reason}` };
  return { outcome: 'Unchanged', reason };
}

/**
 * The verdict of one benchmark under `config`.
 * @throws {StatsInputError} for an invalid config.
 */
export function verdictFor(record: BenchmarkRecord, config: AnalysisConfig): BenchmarkVerdict {
  validateConfig(config);
  const checks = runChecks(record, config);
  const base = {
    key: record.key,
    role: record.role,
    metric: config.metric,
    unit: METRIC_UNITS[config.metric],
    labels: record.labels,
    checks,
  };
  const xb = sideValues(record, 'baseline', config.metric);
  const xc = sideValues(record, 'candidate', config.metric);
  if (xb.length === 0 || xc.length === 0) {
    const empty = xb.length === 0 ? 'baseline' : 'candidate';
    return {
      ...base,
      stats: null,
      outcome: 'Invalid',
      reason: `no ${config.metric} values on the ${empty} side`,
    };
  }
  const stats = compareSamples(xb, xc, config.confidence);
  return { ...base, stats, ...decideOutcome(record.role, stats, config.alpha, config.threshold) };
}
