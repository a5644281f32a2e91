/**
 * Line and bar charts as SVG strings, drawn with bench's SVG primitives (`@tombstone-lab/bench/svg`: scales, round
 * ticks, wrapped text, a light/dark theme), so the harness's pictures look like bench's and cost no dependency.
 *
 * Why not a declarative plotting library: vega 6.4.0 + vega-lite 6.4.3 (which render SVG in Node via
 * `view.toSVG()`) install 25 MB in 75 packages (measured: `du -sh node_modules` after `npm install vega vega-lite`
 * in a fresh npm project, 2026-12-02), more than the whole harness; these ~250 lines on primitives bench already
 * ships add nothing to an install. The plots are few kinds (lines, points, bars, log axes) and their output is
 * deterministic, so tests read values back from the `data-*` attributes.
 */
import {
  type Axis,
  axis,
  CHAR_EM,
  escapeXml,
  svgNumber as n,
  rotatedLabel,
  SERIES_COLORS,
  scale,
  svgDocument,
  svgText,
  textBlock,
  xTicks,
  yTicks,
} from '@tombstone-lab/bench/svg';

/** One axis of a chart: its title (with the unit) and scale. */
export interface ChartAxis {
  /** Shown beside the axis; name the unit, e.g. "latency (ms)". */
  readonly title: string;
  /** Logarithmic scale (values ≤ 0 are left out). */
  readonly log?: boolean;
  /** A linear axis from 0 (rates, counts). */
  readonly zero?: boolean;
  /** Room beyond the data on each side, as a share of its range (default 0.08). */
  readonly pad?: number;
  /** Fixed ticks (categories, percentiles) instead of round 1-2-5 ones. */
  readonly ticks?: readonly { readonly value: number; readonly label: string }[];
}

/** The text around a chart. */
export interface ChartText {
  readonly title: string;
  /** What the chart shows and how to read it, under the title. */
  readonly subtitle?: string;
  /** Lines under the chart (fitted values, effects). */
  readonly notes?: readonly string[];
  readonly width?: number;
  readonly plotHeight?: number;
}

/** One line (and/or its points) of a {@link lineChart}. */
export interface LineSeries {
  readonly name: string;
  readonly points: readonly { readonly x: number; readonly y: number }[];
  readonly color?: string;
  readonly dashed?: boolean;
  /** Draw a circle per point (default true). */
  readonly markers?: boolean;
  /** Join the points (default true); a NaN y breaks the line. */
  readonly line?: boolean;
  /** Listed in the legend (default true); false for a series another one names (medians beside their fit). */
  readonly legend?: boolean;
  /** A text beside each point (e.g. its value). */
  readonly pointLabel?: (y: number) => string;
}

/** One series of a {@link barChart}: a value per category. */
export interface BarSeries {
  readonly name: string;
  readonly values: readonly number[];
  readonly color?: string;
}

const colorOf = (i: number, c?: string) => c ?? SERIES_COLORS[i % SERIES_COLORS.length]!;
const charPx = 11 * CHAR_EM.normal;
/** Dashed when asked, or by default from the palette's second round on, so no two series look alike. */
const dashedOf = (i: number, s: LineSeries) =>
  s.dashed ?? (s.color === undefined && i >= SERIES_COLORS.length);

/** Title, subtitle and a flowing legend; returns their SVG and the baseline below them. */
function header(text: ChartText, legend: readonly { name: string; swatch: Swatch }[], width: number) {
  const svg: string[] = [];
  const title = textBlock(12, 24, text.title, { maxWidth: width - 24, size: 14, bold: true, maxLines: 2 });
  svg.push(...title.svg);
  let y = title.last;
  if (text.subtitle) {
    const sub = textBlock(12, y + 18, text.subtitle, {
      maxWidth: width - 24,
      maxLines: 5,
      attrs: 'class="tl-muted"',
    });
    svg.push(...sub.svg);
    y = sub.last;
  }
  y += 22;
  let x = 12;
  for (const item of legend) {
    const itemWidth = Math.min(width - 24, 24 + item.name.length * charPx + 6);
    if (x > 12 && x + itemWidth > width - 12) {
      x = 12;
      y += 17;
    }
    svg.push(item.swatch(x, y - 4));
    svg.push(...textBlock(x + 24, y, item.name, { maxWidth: width - 12 - x - 24 }).svg);
    x += itemWidth + 14;
  }
  return { svg, bottom: y };
}

