/**
 * What the reports print of a run's raw samples besides the verdicts: each side's recorded series as JMH's export
 * reports it (mean, 99.9% Student-t interval, percentiles), the judged metric over both sides pooled (a single-variant
 * run's table), and the environments of the samples (the Reproduction block). Computed here, once, into the RunReport;
 * the renderers only format them.
 */
import type { BenchmarkRecord, Environment, Sample } from '../model.js';
import type {
  ProtocolDescription,
  SampleEnvironments,
  SeriesSummary,
  SideSeries,
} from '../protocol/types.js';
import { describe, quantiles } from '../stats/describe.js';
import { type MetricName, sideSamples, sideValues } from '../stats/metric.js';
import { studentTQuantile } from '../stats/special-functions.js';
import { toWire } from './wire.js';

/** The percentiles JMH reports, in its order. */
const PERCENTS = [0, 50, 90, 95, 99, 99.9, 99.99, 99.999, 99.9999, 100];

/** One series' mean, the half-width of its 99.9% Student-t interval (as JMH computes it) and percentiles. */
export function seriesSummary(values: readonly number[]): SeriesSummary {
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  let error: number | null = null;
  if (n > 1) {
    const sd = Math.sqrt(values.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1));
    error = studentTQuantile(0.9995, n - 1) * (sd / Math.sqrt(n));
  }
  const levels = quantiles(
    values,
    PERCENTS.map((p) => p / 100),
  );
  return {
    n,
    mean,
    error999: error,
    lower: error === null ? null : mean - error,
    upper: error === null ? null : mean + error,
    percentiles: PERCENTS.map((percent, i) => ({ percent, value: levels[i]! })),
  };
}

/** A series every sample has a finite value of, or null (e.g. allocation not measured). */
function optionalSeries(samples: readonly Sample[], pick: (s: Sample) => number | null | undefined) {
  const values = samples.map(pick);
  if (values.some((x) => typeof x !== 'number' || !Number.isFinite(x))) return null;
  return seriesSummary(values as number[]);
}

const meanOf = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** A side's samples (in time order) summarised per recorded series; null without samples. */
export function sideSeries(samples: readonly Sample[]): SideSeries | null {
  if (samples.length === 0) return null;
  return toWire({
    forks: samples.length,
    meanOps: meanOf(samples.map((s) => s.ops)),
    meanWarmupOps: meanOf(samples.map((s) => s.warmupOps)),
    nsPerOp: seriesSummary(samples.map((s) => s.nsPerOp)),
    cpuNsPerOp: optionalSeries(samples, (s) => s.cpuNsPerOp),
    bytesPerOp: optionalSeries(samples, (s) => s.bytesPerOp),
    gcCount: optionalSeries(samples, (s) => s.gcCount),
    gcTimeMs: optionalSeries(samples, (s) => s.gcTimeMs),
    instructionsPerOp: optionalSeries(samples, (s) => s.instructionsPerOp),
  });
}

/** Each side's series of a benchmark. */
export function benchmarkSeries(entry: Pick<BenchmarkRecord, 'samples'>) {
  return {
    baseline: sideSeries(sideSamples(entry, 'baseline')),
    candidate: sideSeries(sideSamples(entry, 'candidate')),
  };
}

/** The judged metric over both sides pooled (one implementation measured in two halves); null without values. */
export function pooledDescription(
  entry: Pick<BenchmarkRecord, 'samples'>,
  metric: MetricName,
): ProtocolDescription | null {
  const xs = [...sideValues(entry, 'baseline', metric), ...sideValues(entry, 'candidate', metric)];
  return xs.length === 0 ? null : toWire(describe(xs));
}

/** Distinct values by their JSON form, in the order first seen. */
function distinct<T>(xs: readonly T[]): T[] {
  return [...new Map(xs.map((x) => [JSON.stringify(x), x] as const)).values()];
}

/** Every sample's environment summarised: distinct runtimes, CPUs and affinities, the 1-minute load range. */
export function sampleEnvironments(envs: readonly Environment[]): SampleEnvironments | null {
  if (envs.length === 0) return null;
  const ones = envs.map((e) => e.loadAverage[0]);
  return {
    samples: envs.length,
    runtimes: distinct(envs.map((e) => ({ platform: e.platform, arch: e.arch, node: e.node, v8: e.v8 }))),
    cpus: distinct(envs.map((e) => ({ model: e.cpuModel, count: e.cpuCount }))),
    affinities: distinct(envs.map((e) => e.affinity)),
    loadAverage1m: { min: Math.min(...ones), max: Math.max(...ones) },
  };
}
