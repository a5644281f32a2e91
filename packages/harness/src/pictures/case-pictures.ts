import { formatFixed, formatMs, formatRatio } from '@tombstone-lab/bench/format';
import { SERIES_COLORS } from '@tombstone-lab/bench/svg';
import type { GcModeFactorialReport } from '../cases/gc-mode-factorial-case.js';
import type { PurgeOrderReport } from '../cases/purge-order-case.js';
import { exponentText, type RangeMergesReport } from '../cases/range-merges-case.js';
import { formatEffect, formatP } from '../report/text-report.js';
import { RANGE_STORE_NAMES } from '../workloads/range-stores.js';
import { barChart, type LineSeries, lineChart } from './chart.js';
import { htmlPage } from './html-page.js';

/** One picture of a case: its file name within the case's output directory and the SVG text. */
export interface CasePicture {
  readonly file: string;
  readonly svg: string;
}

/** A case's report, as each case's `run` returns it. */
export type CaseReport = RangeMergesReport | PurgeOrderReport | GcModeFactorialReport;

const METRICS = {
  cpuNsPerOp: { what: 'CPU time', axis: 'CPU time per op (ms, log scale)', per: 1e6 },
  bytesPerOp: { what: 'allocated bytes', axis: 'allocated bytes per op (log scale)', per: 1 },
} as const;

/**
 * range-merges: per arrival and metric, each store's medians per N (dots) and bench's fitted a·N^b of CPU time (dashed), log-log,
 * so O(N²) and O(N) read as slopes 2 and 1. Every number comes from the report (medians and fits bench computed).
 */
export function rangeMergesPictures(r: RangeMergesReport): CasePicture[] {
  const arrivals = [...new Set(r.rows.map((x) => x.arrival))];
  return arrivals.flatMap((arrival) =>
    (['cpuNsPerOp', 'bytesPerOp'] as const).flatMap((metric) => {
      const m = METRICS[metric];
      const rows = r.rows.filter((x) => x.arrival === arrival);
      const ns = rows.map((x) => x.n);
      const series: LineSeries[] = RANGE_STORE_NAMES.flatMap((store, i) => {
        const color = SERIES_COLORS[i]!;
        const medians = rows.flatMap((x) => {
          const v = x.stores[store]?.[metric];
          return typeof v === 'number' ? [{ x: x.n, y: v / m.per }] : [];
        });
        const g = r.growth.find((c) => c.arrival === arrival && c.store === store && c.metric === metric);
        const out: LineSeries[] = [];
        if (g && ns.length >= 2) {
          const [lo, hi] = [Math.min(...ns), Math.max(...ns)];
          out.push({
            name: `${store}: ${m.what} ∝ ${exponentText(g)}`,
            color,
            dashed: true,
            markers: false,
            points: [lo, hi].map((n) => ({ x: n, y: (g.coefficient * n ** g.exponent) / m.per })),
          });
        }
        out.push({ name: `${store} medians`, color, line: false, legend: !g, points: medians });
        return out;
      });
      if (series.every((s) => s.points.length === 0)) return [];
      return [
        {
          file: `range-merges-${metric === 'cpuNsPerOp' ? 'time' : 'bytes'}-${arrival}.svg`,
          svg: lineChart({
            title: `range-merges: ${m.what} per op against N (${arrival} arrival)`,
            subtitle: `One op = N range deletes merged into one unflushed partition, then flush and a major compaction. Dots: median of ${r.samplesPerSide} fresh processes per store${metric === 'cpuNsPerOp' ? '; dashed: the fitted a·N^b over every sample (95% interval of b in the legend)' : ' (bench fits the growth of CPU time, the judged metric)'}. On log-log axes a slope of 2 is O(N²) (each merge copies the whole list), a slope of 1 is O(N).`,
            // The measured N as the ticks: a sweep of 2–5 sizes reads best at its own values.
            x: {
              title: 'N (range deletes per partition, log scale)',
              log: true,
              ticks: [...new Set(ns)].map((v) => ({ value: v, label: String(v) })),
            },
            y: { title: m.axis, log: true },
            series,
          }),
        },
      ];
    }),
  );
}

