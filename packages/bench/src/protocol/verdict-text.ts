/**
 * The words of a verdict: why its outcome is what it is, made from the basis the statistics decided it on (alpha,
 * threshold, correction, which side of each it fell, the failed checks). One wording for every text format and,
 * through `@tombstone-lab/bench/protocol`, for the editor.
 */

import { formatDeltaPercent, formatP, formatPercentRange } from '../format/number-format.js';
import { checkSummaryText } from './check-text.js';
import type { ProtocolCheck, VerdictBasis, VerdictOutcome } from './types.js';

/** What a verdict reason is made from: a protocol verdict, a statistics verdict or a compare-files row. */
export interface VerdictReasonInput {
  outcome: VerdictOutcome;
  basis: VerdictBasis;
  stats: { p: number; deltaPercent: number | null } | null;
  pAdjusted: number | null;
  checks: readonly ProtocolCheck[];
  metric: string;
  unit: string;
}

/**
 * How precisely a reason prints its numbers. Absent fields keep the runner's own (its reports and CLI): p like C's
 * `%.6g`, Δ% to four decimals. An editor's hover asks for fewer (`{ pDigits: 3, deltaDigits: 3 }`: `p 0.444`,
 * `+27.5%`), so the reason reads as precisely as the numbers beside it.
 */
export interface ReasonPrecision {
  /** Significant digits of a p (default 6). */
  pDigits?: number;
  /** Significant digits of Δ%, and at most two decimals (default: four decimals). */
  deltaDigits?: number;
}

/** Δ% at `digits` significant digits and at most two decimals (`+27.5%`, `+4160%`, `+0.12%`); the runner's form without. */
function deltaText(pct: number | null, digits: number | undefined): string {
  if (digits === undefined) return formatDeltaPercent(pct ?? Number.NaN);
  if (pct === null || !Number.isFinite(pct)) return '—';
  const rounded = Number(Number(pct.toPrecision(digits)).toFixed(2));
  if (rounded === 0) return '0%';
  return `${rounded > 0 ? '+' : ''}${rounded}%`;
}

/** "Holm-adjusted p 0.0123 < 0.05 (raw p 0.00616), +5.1% beyond ±2%". */
function statisticsText(
  v: VerdictReasonInput,
  stats: NonNullable<VerdictReasonInput['stats']>,
  precision: ReasonPrecision,
): string {
  const b = v.basis;
  const p = v.pAdjusted ?? stats.p;
  const adjusted = v.pAdjusted !== null && v.pAdjusted !== stats.p;
  const pName = adjusted ? `${b.correction === 'holm' ? 'Holm-adjusted ' : 'adjusted '}p` : 'p';
  const raw = adjusted ? ` (raw p ${formatP(stats.p, precision.pDigits)})` : '';
  const limit = `${Number((b.threshold * 100).toFixed(4))}%`;
  const delta = deltaText(stats.deltaPercent, precision.deltaDigits);
  return (
    `${pName} ${formatP(p, precision.pDigits)} ${b.significant ? '<' : '≥'} ${b.alpha}${raw}, ` +
    `${delta} ${b.beyond ? 'beyond' : 'within'} ±${limit}`
  );
}

function decisionText(outcome: VerdictOutcome | null, statistics: string): string {
  if (outcome === 'Lost') return `regression: ${statistics}`;
  if (outcome === 'Won') return `improvement: ${statistics}`;
  return statistics;
}

/** The failed checks of an Inconclusive verdict: "measurements_sane ✗ candidate: max/min 4.2 (320% gap) > 3". */
export function failedChecksText(v: Pick<VerdictReasonInput, 'checks' | 'metric' | 'unit'>): string {
  return v.checks
    .filter((c) => !c.passed)
    .map((c) => `${c.name} ✗ ${checkSummaryText(c, v.metric, v.unit)}`)
    .join('; ');
}

/**
 * Why an Unchanged or Held read is Inconclusive: "its interval [-3.52%, +1.29%] reaches past ±2%, so Unchanged is
 * not shown; about 24 forks per side would resolve it". Undefined when the verdict is not such a one.
 */
export function unresolvedText(v: Pick<VerdictReasonInput, 'basis'>): string | undefined {
  const u = v.basis.unresolved;
  const read = v.basis.statisticalOutcome;
  if (!u || (read !== 'Unchanged' && read !== 'Held')) return undefined;
  const limit = `${read === 'Held' ? '+' : '±'}${Number((v.basis.threshold * 100).toFixed(4))}%`;
  const interval =
    u.lowerPercent === null || u.upperPercent === null
      ? 'its interval is unbounded at this n'
      : `its interval ${formatPercentRange(u.lowerPercent, u.upperPercent)} reaches past ${limit}`;
  const more =
    u.samplesPerSide !== null
      ? `about ${u.samplesPerSide} samples per side (-n ${u.samplesPerSide}) would resolve it`
      : u.lowerPercent === null || u.upperPercent === null
        ? 'more samples per side (-n) would bound it'
        : `its estimate itself lies near or past ${limit}, so more samples would more likely show a change`;
  return `${interval}, so ${read} is not shown; ${more}`;
}

/**
 * Why a verdict is what it is: "regression: p 1.08e-05 < 0.05, +12% beyond ±2%"; for Inconclusive the failed checks
 * and what the statistics alone read; for Invalid the side without values. `precision` sets how its numbers print
 * (default: as the runner's reports print them).
 */
export function verdictReasonText(v: VerdictReasonInput, precision: ReasonPrecision = {}): string {
  if (!v.stats) return `no ${v.metric} values on the ${v.basis.emptySide ?? 'baseline'} side`;
  const decided = decisionText(v.basis.statisticalOutcome, statisticsText(v, v.stats, precision));
  if (v.outcome !== 'Inconclusive') return decided;
  const unresolved = unresolvedText(v);
  if (unresolved !== undefined && v.basis.failedChecks.length === 0)
    return `${unresolved} (the statistics alone read ${v.basis.statisticalOutcome}: ${decided})`;
  return `checks failed: ${failedChecksText(v)} (the statistics alone read ${v.basis.statisticalOutcome ?? '—'}: ${decided})`;
}
