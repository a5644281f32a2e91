/**
 * The eight named checks of a comparison. Each is computed from the samples themselves and carries findings —
 * what was measured, the limit it was held to — so a failure is actionable and a pass is auditable. The words and
 * number formats are the report's (`protocol/check-text.ts`); statistics hand over numbers.
 */

import type { BenchmarkRecord, Environment, Sample, Side } from '../model.js';
import { CheckNameSchema } from '../protocol/analysis.js';
import type { CheckFinding, CheckQuantity, Relation } from '../protocol/types.js';
import { describe } from './describe.js';
import type { Correction } from './holm.js';
import { lag1Autocorrelation, mannKendall, runsTest } from './independence.js';
import { minimumAchievableP } from './mann-whitney.js';
import { type MetricName, metricOf, sideSamples, sideValues } from './metric.js';
import { orderEffect } from './order-effect.js';
import { isPaired, pairedForks } from './paired.js';
import { minimumSignedRankP } from './signed-rank.js';
import { logExcerpt } from './stack-excerpt.js';

// One list of check names: the protocol's schema (report order); statistics produce exactly those.
/** Names of the checks, in report order. */
export const CHECK_NAMES = CheckNameSchema.options;

/** One of the eight check names. */
export type CheckName = (typeof CHECK_NAMES)[number];

/** One measured fact of a check: what, on which side, the value, its limit, whether it passed. */
export type { CheckFinding };

/** Outcome of one check on one benchmark: the findings say what was measured (reports word them). */
export interface CheckResult {
  name: CheckName;
  passed: boolean;
  findings: CheckFinding[];
}

/** Tunables of the checks; defaults in {@link DEFAULT_CHECK_CONFIG}. */
export interface CheckConfig {
  metric: MetricName;
  /** Significance level of the comparison (sample_sufficiency compares against it). */
  alpha: number;
  /** measurements_sane: a sample this many times above (or below 1/x of) its side's median is an outlier. */
  outlierFactor: number;
  /**
   * measurements_sane fails when a side has more outliers than this share of its samples (at least one is always
   * tolerated: the rank test and the median absorb a single wild sample).
   */
  maxOutlierShare: number;
  /** measurements_sane fails when any sample lies this many times away from its side's median (a broken sample). */
  maxSampleFactor: number;
  /** measurements_sane fails when a side's robust CV (1.4826·MAD/median) exceeds this. */
  maxRobustCv: number;
  /** sample_independence: level of the Mann-Kendall drift test, per side. */
  independenceAlpha: number;
}

/** Default tunables (metric and alpha come from the run's config). */
export const DEFAULT_CHECK_CONFIG: Omit<CheckConfig, 'metric' | 'alpha'> = {
  // Measured on this 2-core VM (bench README, "Calibration"): at load 10–23, 37 of 368 sides of a calibration had
  // max/min > 3 in wall time (the old rule: 30 of 104 A/A comparisons Inconclusive), while one side had 2 samples
  // beyond 3× its median and no sample was ever farther than 5.7× from its median.
  outlierFactor: 3,
  maxOutlierShare: 0.1,
  maxSampleFactor: 10,
  maxRobustCv: 0.5,
  independenceAlpha: 0.01,
};

const SIDES: readonly Side[] = ['baseline', 'candidate'];

interface FindingInput {
  side?: Side | null;
  value?: number | null;
  limit?: { relation: Relation; value: number } | null;
  note?: string | null;
}

/** A finding that passes exactly when its value satisfies its limit (or unconditionally without one). */
function measuredFinding(quantity: CheckQuantity, f: FindingInput, passed?: boolean): CheckFinding {
  const value = f.value ?? null;
  const limit = f.limit ?? null;
  return {
    quantity,
    side: f.side ?? null,
    value,
    limit,
    passed: passed ?? (limit === null || (value !== null && holds(value, limit.relation, limit.value))),
    note: f.note ?? null,
  };
}

/** A finding that is a failure by itself (a build failure, a missing side). */
function failedFinding(quantity: CheckQuantity, f: FindingInput = {}): CheckFinding {
  return measuredFinding(quantity, f, false);
}

function holds(value: number, relation: Relation, limit: number): boolean {
  switch (relation) {
    case '<':
      return value < limit;
    case '<=':
      return value <= limit;
    case '>':
      return value > limit;
    case '>=':
      return value >= limit;
    case '=':
      return value === limit;
  }
}

function result(name: CheckName, findings: CheckFinding[]): CheckResult {
  return { name, passed: findings.every((f) => f.passed), findings };
}

