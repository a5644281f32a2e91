/**
 * Hand-written SVG plots, drawn with the primitives of ./svg-kit.ts (no plotting dependency): per-benchmark
 * sample distributions, log-log growth curves and the factorial interaction plot.
 * Every data point is a `<circle>` carrying `data-side` and `data-value`, and every value-axis tick label a
 * `data-tick`, so the plots are checkable.
 */

import {
  formatDeltaPercent,
  formatEffect,
  formatGrouped,
  formatHuman,
  formatP,
  growthLabel,
  METRIC_FAMILIES,
} from '../format/number-format.js';
import type { RunRecord, Side } from '../model.js';
import type {
  MetricId,
  ProtocolFactorialTable,
  ProtocolGrowthComparison,
  Verdict,
} from '../protocol/types.js';
import { sideValues } from '../stats/metric.js';
import {
  type Axis,
  axis,
  svgDocument as doc,
  escapeXml,
  svgNumber as n,
  rotatedLabel,
  SERIES_COLORS,
  svgText as text,
  textBlock,
  xTicks,
  yTicks,
} from './svg-kit.js';

export { CHAR_EM, escapeXml, formatTick, wrapLabel } from './svg-kit.js';

const COLORS: Record<Side, string> = { baseline: SERIES_COLORS[0], candidate: SERIES_COLORS[1] };
const SIDES = ['baseline', 'candidate'] as const;

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

/**
 * An axis whose tick labels are in the report table's units ("2 µs", "500 ns", "1.5 KiB"), not bare SI numbers
 * ("2k" beside a table that printed "7.5021 µs" for the same values: issue 36). Twelve significant digits, trailing
 * zeros dropped: round ticks read short and neighbouring ticks never print the same.
 */
function inTableUnits(ax: Axis, metric: MetricId): Axis {
  return { ...ax, labels: ax.ticks.map((t) => formatHuman(t, METRIC_FAMILIES[metric], 12)) };
}

/** Significant digits of p in the report table (its p and p (Holm) columns), which the captions use too. */
const TABLE_P_DIGITS = 4;

/**
 * The caption of a benchmark's row: outcome, Δ and the p the verdict was decided on, named and at the table's
 * precision — `Won −91.47% p(Holm)=0.01563` when the run's correction is Holm (the table's `p (Holm)` column), else
 * `p=0.003906`. A raw p at full precision beside a table that decided on the Holm p read as the deciding one.
 */
export function distributionCaption(v: Verdict): string {
  const s = v.stats;
  if (!s) return v.outcome;
  const delta =
    s.deltaPercent === null ? '—' : formatDeltaPercent(Number(s.deltaPercent.toPrecision(TABLE_P_DIGITS)));
  const holm = v.basis.correction === 'holm' && v.pAdjusted !== null;
  const p = holm ? `p(Holm)=${formatP(v.pAdjusted, TABLE_P_DIGITS)}` : `p=${formatP(s.p, TABLE_P_DIGITS)}`;
  return `${v.outcome} ${delta} ${p}`;
}

/** Values of one side of a benchmark, for {@link renderDistributionSvg}. */
export interface DistributionRow {
  verdict: Verdict;
  values: Record<Side, readonly number[]>;
}

