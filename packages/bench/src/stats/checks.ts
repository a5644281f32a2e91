/**
 * The eight named checks of a comparison. Each is computed from the samples themselves and carries a reason
 * string that says what was measured, so a failure is actionable and a pass is auditable.
 */

import { formatP } from '../format/numbers.js';
import type { BenchmarkRecord, Environment, Sample, Side } from '../model.js';
import { CheckNameSchema } from '../protocol/analysis.js';
import { describe } from './describe.js';
import { lag1Autocorrelation, mannKendall, runsTest } from './independence.js';
import { minimumAchievableP } from './mann-whitney.js';
import { METRIC_UNITS, type MetricName, metricOf, sideSamples, sideValues } from './metric.js';
import { logExcerpt } from './stack-excerpt.js';

// One list of check names: the protocol's schema (report order); statistics produce exactly those.
/** Names of the checks, in report order. */
export const CHECK_NAMES = CheckNameSchema.options;

/** One of the eight check names. */
export type CheckName = (typeof CHECK_NAMES)[number];

/** Outcome of one check on one benchmark. */
export interface CheckResult {
  name: CheckName;
  passed: boolean;
  /** What was measured, e.g. "n=3 vs 3: smallest achievable p 0.1 ≥ alpha 0.05". */
  reason: string;
}

/** Tunables of the checks; defaults in {@link DEFAULT_CHECK_CONFIG}. */
export interface CheckConfig {
  metric: MetricName;
  /** Significance level of the comparison (sample_sufficiency compares against it). */
  alpha: number;
  /** measurements_sane fails when a side's max/min exceeds this (3 = a 200% gap; catches a 306% host stall). */
  maxSpreadRatio: number;
  /** measurements_sane fails when a side's robust CV (1.4826·MAD/median) exceeds this. */
  maxRobustCv: number;
  /** sample_independence: level of the Mann-Kendall drift test, per side. */
  independenceAlpha: number;
}

/** Default tunables (metric and alpha come from the run's config). */
export const DEFAULT_CHECK_CONFIG: Omit<CheckConfig, 'metric' | 'alpha'> = {
  maxSpreadRatio: 3,
  maxRobustCv: 0.5,
  independenceAlpha: 0.01,
};

const SIDES: readonly Side[] = ['baseline', 'candidate'];

function pass(name: CheckName, reason: string): CheckResult {
  return { name, passed: true, reason };
}

function fail(name: CheckName, reason: string): CheckResult {
  return { name, passed: false, reason };
}

function fmt(v: number): string {
  return Number(v.toPrecision(4)).toString();
}

/** Equal n per side, and interleaved: in time order every consecutive pair holds one baseline and one candidate. */
export function checkPairing(record: BenchmarkRecord): CheckResult {
  const nb = record.samples.filter((s) => s.side === 'baseline').length;
  const nc = record.samples.filter((s) => s.side === 'candidate').length;
  if (nb !== nc) return fail('pairing', `unequal samples: baseline n=${nb}, candidate n=${nc}`);
  if (nb === 0) return fail('pairing', 'no samples on either side');
  const seqs = [...record.samples.map((s) => s.seq), ...record.failures.map((f) => f.seq)];
  const dup = seqs.find((s, i) => seqs.indexOf(s) !== i);
  if (dup !== undefined) return fail('pairing', `seq ${dup} is used by more than one fork`);
  const ordered = [...record.samples].sort((a, b) => a.seq - b.seq);
  for (let i = 0; i + 1 < ordered.length; i += 2) {
    const a = ordered[i]!;
    const b = ordered[i + 1]!;
    if (a.side === b.side) {
      return fail(
        'pairing',
        `not interleaved: pair ${i / 2 + 1} (seq ${a.seq}, ${b.seq}) is ${a.side} twice; forks must alternate sides`,
      );
    }
  }
  return pass('pairing', `${nb} interleaved pairs (each pair one baseline and one candidate fork)`);
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
  if (record.samples.length === 0) return fail('environment_consistent', 'no samples carry an environment');
  const differing: string[] = [];
  for (const field of ENV_FIELDS) {
    const seen = new Map<string, Set<Side>>();
    for (const s of record.samples) {
      const v = envValue(s.env, field);
      seen.set(v, (seen.get(v) ?? new Set<Side>()).add(s.side));
    }
    if (seen.size > 1) {
      const parts = [...seen].map(([v, sides]) => `${v} (${[...sides].join('+')})`);
      differing.push(`${field} differs: ${parts.join(' vs ')}`);
    }
  }
  if (differing.length) return fail('environment_consistent', differing.join('; '));
  const env = record.samples[0]!.env;
  return pass(
    'environment_consistent',
    `node ${env.node}, v8 ${env.v8}, ${env.cpuModel} ×${env.cpuCount}, flags ${envValue(env, 'execArgv')} ` +
      `identical in all ${record.samples.length} samples`,
  );
}

function tail(text: string, lines = 5): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

/** The baseline built and produced samples. */
export function checkBaselineValid(record: BenchmarkRecord): CheckResult {
  const build = record.failures.find((f) => f.side === 'baseline' && f.kind === 'build');
  if (build) return fail('baseline_valid', `baseline build failed: ${build.message}\n${tail(build.logTail)}`);
  const n = record.samples.filter((s) => s.side === 'baseline').length;
  if (n === 0) {
    const count = record.failures.filter((f) => f.side === 'baseline').length;
    return fail('baseline_valid', `baseline produced no samples (${count} failed forks)`);
  }
  return pass('baseline_valid', `baseline built and produced ${n} samples`);
}