const countOn = (record: BenchmarkRecord, side: Side) => record.samples.filter((s) => s.side === side).length;

/**
 * Paired forks: both sides in every fork, and no first-one-wins effect — which side was loaded and warmed up first
 * did not move the comparison (held to the independence alpha, 0.01: in A/A it is noise, and a real one, as a
 * shared measuring loop gives, splits the forks in two). The blocks' lead is reported as a fact. Order effects are
 * tested in stats/order-effect.ts.
 */
function pairedPairing(record: BenchmarkRecord, config: CheckConfig): CheckResult {
  const effect = orderEffect(record, config.metric);
  const forks = pairedForks(record, config.metric)?.logRatios.length ?? 0;
  const limit = { relation: '>=' as const, value: config.independenceAlpha };
  const findings = [measuredFinding('paired_forks', { value: forks })];
  if (effect?.firstSideP !== null && effect?.firstSideP !== undefined) {
    const note = `${effect.baselineFirst} forks baseline first, ${effect.candidateFirst} candidate first`;
    findings.push(measuredFinding('first_side_p', { value: effect.firstSideP, limit, note }));
  }
  if (effect?.leadP !== null && effect?.leadP !== undefined) {
    // A fact, not a limit: the lead of each block is a coin flip and the fork's ratio is the median over its blocks,
    // so a cost of leading (the lead's batches always follow the other side's, the follower's once follow its own)
    // spreads the ratios without biasing them. Measured in A/A at load 2–6: mean lead effects of 1–7%.
    const note = `mean ${(Math.expm1(effect.leadEffect ?? 0) * 100).toFixed(2)}% baseline-led vs candidate-led`;
    findings.push(measuredFinding('block_lead_p', { value: effect.leadP, note }));
  }
  return result('pairing', findings);
}

/**
 * Equal n per side, and interleaved: in time order every consecutive pair holds one baseline and one candidate. For
 * paired forks also no order effect ({@link pairedPairing}).
 */
export function checkPairing(record: BenchmarkRecord, config?: CheckConfig): CheckResult {
  const nb = countOn(record, 'baseline');
  const nc = countOn(record, 'candidate');
  if (nb !== nc || nb === 0) {
    const equal = nb === nc && nb > 0;
    return result('pairing', [
      measuredFinding('samples', { side: 'baseline', value: nb }, equal),
      measuredFinding('samples', { side: 'candidate', value: nc }, equal),
    ]);
  }
  const seqs = [...record.samples.map((s) => s.seq), ...record.failures.map((f) => f.seq)];
  const dup = seqs.find((s, i) => seqs.indexOf(s) !== i);
  if (dup !== undefined) return result('pairing', [failedFinding('duplicate_seq', { value: dup })]);
  const ordered = [...record.samples].sort((a, b) => a.seq - b.seq);
  for (let i = 0; i + 1 < ordered.length; i += 2) {
    const a = ordered[i]!;
    const b = ordered[i + 1]!;
    if (a.side === b.side) {
      const note = `seq ${a.seq}, ${b.seq}`;
      return result('pairing', [
        failedFinding('uninterleaved_pair', { side: a.side, value: i / 2 + 1, note }),
      ]);
    }
  }
  if (config && isPaired(record)) return pairedPairing(record, config);
  return result('pairing', [measuredFinding('interleaved_pairs', { value: nb })]);
}

const ENV_FIELDS: readonly (keyof Environment)[] = [
  'node',
  'v8',
  'platform',
  'arch',
  'cpuModel',
  'cpuCount',
  'execArgv',
];

function envValue(env: Environment, field: keyof Environment): string {
  const v = env[field];
  return Array.isArray(v) ? `[${v.join(' ')}]` : String(v);
}

/** Node, V8, platform, CPU model/count and flags are identical across every sample of both sides. */
export function checkEnvironment(record: BenchmarkRecord): CheckResult {
  if (record.samples.length === 0) {
    return result('environment_consistent', [failedFinding('samples', { value: 0 })]);
  }
  const findings = ENV_FIELDS.map((field) => {
    const seen = new Map<string, Set<Side>>();
    for (const s of record.samples) {
      const v = envValue(s.env, field);
      seen.set(v, (seen.get(v) ?? new Set<Side>()).add(s.side));
    }
    const values = [...seen].map(([v, sides]) => (seen.size > 1 ? `${v} (${[...sides].join('+')})` : v));
    return measuredFinding('environment', { note: `${field} ${values.join(' vs ')}` }, seen.size === 1);
  });
  return result('environment_consistent', [
    ...findings,
    measuredFinding('samples', { value: record.samples.length }),
  ]);
}

