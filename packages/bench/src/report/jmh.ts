/**
 * Export to JMH's JSON result format (`-rf json`), so existing JMH tooling (visualizers, CI trend plugins) can
 * read our runs. One entry per benchmark per side: the side goes into `params.side` (and the side's label
 * into `params.variant`), since JMH has no notion of a comparison.
 */

import type { BenchmarkRecord, RunRecord, Sample, Side } from '../model.js';
import { quantiles } from '../stats/describe.js';
import { sideSamples } from '../stats/metric.js';
import { studentTQuantile } from '../stats/special-functions.js';

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

const PERCENTILES = ['0.0', '50.0', '90.0', '95.0', '99.0', '99.9', '99.99', '99.999', '99.9999', '100.0'];

/** A JMH metric block from per-fork values (mean score, 99.9% t-interval error, percentiles, raw data). */
export function jmhMetric(values: readonly number[], unit: string): JmhMetric {
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  let error: number | 'NaN' = 'NaN';
  if (n > 1) {
    const sd = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1));
    error = studentTQuantile(0.9995, n - 1) * (sd / Math.sqrt(n));
  }
  const levels = quantiles(
    values,
    PERCENTILES.map((p) => Number(p) / 100),
  );
  return {
    score: mean,
    scoreError: error,
    scoreConfidence: error === 'NaN' ? ['NaN', 'NaN'] : [mean - error, mean + error],
    scorePercentiles: Object.fromEntries(PERCENTILES.map((p, i) => [p, levels[i]!])),
    scoreUnit: unit,
    rawData: values.map((v) => [v]),
  };
}

function secondary(samples: readonly Sample[], pick: (s: Sample) => number | null | undefined, unit: string) {
  const values = samples.map(pick);
  if (values.some((v) => typeof v !== 'number' || !Number.isFinite(v))) return null;
  return jmhMetric(values as number[], unit);
}

function entry(record: BenchmarkRecord, side: Side): JmhEntry | null {
  const samples = sideSamples(record, side);
  if (samples.length === 0) return null;
  const env = samples[0]!.env;
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(record.id.params)) params[k] = String(v);
  params.side = side;
  params.variant = record.labels[side];
  const secondaryMetrics: Record<string, JmhMetric> = {};
  const metrics: [string, (s: Sample) => number | null | undefined, string][] = [
    ['cpu.time.norm', (s) => s.cpuNsPerOp, 'ns/op'],
    ['gc.alloc.rate.norm', (s) => s.bytesPerOp, 'B/op'],
    ['gc.count', (s) => s.gcCount, 'counts'],
    ['gc.time', (s) => s.gcTimeMs, 'ms'],
    ['instructions', (s) => s.instructionsPerOp, '#/op'],
  ];
  for (const [name, pick, unit] of metrics) {
    const m = secondary(samples, pick, unit);
    if (m) secondaryMetrics[name] = m;
  }
  const ops = samples.map((s) => s.ops);
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
    warmupBatchSize: Math.round(samples.reduce((a, s) => a + s.warmupOps, 0) / samples.length),
    measurementIterations: 1,
    measurementTime: 'batched',
    measurementBatchSize: Math.round(ops.reduce((a, b) => a + b, 0) / ops.length),
    params,
    primaryMetric: jmhMetric(
      samples.map((s) => s.nsPerOp),
      'ns/op',
    ),
    secondaryMetrics,
  };
}

/** The JMH-compatible result array of a run: baseline then candidate entry for each benchmark. */
export function toJmhResults(run: RunRecord): JmhEntry[] {
  const out: JmhEntry[] = [];
  for (const record of run.benchmarks) {
    for (const side of ['baseline', 'candidate'] as const) {
      const e = entry(record, side);
      if (e) out.push(e);
    }
  }
  return out;
}

/** The JMH-compatible JSON text of a run. */
export function renderJmhJson(run: RunRecord): string {
  return `${JSON.stringify(toJmhResults(run), null, 2)}\n`;
}
