/**
 * The words of a check: what each finding measured, in the report's number forms. Statistics hand over findings
 * (quantity, side, value, limit); every text format, and the editor through `@tombstone-lab/bench/protocol`,
 * prints them with this one wording.
 */

import { formatP } from '../format/number-format.js';
import type { CheckFinding, CheckQuantity, ProtocolCheck, Relation } from './types.js';

/** Four significant digits, trailing zeros dropped: the form of a ratio, a CV or a correlation in a reason. */
/** How a reason prints a p: the reports' 6 significant digits, or fewer for an editor's hover. */
type FormatP = (p: number | null) => string;

function fmt(v: number | null): string {
  return v === null ? '—' : Number(v.toPrecision(4)).toString();
}

const NEGATED: Readonly<Record<Relation, string>> = { '<': '≥', '<=': '>', '>': '≤', '>=': '<', '=': '≠' };
const SHOWN: Readonly<Record<Relation, string>> = { '<': '<', '<=': '≤', '>': '>', '>=': '≥', '=': '=' };

/** "< 0.05" for a passed finding, "≥ 0.05" for a failed one: the relation that actually holds. */
function against(f: CheckFinding, show: (x: number) => string): string {
  if (!f.limit) return '';
  return ` ${f.passed ? SHOWN[f.limit.relation] : NEGATED[f.limit.relation]} ${show(f.limit.value)}`;
}

const find = (c: ProtocolCheck, q: CheckQuantity, side: CheckFinding['side'] = null) =>
  c.findings.find((f) => f.quantity === q && (side === null || f.side === side));
const value = (f: CheckFinding | undefined): number => f?.value ?? 0;
const firstLine = (text: string) => text.split('\n')[0] ?? '';

/** "12 paired forks; first side p 0.54 (6 forks baseline first, 6 candidate first); block lead p 0.71 (…)". */
function pairedText(c: ProtocolCheck, forks: CheckFinding, fp: FormatP): string {
  const parts = [`${value(forks)} paired forks (both sides in each)`];
  for (const [q, name] of [
    ['first_side_p', 'first side'],
    ['block_lead_p', 'block lead'],
  ] as const) {
    const f = find(c, q);
    if (f) parts.push(`${name} p ${fp(f.value)}${against(f, (x) => String(x))} (${f.note ?? ''})`);
  }
  const failed = c.findings.some((f) => !f.passed);
  return `${parts.join('; ')}${failed ? ': the order moved the comparison' : ''}`;
}

function pairingText(c: ProtocolCheck, fp: FormatP): string {
  const forks = find(c, 'paired_forks');
  if (forks) return pairedText(c, forks, fp);
  const pairs = find(c, 'interleaved_pairs');
  if (pairs) return `${value(pairs)} interleaved pairs (each pair one baseline and one candidate fork)`;
  const dup = find(c, 'duplicate_seq');
  if (dup) return `seq ${value(dup)} is used by more than one fork`;
  const pair = find(c, 'uninterleaved_pair');
  if (pair) {
    return `not interleaved: pair ${value(pair)} (${pair.note ?? ''}) is ${pair.side ?? ''} twice; forks must alternate sides`;
  }
  const [nb, nc] = [value(find(c, 'samples', 'baseline')), value(find(c, 'samples', 'candidate'))];
  if (nb === 0 && nc === 0) return 'no samples on either side';
  return `unequal samples: baseline n=${nb}, candidate n=${nc}`;
}

/** An environment finding's note is the field name, a space, and its value(s). */
function environmentText(c: ProtocolCheck): string {
  const fields = c.findings.filter((f) => f.quantity === 'environment');
  if (fields.length === 0) return 'no samples carry an environment';
  const split = (note: string | null) => {
    const text = note ?? '';
    const at = text.indexOf(' ');
    return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
  };
  const differing = fields.filter((f) => !f.passed);
  if (differing.length > 0) {
    return differing
      .map((f) => split(f.note))
      .map(([field, values]) => `${field} differs: ${values}`)
      .join('; ');
  }
  const all = fields.map((f) => split(f.note).join(' ')).join(', ');
  return `${all} identical in all ${value(find(c, 'samples'))} samples`;
}

function baselineText(c: ProtocolCheck): string {
  const build = find(c, 'build_failure');
  if (build) return `baseline build failed: ${build.note ?? ''}`;
  const failed = find(c, 'failed_forks');
  if (failed) return `baseline produced no samples (${value(failed)} failed forks)`;
  return `baseline built and produced ${value(find(c, 'samples', 'baseline'))} samples`;
}

function passedText(c: ProtocolCheck): string {
  const first = find(c, 'first_failure');
  if (!first) return `all ${value(find(c, 'forks'))} forks completed`;
  const count = value(find(c, 'failed_forks'));
  return `${count} fork(s) failed; first: ${first.side ?? ''} seq ${value(first)} ${first.note ?? ''}`;
}

function metricText(c: ProtocolCheck, metric: string): string {
  const missing = find(c, 'missing_metric');
  const total = value(find(c, 'samples'));
  if (!missing) return 'no samples';
  if (missing.passed) return `${metric} present in all ${total} samples`;
  return `${metric} missing in ${value(missing)} of ${total} samples (${missing.note ?? ''})`;
}