function tail(text: string, lines = 5): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

/** The baseline built and produced samples. */
export function checkBaselineValid(record: BenchmarkRecord): CheckResult {
  const build = record.failures.find((f) => f.side === 'baseline' && f.kind === 'build');
  if (build) {
    const note = `${build.message}\n${tail(build.logTail)}`;
    return result('baseline_valid', [failedFinding('build_failure', { side: 'baseline', note })]);
  }
  const n = countOn(record, 'baseline');
  if (n === 0) {
    const count = record.failures.filter((f) => f.side === 'baseline').length;
    return result('baseline_valid', [
      failedFinding('samples', { side: 'baseline', value: 0 }),
      measuredFinding('failed_forks', { side: 'baseline', value: count }),
    ]);
  }
  return result('baseline_valid', [
    measuredFinding('samples', { side: 'baseline', value: n, limit: { relation: '>', value: 0 } }),
  ]);
}

/** No fork of either side crashed, threw, timed out or failed to build. */
export function checkBenchmarkPassed(record: BenchmarkRecord): CheckResult {
  const failed = measuredFinding('failed_forks', {
    value: record.failures.length,
    limit: { relation: '=', value: 0 },
  });
  if (record.failures.length === 0) {
    return result('benchmark_passed', [measuredFinding('forks', { value: record.samples.length }), failed]);
  }
  const first = [...record.failures].sort((a, b) => a.seq - b.seq)[0]!;
  const note = `${first.kind}: ${first.message}` + (first.logTail ? `\n${logExcerpt(first.logTail)}` : '');
  return result('benchmark_passed', [
    failed,
    failedFinding('first_failure', { side: first.side, value: first.seq, note }),
  ]);
}

/** The chosen metric is recorded (non-null, finite) in every sample. */
export function checkMetricPresent(record: BenchmarkRecord, metric: MetricName): CheckResult {
  if (record.samples.length === 0) return result('metric_present', [failedFinding('samples', { value: 0 })]);
  const missing = record.samples.filter((s) => metricOf(s, metric) === null).map((s) => s.seq);
  const shown = missing.slice(0, 8).join(', ') + (missing.length > 8 ? ', …' : '');
  return result('metric_present', [
    measuredFinding('missing_metric', {
      value: missing.length,
      limit: { relation: '=', value: 0 },
      note: missing.length ? `seq ${shown}` : null,
    }),
    measuredFinding('samples', { value: record.samples.length }),
  ]);
}

/**
 * How far one side's samples lie from their median: the farthest one (no load explains a sample 10× off) and how
 * many are outliers (one of ten is tolerated: the rank test and the median absorb a single preempted fork).
 */
function spreadFindings(
  side: Side,
  xs: readonly number[],
  median: number,
  config: CheckConfig,
): CheckFinding[] {
  const factors = xs.map((x) => Math.max(x / median, median / x));
  const tolerated = Math.max(1, Math.floor(config.maxOutlierShare * xs.length));
  return [
    measuredFinding('farthest_from_median', {
      side,
      value: Math.max(...factors),
      limit: { relation: '<=', value: config.maxSampleFactor },
    }),
    measuredFinding('outliers', {
      side,
      value: factors.filter((f) => f > config.outlierFactor).length,
      limit: { relation: '<=', value: tolerated },
      note: String(config.outlierFactor),
    }),
  ];
}

function saneFindings(side: Side, xs: readonly number[], config: CheckConfig): CheckFinding[] {
  if (xs.length === 0) return [failedFinding('no_values', { side })];
  const d = describe(xs);
  // Bytes/op is a difference against an empty-body baseline, so 0 or slightly negative is legitimate noise;
  // a time or instruction count can never be ≤ 0.
  if (d.min <= 0 && config.metric !== 'bytesPerOp') {
    return [failedFinding('min_value', { side, value: d.min, limit: { relation: '>', value: 0 } })];
  }
  const out: CheckFinding[] = [];
  if (d.min > 0) out.push(...spreadFindings(side, xs, d.median, config));
  if (Number.isFinite(d.robustCv)) {
    const limit = { relation: '<=' as const, value: config.maxRobustCv };
    out.push(measuredFinding('robust_cv', { side, value: d.robustCv, limit }));
  }
  return out;
}

/**
 * Per side: positive values, no sample absurdly far from the median, at most one outlier in ten, and a robust CV
 * within its limit. Ordinary load noise (one preempted fork) passes; several wild samples, or one that no load
 * explains, mean the side did not measure one thing.
 */
