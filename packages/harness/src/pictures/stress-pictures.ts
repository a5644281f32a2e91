import { formatFixed } from '@tombstone-lab/bench/format';
import { TOTAL } from '../stress/latency-histograms.js';
import type { StressOutcome } from '../stress/stress-run.js';
import { type ChartAxis, type LineSeries, lineChart } from './chart.js';
import { htmlPage } from './html-page.js';

/** A latency unit for an axis: µs unless the largest value reaches 10 ms. */
export function latencyUnit(maxNs: number): { readonly name: 'µs' | 'ms'; readonly ns: number } {
  return maxNs >= 1e7 ? { name: 'ms', ns: 1e6 } : { name: 'µs', ns: 1e3 };
}

const INTENDED = '#e4572e';
const SERVICE = '#1f77b4';

/** What ran, for the titles: "spec mixed · seed 42 · …". */
function labelText(label: Readonly<Record<string, string | number>>): string {
  return Object.entries(label)
    .map(([k, v]) => `${k} ${v}`)
    .join(' · ');
}

/** Mean and max per interval of the reported latency and (when paced) of the service time. */
export function latencyOverTimeSvg(
  o: StressOutcome,
  label: Readonly<Record<string, string | number>>,
): string {
  const paced = o.rate !== null;
  const t = o.timeline;
  const max = Math.max(0, ...t.map((b) => (Number.isFinite(b.maxLatencyNs) ? b.maxLatencyNs : 0)));
  const unit = latencyUnit(max);
  const mid = (b: (typeof t)[number]) => (b.startSec + b.endSec) / 2;
  const series = (
    name: string,
    color: string,
    dashed: boolean,
    pick: (b: (typeof t)[number]) => number,
  ): LineSeries => ({
    name,
    color,
    dashed,
    markers: t.length <= 60,
    points: t.map((b) => ({ x: mid(b), y: pick(b) / unit.ns })),
  });
  const from = paced ? 'from intended start' : 'from actual start';
  const lines = [
    series(`max latency, ${from}`, INTENDED, false, (b) => b.maxLatencyNs),
    series(`mean latency, ${from}`, INTENDED, true, (b) => b.meanLatencyNs),
  ];
  if (paced)
    lines.push(
      series('max service time (from actual start)', SERVICE, false, (b) => b.maxServiceNs),
      series('mean service time', SERVICE, true, (b) => b.meanServiceNs),
    );
  const width = t[0] ? t[0].endSec - t[0].startSec : 0;
  return lineChart({
    title: `Latency over time — ${labelText(label)}`,
    subtitle: paced
      ? `Paced at ${o.rate} op/s. Per ${formatSec(width)} interval, mean and max of the ops that completed in it. Latency counts from each op's intended start, so a stall is charged to every op queued behind it (corrected for coordinated omission); service time counts from the actual start. Where the orange lines rise above the blue ones, ops waited for the engine to catch up.`
      : `Unthrottled (no --rate): each op starts when the previous one ends, so latency counts from the actual start. Per ${formatSec(width)} interval, mean and max of the ops that completed in it. Give --rate to see coordinated omission.`,
    x: { title: 'time since start (s)' },
    y: { title: `latency (${unit.name}, log scale)`, log: true },
    series: lines,
  });
}

function formatSec(sec: number): string {
  return sec >= 1 ? `${Number(sec.toPrecision(3))} s` : `${Number((sec * 1000).toPrecision(3))} ms`;
}

/** Completed ops per second per interval, with the target rate when paced. */
export function throughputOverTimeSvg(
  o: StressOutcome,
  label: Readonly<Record<string, string | number>>,
): string {
  const t = o.timeline.filter((b) => b.endSec > b.startSec);
  const series: LineSeries[] = [
    {
      name: 'completed ops per second',
      color: SERVICE,
      markers: t.length <= 60,
      points: t.map((b) => ({ x: (b.startSec + b.endSec) / 2, y: b.ops / (b.endSec - b.startSec) })),
    },
  ];
  const end = o.timeline.at(-1)?.endSec ?? o.elapsedSec;
  if (o.rate !== null)
    series.push({
      name: `target rate (${o.rate} op/s)`,
      color: INTENDED,
      dashed: true,
      markers: false,
      points: [
        { x: 0, y: o.rate },
        { x: end, y: o.rate },
      ],
    });
  const width = t[0] ? t[0].endSec - t[0].startSec : 0;
  return lineChart({
    title: `Throughput over time — ${labelText(label)}`,
    subtitle: `Ops completed per second in each ${formatSec(width)} interval (the last interval may be shorter); a dip to zero is a stall.`,
    x: { title: 'time since start (s)' },
    y: { title: 'throughput (op/s)', zero: true },
    series,
  });
}

/** "99.9%" for x = 3 (three nines). */
function ninesLabel(x: number): string {
  return x === 0 ? '0%' : `${Number((100 * (1 - 10 ** -x)).toPrecision(x + 2))}%`;
}

/**
 * Each kind's latency at percentiles 0 … 99.99+ (HdrHistogram's percentile plot): x is the number of nines
 * (log10 of 1/(1 − p)), the last point of each line its max, placed at 1/(1 − p) = its op count.
 */
export function percentileDistributionSvg(
  o: StressOutcome,
  label: Readonly<Record<string, string | number>>,
): string {
  const kinds = Object.keys(o.percentiles).sort((a, b) =>
    a === TOTAL ? 1 : b === TOTAL ? -1 : a < b ? -1 : 1,
  );
  const max = Math.max(0, ...kinds.flatMap((k) => (o.percentiles[k] ?? []).map((p) => p.ns)));
  const unit = latencyUnit(max);
  const series: LineSeries[] = kinds.map((kind) => {
    const count = o.kinds[kind]?.ops ?? 1;
    const curve = o.percentiles[kind] ?? [];
    return {
      name: `${kind} (${formatFixed(count)} ops)`,
      markers: false,
      points: curve.map((p) => ({
        x: p.percentile >= 100 ? Math.log10(Math.max(count, 1)) : -Math.log10(1 - p.percentile / 100),
        y: p.ns / unit.ns,
      })),
    };
  });
  const maxX = Math.max(1, ...series.flatMap((s) => s.points.map((p) => p.x)));
  const ticks: ChartAxis['ticks'] = Array.from({ length: Math.floor(maxX) + 1 }, (_, x) => ({
    value: x,
    label: ninesLabel(x),
  }));
  return lineChart({
    title: `Latency percentile distribution per op kind — ${labelText(label)}`,
    subtitle:
      "From each kind's HdrHistogram (3 significant digits), latency from the intended start when paced. Each line ends at its max.",
    x: { title: 'percentile (log scale of 1/(1 − p))', ticks },
    y: { title: `latency (${unit.name}, log scale)`, log: true },
    series,
  });
}

/** The `stress --html` report: the three pictures and the results table, one self-contained page. */
export function stressHtmlReport(
  o: StressOutcome,
  label: Readonly<Record<string, string | number>>,
  resultsTable: string,
): string {
  return htmlPage({
    title: 'tombstone-harness stress report',
    intro: [
      `${labelText(label)} · ${o.rate === null ? 'unthrottled' : `paced at ${o.rate} op/s`} · ${o.elapsedSec.toFixed(1)} s${o.interrupted ? ' · INTERRUPTED (Ctrl-C): the ops that ran' : ''}`,
    ],
    figures: [
      latencyOverTimeSvg(o, label),
      throughputOverTimeSvg(o, label),
      percentileDistributionSvg(o, label),
    ],
    text: resultsTable,
  });
}
