/**
 * The terminal report: the seed-000 verdict table, seed-style sentences, effect sizes, the checks section,
 * growth lines and seed-004 factorial boxes — all read from the run's RunReport.
 */

import { formatEffect } from '../format/number-format.js';
import { type Align, alignedTable, boxTable } from '../format/text-table.js';
import { checkReasonText } from '../protocol/check-text.js';
import type { Correction, ProtocolFactorialTable, ProtocolRunSummary, Verdict } from '../protocol/types.js';
import { failedChecksText, unresolvedText } from '../protocol/verdict-text.js';
import { METRIC_UNITS } from '../stats/metric.js';
import { notFittableLine } from '../stats/not-fittable.js';
import {
  aaVerdictNote,
  describeComparison,
  effectLines,
  factorialTable,
  growthSentence,
  isSingleVariant,
  type ReportInput,
  type ReproductionItem,
  reachWarning,
  reproductionItems,
  singleVariantTable,
  terminalAlign,
  terminalHeader,
  terminalVerdictCells,
  verdictSentence,
  warmupWarnings,
} from './report-model.js';

/** The seed-004 2×2 as a box table, every effect with its exact p. */
export function renderFactorialBox(f: ProtocolFactorialTable): string {
  const t = factorialTable(f);
  return `${f.key}\n${boxTable([t.header, ...t.rows], t.align)}\ninteraction (code effect, ${f.config.levels[1]} vs ${f.config.levels[0]}): ${formatEffect(f.interactionPercent)}`;
}

/** The judged metric's name and unit, which check reasons name. */
export interface MetricWords {
  metric: string;
  unit: string;
}

/** The checks section: "pairing ✓ …" per check, with every failing benchmark's reason underneath. */
export function renderChecks(
  summary: ProtocolRunSummary,
  words: MetricWords,
  verdictReasons: ReadonlyMap<string, string> = new Map(),
): string {
  const lines: string[] = [];
  for (const c of summary.checks) {
    const total = c.passedCount + c.failures.length;
    if (c.passed) {
      const only = verdictReasons.get(c.name);
      lines.push(`${c.name} ✓ ${total === 1 && only ? only : `(${total}/${total} benchmarks)`}`);
    } else {
      lines.push(`${c.name} ✗ (${c.failures.length}/${total} benchmarks failed)`);
      for (const f of c.failures) {
        const reason = checkReasonText(
          { name: c.name, passed: false, findings: f.findings },
          words.metric,
          words.unit,
        );
        const [first, ...rest] = reason.split('\n');
        lines.push(`    ${f.key}: ${first}`);
        for (const r of rest) lines.push(`      ${r}`);
      }
    }
  }
  return lines.join('\n');
}

function summaryLine(
  summary: ProtocolRunSummary,
  config: { alpha: number; threshold: number; correction: Correction },
): string {
  const { alpha, correction } = config;
  const o = summary.outcomes;
  const parts = [`${o.Won} Won`, `${o.Held} Held`, `${o.Unchanged} Unchanged`, `${o.Lost} Lost`];
  if (o.Inconclusive) parts.push(`${o.Inconclusive} Inconclusive`);
  if (o.Invalid) parts.push(`${o.Invalid} Invalid`);
  let line = `${parts.join(', ')} — gate: ${summary.gate}`;
  const warning = reachWarning(summary.reach, correction, summary.aa === null);
  if (warning) line += `\n${warning}`;
  if (summary.aa) {
    const pct = (r: number | null) => (r === null ? '—' : `${Number((r * 100).toFixed(2))}%`);
    line +=
      `\nA/A: Won/Lost verdicts in ${pct(summary.aa.falseVerdictRate)} of ${summary.benchmarks} benchmarks; ` +
      `p < ${alpha} in ${pct(summary.aa.falsePositiveRate)} (nominal ${pct(alpha)}).${aaVerdictNote(summary.aa)}`;
  }
  return line;
}

/** The seed-000 "Reproduction" bullets; a command goes on its own indented line, as in the seed. */
export function renderReproduction(items: readonly ReproductionItem[]): string {
  const lines = ['Reproduction'];
  for (const item of items) {
    if (item.kind === 'command') lines.push(`• ${item.label}:`, '', `  ${item.value}`, '');
    else lines.push(`• ${item.label}: ${item.value}`);
  }
  return lines.join('\n').trimEnd();
}

