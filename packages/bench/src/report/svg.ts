/**
 * Hand-written SVG plots (no plotting dependency: the package stays dependency-free and the plots are simple):
 * per-benchmark sample distributions, log-log growth curves and the factorial interaction plot.
 * Every data point is a `<circle>` carrying `data-side` and `data-value`, and every value-axis tick label a
 * `data-tick`, so the plots are checkable.
 */

import type { RunRecord, Side } from '../model.js';
import type { RunAnalysis } from '../stats/analyze-run.js';
import { describe } from '../stats/describe.js';
import type { FactorialEffect, FactorialResult } from '../stats/factorial.js';
import type { GrowthComparison, GrowthFit } from '../stats/growth.js';
import { sideValues } from '../stats/metric.js';
import type { BenchmarkVerdict } from '../stats/verdict.js';
import { formatDeltaPercent, formatEffect, formatGrouped, formatP, growthLabel } from './number-format.js';

const COLORS: Record<Side, string> = { baseline: '#1f77b4', candidate: '#e4572e' };
const SIDES = ['baseline', 'candidate'] as const;

/**
 * Average glyph advance in em of DejaVu Sans / Arial, the usual `sans-serif` fallbacks. SVG cannot measure
 * text without a renderer, so labels are wrapped by this estimate (slightly generous, so they stay inside).
 */
export const CHAR_EM = { normal: 0.62, bold: 0.7 } as const;

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
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${n(height)}" viewBox="0 0 ${width} ${n(height)}" font-family="sans-serif" font-size="11">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect x="0" y="0" width="${width}" height="${n(height)}" fill="#ffffff"/>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

function text(x: number, y: number, content: string, attrs = ''): string {
  return `<text x="${n(x)}" y="${n(y)}"${attrs ? ` ${attrs}` : ''}>${escapeXml(content)}</text>`;
}

/**
 * Splits `label` into at most `maxLines` lines of at most `maxChars` characters, breaking before "[" or "("
 * and after ".", ",", "]" or a space (benchmark keys read best split there); when it still does not fit, the
 * last line is cut and ends in "…".
 * @throws {RangeError} when `maxChars` < 2 or `maxLines` < 1.
 */
