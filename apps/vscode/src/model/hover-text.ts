/**
 * The hover over a benchmark: the full statistics of each case as Markdown — both medians, the Hodges-Lehmann
 * ratio and shift with their intervals, n per side, the eight checks with their reasons, allocated bytes/op and
 * GC, warm-up warnings and the command line that reproduces the run.
 */
import { atLook, checkReasonText } from '@tombstone-lab/bench/protocol';
import { shellQuote } from '@tombstone-lab/bench/runner';
import type { Sample, Side } from './bench-types.js';
import { caseLine, failureReason, outcomeText, runTag, verdictReason } from './case-text.js';
import { DETAIL_PRECISION, formatDelta, formatDetailP, formatScaled, formatValue, pName } from './format.js';
import type { CaseState } from './results-store.js';

const SIDES: readonly Side[] = ['baseline', 'candidate'];

/** `digits` significant digits, in exponent form below 0.001 (the hover's interval bounds and ratios). */
export function formatSig(v: number, digits: number): string {
  if (!Number.isFinite(v)) return String(v);
  if (v !== 0 && Math.abs(v) < 0.001) return v.toExponential(digits - 1);
  return String(Number(v.toPrecision(digits)));
}

const formatNumber = (v: number) => formatSig(v, 3);

function median(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * Per side: median allocated bytes/op, GC count and GC ms per fork — the runner's own figures (`sides` of
 * benchmark-finished); for a case loaded from a saved file, the same medians of its samples.
 */
export function allocationRow(c: Pick<CaseState, 'samples' | 'sides'>, side: Side): string {
  const mine = c.samples.filter((s) => s.side === side);
  const summary = c.sides?.[side];
  const bytes = summary
    ? summary.bytesPerOp
    : median(mine.flatMap((s) => (s.bytesPerOp === null ? [] : [s.bytesPerOp])));
  const gc = summary ? summary.gcCount : median(mine.map((s) => s.gcCount));
  const gcMs = summary ? summary.gcTimeMs : median(mine.map((s) => s.gcTimeMs));
  if (gc === null || gcMs === null) return '—';
  const b = bytes === null ? 'not counted' : formatValue(bytes, 'bytesPerOp');
  return `${b}/op · ${formatNumber(gc)} GCs (${formatNumber(gcMs)} ms) per fork`;
}

/** `3 of 20 forks (baseline 1, candidate 2) hit the warm-up cap …`, or null when every warm-up settled. */
export function warmupWarning(samples: readonly Sample[]): string | null {
  const unstable = samples.filter((s) => s.warmupStable === false);
  if (unstable.length === 0) return null;
  const by = (side: Side) => unstable.filter((s) => s.side === side).length;
  return (
    `${unstable.length} of ${samples.length} forks (baseline ${by('baseline')}, candidate ${by('candidate')}) ` +
    `hit the warm-up cap before ns/op settled: raise the suite's sampling.warmupMs or the warmupMs setting`
  );
}

const sig = (v: number) => formatSig(v, 3);
// A null bound: the samples are too small for a finite one.
const interval = (lo: number | null, hi: number | null) =>
  `[${lo === null ? '−∞' : sig(lo)}, ${hi === null ? '∞' : sig(hi)}]`;

function statsTable(c: CaseState): string[] {
  const s = c.verdict?.stats;
  if (!s) return [];
  const metric = c.verdict!.metric;
  const row = (name: string, f: (side: Side) => string) => `| ${name} | ${SIDES.map(f).join(' | ')} |`;
  // Medians, minima and maxima of both sides on one scale: the unit once, in the row's name.
  const values = SIDES.flatMap((side) => [s[side].median, s[side].min, s[side].max]);
  const scaled = formatScaled(values, metric);
  const at = (side: Side, k: 0 | 1 | 2) => scaled.texts[(side === 'baseline' ? 0 : 3) + k]!;
  return [
    `| | baseline \`${c.labels.baseline}\` | candidate \`${c.labels.candidate}\` |`,
    '|---|---:|---:|',
    row(`median (${scaled.unit || 'per op'})`, (side) => at(side, 0)),
    row('n', (side) => String(s[side].n)),
    row(`min … max (${scaled.unit || 'per op'})`, (side) => `${at(side, 1)} … ${at(side, 2)}`),
    row('robust CV', (side) => {
      const cv = s[side].robustCv;
      return cv === null ? '—' : `${formatNumber(cv * 100)}%`;
    }),
    row('allocated, GC', (side) => allocationRow(c, side)),
    '',
  ];
}

