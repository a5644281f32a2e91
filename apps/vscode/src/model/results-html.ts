/**
 * The results view's HTML: the verdict table, each benchmark's samples in time order (the ABAB interleaving,
 * drawn here as a strip), the runner's own SVG plots (sample distributions, growth curves with fitted exponents,
 * factorial interaction) and the factorial tables. Theme colours come from VS Code's CSS variables; the runner's
 * SVGs are light-on-white and are inverted with a hue turn in dark themes so their side colours stay apart.
 * No script runs in the view (CSP `default-src 'none'`). Readable at half the editor's width: the table wraps its
 * benchmark names (and drops the n column below 640 px), the time-order strips sit under it, plots shrink to the view's width down to a
 * legible minimum (then scroll) and are titled by what they show, not by file name.
 */
import { type MetricId, type ProtocolFactorialTable, unresolvedText } from '@tombstone-lab/bench/protocol';
import { verdictReason } from './case-text.js';
import { formatDelta, formatPair, formatPValue, formatScaled, formatValue, metricOfUnit } from './format.js';
import type { ResultsDocument } from './protocol.js';

/** A run listed beside the shown one: its label and time, the file to open it from. */
export interface ListedRun {
  tag: string;
  status: string;
  /** Results file, null for a run that wrote none (cancelled before its first fork, failed). */
  file: string | null;
  current: boolean;
}

/** One SVG the runner wrote with `report --svg`. */
export interface RunnerPlot {
  name: string;
  svg: string;
}

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const SIDE_COLORS = { baseline: '#1f77b4', candidate: '#d62728' } as const;

type Bench = ResultsDocument['benchmarks'][number];

/** A strip of one benchmark's samples in time order (x = seq), baseline and candidate coloured. */
export function timeOrderSvg(b: Bench, metric: MetricId): string {
  const pts = b.samples
    .map((x) => ({ seq: x.seq, side: x.side, v: x[metric] }))
    .filter((p): p is typeof p & { v: number } => typeof p.v === 'number')
    .sort((a, c) => a.seq - c.seq);
  if (pts.length === 0) return '';
  const w = 420;
  const h = 60;
  const lo = Math.min(...pts.map((p) => p.v));
  const hi = Math.max(...pts.map((p) => p.v));
  const y = (v: number) => (hi === lo ? h / 2 : h - 6 - ((v - lo) / (hi - lo)) * (h - 12));
  const x = (i: number) => 8 + (i * (w - 16)) / Math.max(pts.length - 1, 1);
  const dots = pts.map(
    (p, i) =>
      `<circle cx="${x(i).toFixed(1)}" cy="${y(p.v).toFixed(1)}" r="3.5" fill="${SIDE_COLORS[p.side]}" data-side="${p.side}" data-seq="${p.seq}"><title>#${p.seq} ${p.side}: ${formatValue(p.v, metric)}</title></circle>`,
  );
  return `<svg class="strip" xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" role="img" aria-label="samples in time order">${dots.join('')}</svg>`;
}

/** A case of a cancelled run that never finished: `not measured (cancelled at 0/10)`, not the engine's Invalid. */
function notMeasuredRow(key: string, text: string, b: Bench | undefined): string {
  const n = b
    ? `${b.samples.filter((x) => x.side === 'baseline').length}/${b.samples.filter((x) => x.side === 'candidate').length}`
    : '—';
  const cells = ['—', '—', n, '—'].map((c, i) => `<td class="num${CELL_CLASS[i] ?? ''}">${c}</td>`).join('');
  return `<tr class="not-measured"><td class="key">${breakable(key)}</td>${cells}<td class="outcome">${escapeHtml(text)}</td></tr>`;
}

function verdictRows(doc: ResultsDocument, notMeasured: ReadonlyMap<string, string>): string[] {
  const byKey = new Map(doc.benchmarks.map((b) => [b.key, b]));
  return doc.analysis.verdicts.map((v) => {
    const unmeasured = notMeasured.get(v.key);
    if (unmeasured !== undefined) return notMeasuredRow(v.key, unmeasured, byKey.get(v.key));
    const s = v.stats;
    const p = v.pAdjusted ?? s?.p ?? null;
    const cells = s
      ? [
          formatPair(s.baseline.median, s.candidate.median, v.metric),
          formatDelta(s.deltaPercent),
          `${s.baseline.n}/${s.candidate.n}`,
          p === null ? '—' : formatPValue(p),
        ]
      : ['—', '—', '—', '—'];
    const b = byKey.get(v.key);
    return (
      `<tr class="${v.outcome.toLowerCase()}"><td class="key">${breakable(v.key)}</td>` +
      cells
        .map((c, i) => `<td class="num${CELL_CLASS[i] ?? ''}">${i === 0 ? pairHtml(c) : escapeHtml(c)}</td>`)
        .join('') +
      `${outcomeCell(v, b)}</tr>`
    );
  });
}

