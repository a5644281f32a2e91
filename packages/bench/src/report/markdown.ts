/**
 * The Markdown report (for PR comments and CI summaries): the same content as the terminal report, as tables.
 */

import type { RunFactorial } from '../stats/factorial.js';
import { formatEffect, formatGrouped, formatP } from './number-format.js';
import {
  describeComparison,
  effectSentence,
  growthSentence,
  type ReportInput,
  VERDICT_HEADER,
  verdictCells,
  verdictSentence,
} from './report-model.js';

/** Escapes text for a Markdown table cell (pipes and line breaks would break the row). */
export function escapeCell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>');
}

/** A GitHub-flavoured Markdown table. */
export function markdownTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  align: readonly ('left' | 'right')[] = [],
): string {
  const line = (cells: readonly string[]) => `| ${cells.map(escapeCell).join(' | ')} |`;
  const rule = `|${header.map((_, i) => (align[i] === 'right' ? ' ---: ' : ' --- ')).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** The seed-004 2×2 as a Markdown table. */
export function renderFactorialMarkdown(f: RunFactorial): string {
  const effect = (e: { percent: number; p: number }) => `${formatEffect(e.percent)} (p=${formatP(e.p, 3)})`;
  return [
    `**${escapeCell(f.key)}** — interaction ${formatEffect(f.interactionPercent)}`,
    '',
    markdownTable(
      [f.unit, f.config.levels[0], f.config.levels[1], `${f.config.name} effect`],
      [
        [
          f.code.levels[0],
          formatGrouped(f.medians[0][0]),
          formatGrouped(f.medians[0][1]),
          effect(f.configEffect[0]),
        ],
        [
          f.code.levels[1],
          formatGrouped(f.medians[1][0]),
          formatGrouped(f.medians[1][1]),
          effect(f.configEffect[1]),
        ],
        [`${f.code.name} effect`, effect(f.codeEffect[0]), effect(f.codeEffect[1]), ''],
      ],
      ['left', 'right', 'right', 'right'],
    ),
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
    markdownTable(VERDICT_HEADER, analysis.verdicts.map(verdictCells), [
      'left',
      'left',
      'right',
      'right',
      'right',
      'left',
      'right',
      'right',
    ]),
    '',
    ...analysis.verdicts.map((v) => `- ${escapeCell(verdictSentence(v))}`),
    '',
    '### Hodges-Lehmann estimates',
    '',
    ...analysis.verdicts.flatMap((v) => {
      const e = effectSentence(v);
      return e ? [`- ${escapeCell(v.key)}: ${e}`] : [];
    }),
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
