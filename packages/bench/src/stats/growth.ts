/**
 * Growth-curve fit over a numeric parameter: the exponent b of metric ≈ a·N^b, estimated by least squares on
 * log-log points, one point per sample (so the replicate spread sets the interval), with a Student-t interval.
 */

import type { BenchmarkRecord, ParamValue, RunRecord, Side } from '../model.js';
import { assertOpenUnit, StatsInputError } from './errors.js';
import { type MetricName, sideValues } from './metric.js';
import { type NotFittable, notFittableLine, unusableValues } from './not-fittable.js';
import { studentTQuantile } from './special-functions.js';

/** Samples of the metric measured at one value of the numeric parameter. */
export interface GrowthPoint {
  n: number;
  values: readonly number[];
}

/** Least-squares fit of log(metric) = log(a) + b·log(N). */
export interface GrowthFit {
  /** The exponent b. */
  exponent: number;
  /** Lower bound of the exponent's confidence interval (null when there are no residual degrees of freedom). */
  lower: number | null;
  /** Upper bound of the exponent's confidence interval (null when there are no residual degrees of freedom). */
  upper: number | null;
  /** The factor a (metric at N = 1). */
  coefficient: number;
  /** Coefficient of determination on the log scale. */
  r2: number;
  /** Number of (N, value) points fitted. */
  points: number;
  confidence: number;
}

/**
 * Fits metric ≈ a·N^b over all samples of all points.
 * @throws {StatsInputError} when fewer than two distinct N are given, or an N or value is not positive/finite.
 */
export function fitGrowth(points: readonly GrowthPoint[], confidence = 0.95): GrowthFit {
  assertOpenUnit('confidence', confidence);
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [i, p] of points.entries()) {
    if (!(Number.isFinite(p.n) && p.n > 0)) {
      throw new StatsInputError(
        'points',
        p.n,
        `points[${i}].n is ${String(p.n)}, expected a positive number`,
      );
    }
    for (const [j, v] of p.values.entries()) {
      if (!(Number.isFinite(v) && v > 0)) {
        throw new StatsInputError(
          'points',
          v,
          `points[${i}].values[${j}] is ${String(v)}, expected a positive number`,
        );
      }
      xs.push(Math.log(p.n));
      ys.push(Math.log(v));
    }
  }
  const distinct = new Set(points.filter((p) => p.values.length > 0).map((p) => p.n));
  if (distinct.size < 2) {
    throw new StatsInputError(
      'points',
      [...distinct],
      'a growth fit needs samples at two or more distinct N',
    );
  }
  const m = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / m;
  const my = ys.reduce((a, b) => a + b, 0) / m;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < m; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  const b = sxy / sxx;
  const a = my - b * mx;
  let sse = 0;
  for (let i = 0; i < m; i++) sse += (ys[i]! - a - b * xs[i]!) ** 2;
  const df = m - 2;
  let lower: number | null = null;
  let upper: number | null = null;
  if (df >= 1) {
    const se = Math.sqrt(sse / df / sxx);
    const t = studentTQuantile(1 - (1 - confidence) / 2, df);
    lower = b - t * se;
    upper = b + t * se;
  }
  return {
    exponent: b,
    lower,
    upper,
    coefficient: Math.exp(a),
    r2: syy === 0 ? 1 : 1 - sse / syy,
    points: m,
    confidence,
  };
}

/** Baseline and candidate growth of one benchmark over one numeric parameter. */
export interface GrowthComparison {
  /** Benchmark identity without the swept parameter, e.g. `RangeTombstoneListBench.benchCopyOnly`. */
  key: string;
  suite: string;
  benchmark: string;
  /** The swept parameter, e.g. `size`. */
  param: string;
  /** The other parameters shared by the group. */
  fixedParams: Record<string, ParamValue>;
  /** The parameter values swept, ascending. */
  values: number[];
  baseline: GrowthFit;
  candidate: GrowthFit;
  /** `true` when the two exponents' intervals are disjoint. */
  changed: boolean;
  /** The fitted samples per side (for plots). */
  points: Record<Side, GrowthPoint[]>;
}