/** A legend swatch at (x, y = text middle): an 18 px line sample (lines) or a 10 px square (points, bars). */
type Swatch = (x: number, y: number) => string;

function swatch(color: string, kind: 'line' | 'dashed' | 'box'): Swatch {
  if (kind === 'box')
    return (x, y) => `<rect x="${n(x + 4)}" y="${n(y - 5)}" width="10" height="10" fill="${color}"/>`;
  const dash = kind === 'dashed' ? ' stroke-dasharray="5 4"' : '';
  return (x, y) =>
    `<line x1="${n(x)}" y1="${n(y)}" x2="${n(x + 18)}" y2="${n(y)}" stroke="${color}" stroke-width="2"${dash}/>`;
}

/** The y axis: scale over the data, ticks fixed or round. */
function valueAxis(spec: ChartAxis, values: readonly number[], bottom: number, top: number): Axis {
  const vs = values.filter((v) => Number.isFinite(v) && (!spec.log || v > 0));
  const lo = vs.length > 0 ? Math.min(...vs) : 0;
  const hi = vs.length > 0 ? Math.max(...vs) : 1;
  const ax =
    spec.zero && !spec.log
      ? scale(0, hi > 0 ? hi * 1.08 : 1, bottom, top, false)
      : axis(lo, hi, bottom, top, spec.log === true, spec.pad ?? 0.08);
  if (!spec.ticks) return ax;
  return { ...ax, ticks: spec.ticks.map((t) => t.value), labels: spec.ticks.map((t) => t.label) };
}

/** The frame shared by both charts: header, y axis with grid and title, axis lines, x title, notes. */
function frame(
  text: ChartText,
  legend: readonly { name: string; swatch: Swatch }[],
  y: { spec: ChartAxis; values: readonly number[] },
  xTitle: string,
) {
  const width = text.width ?? 760;
  const head = header(text, legend, width);
  const t = head.bottom + 20;
  const b = t + (text.plotHeight ?? 280);
  const ys = valueAxis(y.spec, y.values, b, t);
  const l = Math.max(64, 34 + Math.max(...ys.labels.map((s) => s.length)) * charPx);
  const r = width - 24;
  const body = [
    ...head.svg,
    ...yTicks(ys, l, r),
    `<line class="tl-axis" x1="${n(l)}" y1="${n(b)}" x2="${n(r)}" y2="${n(b)}"/>`,
    `<line class="tl-axis" x1="${n(l)}" y1="${n(t)}" x2="${n(l)}" y2="${n(b)}"/>`,
    rotatedLabel(15, (t + b) / 2, y.spec.title),
    svgText((l + r) / 2, b + 38, xTitle, 'text-anchor="middle"'),
  ];
  let last = b + 38;
  for (const note of text.notes ?? []) {
    const block = textBlock(12, last + 18, note, {
      maxWidth: width - 24,
      maxLines: 2,
      attrs: 'class="tl-muted"',
    });
    body.push(...block.svg);
    last = block.last;
  }
  return { width, height: last + 16, body, ys, l, r, t, b };
}

/** A polyline through the points in x order; a NaN (or, on a log axis, non-positive) y breaks it. */
export function linePath(
  points: readonly { x: number; y: number }[],
  mapX: (x: number) => number,
  mapY: (y: number) => number,
  logY = false,
): string {
  let d = '';
  let pen = false;
  for (const p of points) {
    const ok = Number.isFinite(p.y) && Number.isFinite(p.x) && (!logY || p.y > 0);
    if (!ok) {
      pen = false;
      continue;
    }
    d += `${d ? ' ' : ''}${pen ? 'L' : 'M'}${n(mapX(p.x))} ${n(mapY(p.y))}`;
    pen = true;
  }
  return d;
}

/**
 * A line chart: each series a line and/or points, a legend naming them, axes with titles and round (or given)
 * ticks. Points are `<circle data-series data-x data-y>`, lines `<path data-series>`, so tests read them back.
 */
