/**
 * The one-line verdict shown in CodeLenses, after-line decorations, the Test Explorer and the status bar:
 * `9.0185 → 3.3625 µs  −99.7%  p(Holm)=1.1e-05  Won`. Numbers come from the runner's own formatter
 * (`@tombstone-lab/bench/format`): both medians on one scale with the unit written once, Δ% as the runner's
 * reports print effects, p like its tables. `~` replaces Δ% when the runner did not count the change (p ≥ alpha or
 * within the noise threshold: the verdict's basis), as benchstat writes it. The p is the one the verdict was decided on, and says which it is.
 */
import { formatEffect, formatP, humanScale, METRIC_FAMILIES } from '@tombstone-lab/bench/format';
import { type ReasonPrecision, verdictReasonText } from '@tombstone-lab/bench/protocol';
import type { BenchmarkVerdict } from './bench-types.js';

/**
 * Which p a verdict line names: the run's multiple-comparison correction. (The alpha and threshold a verdict was
 * judged with are in its own `basis`, which the reason text words: "p 0.03 < 0.05 …, +5.1% beyond ±2%".)
 */
export interface VerdictLimits {
  /** The correction the run's `pAdjusted` applies; null for a verdict judged alone (a case's live verdict). */
  correction?: string | null;
  /** The confidence of the run's intervals (0.95) when its RunReport names it (a saved run); absent for a live run. */
  confidence?: number | null;
}

type Family = (typeof METRIC_FAMILIES)[keyof typeof METRIC_FAMILIES];

function familyOf(metric: string): Family {
  return (METRIC_FAMILIES as Record<string, Family>)[metric] ?? 'count';
}

/** `cpu ` for CPU time, '' otherwise: the unit says what was measured. */
function unitPrefix(metric: string): string {
  return metric === 'cpuNsPerOp' ? 'cpu ' : '';
}

/** Both medians of a line in one unit, chosen by the runner's formatter: `78.048 → 110.2 cpu µs`. */
export function formatPair(baseline: number, candidate: number, metric: string): string {
  const s = humanScale([baseline, candidate], familyOf(metric));
  const unit = `${unitPrefix(metric)}${s.unit}`.trim();
  return `${s.format(baseline)} → ${s.format(candidate)}${unit ? ` ${unit}` : ''}`;
}

/** Several values on one scale (a table's cells): the texts and the unit to write once in its header. */
export function formatScaled(values: readonly number[], metric: string): { texts: string[]; unit: string } {
  const s = humanScale(values, familyOf(metric));
  return { texts: values.map(s.format), unit: `${unitPrefix(metric)}${s.unit}`.trim() };
}

/** The metric a unit string names (`cpu ns/op` → `cpuNsPerOp`), for tables that carry only the unit. */
export function metricOfUnit(unit: string): string {
  if (unit.startsWith('cpu ')) return 'cpuNsPerOp';
  if (unit.startsWith('ns')) return 'nsPerOp';
  if (unit.startsWith('B')) return 'bytesPerOp';
  return 'instructionsPerOp';
}

/** One value in the runner's readable unit: `3.3625 µs`, `1.5 KiB`, `42`. */
export function formatValue(v: number, metric: string): string {
  const s = humanScale([v], familyOf(metric));
  const unit = `${unitPrefix(metric)}${s.unit}`.trim();
  return `${s.format(v)}${unit ? ` ${unit}` : ''}`;
}

/** An effect as the runner prints it: `−99.7%`, `+4.6%`; `—` when undefined (baseline 0). */
export function formatDelta(pct: number | null): string {
  return pct === null ? '—' : formatEffect(pct);
}

/** A p-value with two significant digits in the runner's form: `0.043`, `1.1e-05`. */
export function formatPValue(p: number): string {
  return formatP(p, 2);
}

/** The digits of the hover's and tooltips' numbers: p to 3 significant digits, Δ% to 3 (at most two decimals). */
export const DETAIL_PRECISION: Required<ReasonPrecision> = { pDigits: 3, deltaDigits: 3 };

/** A p-value in the hover and tooltips, as their reason words it: `0.444`, `1.08e-05`. */
export function formatDetailP(p: number): string {
  return formatP(p, DETAIL_PRECISION.pDigits);
}

/**
 * Why a verdict is what it is, in the runner's words ({@link verdictReasonText}) at the hover's precision:
 * `regression: Holm-adjusted p 0.0123 < 0.05 (raw p 0.00616), +27.5% beyond ±2%`.
 */
export function reasonText(v: BenchmarkVerdict): string {
  return verdictReasonText(v, DETAIL_PRECISION);
}

/** The p the verdict was decided on: adjusted across the run's benchmarks when the runner adjusted it. */
export function decidingP(v: BenchmarkVerdict): number | null {
  return v.pAdjusted ?? v.stats?.p ?? null;
}

/**
 * The name of the deciding p: `p(Holm)` for the run's adjusted p; `raw p` for a case that finished mid-run (its own
 * p, before the run's correction: an unlabelled p there read as the Holm p the same lens shows at the end); `p`
 * for a run without a correction.
 */
export function pName(v: BenchmarkVerdict, limits: VerdictLimits): string {
  const c = limits.correction;
  if (c === null && (v.pAdjusted === null || v.pAdjusted === undefined)) return 'raw p';
  if (v.pAdjusted === null || v.pAdjusted === undefined || !c || c === 'none') return 'p';
  return `p(${c === 'holm' ? 'Holm' : c})`;
}

/** `p(Holm)=0.043`. */
export function pText(v: BenchmarkVerdict, limits: VerdictLimits): string {
  const p = decidingP(v);
  return p === null ? '' : `${pName(v, limits)}=${formatPValue(p)}`;
}

/**
 * The Δ% of a verdict when its change counts, `~` when it does not: as the runner decided it (its basis says whether
 * the deciding p was below alpha and whether |Δ%| reached the threshold), never re-judged here.
 */
export function changeText(v: BenchmarkVerdict): string {
  const counts = v.basis.significant === true && v.basis.beyond === true;
  return counts ? formatDelta(v.stats?.deltaPercent ?? null) : '~';
}

/**
 * The one-line verdict: `9.0185 → 3.3625 µs  −99.7%  p(Holm)=1.1e-05  Won`, or `Invalid: <reason>`: the runner's
 * outcome as it is (an Unchanged or Held its interval does not show is the runner's Inconclusive).
 */
export function verdictLine(v: BenchmarkVerdict, limits: VerdictLimits): string {
  const s = v.stats;
  if (!s) return `${v.outcome}: ${reasonText(v)}`;
  const values = formatPair(s.baseline.median, s.candidate.median, v.metric);
  return `${values}  ${changeText(v)}  ${pText(v, limits)}  ${v.outcome}`;
}

/** `measuring 7/20` while a benchmark's forks run. */
export function progressLine(done: number, total: number): string {
  return `measuring ${done}/${total}`;
}
