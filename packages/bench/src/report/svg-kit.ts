/**
 * The SVG primitives bench's plots are drawn with (no plotting dependency: the package stays dependency-free and
 * the plots are simple), exported through `@tombstone-lab/bench/svg` so other tools draw their plots the same way:
 * scales with round 1-2-5 ticks (linear or log), tick labels carrying `data-tick` (checkable), wrapped text, and a
 * document whose colours follow the reader's light or dark scheme (CSS classes in an embedded `<style>`).
 */

/**
 * Average glyph advance in em of DejaVu Sans / Arial, the usual `sans-serif` fallbacks. SVG cannot measure
 * text without a renderer, so labels are wrapped by this estimate (slightly generous, so they stay inside).
 */
export const CHAR_EM = { normal: 0.62, bold: 0.7 } as const;

/**
 * Series colours, each readable on the light (#ffffff) and the dark (#1b1b1f) background: contrast ≥ 3:1 on both,
 * the WCAG minimum for graphical objects.
 */
export const SERIES_COLORS = ['#1f77b4', '#e4572e', '#2ca02c', '#9467bd', '#b8860b', '#17becf'] as const;

/**
 * Colours of the theme classes: `tl-bg` (background), `tl-muted` (secondary text), `tl-axis`, `tl-grid`,
 * `tl-tickmark` (lines); other text inherits the document's fill. The dark variant follows
 * `prefers-color-scheme`, in a browser page and in an `<img>` alike.
 */
export const THEME_CSS = [
  '.tl-svg{fill:#1a1a1a}.tl-svg .tl-bg{fill:#ffffff}.tl-svg .tl-muted{fill:#555555}',
  '.tl-svg .tl-axis{stroke:#333333}.tl-svg .tl-grid{stroke:#e4e4e4}.tl-svg .tl-tickmark{stroke:#999999}',
  '@media (prefers-color-scheme: dark){.tl-svg{fill:#e6e6e6}.tl-svg .tl-bg{fill:#1b1b1f}.tl-svg .tl-muted{fill:#b4b4b4}',
  '.tl-svg .tl-axis{stroke:#c8c8c8}.tl-svg .tl-grid{stroke:#3a3a40}.tl-svg .tl-tickmark{stroke:#8a8a8a}}',
].join('');

/** Escapes text for SVG/XML content and attribute values. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** A coordinate with at most two decimals ("12.35", "7"): short, stable output. */
export function svgNumber(v: number): string {
  return Number(v.toFixed(2)).toString();
}

const n = svgNumber;

/** A whole SVG document: `<title>`, the theme's `<style>` and background, then `body`. */
export function svgDocument(width: number, height: number, title: string, body: readonly string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="tl-svg" width="${n(width)}" height="${n(height)}" viewBox="0 0 ${n(width)} ${n(height)}" font-family="sans-serif" font-size="11">`,
    `<title>${escapeXml(title)}</title>`,
    `<style>${THEME_CSS}</style>`,
    `<rect class="tl-bg" x="0" y="0" width="${n(width)}" height="${n(height)}"/>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

/** One `<text>` element at (x, y) with extra raw attributes. */
export function svgText(x: number, y: number, content: string, attrs = ''): string {
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

/** How {@link textBlock} wraps and styles its text. */
export interface TextBlockOptions {
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
export function textBlock(
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
  const svg = lines.map((line, i) => svgText(x, y + i * step, line, attrs));
  const last = y + (lines.length - 1) * step;
  if (lines.length === 1 && lines[0] === content) return { svg, last };
  return { svg: ['<g>', `<title>${escapeXml(content)}</title>`, ...svg, '</g>'], last };
}

/** A linear or logarithmic mapping from data to pixels, with its round-valued ticks. */
export interface Axis {
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

/**
 * Maps exactly [lo, hi] onto [from, to] (pixels; `to` < `from` for an upward y axis), with round ticks inside;
 * `log` needs lo > 0. A zero-based linear axis: `scale(0, max, …, false)`.
 */
export function scale(lo: number, hi: number, from: number, to: number, log: boolean): Axis {
  const f = (v: number) => (log ? Math.log10(v) : v);
  let a = f(lo);
  let b = f(hi);
  if (b === a) {
    const d = log ? 0.3 : Math.abs(a) * 0.1 || 1;
    a -= d;
    b += d;
  }
  const inv = (u: number) => (log ? 10 ** u : u);
  const { ticks, labels } = log ? logTicks(inv(a), inv(b)) : linearTicks(a, b);
  return { log, ticks, labels, map: (v) => from + ((f(v) - a) / (b - a)) * (to - from) };
}

/** Maps [min, max] (padded by `pad` of the range) onto [from, to]; `log` needs min > 0. */
export function axis(min: number, max: number, from: number, to: number, log: boolean, pad = 0.05): Axis {
  const f = (v: number) => (log ? Math.log10(v) : v);
  const inv = (u: number) => (log ? 10 ** u : u);
  let lo = f(min);
  let hi = f(max);
  if (hi === lo) {
    const d = log ? 0.3 : Math.abs(lo) * 0.1 || 1;
    lo -= d;
    hi += d;
  }
  const p = (hi - lo) * pad;
  return scale(inv(lo - p), inv(hi + p), from, to, log);
}

/** Light grid lines, tick marks and tick labels of a vertical value axis at x = l (grid up to x = r). */
export function yTicks(ax: Axis, l: number, r: number): string[] {
  return ax.ticks.flatMap((v, i) => {
    const y = n(ax.map(v));
    return [
      `<line class="tl-grid" x1="${n(l)}" y1="${y}" x2="${n(r)}" y2="${y}"/>`,
      `<line class="tl-axis" x1="${n(l - 4)}" y1="${y}" x2="${n(l)}" y2="${y}"/>`,
      svgText(l - 7, ax.map(v) + 4, ax.labels[i]!, `text-anchor="end" class="tl-muted" data-tick="${v}"`),
    ];
  });
}

/** Tick marks below a horizontal value axis at y, and their labels. */
export function xTicks(ax: Axis, y: number): string[] {
  return ax.ticks.flatMap((v, i) => {
    const x = n(ax.map(v));
    return [
      `<line class="tl-tickmark" x1="${x}" y1="${n(y)}" x2="${x}" y2="${n(y + 4)}"/>`,
      svgText(ax.map(v), y + 15, ax.labels[i]!, `text-anchor="middle" class="tl-muted" data-tick="${v}"`),
    ];
  });
}

/** A label turned to read upwards, centred on (x, y): a y-axis title. */
export function rotatedLabel(x: number, y: number, content: string): string {
  return svgText(x, y, content, `transform="rotate(-90 ${n(x)} ${n(y)})" text-anchor="middle"`);
}
