/**
 * The words of the not-shown mark: an Unchanged or Held outcome whose Hodges-Lehmann interval does not show its
 * claim (`verdict.equivalence.claimNotShown`) is printed `Unchanged†` / `Held†`, with a footnote under the table and
 * a count in the summary line. One wording for the terminal and Markdown reports and, through
 * `@tombstone-lab/bench/protocol`, for the editor (its lines, hover and results view). Reads the protocol's fields
 * only; never re-judges an outcome.
 */

import { formatPercentRange } from '../format/number-format.js';
import type { RunReport, Verdict } from './types.js';

/** The mark of an Unchanged or Held outcome whose interval does not show it ("Held†"); the footnote explains it. */
export const NOT_SHOWN_MARK = '†';

/** The outcome as the reports print it: marked `Held†` / `Unchanged†` when its interval does not show its claim. */
export function markedOutcome(v: Pick<Verdict, 'outcome' | 'equivalence'>): string {
  return v.equivalence?.claimNotShown ? `${v.outcome}${NOT_SHOWN_MARK}` : v.outcome;
}

/** "±2%" (or "+2%" for the guardrail's one-sided claim): the threshold as the reports print it. */
export function thresholdText(threshold: number, sign: '±' | '+' = '±'): string {
  return `${sign}${Number((threshold * 100).toFixed(4))}%`;
}

/** What a Held/Unchanged outcome marked not shown was not shown to be: "within ±2%" or "below +2%". */
function unshownClaim(outcome: 'Held' | 'Unchanged', threshold: number): string {
  // A guardrail claims only that it did not regress: an improvement of any size is shown Held.
  return outcome === 'Held' ? `below ${thresholdText(threshold, '+')}` : `within ${thresholdText(threshold)}`;
}

/** The summary numbers {@link claimsNotShownNote} and {@link notShownCount} read. */
export type NotShownCounts = Pick<RunReport['summary'], 'outcomes' | 'claimsNotShown'>;

/** " (1 not shown below +2%)" after an outcome count in a summary line; '' when none. */
export function notShownCount(
  summary: Pick<NotShownCounts, 'claimsNotShown'>,
  outcome: 'Held' | 'Unchanged',
  threshold: number,
): string {
  const n = summary.claimsNotShown[outcome];
  return n > 0 ? ` (${n} not shown ${unshownClaim(outcome, threshold)})` : '';
}

/** "95%": a confidence level as the footnote names the interval ("the 95% Δ CI (HL)"). */
function confidenceText(confidence: number): string {
  return `${Number((confidence * 100).toFixed(2))}%`;
}

/** The hint every not-shown line ends with: what would make the interval show the claim. */
const NARROW_HINT = 'more forks (-n) would narrow it';

/**
 * The footnote of the {@link NOT_SHOWN_MARK}, or null when every Held/Unchanged outcome is shown by its interval:
 * "† Unchanged but not shown within ±3%: 12 of 40 (the 95% Δ CI (HL) reaches past the threshold; more forks (-n)
 * would narrow it)". Why: "Unchanged" reads as "shown within ±3%", which a wide interval does not show.
 */
export function claimsNotShownNote(report: {
  summary: NotShownCounts;
  config: { threshold: number; confidence: number };
}): string | null {
  const { summary, config } = report;
  const parts = (['Unchanged', 'Held'] as const).flatMap((o) => {
    const n = summary.claimsNotShown[o];
    return n > 0
      ? [`${o} but not shown ${unshownClaim(o, config.threshold)}: ${n} of ${summary.outcomes[o]}`]
      : [];
  });
  if (parts.length === 0) return null;
  return (
    `${NOT_SHOWN_MARK} ${parts.join('; ')} (the ${confidenceText(config.confidence)} Δ CI (HL) reaches past the ` +
    `threshold; ${NARROW_HINT})`
  );
}

/** What {@link notShownText} reads of a verdict: its outcome, its interval against the threshold, the threshold. */
export type NotShownInput = Pick<Verdict, 'outcome' | 'equivalence'> & { basis: { threshold: number } };

/**
 * The footnote of one marked verdict, or null when it is not marked: "† Held but not shown below +3%: the 95% Δ CI
 * (HL) [-0.8%, +5.4%] reaches past the threshold; more forks (-n) would narrow it". For a surface that explains one
 * benchmark (the editor's hover) rather than a table. `confidence` (the run's, e.g. 0.95) names the interval when
 * the caller knows it; without it the line says "the Δ CI (HL)". An unbounded bound (n too small) prints "—"; an
 * interval without a relative size (baseline median 0) is not printed.
 */
export function notShownText(v: NotShownInput, confidence?: number): string | null {
  const e = v.equivalence;
  if (!e?.claimNotShown || (v.outcome !== 'Held' && v.outcome !== 'Unchanged')) return null;
  const ci = confidence === undefined ? 'Δ CI (HL)' : `${confidenceText(confidence)} Δ CI (HL)`;
  // null on the wire is ±Infinity (n too small) unless both are null (no relative size: baseline median 0).
  const range =
    e.lowerPercent === null && e.upperPercent === null
      ? ''
      : ` ${formatPercentRange(e.lowerPercent ?? Number.NEGATIVE_INFINITY, e.upperPercent ?? Number.POSITIVE_INFINITY)}`;
  return (
    `${NOT_SHOWN_MARK} ${v.outcome} but not shown ${unshownClaim(v.outcome, v.basis.threshold)}: ` +
    `the ${ci}${range} reaches past the threshold; ${NARROW_HINT}`
  );
}