function groupKey(record: BenchmarkRecord, param: string): string {
  const rest = Object.entries(record.id.params)
    .filter(([k]) => k !== param)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${String(v)}`);
  const base = `${record.id.suite}.${record.id.benchmark}`;
  return rest.length ? `${base}[${rest.join(',')}]` : base;
}

/** Result of {@link growthAnalysis}: the fitted groups, and those that could not be fitted. */
export interface GrowthAnalysis {
  comparisons: GrowthComparison[];
  notFittable: NotFittable[];
}

/**
 * Fits the growth of every benchmark over the numeric parameter `param`, per side and per group: benchmarks are
 * grouped by suite, benchmark and their other parameters; groups with fewer than two distinct values are skipped,
 * and a group whose data cannot be fitted (a side with no samples, values ≤ 0) is listed in `notFittable`.
 * @throws {StatsInputError} when no benchmark has `param` as a numeric parameter.
 */
export function growthAnalysis(
  run: RunRecord,
  param: string,
  metric: MetricName = run.config.metric,
  confidence = 0.95,
): GrowthAnalysis {
  const groups = new Map<string, BenchmarkRecord[]>();
  for (const record of run.benchmarks) {
    if (typeof record.id.params[param] !== 'number') continue;
    const key = groupKey(record, param);
    groups.set(key, [...(groups.get(key) ?? []), record]);
  }
  if (groups.size === 0) {
    throw new StatsInputError('param', param, `no benchmark has a numeric parameter named "${param}"`);
  }
  const out: GrowthAnalysis = { comparisons: [], notFittable: [] };
  for (const [key, records] of groups) {
    const values = [...new Set(records.map((r) => r.id.params[param] as number))].sort((a, b) => a - b);
    if (values.length < 2) {
      const only = `only ${values.length} level of ${param} (${param}=${String(values[0])})`;
      const reason = `${only}: a growth exponent needs at least 2 levels of ${param}, better 3 (--param ${param}=…)`;
      out.notFittable.push({ analysis: 'growth', key, side: null, reason });
      continue;
    }
    const pointsOf = (side: Side): GrowthPoint[] =>
      records
        .map((r) => ({ n: r.id.params[param] as number, values: sideValues(r, side, metric) }))
        .sort((a, b) => a.n - b.n);
    const points = { baseline: pointsOf('baseline'), candidate: pointsOf('candidate') };
    const fits: Partial<Record<Side, GrowthFit>> = {};
    for (const side of ['baseline', 'candidate'] as const) {
      const problem = unusableValues(
        side,
        metric,
        points[side].flatMap((p) => p.values),
      );
      if (problem) {
        out.notFittable.push({ analysis: 'growth', key, side, reason: problem });
        break;
      }
      try {
        fits[side] = fitGrowth(points[side], confidence);
      } catch (e) {
        if (!(e instanceof StatsInputError)) throw e;
        out.notFittable.push({ analysis: 'growth', key, side, reason: `${side} side: ${e.message}` });
        break;
      }
    }
    const { baseline, candidate } = fits;
    if (!baseline || !candidate) continue;
    const first = records[0]!;
    const fixedParams = Object.fromEntries(Object.entries(first.id.params).filter(([k]) => k !== param));
    const changed =
      baseline.lower !== null &&
      baseline.upper !== null &&
      candidate.lower !== null &&
      candidate.upper !== null &&
      (candidate.upper < baseline.lower || candidate.lower > baseline.upper);
    out.comparisons.push({
      key,
      suite: first.id.suite,
      benchmark: first.id.benchmark,
      param,
      fixedParams,
      values,
      baseline,
      candidate,
      changed,
      points,
    });
  }
  return out;
}

/**
 * Strict form of {@link growthAnalysis}: every group must be fittable.
 * @throws {StatsInputError} when no benchmark has `param` as a numeric parameter, or a group cannot be fitted.
 */
export function growthFromRun(
  run: RunRecord,
  param: string,
  metric: MetricName = run.config.metric,
  confidence = 0.95,
): GrowthComparison[] {
  const { comparisons, notFittable } = growthAnalysis(run, param, metric, confidence);
  const bad = notFittable[0];
  if (bad) throw new StatsInputError('param', bad.key, notFittableLine(bad));
  return comparisons;
}