export function checkMeasurementsSane(record: BenchmarkRecord, config: CheckConfig): CheckResult {
  return saneValues(
    {
      baseline: sideValues(record, 'baseline', config.metric),
      candidate: sideValues(record, 'candidate', config.metric),
    },
    config,
  );
}

/** {@link checkMeasurementsSane} on the two sides' values (also for sides that were not co-measured). */
export function saneValues(
  values: Readonly<Record<Side, readonly number[]>>,
  config: CheckConfig,
): CheckResult {
  return result(
    'measurements_sane',
    SIDES.flatMap((side) => saneFindings(side, values[side], config)),
  );
}

/** The sample sizes can reach significance at all: 2 / C(n1 + n2, n1) < alpha. */
export function checkSampleSufficiency(record: BenchmarkRecord, config: CheckConfig): CheckResult {
  const paired = pairedForks(record, config.metric);
  if (paired) {
    const n = paired.logRatios.length;
    return sufficientSizes(n, n, config.alpha, undefined, 'paired');
  }
  const n1 = sideValues(record, 'baseline', config.metric).length;
  const n2 = sideValues(record, 'candidate', config.metric).length;
  return sufficientSizes(n1, n2, config.alpha);
}

/** The correction family a benchmark is judged in: Holm multiplies the smallest p by its size. */
export interface Family {
  size: number;
  correction: Correction;
}

/**
 * {@link checkSampleSufficiency} on the two sides' sample sizes. Under Holm with a family of more than one the floor
 * is the first step's `min p × size` (`note` says so): `-n 4` with 2 benchmarks gives 2 · 2/70 = 0.057, above 0.05,
 * and used to pass this check while no benchmark could be Won or Lost.
 */
export function sufficientSizes(
  n1: number,
  n2: number,
  alpha: number,
  family: Family = { size: 1, correction: 'none' },
  design: 'paired' | 'forks' = 'forks',
): CheckResult {
  // Paired forks are one value each for the signed-rank test: 2 / 2^n (0.0625 at 5, 0.0020 at 10).
  const floor = design === 'paired' ? minimumSignedRankP(Math.min(n1, n2)) : minimumAchievableP(n1, n2);
  const holm = family.correction === 'holm' && family.size > 1;
  return result('sample_sufficiency', [
    measuredFinding('samples', { side: 'baseline', value: n1 }),
    measuredFinding('samples', { side: 'candidate', value: n2 }),
    measuredFinding('min_achievable_p', {
      value: holm ? Math.min(1, floor * family.size) : floor,
      limit: { relation: '<', value: alpha },
      ...(holm ? { note: `${Number(floor.toPrecision(3))} × ${family.size} benchmarks, Holm` } : {}),
    }),
  ]);
}

function independenceOfSide(side: Side, samples: readonly Sample[], config: CheckConfig): CheckFinding[] {
  const xs: number[] = [];
  for (const s of samples) {
    const v = metricOf(s, config.metric);
    if (v !== null) xs.push(v);
  }
  return independenceOf(xs, side, config, config.independenceAlpha);
}

/** The time-order tests of one series: a side's values (`side` set) or the pairs' ratios (`side` null). */
function independenceOf(
  xs: readonly number[],
  side: Side | null,
  config: CheckConfig,
  trendAlpha: number,
): CheckFinding[] {
  if (xs.length < 4) {
    return [measuredFinding('samples', { side, value: xs.length, limit: { relation: '>=', value: 4 } })];
  }
  const lag = lag1Autocorrelation(xs);
  const runs = runsTest(xs);
  const mk = mannKendall(xs);
  // The r1 rule alone fires ~5% of the time on white noise; require the runs test to agree before calling it.
  const serial = lag.flagged && runs.p < config.alpha;
  return [
    measuredFinding(
      'lag1_autocorrelation',
      { side, value: lag.r1, limit: { relation: '<=', value: lag.threshold } },
      !serial,
    ),
    measuredFinding('runs', { side, value: runs.runs }),
    measuredFinding(
      'runs_test_p',
      { side, value: runs.p, limit: { relation: '>=', value: config.alpha } },
      !serial,
    ),
    measuredFinding('mann_kendall_tau', { side, value: mk.tau }),
    measuredFinding('mann_kendall_p', {
      side,
      value: mk.p,
      limit: { relation: '>=', value: trendAlpha },
    }),
  ];
}

