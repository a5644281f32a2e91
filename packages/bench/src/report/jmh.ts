/**
 * Export to JMH's JSON result format (`-rf json`), so existing JMH tooling (visualizers, CI trend plugins) can
 * read our runs. One entry per benchmark per side: the side goes into `params.side` (and the side's label
 * into `params.variant`), since JMH has no notion of a comparison.
 */

import type { BenchmarkRecord, Side } from '../model.js';
import type { SeriesSummary, SideSeries } from '../protocol/types.js';
import { sideSamples } from '../stats/metric.js';
import type { ReportInput } from './report-model.js';

/** A JMH score block (primary or secondary metric). */
export interface JmhMetric {
  score: number;
  /** Half-width of the 99.9% Student-t interval of the mean, as JMH computes it; "NaN" for a single sample. */
  scoreError: number | 'NaN';
  scoreConfidence: [number | 'NaN', number | 'NaN'];
  scorePercentiles: Record<string, number>;
  scoreUnit: string;
  /** One array per fork (each of our samples is one fork with one measurement). */
  rawData: number[][];
}

/** One JMH result entry. */
export interface JmhEntry {
  benchmark: string;
  mode: 'avgt';
  threads: number;
  forks: number;
  jvm: string;
  jvmArgs: string[];
  jdkVersion: string;
  vmName: string;
  vmVersion: string;
  warmupIterations: number;
  warmupTime: string;
  warmupBatchSize: number;
  measurementIterations: number;
  measurementTime: string;
  measurementBatchSize: number;
  params: Record<string, string>;
  primaryMetric: JmhMetric;
  secondaryMetrics: Record<string, JmhMetric>;
}

/** JMH's percentile key: "0.0", "50.0", "99.9", "100.0". */
const percentKey = (p: number): string => (Number.isInteger(p) ? p.toFixed(1) : String(p));

/** A JMH metric block from a series of the RunReport (its statistics) and the per-fork values (its raw data). */
export function jmhMetric(series: SeriesSummary, values: readonly number[], unit: string): JmhMetric {
  const error = series.error999;
  return {
    score: series.mean,
    scoreError: error ?? 'NaN',
    scoreConfidence: [series.lower ?? 'NaN', series.upper ?? 'NaN'],
    scorePercentiles: Object.fromEntries(series.percentiles.map((p) => [percentKey(p.percent), p.value])),
    scoreUnit: unit,
    rawData: values.map((v) => [v]),
  };
}

/** JMH's secondary metrics: its name, our series, the sample's value and unit. */
const SECONDARY: readonly [
  string,
  Exclude<keyof SideSeries, 'forks' | 'meanOps' | 'meanWarmupOps' | 'nsPerOp'>,
  string,
][] = [
  ['cpu.time.norm', 'cpuNsPerOp', 'ns/op'],
  ['gc.alloc.rate.norm', 'bytesPerOp', 'B/op'],
  ['gc.count', 'gcCount', 'counts'],
  ['gc.time', 'gcTimeMs', 'ms'],
  ['instructions', 'instructionsPerOp', '#/op'],
];

function entry(record: BenchmarkRecord, side: Side, series: SideSeries | null): JmhEntry | null {
  const samples = sideSamples(record, side);
  if (samples.length === 0 || !series) return null;
  const env = samples[0]!.env;
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(record.id.params)) params[k] = String(v);
  params.side = side;
  params.variant = record.labels[side];
  const secondaryMetrics: Record<string, JmhMetric> = {};
  for (const [name, key, unit] of SECONDARY) {
    const s = series[key];
    if (s)
      secondaryMetrics[name] = jmhMetric(
        s,
        samples.map((x) => x[key] as number),
        unit,
      );
  }
  return {
    benchmark: `${record.id.suite}.${record.id.benchmark}`,
    mode: 'avgt',
    threads: 1,
    forks: samples.length,
    jvm: 'node',
    jvmArgs: env.execArgv,
    jdkVersion: env.node,
    vmName: 'V8',
    vmVersion: env.v8,
    // Our warm-up is one stability-driven phase per fork: report it as one iteration of its mean op count.
    warmupIterations: 1,
    warmupTime: 'until stable',
    warmupBatchSize: Math.round(series.meanWarmupOps),
    measurementIterations: 1,
    measurementTime: 'batched',
    measurementBatchSize: Math.round(series.meanOps),
    params,
    primaryMetric: jmhMetric(
      series.nsPerOp,
      samples.map((s) => s.nsPerOp),
      'ns/op',
    ),
    secondaryMetrics,
  };
}

/**
 * The JMH-compatible result array of an analysed run: baseline then candidate entry for each benchmark, the
 * statistics from its RunReport, the raw data and the runtime from its samples.
 */
export function toJmhResults(input: Pick<ReportInput, 'run' | 'report'>): JmhEntry[] {
  const out: JmhEntry[] = [];
  for (const record of input.run.benchmarks) {
    const series = input.report.benchmarks.find((b) => b.key === record.key)?.series;
    for (const side of ['baseline', 'candidate'] as const) {
      const e = entry(record, side, series?.[side] ?? null);
      if (e) out.push(e);
    }
  }
  return out;
}

/** The JMH-compatible JSON text of an analysed run. */
export function renderJmhJson(input: Pick<ReportInput, 'run' | 'report'>): string {
  return `${JSON.stringify(toJmhResults(input), null, 2)}\n`;
}
