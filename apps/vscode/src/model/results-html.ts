/**
 * The results view's HTML: the verdict table, each benchmark's samples in time order (the ABAB interleaving,
 * drawn here as a strip), the runner's own SVG plots (sample distributions, growth curves with fitted exponents,
 * factorial interaction) and the factorial tables. Theme colours come from VS Code's CSS variables; the runner's
 * SVGs are light-on-white and are inverted with a hue turn in dark themes so their side colours stay apart.
 * No script runs in the view (CSP `default-src 'none'`).
 */
import { formatDelta, formatNumber, formatPValue, formatValue } from './format.js';
import type { ResultsDocument } from './protocol.js';

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
export function timeOrderSvg(b: Bench, metric: string): string {
  const pts = b.samples
    .map((s) => ({ seq: s.seq, side: s.side, v: (s as Record<string, unknown>)[metric] }))
    .filter((p): p is { seq: number; side: 'baseline' | 'candidate'; v: number } => typeof p.v === 'number')
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
      `<circle cx="${x(i).toFixed(1)}" cy="${y(p.v).toFixed(1)}" r="3.5" fill="${SIDE_COLORS[p.side]}" data-side="${p.side}" data-seq="${p.seq}"><title>#${p.seq} ${p.side}: ${formatNumber(p.v)}</title></circle>`,
  );
  return `<svg class="strip" xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" role="img" aria-label="samples in time order">${dots.join('')}</svg>`;
}

function verdictRows(doc: ResultsDocument): string[] {
  const byKey = new Map(doc.benchmarks.map((b) => [b.key, b]));
  const metric = String((doc.analysis.config as Record<string, unknown>).metric ?? 'nsPerOp');
  return doc.analysis.verdicts.map((v) => {
    const s = v.stats as null | {
      baseline: { median: number; n: number };
      candidate: { median: number; n: number };
      deltaPercent: number | null;
      p: number;
    };
    const cells = s
      ? [
          formatValue(s.baseline.median, v.unit),
          formatValue(s.candidate.median, v.unit),
          formatDelta(s.deltaPercent),
          `${s.baseline.n}/${s.candidate.n}`,
          formatPValue(s.p),
        ]
      : ['—', '—', '—', '—', '—'];
    const b = byKey.get(v.key);
    return (
      `<tr class="${v.outcome.toLowerCase()}"><td class="key">${escapeHtml(v.key)}</td>` +
      cells.map((c) => `<td class="num">${escapeHtml(c)}</td>`).join('') +
      `<td class="outcome">${v.outcome}</td><td>${b ? timeOrderSvg(b, metric) : ''}</td></tr>`
    );
  });
}

function factorialTables(doc: ResultsDocument): string[] {
  return doc.analysis.factorials.map((raw) => {
    const f = raw as unknown as {
      key: string;
      unit: string;
      code: { name: string; levels: [string, string] };
      config: { name: string; levels: [string, string] };
      medians: [[number, number], [number, number]];
      codeEffect: [{ percent: number; p: number }, { percent: number; p: number }];
      configEffect: [{ percent: number; p: number }, { percent: number; p: number }];
      interactionPercent: number;
    };
    const eff = (e: { percent: number; p: number }) => `${formatDelta(e.percent)} (p=${formatPValue(e.p)})`;
    const row = (i: 0 | 1) =>
      `<tr><th>${escapeHtml(f.code.levels[i])}</th><td class="num">${formatNumber(f.medians[i][0])}</td>` +
      `<td class="num">${formatNumber(f.medians[i][1])}</td><td class="num">${eff(f.configEffect[i])}</td></tr>`;
    return (
      `<h3>${escapeHtml(f.key)}: ${escapeHtml(f.code.name)} × ${escapeHtml(f.config.name)}</h3><table class="factorial">` +
      `<tr><th>${escapeHtml(f.unit)}</th><th>${escapeHtml(f.config.levels[0])}</th><th>${escapeHtml(f.config.levels[1])}</th><th>${escapeHtml(f.config.name)} effect</th></tr>` +
      `${row(0)}${row(1)}<tr><th>${escapeHtml(f.code.name)} effect</th><td class="num">${eff(f.codeEffect[0])}</td>` +
      `<td class="num">${eff(f.codeEffect[1])}</td><td>interaction ${formatDelta(f.interactionPercent)}</td></tr></table>`
    );
  });
}

const STYLE = `
body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); background: var(--vscode-editor-background); padding: 0 16px 24px; }
table { border-collapse: collapse; margin: 8px 0 16px; }
th, td { border-bottom: 1px solid var(--vscode-panel-border, #8884); padding: 3px 10px; text-align: left; vertical-align: middle; }
td.num { white-space: nowrap; text-align: right; font-variant-numeric: tabular-nums; font-family: var(--vscode-editor-font-family); }
td.key { font-family: var(--vscode-editor-font-family); }
tr.won td.outcome { color: var(--vscode-testing-iconPassed); font-weight: bold; }
tr.lost td.outcome, tr.invalid td.outcome { color: var(--vscode-testing-iconFailed); font-weight: bold; }
.legend span { display: inline-block; width: 10px; height: 10px; margin: 0 4px 0 12px; }
img.plot { max-width: 100%; background: #fff; border-radius: 4px; margin: 8px 0; }
body.vscode-dark img.plot, body.vscode-high-contrast img.plot { filter: invert(0.92) hue-rotate(180deg); }
`;

/** The whole page for one results document. */
export function resultsHtml(
  doc: ResultsDocument,
  plots: readonly RunnerPlot[],
  title: string,
  cspSource: string,
): string {
  const c = doc.comparison as Record<string, unknown>;
  const what =
    c.kind === 'revision'
      ? `git ${String(c.baseline)} → ${String(c.candidate)}`
      : c.kind === 'factor'
        ? `${String(c.factor)}: ${String(c.baseline)} → ${String(c.candidate)}`
        : `A/A ${String(c.label ?? '')}`;
  const images = plots.map(
    (p) =>
      `<h3>${escapeHtml(p.name)}</h3><img class="plot" alt="${escapeHtml(p.name)}" src="data:image/svg+xml;base64,${Buffer.from(p.svg).toString('base64')}">`,
  );
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data: ${cspSource}; style-src 'unsafe-inline';">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>
<h2>${escapeHtml(title)}</h2>
<p>${escapeHtml(what)} · run ${escapeHtml(doc.runId)} · α ${doc.analysis.config.alpha}, threshold ±${doc.analysis.config.threshold * 100}%</p>
<p class="legend">samples in time order:<span style="background:${SIDE_COLORS.baseline}"></span>baseline<span style="background:${SIDE_COLORS.candidate}"></span>candidate</p>
<table class="verdicts"><tr><th>benchmark</th><th>baseline</th><th>candidate</th><th>Δ median</th><th>n</th><th>p</th><th>outcome</th><th>ABAB order</th></tr>
${verdictRows(doc).join('\n')}
</table>
${factorialTables(doc).join('\n')}
${images.join('\n')}
</body></html>`;
}