/** purge-order: bloom probes (against the seed-003 formula) and co-measured CPU time per compaction, per run count. */
export function purgeOrderPictures(r: PurgeOrderReport): CasePicture[] {
  const runs = [...new Set(r.counts.map((c) => c.otherRuns))];
  const categories = runs.map((o) => `${formatFixed(o)} other runs`);
  const probes = (order: 'eager' | 'deferred') =>
    runs.map((o) => r.counts.find((c) => c.otherRuns === o && c.order === order)?.bloomProbes ?? Number.NaN);
  const pairs = runs.map((o) => r.pairs.find((p) => p.params.otherRuns === o));
  return [
    {
      file: 'purge-order-probes.svg',
      svg: barChart({
        title: 'purge-order: bloom-filter probes per compaction',
        subtitle: `${formatFixed(r.partitions)} partitions, ${formatFixed(r.gcablePartitions)} with a GC-able tombstone. Eager computes max-purgeable for every key with a tombstone, deferred only once a tombstone is past gc grace.`,
        categories,
        categoryTitle: 'non-compacting sstable runs',
        y: { title: 'bloom-filter probes (count)' },
        series: [
          { name: 'eager (max-purgeable first)', values: probes('eager') },
          { name: 'deferred (grace check first)', values: probes('deferred') },
        ],
        format: (v) => formatFixed(v),
        notes: r.counts.map(
          (c) =>
            `${c.order}, ${c.otherRuns} runs: ${formatFixed(c.bloomProbes)} probes ${c.formula === c.bloomProbes ? '=' : '≠'} ${c.formulaText}`,
        ),
      }),
    },
    {
      file: 'purge-order-time.svg',
      svg: barChart({
        title: 'purge-order: CPU time per compaction (co-measured)',
        subtitle: `Median of ${r.samplesPerSide} fresh processes per side, eager and deferred interleaved.`,
        categories,
        categoryTitle: 'non-compacting sstable runs',
        y: { title: 'CPU time per compaction (ms)' },
        series: [
          { name: 'eager', values: pairs.map((p) => (p ? p.baseline.cpuNsPerOp / 1e6 : Number.NaN)) },
          { name: 'deferred', values: pairs.map((p) => (p ? p.candidate.cpuNsPerOp / 1e6 : Number.NaN)) },
        ],
        format: (v) => formatMs(v * 1e6),
        notes: pairs.flatMap((p) =>
          p
            ? [
                `${String(p.params.otherRuns)} runs: deferred ÷ eager = ${formatRatio(p.timeRatio)} (bench: ${p.verdict}, exact Mann-Whitney p=${formatP(p.p ?? Number.NaN)}, Holm ${formatP(p.pAdjusted ?? Number.NaN)})`,
              ]
            : [],
        ),
      }),
    },
  ];
}

/** gc-mode-factorial: the 2×2 as an interaction plot (cell medians; parallel lines = no interaction). */
export function gcModePictures(r: GcModeFactorialReport): CasePicture[] {
  const ms = (ns: number) => ns / 1e6;
  const row = (i: 0 | 1, name: string): LineSeries => ({
    name,
    points: [
      { x: 0, y: ms(r.medians[i][0]) },
      { x: 1, y: ms(r.medians[i][1]) },
    ],
    pointLabel: (y) => `${y.toFixed(2)} ms`,
  });
  const effect = (e: GcModeFactorialReport['codeEffect'][0]) =>
    `${formatEffect(e.percent ?? Number.NaN)} (p=${formatP(e.p)})`;
  return [
    {
      file: 'gc-mode-factorial.svg',
      svg: lineChart({
        title: 'gc-mode-factorial: code × tombstone_gc mode (interaction plot)',
        subtitle: `Median CPU time per compaction of each cell, ${r.samplesPerSide} fresh processes per cell, the four cells interleaved. Parallel lines: the code's effect does not depend on the gc mode; diverging lines: an interaction.`,
        x: {
          title: 'tombstone_gc mode',
          pad: 0.4,
          ticks: [
            { value: 0, label: 'timeout' },
            { value: 1, label: 'repair' },
          ],
        },
        y: { title: 'CPU time per compaction (ms)' },
        series: [row(0, 'Before (eager max-purgeable)'), row(1, 'After (deferred)')],
        notes: [
          `code effect (Before → After): timeout ${effect(r.codeEffect[0])}, repair ${effect(r.codeEffect[1])}`,
          `gc-mode effect (timeout → repair): Before ${effect(r.configEffect[0])}, After ${effect(r.configEffect[1])}`,
          `interaction (code effect in repair relative to timeout): ${formatEffect(r.interactionPercent ?? Number.NaN)}`,
        ],
      }),
    },
  ];
}

/** The pictures of a case's report (none for a report of another shape). */
export function casePictures(report: unknown): CasePicture[] {
  const r = report as CaseReport;
  switch (r?.case) {
    case 'range-merges':
      return rangeMergesPictures(r);
    case 'purge-order':
      return purgeOrderPictures(r);
    case 'gc-mode-factorial':
      return gcModePictures(r);
    default:
      return [];
  }
}

/** The case's `report.html`: its pictures and its text report on one self-contained page. */
export function caseHtmlReport(name: string, pictures: readonly CasePicture[], text: string): string {
  return htmlPage({
    title: `tombstone-harness case ${name}`,
    intro: [`The pictures are also saved beside this page: ${pictures.map((p) => p.file).join(', ')}.`],
    figures: pictures.map((p) => p.svg),
    text,
  });
}