function saneText(c: ProtocolCheck, unit: string): string {
  const problems: string[] = [];
  const notes: string[] = [];
  for (const f of c.findings) {
    const side = f.side ?? '';
    if (f.quantity === 'no_values') problems.push(`${side}: no values`);
    if (f.quantity === 'min_value') problems.push(`${side}: impossible value ${String(f.value)} ${unit}`);
    if (f.quantity === 'farthest_from_median') {
      const far = `farthest sample ${fmt(f.value)}× from the median`;
      if (f.passed) notes.push(`${side} ${far}`);
      else problems.push(`${side}: ${far}${against(f, (x) => `${x}×`)} (a broken sample)`);
    }
    if (f.quantity === 'outliers') {
      const count = `${value(f)} samples beyond ${f.note ?? ''}× from the median`;
      if (f.passed) notes.push(`${value(f)} beyond ${f.note ?? ''}×`);
      else problems.push(`${side}: ${count}${against(f, String)} tolerated`);
    }
    if (f.quantity === 'robust_cv') {
      const cv = `robust CV ${fmt(value(f) * 100)}%`;
      if (f.passed) notes.push(cv);
      else problems.push(`${side}: ${cv}${against(f, (x) => `${fmt(x * 100)}%`)}`);
    }
  }
  return problems.length > 0 ? problems.join('; ') : notes.join(', ');
}

function sufficiencyText(c: ProtocolCheck, fp: FormatP): string {
  const [nb, nc] = [value(find(c, 'samples', 'baseline')), value(find(c, 'samples', 'candidate'))];
  const p = find(c, 'min_achievable_p');
  const family = p?.note ? ` (${p.note})` : '';
  const text = `n=${nb} vs ${nc}: smallest achievable p ${fp(value(p))}${family}`;
  const alpha = p?.limit?.value ?? 0;
  if (!p || p.passed) return `${text} < alpha ${alpha}`;
  return `${text} ≥ alpha ${alpha}: no result can be significant`;
}

/** The findings of one series: a side's (`side` set) or the interleaved pairs' ratios (`side` null). */
function independenceOfSeries(c: ProtocolCheck, side: 'baseline' | 'candidate' | null, fp: FormatP): string {
  const on = (q: CheckQuantity) => c.findings.find((f) => f.quantity === q && f.side === side);
  const label = side ?? 'pairs (candidate ÷ baseline)';
  const few = on('samples');
  if (few) return `${label}: n=${value(few)} < 4: too few samples to test time order`;
  const lag = on('lag1_autocorrelation');
  const mk = on('mann_kendall_p');
  const bound = lag?.limit ? ` (bound ${fmt(lag.limit.value)})` : '';
  const text =
    `${label}: r1=${fmt(value(lag))}${bound}, runs R=${value(on('runs'))} p=${fp(value(on('runs_test_p')))}, ` +
    `Mann-Kendall tau=${fmt(value(on('mann_kendall_tau')))} p=${fp(value(mk))}`;
  // A finding without its limit is one the pairs showed to be common to both sides (stats/checks.ts).
  const common = (f: CheckFinding | undefined) => (f && !f.limit ? ' common to both sides' : '');
  const drift = mk && (!mk.passed || !mk.limit) ? ` → drift${common(mk)}` : '';
  const serial = lag && (!lag.passed || !lag.limit) ? ` → serial correlation${common(lag)}` : '';
  return text + drift + serial;
}

function independenceText(c: ProtocolCheck, fp: FormatP): string {
  const sides = `${independenceOfSeries(c, 'baseline', fp)}; ${independenceOfSeries(c, 'candidate', fp)}`;
  if (!c.findings.some((f) => f.side === null)) return sides;
  const pairs = independenceOfSeries(c, null, fp);
  return c.passed ? `${sides}; ${pairs}: none, so the interleaved pairs cancel it` : `${sides}; ${pairs}`;
}

/**
 * What a check measured, as one reason (the first line is the summary; a build failure or a thrown error adds the
 * log lines after it), e.g. "n=3 vs 3: smallest achievable p 0.1 ≥ alpha 0.05: no result can be significant".
 * `metric` and `unit` name the judged metric (`nsPerOp`, `ns/op`); `pDigits` (default 6, the reports') the significant
 * digits of every p in it, for an editor that prints fewer.
 */
export function checkReasonText(
  check: ProtocolCheck,
  metric: string,
  unit: string,
  pDigits?: number,
): string {
  const fp: FormatP = (p) => formatP(p, pDigits);
  switch (check.name) {
    case 'pairing':
      return pairingText(check, fp);
    case 'environment_consistent':
      return environmentText(check);
    case 'baseline_valid':
      return baselineText(check);
    case 'benchmark_passed':
      return passedText(check);
    case 'measurements_sane':
      return saneText(check, unit);
    case 'metric_present':
      return metricText(check, metric);
    case 'sample_sufficiency':
      return sufficiencyText(check, fp);
    case 'sample_independence':
      return independenceText(check, fp);
  }
}

/** The first line of {@link checkReasonText}: the summary without log lines. */
export function checkSummaryText(check: ProtocolCheck, metric: string, unit: string): string {
  return firstLine(checkReasonText(check, metric, unit));
}
