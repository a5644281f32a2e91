/**
 * The text every surface shows for one case, from its {@link CaseState}, in the runner's vocabulary: the verdict
 * line (Won, Lost, Unchanged, Held, Inconclusive, Invalid — never a word of the extension's own), progress while
 * measuring, and one wording for a case whose forks crashed: `Invalid: forks failed (throw: boom)`.
 */
import { unresolvedText } from '@tombstone-lab/bench/protocol';
import type { Outcome, RunSummary } from './bench-types.js';
import { changeText, progressLine, reasonText, verdictLine } from './format.js';
import { notMeasuredText } from './interrupted-run.js';
import type { CaseState, RunLabel, RunState } from './results-store.js';

/** How a surface should colour a case. */
export type Tone = 'won' | 'lost' | 'neutral';

/** The runner's outcomes, in the order summaries list them. */
export const OUTCOMES: readonly Outcome[] = ['Won', 'Lost', 'Unchanged', 'Held', 'Inconclusive', 'Invalid'];

/** `[size=1000]` of `Suite.bench[size=1000]`, or '' for a case without parameters. */
export function caseSuffix(key: string): string {
  const open = key.indexOf('[');
  return open < 0 ? '' : key.slice(open);
}

/** The first failure's reason in one line: `crash: exit code 134`. */
export function failureReason(c: Pick<CaseState, 'failures'>): string | null {
  const f = c.failures[0];
  if (!f) return null;
  const firstLine = f.message.split('\n')[0] ?? '';
  const more = c.failures.length > 1 ? ` (+${c.failures.length - 1} more)` : '';
  return `${f.kind}: ${firstLine}${more}`;
}

/**
 * The outcome of a finished case: the runner's verdict; `Invalid` for a case whose forks all failed before the
 * runner could judge it (the runner's word for a comparison that cannot be made); null while it runs.
 */
export function caseOutcome(c: CaseState): Outcome | null {
  if (c.verdict) return c.verdict.outcome;
  if (c.status === 'done' && c.failures.length > 0) return 'Invalid';
  return null;
}

/**
 * The outcome as surfaces print it: the runner's verdict as it is — an Unchanged or Held its interval does not show
 * is the runner's `Inconclusive` (protocol 10), never re-judged here.
 */
export function outcomeText(c: CaseState): string | null {
  return caseOutcome(c);
}

/**
 * Why an Unchanged or Held read is Inconclusive, in the runner's words (`unresolvedText` of the protocol, from the
 * verdict's `basis.unresolved`), or null for any other verdict: "its interval [-3.52%, +1.29%] reaches past ±2%, so
 * Unchanged is not shown; about 24 samples per side (-n 24) would resolve it".
 */
export function unresolvedNote(c: Pick<CaseState, 'verdict'>): string | null {
  return (c.verdict && unresolvedText(c.verdict)) ?? null;
}

/**
 * Why a case's verdict is what it is ({@link reasonText}), followed by {@link unresolvedNote} when the reason does not
 * already word it (a check failed too); null without a verdict.
 */
export function verdictReason(c: Pick<CaseState, 'verdict'>): string | null {
  if (!c.verdict) return null;
  const reason = reasonText(c.verdict);
  const unresolved = unresolvedNote(c);
  return unresolved && !reason.includes(unresolved) ? `${reason}\n\n${unresolved}` : reason;
}

/** The tooltip of a case's line (a CodeLens): what clicking does, and what would resolve an unresolved claim. */
export function caseTooltip(c: CaseState): string {
  const note = unresolvedNote(c);
  return note ? `${c.key}: open the results\n\n${note}` : `${c.key}: open the results`;
}

/** The line of a case with no statistics (every fork crashed): `Invalid: forks failed (throw: boom)`. */
function crashedLine(c: CaseState): string {
  return `Invalid: forks failed (${failureReason(c) ?? 'no sample'})`;
}

/** The one-line text of a case: verdict, `measuring 7/20`, `queued`, `not measured (cancelled at 7/20)`, or the crash. */
export function caseLine(c: CaseState): string {
  switch (c.status) {
    case 'queued':
      return 'queued';
    case 'running':
      return progressLine(c.done, c.total);
    case 'cancelled':
      return notMeasuredText(c.done, c.total);
    case 'done': {
      const v = c.verdict;
      if (v?.stats) {
        const line = verdictLine(v, c.limits);
        return c.failures.length ? `${line}  (${c.failures.length} fork(s) failed)` : line;
      }
      if (c.failures.length > 0) return crashedLine(c);
      return v ? verdictLine(v, c.limits) : 'no verdict';
    }
  }
}

