/**
 * The paired forks of a benchmark (both sides measured in one process, protocol 10) and each fork's within-fork log
 * ratio candidate ÷ baseline: the one number per fork the paired design's test and interval read.
 */

import type { BenchmarkRecord, Sample } from '../model.js';
import { median } from './describe.js';
import { type MetricName, metricOf, sideSamples } from './metric.js';

/** The paired forks of one benchmark in time order: each side's value and the fork's log ratio. */
export interface PairedForks {
  baseline: number[];
  candidate: number[];
  /** ln(candidate ÷ baseline) of each fork ({@link forkLogRatio}). */
  logRatios: number[];
}

/** Whether a benchmark's samples come from paired forks (then every sample carries its fork's `pair`). */
export function isPaired(record: Pick<BenchmarkRecord, 'samples'>): boolean {
  return record.samples.length > 0 && record.samples.every((s) => s.pair !== undefined);
}

type Block = NonNullable<Sample['pair']>['blocks'][number];

const blockValue = (b: Block, metric: 'nsPerOp' | 'cpuNsPerOp') =>
  (metric === 'nsPerOp' ? b.wallNs : b.cpuNs) / b.ops;

/**
 * A fork's log ratio candidate ÷ baseline. For a time metric: the median over the fork's blocks of each block's log
 * ratio — a block's four batches are adjacent in time, so a burst of noise that hits one block (a neighbour's
 * 10–200 ms of work) moves one block's ratio, not the fork's. For the other metrics (bytes, instructions: one
 * figure per side) the log ratio of the two sides' values. Null when the metric is missing or not positive.
 */
export function forkLogRatio(baseline: Sample, candidate: Sample, metric: MetricName): number | null {
  const bb = baseline.pair?.blocks ?? [];
  const cb = candidate.pair?.blocks ?? [];
  if ((metric === 'nsPerOp' || metric === 'cpuNsPerOp') && bb.length > 0 && bb.length === cb.length) {
    const logs: number[] = [];
    for (let i = 0; i < bb.length; i++) {
      const x = blockValue(bb[i]!, metric);
      const y = blockValue(cb[i]!, metric);
      if (x > 0 && y > 0) logs.push(Math.log(y / x));
    }
    if (logs.length > 0) return median(logs);
  }
  const x = metricOf(baseline, metric);
  const y = metricOf(candidate, metric);
  return x !== null && y !== null && x > 0 && y > 0 ? Math.log(y / x) : null;
}

/**
 * The paired forks of a benchmark with the metric on both sides, in fork order; null when its samples are not
 * paired. A fork whose partner is missing (a resumed file cut between the two writes) is left out.
 */
export function pairedForks(
  record: Pick<BenchmarkRecord, 'samples'>,
  metric: MetricName,
): PairedForks | null {
  if (!isPaired(record)) return null;
  const candidates = new Map<number, Sample>();
  for (const s of sideSamples(record, 'candidate')) candidates.set(s.pair!.fork, s);
  const out: PairedForks = { baseline: [], candidate: [], logRatios: [] };
  for (const b of sideSamples(record, 'baseline')) {
    const c = candidates.get(b.pair!.fork);
    if (!c) continue;
    const x = metricOf(b, metric);
    const y = metricOf(c, metric);
    const d = forkLogRatio(b, c, metric);
    if (x === null || y === null || d === null) continue;
    out.baseline.push(x);
    out.candidate.push(y);
    out.logRatios.push(d);
  }
  return out;
}
