/**
 * Access to one metric of a benchmark's samples, in time order, per side.
 */

import type { BenchmarkRecord, RunRecord, Sample, Side } from '../model.js';

/** A metric the analysis can compare (the keys of `RunRecord['config']['metric']`). */
export type MetricName = RunRecord['config']['metric'];

/** Every comparable metric; all of them are "lower is better". */
export const METRIC_NAMES: readonly MetricName[] = [
  'nsPerOp',
  'cpuNsPerOp',
  'bytesPerOp',
  'instructionsPerOp',
];

/** Display unit of each metric, as printed in the Metric column. */
export const METRIC_UNITS: Readonly<Record<MetricName, string>> = {
  nsPerOp: 'ns/op',
  cpuNsPerOp: 'cpu ns/op',
  bytesPerOp: 'B/op',
  instructionsPerOp: 'instr/op',
};

/** The metric's value in one sample, or null when the sample did not record it. */
export function metricOf(sample: Sample, metric: MetricName): number | null {
  const v = sample[metric];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** The samples of one side sorted by `seq` (time order). */
export function sideSamples(record: Pick<BenchmarkRecord, 'samples'>, side: Side): Sample[] {
  return record.samples.filter((s) => s.side === side).sort((a, b) => a.seq - b.seq);
}

/** The metric's non-null values of one side, in time order. */
export function sideValues(
  record: Pick<BenchmarkRecord, 'samples'>,
  side: Side,
  metric: MetricName,
): number[] {
  const out: number[] = [];
  for (const s of sideSamples(record, side)) {
    const v = metricOf(s, metric);
    if (v !== null) out.push(v);
  }
  return out;
}