/**
 * Each benchmark's samples in time order, under the table, one strip per benchmark at up to its own width: as the
 * table's last column the strip was squeezed to a few pixels at half the editor's width (one dot visible, e2e
 * screenshot of a 660 px view), and hidden below 640 px.
 */
function timeOrderStrips(doc: ResultsDocument): string {
  const metric = doc.analysis.config.metric;
  const rows = doc.benchmarks.flatMap((b) => {
    const svg = timeOrderSvg(b, metric);
    return svg ? [`<div class="strip-row"><div class="key">${breakable(b.key)}</div>${svg}</div>`] : [];
  });
  if (rows.length === 0) return '';
  const legend = `<span style="background:${SIDE_COLORS.baseline}"></span>baseline<span style="background:${SIDE_COLORS.candidate}"></span>candidate`;
  return `<h3>Samples in time order (ABAB order)</h3><p class="legend">${legend}</p>\n${rows.join('\n')}`;
}

type Verdict = ResultsDocument['analysis']['verdicts'][number];

/**
 * The design a benchmark got, from its verdict's `stats.design` and its record's fallback: `paired forks`, or `one
 * side per fork (fell back: both sides cannot load in one process)`; null without statistics.
 */
export function designText(v: Verdict, b: Bench | undefined): string | null {
  const d = v.stats?.design ?? b?.design?.kind;
  if (!d) return null;
  if (d === 'paired') return 'paired forks (both sides measured in every fork)';
  return `one side per fork${b?.design?.kind === 'forks' ? ` (fell back: ${b.design.reason})` : ''}`;
}

/**
 * The outcome cell: the runner's outcome, titled with its reason in the runner's words (for an Unchanged or Held
 * read that is Inconclusive, its interval and what would resolve it) and the design the benchmark got.
 */
function outcomeCell(v: Verdict, b: Bench | undefined): string {
  const design = designText(v, b);
  const title = [verdictReason({ verdict: v }), design ? `design: ${design}` : null]
    .filter(Boolean)
    .join('\n');
  return `<td class="outcome" title="${escapeHtml(title)}">${escapeHtml(v.outcome)}</td>`;
}

/**
 * Under the table: each benchmark whose Unchanged or Held its interval does not show (so it is Inconclusive), with
 * what would resolve it, and the design the run's benchmarks got (those that fell back named, with the reason).
 */
function verdictNotes(doc: ResultsDocument, notMeasured: ReadonlyMap<string, string>): string {
  const byKey = new Map(doc.benchmarks.map((b) => [b.key, b]));
  const measured = doc.analysis.verdicts.filter((v) => !notMeasured.has(v.key));
  const unresolved = measured.flatMap((v) => {
    const text = unresolvedText(v);
    return text === undefined
      ? []
      : [`<li><b>${breakable(v.key)}</b> Inconclusive: ${escapeHtml(text)}</li>`];
  });
  const designs = new Map<string, string[]>();
  for (const v of measured) {
    const d = designText(v, byKey.get(v.key));
    if (d) designs.set(d, [...(designs.get(d) ?? []), v.key]);
  }
  const designLine =
    designs.size === 0
      ? ''
      : designs.size === 1
        ? `<p class="footnote design">design: ${escapeHtml([...designs.keys()][0]!)}${measured.length > 1 ? ', every benchmark' : ''}</p>`
        : `<p class="footnote design">design: ${[...designs]
            .map(([d, keys]) => `${escapeHtml(d)} — ${keys.map(breakable).join(', ')}`)
            .join('; ')}</p>`;
  const list = unresolved.length ? `<ul class="unresolved">${unresolved.join('')}</ul>` : '';
  return `${list}${designLine}`;
}

/** Extra classes of the numeric cells: the median pair may wrap, the sample count hides in narrow views. */
const CELL_CLASS = [' pair', '', ' n', ''];

/**
 * `123.39 → 234.45 cpu µs` that may wrap after the arrow only: one line where there is room, two in a view half the
 * editor wide (the pair was 201 px of a 466 px view, and the table overflowed by 100 px).
 */
function pairHtml(pair: string): string {
  const at = pair.indexOf(' → ');
  if (at < 0) return escapeHtml(pair);
  const [from, to] = [pair.slice(0, at + 2), pair.slice(at + 3)];
  return `<span class="nw">${escapeHtml(from)}</span> <span class="nw">${escapeHtml(to)}</span>`;
}

