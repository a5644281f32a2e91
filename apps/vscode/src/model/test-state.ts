/**
 * How a case maps onto the Testing API: Won, Held and Unchanged pass; Lost (and Invalid) fail when the setting
 * says so, with a Markdown message; Inconclusive (a check failed) is skipped; a case whose forks all failed is
 * errored; Δ% goes in the item's description.
 */
import { verdictReasonText } from '@tombstone-lab/bench/protocol';
import { changeCounts, formatDelta } from './format.js';
import type { CaseState } from './results-store.js';

/** The Test Explorer result of a finished case. */
export type TestVerdict =
  | { state: 'passed' | 'skipped'; message?: string }
  | { state: 'failed' | 'errored'; message: string };

/** The test result of a case, or null while it has not finished. */
export function testVerdict(c: CaseState, lostFails: boolean): TestVerdict | null {
  if (c.status !== 'done') return null;
  const v = c.verdict;
  if (!v?.stats) {
    const reason = c.failures[0]?.message ?? (v ? verdictReasonText(v) : 'no verdict');
    return { state: 'errored', message: `**${c.key}**: ${v?.outcome ?? 'failed'} — ${reason}` };
  }
  // Inconclusive: a check failed, so there is no verdict to pass or fail on.
  if (v.outcome === 'Inconclusive') return { state: 'skipped', message: verdictReasonText(v) };
  const bad = v.outcome === 'Lost' || v.outcome === 'Invalid';
  if (bad && lostFails) {
    return {
      state: 'failed',
      message: `**${c.key}** ${v.outcome}: ${verdictReasonText(v)}\n\n${c.labels.baseline} → ${c.labels.candidate}`,
    };
  }
  return { state: 'passed' };
}

/** `−99.7% Won`, `~ Held`, `measuring 7/20`, or '' before anything ran. */
export function testDescription(c: CaseState): string {
  const v = c.verdict;
  if (c.status === 'running') return `measuring ${c.done}/${c.total}`;
  if (!v) return c.status === 'cancelled' ? 'cancelled' : '';
  if (!v.stats) return v.outcome;
  return `${changeCounts(v, c.limits) ? formatDelta(v.stats.deltaPercent) : '~'} ${v.outcome}`;
}