/** candidate ÷ baseline of each interleaved pair, in time order (the i-th fork of each side; `pairing` checks them). */
function pairRatios(record: BenchmarkRecord, metric: MetricName): number[] {
  const b = sideSamples(record, 'baseline');
  const c = sideSamples(record, 'candidate');
  const out: number[] = [];
  for (let i = 0; i < Math.min(b.length, c.length); i++) {
    const x = metricOf(b[i]!, metric);
    const y = metricOf(c[i]!, metric);
    if (x !== null && y !== null && x > 0) out.push(y / x);
  }
  return out;
}

/** A failed finding kept as a plain fact (no limit): what it measured is not a failure after all. */
const asFact = (f: CheckFinding): CheckFinding => (f.passed ? f : { ...f, limit: null, passed: true });

/**
 * Per side in time order: no monotonic drift (Mann-Kendall) and no serial correlation (lag-1 + runs test), unless
 * it is common to both sides: then the ratios of the interleaved pairs show neither, and the side's findings are
 * kept as facts (side null: the pairs' findings).
 *
 * Why a common drift is not a failure: the forks run in interleaved pairs with the order in each pair a coin flip,
 * so a host that slows down or speeds up over the run (the load of a shared machine changing) moves both forks of a
 * pair alike. With no difference between the sides, each pair then puts one value of the same level into each
 * side, and the U test's exact null distribution, which assumes every arrangement of the 2n values equally likely,
 * over-states the spread of U: the test stays valid and becomes conservative. A drift of one side only (the
 * candidate slowing over time) still shows in the pairs' ratios and fails. Measured at n = 10 on the main suite
 * (CPU time, load 5–20, 15 A/A and 14 injected runs): 6 of 120 A/A comparisons and 12 of 112 injected ones were
 * Inconclusive on this check alone; in 16 of those 18 the pairs' ratios had no trend at p < 0.05, and exempting them
 * added no false verdict in A/A (0 of 120) and 4 Lost at +10% (43 → 47 of 56).
 */
export function checkSampleIndependence(record: BenchmarkRecord, config: CheckConfig): CheckResult {
  const paired = pairedForks(record, config.metric);
  if (paired) return pairedIndependence(record, paired.logRatios, config);
  const perSide = SIDES.flatMap((side) => independenceOfSide(side, sideSamples(record, side), config));
  if (perSide.every((f) => f.passed)) return result('sample_independence', perSide);
  // The pairs are held to alpha, stricter than a side's 0.01: in doubt the benchmark stays Inconclusive.
  const pairs = independenceOf(pairRatios(record, config.metric), null, config, config.alpha);
  const common = pairs.every((f) => f.passed) && !perSide.some((f) => f.quantity === 'samples');
  return result('sample_independence', [...(common ? perSide.map(asFact) : perSide), ...pairs]);
}

/**
 * The paired design's independence: the test reads one log ratio per fork, so those are what must show neither a
 * trend nor serial correlation (side null). A drift of the host over the run moves both sides of each fork alike and
 * cancels in the log ratios; the sides' own time-order findings are kept as facts. A drift of one side only (the
 * candidate slowing down over the run) still moves the log ratios and fails.
 *
 * The trend is held to `independenceAlpha` (0.01), as one side's series is in the forks design, not to alpha: here
 * the ratios are the first and only series tested (the forks design tests its pairs at alpha only to exempt a side
 * that already failed), and at 0.05 white noise fails one benchmark in 20. The main job, 4 benchmarks, load 1.5–2.0:
 * `benchCopyOnly[size=10]` at −92% [−92.4%, −91.9%] was Inconclusive on a Mann-Kendall p of 0.045 over 9 forks.
 */
function pairedIndependence(
  record: BenchmarkRecord,
  logRatios: readonly number[],
  config: CheckConfig,
): CheckResult {
  const perSide = SIDES.flatMap((side) => independenceOfSide(side, sideSamples(record, side), config));
  const ratios = independenceOf(logRatios, null, config, config.independenceAlpha);
  return result('sample_independence', [...perSide.map(asFact), ...ratios]);
}

/** All eight checks of one benchmark, in {@link CHECK_NAMES} order. */
export function runChecks(record: BenchmarkRecord, config: CheckConfig): CheckResult[] {
  return [
    checkPairing(record, config),
    checkEnvironment(record),
    checkBaselineValid(record),
    checkBenchmarkPassed(record),
    checkMeasurementsSane(record, config),
    checkMetricPresent(record, config.metric),
    checkSampleSufficiency(record, config),
    checkSampleIndependence(record, config),
  ];
}