export function lineChart(
  spec: ChartText & { readonly x: ChartAxis; readonly y: ChartAxis; readonly series: readonly LineSeries[] },
): string {
  const legend = spec.series.flatMap((s, i) =>
    s.legend === false
      ? []
      : [
          {
            name: s.name,
            swatch: swatch(
              colorOf(i, s.color),
              s.line === false ? 'box' : dashedOf(i, s) ? 'dashed' : 'line',
            ),
          },
        ],
  );
  const all = spec.series.flatMap((s) => s.points);
  const f = frame(spec, legend, { spec: spec.y, values: all.map((p) => p.y) }, spec.x.title);
  const xs = valueAxis(
    spec.x,
    all.map((p) => p.x),
    f.l + 8,
    f.r - 8,
  );
  const body = [...f.body, ...xTicks(xs, f.b)];
  const logY = spec.y.log === true;
  spec.series.forEach((s, i) => {
    const color = colorOf(i, s.color);
    const name = escapeXml(s.name);
    if (s.line !== false) {
      const d = linePath(s.points, xs.map, f.ys.map, logY);
      if (d)
        body.push(
          `<path d="${d}" fill="none" stroke="${color}" stroke-width="2"${dashedOf(i, s) ? ' stroke-dasharray="5 4"' : ''} data-series="${name}"/>`,
        );
    }
    for (const p of s.points) {
      if (!Number.isFinite(p.y) || (logY && p.y <= 0)) continue;
      const [cx, cy] = [xs.map(p.x), f.ys.map(p.y)];
      if (s.markers !== false)
        body.push(
          `<circle cx="${n(cx)}" cy="${n(cy)}" r="3.5" fill="${color}" data-series="${name}" data-x="${p.x}" data-y="${p.y}"/>`,
        );
      if (s.pointLabel) body.push(svgText(cx + 8, cy - 6, s.pointLabel(p.y), `fill="${color}"`));
    }
  });
  return svgDocument(f.width, f.height, spec.title, body);
}

/**
 * A grouped bar chart: one group per category, one bar per series, each labelled with `format(value)` above it.
 * Bars are `<rect data-series data-category data-value>`.
 */
export function barChart(
  spec: ChartText & {
    readonly categories: readonly string[];
    readonly categoryTitle: string;
    readonly y: ChartAxis;
    readonly series: readonly BarSeries[];
    readonly format: (v: number) => string;
  },
): string {
  const legend = spec.series.map((s, i) => ({ name: s.name, swatch: swatch(colorOf(i, s.color), 'box') }));
  const values = spec.series.flatMap((s) => s.values);
  const f = frame(spec, legend, { spec: { ...spec.y, zero: true, log: false }, values }, spec.categoryTitle);
  const band = (f.r - f.l) / Math.max(1, spec.categories.length);
  const barWidth = Math.min(64, (band * 0.7) / Math.max(1, spec.series.length));
  const body = [...f.body];
  spec.categories.forEach((category, c) => {
    const center = f.l + band * (c + 0.5);
    body.push(
      `<line class="tl-tickmark" x1="${n(center)}" y1="${n(f.b)}" x2="${n(center)}" y2="${n(f.b + 4)}"/>`,
      ...textBlock(center, f.b + 17, category, {
        maxWidth: band - 8,
        attrs: 'text-anchor="middle" class="tl-muted"',
      }).svg,
    );
    spec.series.forEach((s, i) => {
      const v = s.values[c];
      if (v === undefined || !Number.isFinite(v)) return;
      const x = center + (i - spec.series.length / 2) * barWidth;
      const top = f.ys.map(v);
      body.push(
        `<rect x="${n(x + 1)}" y="${n(top)}" width="${n(barWidth - 2)}" height="${n(Math.max(0, f.b - top))}" fill="${colorOf(i, s.color)}" data-series="${escapeXml(s.name)}" data-category="${escapeXml(category)}" data-value="${v}"/>`,
        svgText(x + barWidth / 2, top - 5, spec.format(v), 'text-anchor="middle" font-size="10"'),
      );
    });
  });
  return svgDocument(f.width, f.height, spec.title, body);
}
