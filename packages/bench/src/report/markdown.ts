/**
 * The Markdown report (for PR comments and CI summaries): the same content as the terminal report, as tables.
 */

import type { RunFactorial } from '../stats/factorial.js';
import { formatEffect } from './number-format.js';
import {
  describeComparison,
  effectLines,
  factorialTable,
  growthSentence,
  type ReportInput,
  VERDICT_ALIGN,
  VERDICT_HEADER,
  verdictCells,
  verdictSentence,
} from './report-model.js';
import type { Align } from './text-table.js';

/** Escapes text for a Markdown table cell (pipes and line breaks would break the row). */
export function escapeCell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>');
}

/** A GitHub-flavoured Markdown table. */
export function markdownTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  align: readonly Align[] = [],
): string {
  const line = (cells: readonly string[]) => `| ${cells.map(escapeCell).join(' | ')} |`;
  const rule = `|${header.map((_, i) => (align[i] === 'right' ? ' ---: ' : ' --- ')).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** The seed-004 2×2 as a Markdown table. */
export function renderFactorialMarkdown(f: RunFactorial): string {
  const t = factorialTable(f);
  return [
    `**${escapeCell(f.key)}** — interaction ${formatEffect(f.interactionPercent)}`,
    '',
    markdownTable(t.header, t.rows, t.align),
  ].join('\n');
}

/** The full Markdown report of a run. */
export function renderMarkdownReport(input: ReportInput): string {
  const { run, analysis } = input;
  const sides = describeComparison(run);
  const s = analysis.summary;
  const out: string[] = [
    `## Benchmark results`,
    '',
    `Baseline: \`${sides.baseline}\` · Candidate: \`${sides.candidate}\` · metric \`${analysis.config.metric}\`, ` +
      `alpha ${analysis.config.alpha}, threshold ±${Number((analysis.config.threshold * 100).toFixed(4))}% · ` +
      `gate: **${s.gate}**`,
    '',
    markdownTable(VERDICT_HEADER, analysis.verdicts.map(verdictCells), VERDICT_ALIGN),
    '',
    ...analysis.verdicts.map((v) => `- ${escapeCell(verdictSentence(v))}`),
    '',
    '### Hodges-Lehmann estimates',
    '',
    ...effectLines(analysis.verdicts).map((e) => `- ${escapeCell(e.key)}: ${e.text}`),
    '',
    '### Checks',
    '',
  ];
  for (const c of s.checks) {
    const total = c.passedCount + c.failures.length;
    if (c.passed) out.push(`- ✓ \`${c.name}\` (${total}/${total})`);
    else {
      out.push(`- ✗ \`${c.name}\` (${c.failures.length}/${total} failed)`);
      for (const f of c.failures) out.push(`  - ${escapeCell(f.key)}: ${escapeCell(f.reason)}`);
    }
  }
  if (input.growth?.length) {
    out.push('', '### Growth', '', ...input.growth.map((g) => `- ${escapeCell(growthSentence(g))}`));
  }
  if (input.factorials?.length) {
    out.push('', '### Factorial', '');
    for (const f of input.factorials) out.push(renderFactorialMarkdown(f), '');
  }
  if (s.aa) {
    out.push(
      '',
      `A/A: Won/Lost in ${(s.aa.falseVerdictRate * 100).toFixed(2)}% of ${s.benchmarks} benchmarks, ` +
        `p < alpha in ${(s.aa.falsePositiveRate * 100).toFixed(2)}%.`,
    );
  }
  return `${out.join('\n').trimEnd()}\n`;
}