/** SGR foreground codes of the outcomes worth a glance: Won green, Lost red. */
const OUTCOME_COLOUR: Partial<Record<string, number>> = { Won: 32, Lost: 31 };

/**
 * Whether a report printed to a stream gets colour: `FORCE_COLOR` (other than `0`/`false`) forces it, a non-empty
 * `NO_COLOR` (no-color.org) turns it off, otherwise only on a terminal.
 */
export function colourWanted(isTTY: boolean, env: Readonly<Record<string, string | undefined>>): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '0' && force !== 'false') return true;
  if (force === '0' || force === 'false') return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return isTTY;
}

/** "• Primary Won: …" per verdict; an Inconclusive one says which checks failed and whether it reads as a regression. */
function verdictLines(verdicts: readonly Verdict[]): string[] {
  return verdicts.flatMap((v) => {
    const prefix = v.role === 'primary' ? `Primary ${v.outcome}` : `Guardrail ${v.outcome}`;
    const lines = [`• ${prefix}: ${verdictSentence(v)}`];
    // Say why there is no verdict; the checks section below has every check's full reason.
    if (v.outcome === 'Inconclusive' && v.stats) {
      // The statistics alone read Lost: an unconfirmed regression, which the gate fails on.
      const gate = v.basis.statisticalOutcome === 'Lost' ? ' — reads as a regression: fails the gate' : '';
      if (v.basis.failedChecks.length > 0) lines.push(`    checks failed: ${failedChecksText(v)}${gate}`);
      const unresolved = unresolvedText(v);
      if (unresolved !== undefined) lines.push(`    not resolved: ${unresolved}`);
    }
    return lines;
  });
}

/** The full terminal report of a run, from its RunReport. */
export function renderTerminalReport(input: ReportInput): string {
  const { run, report } = input;
  const sides = describeComparison(run);
  const out: string[] = [];
  out.push(`Baseline: ${sides.baseline}`, `Candidate: ${sides.candidate}`, '');
  if (isSingleVariant(run)) {
    const t = singleVariantTable(report);
    const align: Align[] = ['left', 'left', 'right', 'right', 'right'];
    out.push(
      alignedTable(t.header, t.rows, align),
      '',
      'A/A check of the two halves (same code: expect no verdict):',
    );
  }
  const correction = report.config.correction;
  const header = terminalHeader(correction);
  const at = header.indexOf('Outcome');
  const cells = (v: Verdict) => {
    const row = terminalVerdictCells(v, correction);
    const sgr = input.colour ? OUTCOME_COLOUR[v.outcome] : undefined;
    if (sgr !== undefined) row[at] = `\u001b[${sgr}m${row[at]}\u001b[39m`;
    return row;
  };
  out.push(alignedTable(header, report.verdicts.map(cells), terminalAlign(correction)));
  out.push('', ...verdictLines(report.verdicts));
  const effects = effectLines(report.verdicts).map((e) => `  ${e.key}: ${e.text}`);
  if (effects.length) out.push('', 'Hodges-Lehmann (candidate vs baseline):', ...effects);
  // A single benchmark gets its pass reasons printed in full; a run of many gets counts.
  const reasons = new Map<string, string>();
  const words = { metric: report.config.metric, unit: METRIC_UNITS[report.config.metric] };
  if (report.verdicts.length === 1)
    for (const c of report.verdicts[0]!.checks)
      reasons.set(c.name, checkReasonText(c, words.metric, words.unit));
  out.push('', 'Checks:', renderChecks(report.summary, words, reasons));
  if (report.growth.length) out.push('', 'Growth:', ...report.growth.map((g) => `  ${growthSentence(g)}`));
  for (const f of report.factorials) out.push('', renderFactorialBox(f));
  if (report.notFittable.length)
    out.push('', 'Not fittable:', ...report.notFittable.map((n) => `  ${n.analysis} ${notFittableLine(n)}`));
  const unsettled = warmupWarnings(run);
  if (unsettled.length) out.push('', 'Warm-up:', ...unsettled.map((w) => `  ${w}`));
  out.push('', renderReproduction(reproductionItems(input)));
  out.push('', summaryLine(report.summary, report.config));
  return out.join('\n');
}
