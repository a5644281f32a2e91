/**
 * Hand-written SVG plots (no plotting dependency: the package stays dependency-free and the plots are simple):
 * per-benchmark sample distributions, log-log growth curves and the factorial interaction plot.
 * Every data point is a `<circle>` carrying `data-side` and `data-value`, so the plots are checkable.
 */

import type { RunRecord, Side } from '../model.js';
import type { RunAnalysis } from '../stats/analyze-run.js';
import { describe } from '../stats/describe.js';
import type { FactorialResult } from '../stats/factorial.js';
import type { GrowthComparison } from '../stats/growth.js';
import { sideValues } from '../stats/metric.js';
import type { BenchmarkVerdict } from '../stats/verdict.js';
import { formatDeltaPercent, formatP } from './number-format.js';

const COLORS: Record<Side, string> = { baseline: '#1f77b4', candidate: '#e4572e' };

/** Escapes text for SVG/XML content and attribute values. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function n(v: number): string {
  return Number(v.toFixed(2)).toString();
}

function doc(width: number, height: number, title: string, body: string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

/** A linear or logarithmic mapping from data to pixels. */
interface Scale {
  map(v: number): number;
  log: boolean;
}

function scale(min: number, max: number, from: number, to: number, preferLog: boolean): Scale {
  const log = preferLog && min > 0 && max / min > 10;
  const f = (v: number) => (log ? Math.log10(v) : v);
  let lo = f(min);
  let hi = f(max);
  if (hi === lo) {
    lo -= 1;
    hi += 1;
  }
  const pad = (hi - lo) * 0.05;
  lo -= pad;
  hi += pad;
  return { log, map: (v) => from + ((f(v) - lo) / (hi - lo)) * (to - from) };
}

function text(x: number, y: number, content: string, attrs = ''): string {
  return `<text x="${n(x)}" y="${n(y)}"${attrs ? ` ${attrs}` : ''}>${escapeXml(content)}</text>`;
}

function point(x: number, y: number, side: Side, value: number, extra = ''): string {
  return `<circle cx="${n(x)}" cy="${n(y)}" r="3" fill="${COLORS[side]}" fill-opacity="0.75" data-side="${side}" data-value="${value}"${extra}/>`;
}

function legend(x: number, y: number, labels: Record<Side, string>): string[] {
  return (['baseline', 'candidate'] as const).flatMap((side, i) => [
    `<rect x="${x}" y="${y + i * 16 - 8}" width="10" height="10" fill="${COLORS[side]}"/>`,
    text(x + 16, y + i * 16 + 1, `${side}: ${labels[side]}`),
  ]);
}

/** Values of one side of a benchmark, for {@link renderDistributionSvg}. */
export interface DistributionRow {
  verdict: BenchmarkVerdict;
  values: Record<Side, readonly number[]>;
}

/** Pairs each verdict with its benchmark's values (by key) for {@link renderDistributionSvg}. */
export function distributionRows(run: RunRecord, analysis: RunAnalysis): DistributionRow[] {
  return analysis.verdicts.flatMap((verdict) => {
    const record = run.benchmarks.find((b) => b.key === verdict.key);
    if (!record) return [];
    return [
      {
        verdict,
        values: {
          baseline: sideValues(record, 'baseline', verdict.metric),
          candidate: sideValues(record, 'candidate', verdict.metric),
        },
      },
    ];
  });
}

/**
 * Strip plot with box (quartiles + median) per side for every benchmark, one row each, on the row's own
 * axis (logarithmic when the values span more than a decade).
 */
export function renderDistributionSvg(rows: readonly DistributionRow[]): string {
  const width = 960;
  const rowHeight = 70;
  const left = 330;
  const right = width - 30;
  const body: string[] = [];
  rows.forEach((row, i) => {
    const top = 40 + i * rowHeight;
    const all = [...row.values.baseline, ...row.values.candidate];
    const v = row.verdict;
    const s = v.stats;
    const label = s ? `${v.outcome} ${formatDeltaPercent(s.deltaPercent)} p=${formatP(s.p)}` : v.outcome;
    body.push(text(10, top + 22, v.key, 'font-weight="bold"'), text(10, top + 38, `${label} (${v.unit})`));
    if (all.length === 0) return;
    const sc = scale(Math.min(...all), Math.max(...all), left, right, true);
    body.push(`<line x1="${left}" y1="${top + 56}" x2="${right}" y2="${top + 56}" stroke="#999999"/>`);
    body.push(text(left, top + 68, `${formatP(Math.min(...all))}`, 'fill="#666666"'));
    body.push(
      text(
        right,
        top + 68,
        `${formatP(Math.max(...all))}${sc.log ? ' (log)' : ''}`,
        'fill="#666666" text-anchor="end"',
      ),
    );
    (['baseline', 'candidate'] as const).forEach((side, k) => {
      const xs = row.values[side];
      if (xs.length === 0) return;
      const cy = top + 16 + k * 24;
      const d = describe(xs);
      body.push(
        `<rect x="${n(sc.map(d.q1))}" y="${cy - 8}" width="${n(Math.max(1, sc.map(d.q3) - sc.map(d.q1)))}" height="16" fill="none" stroke="${COLORS[side]}"/>`,
        `<line x1="${n(sc.map(d.median))}" y1="${cy - 10}" x2="${n(sc.map(d.median))}" y2="${cy + 10}" stroke="${COLORS[side]}" stroke-width="2"/>`,
      );
      // Deterministic vertical jitter keeps equal values visible without randomness in the output.
      for (const [j, x] of xs.entries()) body.push(point(sc.map(x), cy + ((j % 5) - 2) * 2, side, x));
    });
  });
  const labels = rows[0]?.verdict.labels ?? { baseline: 'baseline', candidate: 'candidate' };
  body.push(...legend(left, 16, labels));
  return doc(width, 50 + rows.length * rowHeight, 'Sample distributions: baseline vs candidate', body);
}