/** No fork of either side crashed, threw, timed out or failed to build. */
export function checkBenchmarkPassed(record: BenchmarkRecord): CheckResult {
  if (record.failures.length === 0) {
    return pass('benchmark_passed', `all ${record.samples.length} forks completed`);
  }
  const first = [...record.failures].sort((a, b) => a.seq - b.seq)[0]!;
  return fail(
    'benchmark_passed',
    `${record.failures.length} fork(s) failed; first: ${first.side} seq ${first.seq} ${first.kind}: ${first.message}` +
      (first.logTail ? `\n${logExcerpt(first.logTail)}` : ''),
  );
}

/** The chosen metric is recorded (non-null, finite) in every sample. */
export function checkMetricPresent(record: BenchmarkRecord, metric: MetricName): CheckResult {
  if (record.samples.length === 0) return fail('metric_present', 'no samples');
  const missing = record.samples.filter((s) => metricOf(s, metric) === null).map((s) => s.seq);
  if (missing.length) {
    const shown = missing.slice(0, 8).join(', ') + (missing.length > 8 ? ', …' : '');
    return fail(
      'metric_present',
      `${metric} missing in ${missing.length} of ${record.samples.length} samples (seq ${shown})`,
    );
  }
  return pass('metric_present', `${metric} present in all ${record.samples.length} samples`);
}

/** Per side: positive values, max/min within the spread limit, robust CV within its limit. */
export function checkMeasurementsSane(record: BenchmarkRecord, config: CheckConfig): CheckResult {
  const unit = METRIC_UNITS[config.metric];
  const problems: string[] = [];
  const notes: string[] = [];
  for (const side of SIDES) {
    const xs = sideValues(record, side, config.metric);
    if (xs.length === 0) {
      problems.push(`${side}: no values`);
      continue;
    }
    const d = describe(xs);
    // Bytes/op is a difference against an empty-body baseline, so 0 or slightly negative is legitimate noise;
    // a time or instruction count can never be ≤ 0.
    if (d.min <= 0 && config.metric !== 'bytesPerOp') {
      problems.push(`${side}: impossible value ${d.min} ${unit}`);
      continue;
    }
    if (d.min > 0) {
      const ratio = d.max / d.min;
      const gap = `max/min ${fmt(ratio)} (${fmt((ratio - 1) * 100)}% gap)`;
      if (ratio > config.maxSpreadRatio) problems.push(`${side}: ${gap} > ${config.maxSpreadRatio}`);
      else notes.push(`${side} ${gap}`);
    }
    if (Number.isFinite(d.robustCv) && d.robustCv > config.maxRobustCv) {
      problems.push(`${side}: robust CV ${fmt(d.robustCv * 100)}% > ${fmt(config.maxRobustCv * 100)}%`);
    } else if (Number.isFinite(d.robustCv)) {
      notes.push(`robust CV ${fmt(d.robustCv * 100)}%`);
    }
  }
  if (problems.length) return fail('measurements_sane', problems.join('; '));
  return pass('measurements_sane', notes.join(', '));
}

/** The sample sizes can reach significance at all: 2 / C(n1 + n2, n1) < alpha. */
export function checkSampleSufficiency(record: BenchmarkRecord, config: CheckConfig): CheckResult {
  const n1 = sideValues(record, 'baseline', config.metric).length;
  const n2 = sideValues(record, 'candidate', config.metric).length;
  const minP = minimumAchievableP(n1, n2);
  const text = `n=${n1} vs ${n2}: smallest achievable p ${formatP(minP)}`;
  if (minP < config.alpha) return pass('sample_sufficiency', `${text} < alpha ${config.alpha}`);
  return fail('sample_sufficiency', `${text} ≥ alpha ${config.alpha}: no result can be significant`);
}

function independenceOfSide(samples: readonly Sample[], config: CheckConfig): { ok: boolean; text: string } {
  const xs: number[] = [];
  for (const s of samples) {
    const v = metricOf(s, config.metric);
    if (v !== null) xs.push(v);
  }
  if (xs.length < 4) return { ok: false, text: `n=${xs.length} < 4: too few samples to test time order` };
  const lag = lag1Autocorrelation(xs);
  const runs = runsTest(xs);
  const mk = mannKendall(xs);
  const drift = mk.p < config.independenceAlpha;
  // The r1 rule alone fires ~5% of the time on white noise; require the runs test to agree before calling it.
  const serial = lag.flagged && runs.p < config.alpha;
  const text =
    `r1=${fmt(lag.r1)} (bound ${fmt(lag.threshold)}), runs R=${runs.runs} p=${formatP(runs.p)}, ` +
    `Mann-Kendall tau=${fmt(mk.tau)} p=${formatP(mk.p)}` +
    (drift ? ' → drift' : '') +
    (serial ? ' → serial correlation' : '');
  return { ok: !drift && !serial, text };
}

/** Per side in time order: no monotonic drift (Mann-Kendall) and no serial correlation (lag-1 + runs test). */
export function checkSampleIndependence(record: BenchmarkRecord, config: CheckConfig): CheckResult {
  const parts = SIDES.map((side) => ({ side, ...independenceOfSide(sideSamples(record, side), config) }));
  const text = parts.map((p) => `${p.side}: ${p.text}`).join('; ');
  return parts.every((p) => p.ok) ? pass('sample_independence', text) : fail('sample_independence', text);
}

/** All eight checks of one benchmark, in {@link CHECK_NAMES} order. */
export function runChecks(record: BenchmarkRecord, config: CheckConfig): CheckResult[] {
  return [
    checkPairing(record),
    checkEnvironment(record),
    checkBaselineValid(record),
    checkBenchmarkPassed(record),
    checkMeasurementsSane(record, config),
    checkMetricPresent(record, config.metric),
    checkSampleSufficiency(record, config),
    checkSampleIndependence(record, config),
  ];
}