/** Pairs each verdict of a RunReport with its benchmark's values (by key) for {@link renderDistributionSvg}. */
export function distributionRows(run: RunRecord, verdicts: readonly Verdict[]): DistributionRow[] {
  return verdicts.flatMap((verdict) => {
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

/** The distribution plot's width: at half a 1400 px editor (~500 px) it is drawn at 9/10 of its size, readable. */
const DISTRIBUTION_WIDTH = 560;

/**
 * Strip plot with box (quartiles + median) per side for every benchmark, one block each: its name and caption on
 * their own lines, the strips below across the whole width, on the block's own axis (logarithmic when the values
 * span more than a decade, which the axis caption says). Stacked, not a name column beside the strips: 960 px wide
 * with a 340 px column, a plot shown at half the editor's width (~500 px) was scaled to half size (6 px text) or cut.
 */
export function renderDistributionSvg(rows: readonly DistributionRow[]): string {
  const width = DISTRIBUTION_WIDTH;
  const [left, right] = [10, width - 16];
  const body: string[] = [];
  const labels = rows[0]?.verdict.labels ?? { baseline: 'baseline', candidate: 'candidate' };
  const lg = legend(left, 18, labels, right - left);
  body.push(...lg.svg);
  let top = lg.last + 14;
  for (const row of rows) {
    const all = [...row.values.baseline, ...row.values.candidate];
    const v = row.verdict;
    const s = v.stats;
    const name = textBlock(left, top + 14, v.key, { maxWidth: right - left, bold: true, maxLines: 2 });
    const caption = textBlock(left, name.last + 15, distributionCaption(v), { maxWidth: right - left });
    body.push(...name.svg, ...caption.svg);
    top = caption.last;
    if (all.length === 0) {
      top += 12;
      continue;
    }
    const sc = inTableUnits(
      axis(
        Math.min(...all),
        Math.max(...all),
        left + 6,
        right - 6,
        Math.min(...all) > 0 && Math.max(...all) / Math.min(...all) > 10,
      ),
      v.metric,
    );
    SIDES.forEach((side, k) => {
      const xs = row.values[side];
      if (xs.length === 0) return;
      const cy = top + 20 + k * 24;
      // The box is the side's quartiles and median as the report's statistics give them (drawn when it has some).
      const d = s?.[side];
      if (d)
        body.push(
          `<rect x="${n(sc.map(d.q1))}" y="${cy - 8}" width="${n(Math.max(1, sc.map(d.q3) - sc.map(d.q1)))}" height="16" fill="none" stroke="${COLORS[side]}"/>`,
          `<line x1="${n(sc.map(d.median))}" y1="${cy - 10}" x2="${n(sc.map(d.median))}" y2="${cy + 10}" stroke="${COLORS[side]}" stroke-width="2"/>`,
        );
      // Deterministic vertical jitter keeps equal values visible without randomness in the output.
      for (const [j, x] of xs.entries()) body.push(point(sc.map(x), cy + ((j % 5) - 2) * 2, side, x));
    });
    const axisY = top + 60;
    body.push(
      `<line x1="${left}" y1="${axisY}" x2="${right}" y2="${axisY}" class="tl-tickmark"/>`,
      ...xTicks(sc, axisY),
      text(
        right,
        axisY + 30,
        `axis: ${v.unit}, ${sc.log ? 'log scale' : 'linear scale'}`,
        'text-anchor="end" class="tl-muted"',
      ),
    );
    top = axisY + 34;
  }
  return doc(width, top + 10, 'Sample distributions: baseline vs candidate', body);
}

/** A growth comparison of a RunReport: its fits and the samples they were made on, per side (read only here). */
export type PlottedGrowth = Omit<ProtocolGrowthComparison, 'points'> & {
  points: Record<Side, readonly { n: number; values: readonly number[] }[]>;
};

/** "O(N^1.65) [1.63, 1.67]": one side's growth exponent with its interval. */
function fitText(g: PlottedGrowth, side: Side): string {
  const fit = g[side];
  const label = growthLabel(fit);
  const ci =
    fit.lower === null || fit.upper === null ? '' : ` [${fit.lower.toFixed(2)}, ${fit.upper.toFixed(2)}]`;
  return `${label}${ci}`;
}

/**
 * Log-log growth plot of one benchmark: every sample per side and the fitted power laws, whose exponents and
 * confidence intervals the legend gives. `unit` labels the value axis (e.g. "ns/op"); with `metric` its ticks are in
 * the report table's units ("10 µs"), else plain numbers ("10k").
 */
export function renderGrowthSvg(
  g: PlottedGrowth,
  labels: Record<Side, string>,
  unit = 'metric',
  metric?: MetricId,
): string {
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
    attrs: 'class="tl-muted"',
  });
  const [t, b] = [note.last + 22, note.last + 322];
  const height = b + 50;
  const values = [...g.points.baseline, ...g.points.candidate].flatMap((p) => [...p.values]);
  const lo = Math.min(...g.values);
  const hi = Math.max(...g.values);
  const xs = axis(lo, hi, l, r, true, 0.08);
  const ysRaw = axis(Math.min(...values), Math.max(...values), b, t, true, 0.08);
  const ys = metric ? inTableUnits(ysRaw, metric) : ysRaw;
  const body: string[] = [
    ...title.svg,
    ...lg.svg,
    ...note.svg,
    ...yTicks(ys, l, r),
    `<line x1="${l}" y1="${b}" x2="${r}" y2="${b}" class="tl-axis"/>`,
    `<line x1="${l}" y1="${t}" x2="${l}" y2="${b}" class="tl-axis"/>`,
    text((l + r) / 2, height - 12, `${g.param} (log scale)`, 'text-anchor="middle"'),
    rotatedLabel(16, (t + b) / 2, `${unit} (log scale)`),
  ];
  for (const v of g.values) {
    body.push(
      `<line x1="${n(xs.map(v))}" y1="${b}" x2="${n(xs.map(v))}" y2="${b + 4}" class="tl-axis"/>`,
      text(xs.map(v), b + 16, String(v), 'text-anchor="middle" class="tl-muted"'),
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
function effectText(e: ProtocolFactorialTable['codeEffect'][number]): string {
  return `${formatEffect(e.percent)} (p=${formatP(e.p, 3)})`;
}

/**
 * Interaction plot of a 2×2: the configuration levels on x, one line of cell medians per code level, each
 * point labelled with its median, and below the plot every simple effect with its exact Mann-Whitney p.
 */
export function renderFactorialSvg(
  f: Omit<ProtocolFactorialTable, 'key'>,
  title = 'Factorial interaction',
): string {
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
    `<line x1="${l}" y1="${b}" x2="${r}" y2="${b}" class="tl-axis"/>`,
    `<line x1="${l}" y1="${t}" x2="${l}" y2="${b}" class="tl-axis"/>`,
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
