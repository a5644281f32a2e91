/**
 * Two saved runs side by side, as the runner compares them (`tombstone-bench compare-files old.json new.json
 * --json`: U test and Holm per benchmark on the two files' samples). The runs were not co-measured, so the page
 * says that machine drift between them reads as a change.
 */
import { type FilesReport, unresolvedText } from '@tombstone-lab/bench/protocol';
import { verdictReason } from './case-text.js';
import { formatDelta, formatPair, formatPValue } from './format.js';
import { escapeHtml } from './results-html.js';

/** The page of a `compare-files` RunReport (its verdicts carry the structured basis the row titles word). */
export function compareHtml(report: FilesReport, names: [string, string]): string {
  const c = report.comparison;
  const rows = report.verdicts
    .map((r) => {
      const cells = r.stats
        ? [
            formatPair(r.stats.baseline.median, r.stats.candidate.median, r.metric),
            formatDelta(r.stats.deltaPercent),
            `${r.stats.baseline.n}/${r.stats.candidate.n}`,
            r.pAdjusted === null ? '—' : formatPValue(r.pAdjusted),
          ]
        : ['—', '—', '0/0', '—'];
      // The row's title says why, in the runner's words: for an Unchanged or Held read that is Inconclusive, its
      // interval and what would resolve it.
      const title = verdictReason({ verdict: r }) ?? '';
      return (
        `<tr title="${escapeHtml(title)}"><td>${escapeHtml(r.key)}</td>` +
        cells.map((x) => `<td class="num">${escapeHtml(x)}</td>`).join('') +
        `<td>${escapeHtml(r.outcome)}</td></tr>`
      );
    })
    .join('\n');
  const unresolved = report.verdicts.flatMap((r) => {
    const text = unresolvedText(r);
    return text === undefined ? [] : [`<li>${escapeHtml(r.key)} Inconclusive: ${escapeHtml(text)}</li>`];
  });
  const notShown = unresolved.length ? `<ul>${unresolved.join('')}</ul>` : '';
  const only = [
    c.onlyOld.length ? `<p>only in ${escapeHtml(names[0])}: ${c.onlyOld.map(escapeHtml).join(', ')}</p>` : '',
    c.onlyNew.length ? `<p>only in ${escapeHtml(names[1])}: ${c.onlyNew.map(escapeHtml).join(', ')}</p>` : '',
  ].join('');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline';">
<style>body{font-family:var(--vscode-font-family);color:var(--vscode-foreground)} table{border-collapse:collapse;width:100%} td,th{padding:3px 8px;border-bottom:1px solid #8884;text-align:left} td.num{text-align:right;white-space:nowrap} td:first-child{overflow-wrap:anywhere}</style></head><body>
<h2>${escapeHtml(names[0])} → ${escapeHtml(names[1])}</h2>
<p>Not co-measured: the files were measured at different times, so machine drift between them reads as a change.
For a verdict you can trust, measure both sides in one run. Side compared: ${escapeHtml(c.side)}.</p>
<table><tr><th>benchmark</th><th>old → new (median)</th><th>Δ median</th><th>n</th><th>p (Holm)</th><th>outcome</th></tr>
${rows}
</table>${notShown}${only}</body></html>`;
}
