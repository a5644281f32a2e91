/**
 * The Markdown report (for PR comments and CI summaries): the same content as the terminal report, as tables.
 */

import { formatEffect } from '../format/number-format.js';
import type { Align } from '../format/text-table.js';
import { checkReasonText } from '../protocol/check-text.js';
import type { ProtocolFactorialTable } from '../protocol/types.js';
import { unresolvedText } from '../protocol/verdict-text.js';
import { METRIC_UNITS } from '../stats/metric.js';
import { notFittableLine } from '../stats/not-fittable.js';
import {
  aaVerdictNote,
  describeComparison,
  effectLines,
  factorialTable,
  growthSentence,
  type ReportInput,
  type ReproductionItem,
  reachWarning,
  reproductionItems,
  terminalAlign,
  terminalHeader,
  terminalVerdictCells,
  verdictSentence,
  warmupWarnings,
} from './report-model.js';

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
export function renderFactorialMarkdown(f: ProtocolFactorialTable): string {
  const t = factorialTable(f);
  return [
    `**${escapeCell(f.key)}** — interaction ${formatEffect(f.interactionPercent)}`,
    '',
    markdownTable(t.header, t.rows, t.align),
  ].join('\n');
}

/** Backticks one longer than the longest run inside `text`, so the text cannot close its own code span/block. */
function fenceFor(text: string, min: number): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  return '`'.repeat(Math.max(min, longest + 1));
}

/** A fenced shell code block. */
function codeBlock(text: string, indent: string): string {
  const fence = fenceFor(text, 3);
  return [`${indent}${fence}sh`, `${indent}${text}`, `${indent}${fence}`].join('\n');
}

/** An inline code span; padded with spaces when the text starts or ends with a backtick. */
function codeSpan(text: string): string {
  const fence = fenceFor(text, 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** The "Reproduction" section: one bullet per item, the command as a shell code block, paths as code. */
export function renderReproductionMarkdown(items: readonly ReproductionItem[]): string {
  const lines = ['### Reproduction', ''];
  for (const item of items) {
    if (item.kind === 'command') lines.push(`- ${item.label}:`, '', codeBlock(item.value, '  '), '');
    else if (item.kind === 'path') lines.push(`- ${item.label}: ${codeSpan(item.value)}`);
    else lines.push(`- ${item.label}: ${escapeCell(item.value)}`);
  }
  return lines.join('\n').trimEnd();
}

/** A warning as a Markdown quote line under the header line (none when null). */
function markdownWarning(text: string | null): string[] {
  return text ? ['', `> **${escapeCell(text)}**`] : [];
}

const percent = (r: number | null): string => (r === null ? '—' : `${(r * 100).toFixed(2)}%`);

/** The full Markdown report of a run, from its RunReport. */
export function renderMarkdownReport(input: ReportInput): string {
  const { run, report: analysis } = input;
  const sides = describeComparison(run);
  const s = analysis.summary;
  const out: string[] = [
    `## Benchmark results`,
    '',
    `Baseline: \`${sides.baseline}\` · Candidate: \`${sides.candidate}\` · metric \`${analysis.config.metric}\`, ` +
      `alpha ${analysis.config.alpha}, threshold ±${Number((analysis.config.threshold * 100).toFixed(4))}% · ` +
      `gate: **${s.gate}**`,
    ...markdownWarning(reachWarning(s.reach, analysis.config.correction, s.aa === null)),
    '',
    markdownTable(
      terminalHeader(analysis.config.correction),
      analysis.verdicts.map((v) => terminalVerdictCells(v, analysis.config.correction)),
      terminalAlign(analysis.config.correction),
    ),
    '',
    ...analysis.verdicts.map((v) => {
      const unresolved = unresolvedText(v);
      const why = unresolved === undefined ? '' : ` — not resolved: ${unresolved}`;
      return `- ${escapeCell(`${verdictSentence(v)}${why}`)}`;
    }),
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
      for (const f of c.failures) {
        const check = { name: c.name, passed: false, findings: f.findings };
        const reason = checkReasonText(check, analysis.config.metric, METRIC_UNITS[analysis.config.metric]);
        out.push(`  - ${escapeCell(f.key)}: ${escapeCell(reason)}`);
      }
    }
  }
  if (analysis.growth.length) {
    out.push('', '### Growth', '', ...analysis.growth.map((g) => `- ${escapeCell(growthSentence(g))}`));
  }
  if (analysis.factorials.length) {
    out.push('', '### Factorial', '');
    for (const f of analysis.factorials) out.push(renderFactorialMarkdown(f), '');
  }
  if (analysis.notFittable.length) {
    out.push(
      '',
      '### Not fittable',
      '',
      ...analysis.notFittable.map((n) => `- ${n.analysis} ${escapeCell(notFittableLine(n))}`),
    );
  }
  const unsettled = warmupWarnings(input.run);
  if (unsettled.length) out.push('', '### Warm-up', '', ...unsettled.map((w) => `- ${escapeCell(w)}`));
  if (s.aa) {
    out.push(
      '',
      `A/A: Won/Lost in ${percent(s.aa.falseVerdictRate)} of ${s.benchmarks} benchmarks, ` +
        `p < alpha in ${percent(s.aa.falsePositiveRate)}.${aaVerdictNote(s.aa)}`,
    );
  }
  out.push('', renderReproductionMarkdown(reproductionItems(input)));
  return `${out.join('\n').trimEnd()}\n`;
}