function effectLines(c: CaseState): string[] {
  const v = c.verdict;
  const s = v?.stats;
  if (!v || !s) return [];
  const conf = `${formatNumber(s.shift.achievedConfidence * 100)}%`;
  const ratio = s.ratio
    ? `HL ratio **${sig(s.ratio.estimate)}** ${interval(s.ratio.lower, s.ratio.upper)} at ${conf}`
    : 'HL ratio: not defined (a value ≤ 0)';
  return [
    `${s.design === 'paired' ? "Δ (the forks' HL ratio)" : 'Δ median'} **${formatDelta(s.deltaPercent)}** · ${ratio} · HL shift ${sig(s.shift.estimate)} ` +
      `${interval(s.shift.lower, s.shift.upper)} ${v.unit}`,
    '',
    `${testStatistic(s)}, ${s.exact ? 'exact' : 'normal approximation'} p = ${formatDetailP(s.p)}` +
      (pName(v, c.limits) !== 'p' && v.pAdjusted !== null
        ? `; across the run's benchmarks ${pName(v, c.limits)} = ${formatDetailP(v.pAdjusted)} (the verdict's p)`
        : ''),
    '',
    ...sequentialLines(v),
  ];
}

type Stats = NonNullable<NonNullable<CaseState['verdict']>['stats']>;

/** The design's test statistic: the signed-rank W+ over the forks' log ratios (paired), Mann-Whitney U (forks). */
function testStatistic(s: Stats): string {
  return s.design === 'paired' && s.wPlus !== null
    ? `Signed-rank W+ = ${s.wPlus}`
    : `Mann-Whitney U = ${s.u}`;
}

/**
 * Which measurement design a case got, from its verdict's `stats.design` and, when it fell back to one side per
 * fork, the reason its results-file record gives: "Design: paired forks — both sides measured in every fork …".
 */
export function designLine(c: Pick<CaseState, 'verdict' | 'design'>): string | null {
  const d = c.verdict?.stats?.design ?? c.design?.kind;
  if (!d) return null;
  if (d === 'paired')
    return "Design: paired forks — both sides measured in every fork (signed-rank test over the forks' log ratios)";
  const why = c.design?.kind === 'forks' ? ` — fell back: ${c.design.reason}` : '';
  return `Design: one side per fork (Mann-Whitney test)${why}`;
}

/**
 * A sequential run: "Decided at n = 5 of 20 (a difference) · sequential p = 0.0079", or after a futility stop
 * "Stopped at n = 10 of 20: no difference reachable (predictive power 2%)" (the runner's own words).
 */
function sequentialLines(v: NonNullable<CaseState['verdict']>): string[] {
  const q = v.sequential;
  if (!q) return [];
  const last = q.looks.at(-1) ?? { n: q.decidedAt, decision: q.decision };
  const at = atLook(last, q.maxN);
  const p = q.pSequential === null ? '' : ` · sequential p = ${formatDetailP(q.pSequential)}`;
  return [`${at.charAt(0).toUpperCase()}${at.slice(1)}${p}`, ''];
}

/** The Markdown hover of one case. */
export function caseHover(c: CaseState): string {
  const v = c.verdict;
  const outcome = outcomeText(c);
  const lines = [
    `**${c.key}** — ${outcome ? `${outcome} (${c.role})` : c.status} · ${runTag(c.run)}`,
    '',
    `\`${caseLine(c)}\``,
    '',
  ];
  // Why, and for an Unchanged or Held read that is Inconclusive what would resolve it.
  const reason = verdictReason(c);
  if (reason) lines.push(reason, '');
  const design = designLine(c);
  if (design) lines.push(design, '');
  lines.push(...statsTable(c), ...effectLines(c));
  if (v && v.checks.length > 0) {
    lines.push('Checks:', '');
    for (const check of v.checks) {
      lines.push(
        `- ${check.passed ? '✓' : '✗'} \`${check.name}\` — ${checkReasonText(check, v.metric, v.unit, DETAIL_PRECISION.pDigits)}`,
      );
    }
    lines.push('');
  }
  const failure = failureReason(c);
  if (failure) lines.push(`Failed forks: ${failure}`, '');
  const warm = warmupWarning(c.samples);
  if (warm) lines.push(`⚠ Warm-up: ${warm}`, '');
  lines.push('Reproduce:', '', '```sh', shellQuote(['tombstone-bench', ...c.command]), '```');
  if (c.resultsFile) lines.push('', `Results: \`${c.resultsFile}\``);
  return lines.join('\n');
}