export function wrapLabel(label: string, maxChars: number, maxLines: number): string[] {
  if (!(maxChars >= 2 && maxLines >= 1)) {
    throw new RangeError(`wrapLabel needs maxChars >= 2 and maxLines >= 1, got ${maxChars} and ${maxLines}`);
  }
  const tokens = label
    .split(/(?=[[(])|(?<=[.,\] ])/)
    .flatMap((t) => t.match(new RegExp(`[^]{1,${Math.floor(maxChars)}}`, 'g')) ?? []);
  const lines: string[] = [];
  let current = '';
  for (const token of tokens) {
    if (current.trim() && (current + token).trimEnd().length > maxChars) {
      lines.push(current.trimEnd());
      current = token.trimStart();
    } else current += token;
  }
  if (current.trim() || lines.length === 0) lines.push(current.trimEnd());
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, maxChars - 1)}…`;
  return kept;
}

interface TextBlockOptions {
  maxWidth: number;
  size?: number;
  bold?: boolean;
  maxLines?: number;
  attrs?: string;
}

/**
 * Text wrapped into `maxWidth` pixels from baseline `y` down; when it had to be wrapped or cut, the lines sit
 * in a `<g>` whose `<title>` holds the full text (shown on hover). Returns the baseline of the last line.
 */
function textBlock(
  x: number,
  y: number,
  content: string,
  o: TextBlockOptions,
): { svg: string[]; last: number } {
  const size = o.size ?? 11;
  const perChar = size * (o.bold ? CHAR_EM.bold : CHAR_EM.normal);
  const lines = wrapLabel(content, Math.max(2, Math.floor(o.maxWidth / perChar)), o.maxLines ?? 1);
  const attrs = [size === 11 ? '' : `font-size="${size}"`, o.bold ? 'font-weight="bold"' : '', o.attrs ?? '']
    .filter(Boolean)
    .join(' ');
  const step = Math.round(size * 1.3);
  const svg = lines.map((line, i) => text(x, y + i * step, line, attrs));
  const last = y + (lines.length - 1) * step;
  if (lines.length === 1 && lines[0] === content) return { svg, last };
  return { svg: ['<g>', `<title>${escapeXml(content)}</title>`, ...svg, '</g>'], last };
}

/** A linear or logarithmic mapping from data to pixels, with its round-valued ticks. */
interface Axis {
  map(v: number): number;
  log: boolean;
  ticks: number[];
  labels: string[];
}

const SI: ReadonlyArray<readonly [number, string]> = [
  [1e12, 'T'],
  [1e9, 'G'],
  [1e6, 'M'],
  [1e3, 'k'],
];

/** "2M", "500", "0.05", "1e-6": three significant digits with an SI suffix, for 1-2-5 log ticks. */
export function formatTick(v: number): string {
  const a = Math.abs(v);
  if (a === 0) return '0';
  if (a < 1e-3 || a >= 1e15)
    return v
      .toExponential(2)
      .replace(/\.?0+e/, 'e')
      .replace('e+', 'e');
  const [f, suffix] = SI.find(([f]) => a >= f) ?? [1, ''];
  return `${Number((v / f).toPrecision(3))}${suffix}`;
}

/** Multiples of 1, 2 or 5 × 10^k inside [lo, hi], about `target` of them. */
function linearTicks(lo: number, hi: number, target = 5): { ticks: number[]; labels: string[] } {
  const raw = (hi - lo) / target;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const r = raw / mag;
  const step = (r < 1.5 ? 1 : r < 3 ? 2 : r < 7 ? 5 : 10) * mag;
  const ticks: number[] = [];
  for (let k = Math.ceil(lo / step - 1e-9); k <= Math.floor(hi / step + 1e-9); k++) {
    ticks.push(Number((k * step).toPrecision(12)));
  }
  // One suffix and as many decimals as the step needs, so neighbouring labels never print the same.
  const big = Math.max(...ticks.map(Math.abs));
  const [f, suffix] = SI.find(([f]) => big >= f) ?? [1, ''];
  const decimals = Math.min(12, Math.max(0, -Math.floor(Math.log10(step / f) + 1e-9)));
  const labels = ticks.map((v) => (v === 0 ? '0' : `${(v / f).toFixed(decimals)}${suffix}`));
  return { ticks, labels };
}

/** Decades when the range spans four or more, else 1-2-5 steps, else linear steps (under ~2.5×). */
function logTicks(lo: number, hi: number): { ticks: number[]; labels: string[] } {
  const within = (mantissas: number[]) => {
    const out: number[] = [];
    for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++) {
      for (const m of mantissas) {
        const v = Number((m * 10 ** e).toPrecision(12));
        if (v >= lo && v <= hi) out.push(v);
      }
    }
    return out;
  };
  const decades = within([1]);
  const every = Math.ceil(decades.length / 8);
  const fine = within([1, 2, 5]);
  const ticks = decades.length >= 4 || fine.length > 10 ? decades.filter((_, i) => i % every === 0) : fine;
  if (ticks.length < 3) return linearTicks(lo, hi);
  return { ticks, labels: ticks.map(formatTick) };
}

/** Maps [min, max] (padded by `pad` of the range) onto [from, to]; `log` needs min > 0. */
function axis(min: number, max: number, from: number, to: number, log: boolean, pad = 0.05): Axis {
  const f = (v: number) => (log ? Math.log10(v) : v);
  let lo = f(min);
  let hi = f(max);
  if (hi === lo) {
    const d = log ? 0.3 : Math.abs(lo) * 0.1 || 1;
    lo -= d;
    hi += d;
  }
  const p = (hi - lo) * pad;
  lo -= p;
  hi += p;
  const inv = (u: number) => (log ? 10 ** u : u);
  const { ticks, labels } = log ? logTicks(inv(lo), inv(hi)) : linearTicks(lo, hi);
  return { log, ticks, labels, map: (v) => from + ((f(v) - lo) / (hi - lo)) * (to - from) };
}

/** Light grid lines, tick marks and tick labels of a vertical value axis at x = l (grid up to x = r). */
function yTicks(ax: Axis, l: number, r: number): string[] {
  return ax.ticks.flatMap((v, i) => {
    const y = n(ax.map(v));
    return [
      `<line x1="${l}" y1="${y}" x2="${r}" y2="${y}" stroke="#e6e6e6"/>`,
      `<line x1="${l - 4}" y1="${y}" x2="${l}" y2="${y}" stroke="#333333"/>`,
      text(l - 7, ax.map(v) + 4, ax.labels[i]!, `text-anchor="end" fill="#444444" data-tick="${v}"`),
    ];
  });
}

/** Tick marks below a horizontal value axis at y, and their labels. */
function xTicks(ax: Axis, y: number): string[] {
  return ax.ticks.flatMap((v, i) => {
    const x = n(ax.map(v));
    return [
      `<line x1="${x}" y1="${y}" x2="${x}" y2="${y + 4}" stroke="#999999"/>`,
      text(ax.map(v), y + 15, ax.labels[i]!, `text-anchor="middle" fill="#666666" data-tick="${v}"`),
    ];
  });
}

function rotatedLabel(x: number, y: number, content: string): string {
  return text(x, y, content, `transform="rotate(-90 ${n(x)} ${n(y)})" text-anchor="middle"`);
}

function point(x: number, y: number, side: Side, value: number, extra = ''): string {
  return `<circle cx="${n(x)}" cy="${n(y)}" r="3" fill="${COLORS[side]}" fill-opacity="0.75" data-side="${side}" data-value="${value}"${extra}/>`;
}

/** One colour swatch and line of text per side, cut to `maxWidth`; returns the baseline of the last line. */
function legend(x: number, y: number, lines: Record<Side, string>, maxWidth: number) {
  const svg = SIDES.flatMap((side, i) => [
    `<rect x="${x}" y="${y + i * 16 - 9}" width="10" height="10" fill="${COLORS[side]}"/>`,
    ...textBlock(x + 16, y + i * 16, `${side}: ${lines[side]}`, { maxWidth: maxWidth - 16 }).svg,
  ]);
  return { svg, last: y + 16 };
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
 * axis (logarithmic when the values span more than a decade, which the axis caption says).
 */
export function renderDistributionSvg(rows: readonly DistributionRow[]): string {
  const width = 960;
  const rowHeight = 86;
  const left = 340;
  const right = width - 30;
  const body: string[] = [];
  rows.forEach((row, i) => {
    const top = 46 + i * rowHeight;
    const all = [...row.values.baseline, ...row.values.candidate];
    const v = row.verdict;
    const s = v.stats;
    const name = textBlock(10, top + 10, v.key, { maxWidth: left - 24, bold: true, maxLines: 2 });
    const label = s ? `${v.outcome} ${formatDeltaPercent(s.deltaPercent)} p=${formatP(s.p)}` : v.outcome;
    body.push(...name.svg, ...textBlock(10, name.last + 16, label, { maxWidth: left - 24 }).svg);
    if (all.length === 0) return;
    const sc = axis(
      Math.min(...all),
      Math.max(...all),
      left,
      right,
      Math.min(...all) > 0 && Math.max(...all) / Math.min(...all) > 10,
    );
    const axisY = top + 56;
    body.push(
      `<line x1="${left}" y1="${axisY}" x2="${right}" y2="${axisY}" stroke="#999999"/>`,
      ...xTicks(sc, axisY),
      text(10, axisY + 15, `axis: ${v.unit}, ${sc.log ? 'log scale' : 'linear scale'}`, 'fill="#666666"'),
    );
    SIDES.forEach((side, k) => {
      const xs = row.values[side];
      if (xs.length === 0) return;
      const cy = top + 12 + k * 26;
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
  body.push(...legend(left, 18, labels, right - left).svg);
  return doc(width, 56 + rows.length * rowHeight, 'Sample distributions: baseline vs candidate', body);
}

/** "O(N^1.65) [1.63, 1.67]": one side's growth exponent with its interval. */
function fitText(g: GrowthComparison, side: Side): string {
  const fit: GrowthFit = g[side];
  const label = growthLabel(fit);
  const ci =
    fit.lower === null || fit.upper === null ? '' : ` [${fit.lower.toFixed(2)}, ${fit.upper.toFixed(2)}]`;
  return `${label}${ci}`;
}

/**
 * Log-log growth plot of one benchmark: every sample per side and the fitted power laws, whose exponents and
 * confidence intervals the legend gives. `unit` labels the value axis (e.g. "ns/op").
 */
export function renderGrowthSvg(g: GrowthComparison, labels: Record<Side, string>, unit = 'metric'): string {
  const width = 640;
  const [l, r] = [84, width - 24];
  const title = textBlock(10, 22, `Growth of ${g.key} over ${g.param}`, {
    maxWidth: width - 20,
    size: 13,
    bold: true,
    maxLines: 3,
  });
  const legendLines = { baseline: '', candidate: '' };
  for (const side of SIDES) legendLines[side] = `${labels[side]} — ${fitText(g, side)}`;
  const lg = legend(l, title.last + 24, legendLines, r - l);
  const conf = `${Number((g.baseline.confidence * 100).toFixed(2))}%`;
  const verdict = g.changed
    ? `exponents differ (${conf} intervals disjoint)`
    : `exponents not distinguishable (${conf} intervals overlap)`;
  const note = textBlock(l, lg.last + 18, `${verdict}; dashed lines: fitted a·N^b`, {
    maxWidth: r - l,
    maxLines: 2,
    attrs: 'fill="#444444"',
  });
  const [t, b] = [note.last + 22, note.last + 322];
  const height = b + 50;
  const values = [...g.points.baseline, ...g.points.candidate].flatMap((p) => [...p.values]);
  const lo = Math.min(...g.values);
  const hi = Math.max(...g.values);
  const xs = axis(lo, hi, l, r, true, 0.08);
  const ys = axis(Math.min(...values), Math.max(...values), b, t, true, 0.08);
  const body: string[] = [
    ...title.svg,
    ...lg.svg,
    ...note.svg,
    ...yTicks(ys, l, r),
    `<line x1="${l}" y1="${b}" x2="${r}" y2="${b}" stroke="#333333"/>`,
    `<line x1="${l}" y1="${t}" x2="${l}" y2="${b}" stroke="#333333"/>`,
    text((l + r) / 2, height - 12, `${g.param} (log scale)`, 'text-anchor="middle"'),
    rotatedLabel(16, (t + b) / 2, `${unit} (log scale)`),
  ];
  for (const v of g.values) {
    body.push(
      `<line x1="${n(xs.map(v))}" y1="${b}" x2="${n(xs.map(v))}" y2="${b + 4}" stroke="#333333"/>`,
      text(xs.map(v), b + 16, String(v), 'text-anchor="middle" fill="#444444"'),
    );
  }
  for (const side of SIDES) {
    const fit = g[side];
    const f = (x: number) => fit.coefficient * x ** fit.exponent;
    body.push(
      `<line x1="${n(xs.map(lo))}" y1="${n(ys.map(f(lo)))}" x2="${n(xs.map(hi))}" y2="${n(ys.map(f(hi)))}" stroke="${COLORS[side]}" stroke-dasharray="4 3" data-exponent="${fit.exponent}"/>`,
    );
    for (const p of g.points[side])
      for (const v of p.values) body.push(point(xs.map(p.n), ys.map(v), side, v, ` data-n="${p.n}"`));
  }
  return doc(width, height, `Growth of ${g.key} over ${g.param}`, body);
}

/** "+8.0% (p=0.000183)". */
function effectText(e: FactorialEffect): string {
  return `${formatEffect(e.percent)} (p=${formatP(e.p, 3)})`;
}

/**
 * Interaction plot of a 2×2: the configuration levels on x, one line of cell medians per code level, each
 * point labelled with its median, and below the plot every simple effect with its exact Mann-Whitney p.
 */
export function renderFactorialSvg(f: FactorialResult, title = 'Factorial interaction'): string {
  const width = 560;
  const [l, r] = [84, width - 30];
  const head = textBlock(10, 22, title, { maxWidth: width - 20, size: 13, bold: true, maxLines: 2 });
  const lg = legend(l, head.last + 24, { baseline: f.code.levels[0], candidate: f.code.levels[1] }, r - l);
  const [t, b] = [lg.last + 24, lg.last + 264];
  const meds = [...f.medians[0], ...f.medians[1]];
  const sc = axis(Math.min(...meds), Math.max(...meds), b, t, false, 0.12);
  const x = [l + 90, r - 110] as const;
  const body: string[] = [
    ...head.svg,
    ...lg.svg,
    ...yTicks(sc, l, r),
    `<line x1="${l}" y1="${b}" x2="${r}" y2="${b}" stroke="#333333"/>`,
    `<line x1="${l}" y1="${t}" x2="${l}" y2="${b}" stroke="#333333"/>`,
    rotatedLabel(16, (t + b) / 2, `${f.unit} (cell median)`),
    text((l + r) / 2, b + 36, f.config.name, 'text-anchor="middle"'),
  ];
  for (const [j, lev] of f.config.levels.entries()) {
    body.push(...textBlock(x[j]!, b + 18, lev, { maxWidth: 200, attrs: 'text-anchor="middle"' }).svg);
  }
  for (const i of [0, 1] as const) {
    const side = SIDES[i];
    const [m0, m1] = f.medians[i];
    body.push(
      `<line x1="${x[0]}" y1="${n(sc.map(m0))}" x2="${x[1]}" y2="${n(sc.map(m1))}" stroke="${COLORS[side]}" stroke-width="2"/>`,
      point(x[0], sc.map(m0), side, m0),
      point(x[1], sc.map(m1), side, m1),
    );
  }
  // Medians are labelled beside their points (left of the first column, right of the second), away from
  // the lines, and pushed apart when the two medians of a column are close.
  for (const j of [0, 1] as const) {
    const ys: [number, number] = [sc.map(f.medians[0][j]), sc.map(f.medians[1][j])];
    const gap = 13 - Math.abs(ys[0] - ys[1]);
    if (gap > 0) {
      const sign = ys[0] <= ys[1] ? 1 : -1;
      ys[0] -= (sign * gap) / 2;
      ys[1] += (sign * gap) / 2;
    }
    for (const i of [0, 1] as const) {
      const anchor = j === 0 ? `x="${x[0] - 8}" text-anchor="end"` : `x="${x[1] + 8}"`;
      body.push(
        `<text ${anchor} y="${n(ys[i] + 4)}" fill="${COLORS[SIDES[i]]}">${escapeXml(formatGrouped(f.medians[i][j]))}</text>`,
      );
    }
  }
  const [c0, c1] = f.code.levels;
  const [k0, k1] = f.config.levels;
  const effects = [
    `${c1} vs ${c0} at ${k0}: ${effectText(f.codeEffect[0])}`,
    `${c1} vs ${c0} at ${k1}: ${effectText(f.codeEffect[1])}`,
    `${k1} vs ${k0} for ${c0}: ${effectText(f.configEffect[0])}`,
    `${k1} vs ${k0} for ${c1}: ${effectText(f.configEffect[1])}`,
    `interaction (${f.code.name} effect at ${k1} relative to ${k0}): ${formatEffect(f.interactionPercent)}`,
  ];
  let y = b + 64;
  body.push(text(10, y, 'Effects on the median (exact two-sided Mann-Whitney p)', 'font-weight="bold"'));
  for (const line of effects) {
    const block = textBlock(10, y + 16, line, { maxWidth: width - 20 });
    body.push(...block.svg);
    y = block.last;
  }
  return doc(width, y + 16, title, body);
}