/** The short form of a case for crowded lines: `−99.7% Won`, `~ Unchanged`, `Invalid`, `measuring 7/20`. */
export function caseShort(c: CaseState): string {
  if (c.status !== 'done') return caseLine(c);
  const outcome = outcomeText(c) ?? 'no verdict';
  const v = c.verdict;
  if (!v?.stats) return outcome;
  return `${changeText(v)} ${outcome}`;
}

/** Lines longer than this are drawn in the short form (CodeLens rows and after-line text do not wrap). */
export const INLINE_MAX = 110;

/**
 * The per-case texts of one benchmark for an inline surface: the full verdict lines while they fit in
 * {@link INLINE_MAX} characters together, else each case's short form.
 */
export function inlineTexts(cases: readonly CaseState[]): string[] {
  const full = cases.map((c) => `${caseSuffix(c.key)} ${caseLine(c)}`.trim());
  if (full.join(' | ').length <= INLINE_MAX) return full;
  return cases.map((c) => `${caseSuffix(c.key)} ${caseShort(c)}`.trim());
}

/** When a run started, as a short local time: `14:03`, or `Mar 3 14:03` on another day than `now`. */
export function runTime(d: Date, now = new Date()): string {
  const hm = `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
  if (d.toDateString() === now.toDateString()) return hm;
  return `${d.toLocaleString('en-US', { month: 'short' })} ${d.getDate()} ${hm}`;
}

/** `vs HEAD~1 · 14:03`: which run a result is from; `(saved)` when it was restored from its file after a reload. */
export function runTag(r: RunLabel, now = new Date()): string {
  return `${r.label} · ${runTime(r.startedAt, now)}${r.saved ? ' (saved)' : ''}`;
}

/** Colour of a case: Won green, Lost and Invalid red, everything else neutral. */
export function caseTone(c: CaseState): Tone {
  const outcome = caseOutcome(c);
  if (outcome === 'Won') return 'won';
  if (outcome === 'Lost' || outcome === 'Invalid') return 'lost';
  return 'neutral';
}

/**
 * `1 Won · 2 Inconclusive`: the outcomes of finished cases in the runner's words, zero counts left out (an Unchanged
 * or Held its interval does not show is counted as the Inconclusive it is).
 */
export function outcomeCounts(cases: readonly CaseState[]): string {
  const counts = new Map<Outcome, number>();
  for (const c of cases) {
    const o = caseOutcome(c);
    if (o) counts.set(o, (counts.get(o) ?? 0) + 1);
  }
  return OUTCOMES.filter((o) => counts.has(o))
    .map((o) => `${counts.get(o)} ${o}`)
    .join(' · ');
}

/** `1 Lost · 3 Held · 1 Inconclusive`: the verdict counts of the runner's run summary, zero counts left out. */
export function summaryCounts(summary: RunSummary): string {
  return OUTCOMES.filter((o) => summary.outcomes[o] > 0)
    .map((o) => `${summary.outcomes[o]} ${o}`)
    .join(' · ');
}

/**
 * The status bar's tooltip for a finished run: what clicking does, and how many of its Inconclusive verdicts are an
 * Unchanged or Held the interval does not show (their `basis.unresolved`), where to read what would resolve them.
 */
export function runTooltip(run: RunState): string {
  const open = `${runTag(run)}: open the results`;
  const n = [...run.cases.values()].filter((c) => unresolvedNote(c) !== null).length;
  if (n === 0) return open;
  const which =
    n === 1 ? '1 Inconclusive is an Unchanged or Held' : `${n} Inconclusive are an Unchanged or Held`;
  return `${open}\n\n${which} its interval does not show; hover the benchmark for the samples per side that would resolve it`;
}

/**
 * The status bar's text for the newest run: `bench vs HEAD~1: 1 Lost · 1 Unchanged`, `bench: building baseline
 * HEAD~1…`, `bench: measuring 7/20`, `bench: cancelled`, `bench: run failed`. A run the runner analysed is counted
 * by its summary; one cancelled before that by the outcomes of the cases that finished.
 */
export function runSummary(run: RunState): string {
  const cases = [...run.cases.values()];
  const counts = run.summary ? summaryCounts(run.summary) : outcomeCounts(cases);
  switch (run.status) {
    case 'preparing':
      return `bench: ${run.phase ?? 'preparing…'}`;
    case 'running':
      return `bench: ${progressLine(run.completed, run.total)} · ${run.label}`;
    case 'interrupted':
      return `bench ${run.label}: cancelled${counts ? ` · ${counts}` : ''}`;
    case 'failed':
      return `bench: run failed${run.errors.length ? ` — ${firstLine(run.errors[0]!)}` : ''}`;
    case 'finished':
      return `bench ${run.label}: ${counts || 'done'}`;
  }
}

/** The first line of a message, at most `max` characters. */
export function firstLine(text: string, max = 80): string {
  const line = text.split('\n')[0] ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