/** A benchmark key that may wrap after `.` and before `[` (not inside a name): `Suite.<wbr>bench<wbr>[size=1]`. */
function breakable(key: string): string {
  return escapeHtml(key).replace(/\./g, '.<wbr>').replace(/\[/g, '<wbr>[');
}

/** What a runner plot shows, from its SVG `<title>` (the runner titles each plot), else from its file name. */
export function plotTitle(plot: RunnerPlot): string {
  const t = /<title>([^<]+)<\/title>/.exec(plot.svg)?.[1];
  if (t)
    return t
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
  return plot.name.replace(/\.svg$/, '').replace(/[-_]+/g, ' ');
}

/** ` style="min-width: 720px"` for a plot 960 px wide: 3/4 of its own width, the least it is shrunk to. */
export function plotMinWidth(plot: RunnerPlot): string {
  const width = Number(/<svg[^>]*\swidth="([\d.]+)"/.exec(plot.svg)?.[1]);
  return Number.isFinite(width) && width > 0 ? ` style="min-width: ${Math.round(width * 0.75)}px"` : '';
}

/** The run list: every run of this editor session, the shown one marked, each opening its results file. */
function runList(runs: readonly ListedRun[]): string {
  if (runs.length <= 1) return '';
  const items = runs.map((r) => {
    const text = `${escapeHtml(r.tag)} <span class="status">${escapeHtml(r.status)}</span>`;
    if (r.current) return `<li class="current">${text} (shown)</li>`;
    if (!r.file) return `<li>${text}</li>`;
    const args = encodeURIComponent(JSON.stringify([r.file]));
    return `<li><a href="command:tombstoneBench.openResults?${args}">${text}</a></li>`;
  });
  return `<details class="runs"><summary>Runs (${runs.length}, newest first)</summary><ul>${items.join('')}</ul></details>`;
}

function factorialTables(doc: ResultsDocument): string[] {
  return doc.analysis.factorials.map((f) => {
    const eff = (e: ProtocolFactorialTable['codeEffect'][number]) =>
      `${formatDelta(e.percent)} (p=${formatPValue(e.p)})`;
    // All four medians on one scale, the unit once in the corner.
    const scaled = formatScaled(f.medians.flat(), metricOfUnit(f.unit));
    const cell = (i: 0 | 1, j: 0 | 1) => `<td class="num">${scaled.texts[i * 2 + j]}</td>`;
    const row = (i: 0 | 1) =>
      `<tr><th>${escapeHtml(f.code.levels[i])}</th>${cell(i, 0)}${cell(i, 1)}<td class="num">${eff(f.configEffect[i])}</td></tr>`;
    return (
      `<h3>${escapeHtml(f.key)}: ${escapeHtml(f.code.name)} × ${escapeHtml(f.config.name)}</h3><table class="factorial">` +
      `<tr><th>${escapeHtml(scaled.unit)}</th><th>${escapeHtml(f.config.levels[0])}</th><th>${escapeHtml(f.config.levels[1])}</th><th>${escapeHtml(f.config.name)} effect</th></tr>` +
      `${row(0)}${row(1)}<tr><th>${escapeHtml(f.code.name)} effect</th><td class="num">${eff(f.codeEffect[0])}</td>` +
      `<td class="num">${eff(f.codeEffect[1])}</td><td>interaction ${formatDelta(f.interactionPercent)}</td></tr></table>`
    );
  });
}

const STYLE = `
body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); background: var(--vscode-editor-background); padding: 0 12px 24px; }
h2 { margin: 12px 0 4px; font-size: 1.25em; overflow-wrap: anywhere; }
p.sub { margin: 0 0 8px; opacity: 0.85; overflow-wrap: anywhere; }
p.footnote { margin: -8px 0 16px; opacity: 0.85; overflow-wrap: anywhere; }
ul.unresolved { margin: -8px 0 12px; padding-left: 18px; opacity: 0.85; overflow-wrap: anywhere; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; margin: 8px 0 16px; width: 100%; }
th, td { border-bottom: 1px solid var(--vscode-panel-border, #8884); padding: 3px 8px; text-align: left; vertical-align: middle; }
td.num { white-space: nowrap; text-align: right; font-variant-numeric: tabular-nums; font-family: var(--vscode-editor-font-family); }
td.key { font-family: var(--vscode-editor-font-family); }
td.num.pair { white-space: normal; } span.nw { white-space: nowrap; }
tr.won td.outcome { color: var(--vscode-testing-iconPassed); font-weight: bold; }
tr.lost td.outcome, tr.invalid td.outcome { color: var(--vscode-testing-iconFailed); font-weight: bold; }
svg.strip { display: block; width: 100%; max-width: 420px; height: auto; margin: 2px 0 10px; }
div.strip-row .key { font-family: var(--vscode-editor-font-family); font-size: 0.9em; }
.legend span { display: inline-block; width: 10px; height: 10px; margin: 0 4px 0 12px; }
/* Plots shrink to the view's width down to 3/4 of their own (their 11 px axis text stays above 8 px: the style
   of each image), then scroll: at half the editor's width a plot was cut off, and shrunk to fit it was unreadable. */
.plot-wrap { overflow-x: auto; }
img.plot { width: auto; max-width: 100%; height: auto; background: #fff; border-radius: 4px; margin: 4px 0 12px; }
body.vscode-dark img.plot, body.vscode-high-contrast img.plot { filter: invert(0.92) hue-rotate(180deg); }
details.runs { margin: 8px 0; } details.runs ul { margin: 4px 0; padding-left: 20px; } li.current { font-weight: bold; }
span.status { opacity: 0.75; }
p.banner { margin: 8px 0; padding: 6px 10px; border-left: 3px solid var(--vscode-editorWarning-foreground, #c90); background: var(--vscode-textBlockQuote-background, #8881); overflow-wrap: anywhere; }
a.button { display: inline-block; margin-left: 6px; padding: 2px 8px; color: var(--vscode-button-foreground); background: var(--vscode-button-background); text-decoration: none; border-radius: 2px; }
tr.not-measured td.outcome { opacity: 0.85; font-style: italic; }
@media (max-width: 640px) {
  th.n, td.n { display: none; }
  th, td { padding: 3px 4px; }
  table { font-size: 0.9em; }
  body { padding: 0 6px 24px; }
}
`;

/** The notes over the table: a cancelled run's, and a newer run's with a button that shows it. */
function banners(page: ResultsPage): string {
  const out: string[] = [];
  if (page.interruptedNote) out.push(`<p class="banner interrupted">${escapeHtml(page.interruptedNote)}</p>`);
  if (page.newer) {
    const args = encodeURIComponent(JSON.stringify([page.newer.file]));
    out.push(
      `<p class="banner newer">A newer run exists: ${escapeHtml(page.newer.tag)}. <a class="button" href="command:tombstoneBench.openResults?${args}">Show the newest run</a></p>`,
    );
  }
  return out.join('\n');
}

/** Everything the page shows besides the results document. */
export interface ResultsPage {
  /** `vs HEAD~1 · 14:03`: which run this is. */
  title: string;
  /** The results file, shown small under the title. */
  file: string;
  plots: readonly RunnerPlot[];
  plotsNote?: string | null;
  runs?: readonly ListedRun[];
  /** Cases of a cancelled run that never finished, with their text (`not measured (cancelled at 0/10)`). */
  notMeasured?: ReadonlyMap<string, string>;
  /** Over a cancelled run: how far it got and how to continue it. */
  interruptedNote?: string | null;
  /** Over an older run while a newer one exists: its tag and results file, for a button that shows it. */
  newer?: { tag: string; file: string } | null;
  cspSource: string;
}

/** The whole page for one results document. */
export function resultsHtml(doc: ResultsDocument, page: ResultsPage): string {
  const c = doc.comparison;
  const what =
    c.kind === 'revision'
      ? `git ${c.baseline} → ${c.candidate}`
      : c.kind === 'factor'
        ? `${c.factor}: ${String(c.baseline)} → ${String(c.candidate)}`
        : `A/A ${c.label}`;
  const config = doc.analysis.config;
  const correction = config.correction;
  const pHead = correction === 'none' ? 'p' : `p (${correction === 'holm' ? 'Holm' : correction})`;
  const images = page.plots.map((p) => {
    const title = escapeHtml(plotTitle(p));
    return `<h3>${title}</h3><div class="plot-wrap"><img class="plot" alt="${title}"${plotMinWidth(p)} src="data:image/svg+xml;base64,${Buffer.from(p.svg).toString('base64')}"></div>`;
  });
  const note = page.plotsNote ? `<p class="sub">${escapeHtml(page.plotsNote)}</p>` : '';
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data: ${page.cspSource}; style-src 'unsafe-inline';">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title><style>${STYLE}</style></head><body>
<h2>Benchmark results · ${escapeHtml(page.title)}</h2>
<p class="sub">${escapeHtml(what)} · α ${config.alpha}, threshold ±${config.threshold * 100}%, ${escapeHtml(pHead)} decides · ${escapeHtml(page.file)}</p>
${banners(page)}
${runList(page.runs ?? [])}
<div class="table-wrap"><table class="verdicts"><tr><th>benchmark</th><th>median: baseline → candidate</th><th>Δ</th><th class="n">n</th><th>${escapeHtml(pHead)}</th><th>outcome</th></tr>
${verdictRows(doc, page.notMeasured ?? new Map()).join('\n')}
</table></div>
${verdictNotes(doc, page.notMeasured ?? new Map())}
${timeOrderStrips(doc)}
${factorialTables(doc).join('\n')}
${note}${images.join('\n')}
</body></html>`;
}
