/**
 * Two saved runs side by side, per benchmark key: each run's own verdict line and how the candidate median moved
 * from the first run to the second. The two runs were not co-measured, so no verdict is drawn between them; the
 * page says so.
 */
import type { BenchmarkVerdict } from './bench-types.js';
import { formatDelta, verdictLine } from './format.js';
import type { ResultsDocument } from './protocol.js';
import { escapeHtml } from './results-html.js';

/** One row: a key and what each run says about it. */
export interface CompareRow {
  key: string;
  first: string;
  second: string;
  /** Candidate median change from the first run to the second, e.g. `−12.0%`; '' when either is missing. */
  drift: string;
}

function lines(doc: ResultsDocument): Map<string, { text: string; median: number | null }> {
  const limits = { alpha: doc.analysis.config.alpha, threshold: doc.analysis.config.threshold };
  return new Map(
    doc.analysis.verdicts.map((raw) => {
      const v = raw as unknown as BenchmarkVerdict;
      return [v.key, { text: verdictLine(v, limits), median: v.stats?.candidate.median ?? null }];
    }),
  );
}

/** The rows of two documents: keys of the first in order, then keys only the second has. */
export function compareRows(first: ResultsDocument, second: ResultsDocument): CompareRow[] {
  const a = lines(first);
  const b = lines(second);
  const keys = [...new Set([...a.keys(), ...b.keys()])];
  return keys.map((key) => {
    const x = a.get(key);
    const y = b.get(key);
    const drift =
      x?.median != null && y?.median != null && x.median !== 0
        ? formatDelta(((y.median - x.median) / x.median) * 100)
        : '';
    return { key, first: x?.text ?? '—', second: y?.text ?? '—', drift };
  });
}

/** The page. */
export function compareHtml(rows: readonly CompareRow[], names: [string, string]): string {
  const body = rows
    .map(
      (r) =>
        `<tr><td>${escapeHtml(r.key)}</td><td>${escapeHtml(r.first)}</td><td>${escapeHtml(r.second)}</td><td class="num">${escapeHtml(r.drift)}</td></tr>`,
    )
    .join('\n');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline';">
<style>body{font-family:var(--vscode-font-family);color:var(--vscode-foreground)} td,th{padding:3px 10px;border-bottom:1px solid #8884;text-align:left} td.num{text-align:right}</style></head><body>
<h2>${escapeHtml(names[0])} vs ${escapeHtml(names[1])}</h2>
<p>Each run's own co-measured verdict. The last column is the candidate median's drift between the two runs; they were measured at different times, so it carries no verdict.</p>
<table><tr><th>benchmark</th><th>${escapeHtml(names[0])}</th><th>${escapeHtml(names[1])}</th><th>candidate drift</th></tr>
${body}
</table></body></html>`;
}