/** Log-log growth plot of one benchmark: every sample per side and the fitted power laws. */
export function renderGrowthSvg(g: GrowthComparison, labels: Record<Side, string>): string {
  const width = 640;
  const height = 420;
  const [l, r, t, b] = [70, width - 20, 50, height - 50];
  const values = [...g.points.baseline, ...g.points.candidate].flatMap((p) => [...p.values]);
  const xs = sc2(Math.min(...g.values), Math.max(...g.values), l, r);
  const ys = sc2(Math.min(...values), Math.max(...values), b, t);
  const body: string[] = [
    text(l, 20, `${g.key}: ${g.text} over ${g.param}`, 'font-weight="bold"'),
    `<line x1="${l}" y1="${b}" x2="${r}" y2="${b}" stroke="#333333"/>`,
    `<line x1="${l}" y1="${t}" x2="${l}" y2="${b}" stroke="#333333"/>`,
    text((l + r) / 2, height - 12, `${g.param} (log)`, 'text-anchor="middle"'),
    text(
      14,
      (t + b) / 2,
      'metric (log)',
      `transform="rotate(-90 14 ${n((t + b) / 2)})" text-anchor="middle"`,
    ),
  ];
  for (const v of g.values) body.push(text(xs(v), b + 16, String(v), 'text-anchor="middle" fill="#666666"'));
  for (const side of ['baseline', 'candidate'] as const) {
    const fit = g[side];
    const lo = Math.min(...g.values);
    const hi = Math.max(...g.values);
    const f = (x: number) => fit.coefficient * x ** fit.exponent;
    body.push(
      `<line x1="${n(xs(lo))}" y1="${n(ys(f(lo)))}" x2="${n(xs(hi))}" y2="${n(ys(f(hi)))}" stroke="${COLORS[side]}" stroke-dasharray="4 3" data-exponent="${fit.exponent}"/>`,
    );
    for (const p of g.points[side])
      for (const v of p.values) body.push(point(xs(p.n), ys(v), side, v, ` data-n="${p.n}"`));
  }
  body.push(...legend(r - 220, t + 4, labels));
  return doc(width, height, `Growth of ${g.key}`, body);
}

function sc2(min: number, max: number, from: number, to: number): (v: number) => number {
  // Growth plots are always log-log: the slope is the exponent.
  const lo = Math.log10(min);
  const hi = Math.log10(max) === lo ? lo + 1 : Math.log10(max);
  const pad = (hi - lo) * 0.08;
  return (v) => from + ((Math.log10(v) - (lo - pad)) / (hi - lo + 2 * pad)) * (to - from);
}

/** Interaction plot of a 2×2: the configuration levels on x, one line of cell medians per code level. */
export function renderFactorialSvg(f: FactorialResult, title = 'Factorial interaction'): string {
  const width = 520;
  const height = 360;
  const [l, r, t, b] = [80, width - 150, 50, height - 50];
  const meds = [...f.medians[0], ...f.medians[1]];
  const sc = scale(Math.min(...meds), Math.max(...meds), b, t, false);
  const x = [l + 40, r - 40];
  const sides: Side[] = ['baseline', 'candidate'];
  const body: string[] = [
    text(l, 20, title, 'font-weight="bold"'),
    `<line x1="${l}" y1="${b}" x2="${r}" y2="${b}" stroke="#333333"/>`,
    `<line x1="${l}" y1="${t}" x2="${l}" y2="${b}" stroke="#333333"/>`,
    text(14, (t + b) / 2, f.unit, `transform="rotate(-90 14 ${n((t + b) / 2)})" text-anchor="middle"`),
  ];
  for (const [j, lev] of f.config.levels.entries())
    body.push(text(x[j]!, b + 18, lev, 'text-anchor="middle"'));
  f.code.levels.forEach((lev, i) => {
    const side = sides[i]!;
    const [m0, m1] = f.medians[i]!;
    body.push(
      `<line x1="${x[0]}" y1="${n(sc.map(m0))}" x2="${x[1]}" y2="${n(sc.map(m1))}" stroke="${COLORS[side]}" stroke-width="2"/>`,
      point(x[0]!, sc.map(m0), side, m0),
      point(x[1]!, sc.map(m1), side, m1),
      text(r + 8, sc.map(m1) + 4, lev, `fill="${COLORS[side]}"`),
    );
  });
  return doc(width, height, title, body);
}
