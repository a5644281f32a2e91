import { formatEffect, formatFixed, formatMs, formatRate } from '@tombstone-lab/bench/format';
import { textTable } from '../report/text-report.js';
import type { KindSummary, StressSummary } from './stress-summary.js';

/** A latency in ms, in bench's column form: "41.2 ms", "0.873 ms", "1.09 s". */
const latency = (ms: number) => formatMs(ms * 1e6);

/** One metric row: its name, how to read it from a kind (null: process-wide, total column only), and its format. */
interface MetricRow {
  readonly name: string;
  readonly kind?: (k: KindSummary) => number;
  readonly run?: (s: StressSummary) => number;
  readonly format: (v: number) => string;
}

/** The seed-004 metric rows, in its order (plus p99.9, max and errors, which cassandra-stress also prints). */
export const STRESS_METRICS: readonly MetricRow[] = [
  { name: 'Op rate', kind: (k) => k.opRate, format: (v) => `${formatRate(v)} op/s` },
  { name: 'Partition rate', kind: (k) => k.partitionRate, format: (v) => `${formatRate(v)} pk/s` },
  { name: 'Row rate', kind: (k) => k.rowRate, format: (v) => `${formatRate(v)} row/s` },
  { name: 'Latency mean', kind: (k) => k.latencyMeanMs, format: latency },
  { name: 'Latency median', kind: (k) => k.latencyMedianMs, format: latency },
  { name: 'Latency 95th percentile', kind: (k) => k.latencyP95Ms, format: latency },
  { name: 'Latency 99th percentile', kind: (k) => k.latencyP99Ms, format: latency },
  { name: 'Latency 99.9th percentile', kind: (k) => k.latencyP999Ms, format: latency },
  { name: 'Latency max', kind: (k) => k.latencyMaxMs, format: latency },
  { name: 'Total partitions', kind: (k) => k.totalPartitions, format: (v) => formatFixed(v) },
  { name: 'Total errors', kind: (k) => k.totalErrors, format: (v) => formatFixed(v) },
  { name: 'Total GC count', run: (s) => s.gcCount, format: (v) => formatFixed(v) },
  // cassandra-stress's "Total GC memory" (heap reclaimed) needs heap statistics in every GC, which cost the timed op
  // that the GC interrupts (process-meter.ts): the pause time is what a PerformanceObserver gives for free.
  { name: 'Total GC time', run: (s) => s.gcTimeMs, format: (v) => formatMs(v * 1e6) },
  { name: 'CPU per million ops', run: (s) => s.cpuPerMillionOps, format: (v) => `${formatFixed(v, 1)} s` },
];

/** The value of a metric in the total column. */
export function totalValue(metric: MetricRow, s: StressSummary): number {
  const total = s.kinds[s.kinds.length - 1];
  if (metric.run) return metric.run(s);
  return total && metric.kind ? metric.kind(total) : Number.NaN;
}

/** The human results table: one row per metric, the total column first, then one column per op kind. */
export function renderStressTable(s: StressSummary): string {
  const total = s.kinds[s.kinds.length - 1];
  const kinds = s.kinds.slice(0, -1);
  const header = ['metric', 'total', ...kinds.map((k) => k.kind)];
  const rows = STRESS_METRICS.map((m) => [
    m.name,
    m.format(totalValue(m, s)),
    ...kinds.map((k) => (m.kind ? m.format(m.kind(k)) : '')),
  ]);
  const label = Object.entries(s.label)
    .map(([k, v]) => `${k} ${v}`)
    .join(' · ');
  const pace =
    s.targetRate === null
      ? 'unthrottled'
      : `target ${formatRate(s.targetRate)} op/s, latency from intended start`;
  return `Results (${label}; ${pace}; ${formatFixed(s.elapsedSec, 1)} s${s.interrupted ? ', INTERRUPTED' : ''}):\n${textTable(header, rows)}\n${total ? '' : 'no ops ran\n'}`;
}

/** Δ% of `after` against `before` in bench's effect form (seed 004's 2×2: "+6.2%", "−7.1%", "+0.0%"). */
export function deltaText(before: number, after: number): string {
  if (!Number.isFinite(before) || !Number.isFinite(after) || before === 0) return '';
  return formatEffect(((after - before) / before) * 100);
}

/** The seed-004 "Before → After" table from two summaries' total figures (deltas except for totals of volume). */
export function renderBeforeAfter(title: string, before: StressSummary, after: StressSummary): string {
  const rows = STRESS_METRICS.map((m) => {
    const b = totalValue(m, before);
    const a = totalValue(m, after);
    return [m.name, m.format(b), m.format(a), m.name === 'Total partitions' ? '' : deltaText(b, a)];
  });
  const rule = '-'.repeat(71);
  const [head = '', , ...body] = textTable(['metric', 'Before', 'After', 'delta'], rows).split('\n');
  return `${[title, rule, head, rule, ...body].join('\n')}\n`;
}
