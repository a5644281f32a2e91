/**
 * How a case maps onto the Testing API, from the newest run that measured it: Won, Held and Unchanged pass; Lost
 * fails when the setting says so; Invalid (the comparison could not be made, forks crashed) is errored;
 * Inconclusive (a check failed, or the interval does not show an Unchanged or Held) is skipped; a cancelled case is skipped. Messages use the same line as the lens.
 */
import {
  caseLine,
  caseOutcome,
  caseShort,
  failureReason,
  outcomeText,
  runTag,
  verdictReason,
} from './case-text.js';
import { changeText, reasonText } from './format.js';
import type { CaseState } from './results-store.js';

/** The Test Explorer result of a case. */
export type TestVerdict =
  | { state: 'passed' | 'skipped'; message?: string }
  | { state: 'failed' | 'errored'; message: string };

/** The test result of a case, or null while it has not finished. */
export function testVerdict(c: CaseState, lostFails: boolean): TestVerdict | null {
  if (c.status === 'cancelled') return { state: 'skipped', message: caseLine(c) };
  if (c.status !== 'done') return null;
  const outcome = caseOutcome(c);
  const v = c.verdict;
  // The first line is what the editor draws inline after the benchmark's line: kept short (`+361.7% Lost · vs
  // HEAD~1 · 14:03`); the full line and the reason follow in the peek.
  const head = `${caseShort(c)} · ${runTag(c.run)}\n\n**${c.key}**: \`${caseLine(c)}\``;
  if (outcome === 'Invalid') {
    const reason = v ? reasonText(v) : (failureReason(c) ?? 'no verdict');
    return { state: 'errored', message: `${head}\n\n${reason}` };
  }
  if (!v) return { state: 'errored', message: head };
  if (outcome === 'Inconclusive') return { state: 'skipped', message: `${head}\n\n${verdictReason(c)}` };
  if (outcome === 'Lost' && lostFails) {
    return {
      state: 'failed',
      message: `${head}\n\n${reasonText(v)}\n\n${c.labels.baseline} → ${c.labels.candidate}`,
    };
  }
  return { state: 'passed' };
}

/** `−99.7% Won · vs HEAD~1 · 14:03`, `measuring 7/20`, or '' before anything ran. */
export function testDescription(c: CaseState): string {
  const v = c.verdict;
  if (c.status === 'running') return `measuring ${c.done}/${c.total}`;
  if (c.status === 'queued') return 'queued';
  if (c.status === 'cancelled') return `cancelled · ${runTag(c.run)}`;
  const outcome = outcomeText(c);
  if (!outcome) return '';
  const delta = v?.stats ? `${changeText(v)} ` : '';
  return `${delta}${outcome} · ${runTag(c.run)}`;
}
