/**
 * The text every surface shows for one case, from its {@link CaseState}, in the runner's vocabulary: the verdict
 * line (Won, Lost, Unchanged, Held, Inconclusive, Invalid — never a word of the extension's own), progress while
 * measuring, and one wording for a case whose forks crashed: `Invalid: forks failed (throw: boom)`.
 */
import { markedOutcome, notShownCount, notShownText } from '@tombstone-lab/bench/protocol';
import type { Outcome, RunSummary } from './bench-types.js';
import { changeText, progressLine, verdictLine } from './format.js';
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
 * The outcome as surfaces print it: the runner's verdict, marked `Held†` / `Unchanged†` (as the runner's tables mark
 * it) when its interval does not show the claim — read from the protocol's `equivalence.claimNotShown`, never
 * re-judged here. {@link caseOutcome} stays the bare outcome for colours and test states.
 */
export function outcomeText(c: CaseState): string | null {
  return c.verdict ? markedOutcome(c.verdict) : caseOutcome(c);
}

/**
 * Why a case is marked `†`, in the runner's words, or null when it is not: "† Held but not shown below +3%: the
 * 95% Δ CI (HL) [-0.8%, +5.4%] reaches past the threshold; more forks (-n) would narrow it".
 */
export function notShownNote(c: Pick<CaseState, 'verdict' | 'limits'>): string | null {
  return c.verdict ? notShownText(c.verdict, c.limits.confidence ?? undefined) : null;
}

/** The tooltip of a case's line (a CodeLens): what clicking does, and why it is marked `†` when it is. */
export function caseTooltip(c: CaseState): string {
  const note = notShownNote(c);
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

type NotShown = RunSummary['claimsNotShown'];

/**
 * ` (1 not shown below +2%)` after a Held or Unchanged count, as the runner's summary line words it; '' for other
 * outcomes, none marked, or a threshold not known (no verdict yet).
 */
function notShownSuffix(o: Outcome, claimsNotShown: NotShown, threshold: number | null): string {
  if ((o !== 'Held' && o !== 'Unchanged') || threshold === null) return '';
  return notShownCount({ claimsNotShown }, o, threshold);
}

/** The run's noise threshold, as its verdicts were judged with it (every verdict of a run has the same); null before any. */
export function runThreshold(cases: Iterable<Pick<CaseState, 'verdict'>>): number | null {
  for (const c of cases) if (c.verdict) return c.verdict.basis.threshold;
  return null;
}

/**
 * `1 Won · 2 Unchanged (1 not shown within ±2%)`: the outcomes of finished cases in the runner's words, zero counts
 * left out, with the count of those marked `†`.
 */
export function outcomeCounts(cases: readonly CaseState[]): string {
  const counts = new Map<Outcome, number>();
  const notShown: NotShown = { Held: 0, Unchanged: 0 };
  for (const c of cases) {
    const o = caseOutcome(c);
    if (o) counts.set(o, (counts.get(o) ?? 0) + 1);
    if ((o === 'Held' || o === 'Unchanged') && c.verdict?.equivalence?.claimNotShown) notShown[o]++;
  }
  const threshold = runThreshold(cases);
  return OUTCOMES.filter((o) => counts.has(o))
    .map((o) => `${counts.get(o)} ${o}${notShownSuffix(o, notShown, threshold)}`)
    .join(' · ');
}

/**
 * `1 Lost · 3 Held (1 not shown below +2%)`: the verdict counts of the runner's run summary, zero counts left out,
 * with its `claimsNotShown` counts once `threshold` (the run's) is known.
 */
export function summaryCounts(summary: RunSummary, threshold: number | null = null): string {
  return OUTCOMES.filter((o) => summary.outcomes[o] > 0)
    .map((o) => `${summary.outcomes[o]} ${o}${notShownSuffix(o, summary.claimsNotShown, threshold)}`)
    .join(' · ');
}

/**
 * The status bar's text for the newest run: `bench vs HEAD~1: 1 Lost · 1 Unchanged`, `bench: building baseline
 * HEAD~1…`, `bench: measuring 7/20`, `bench: cancelled`, `bench: run failed`. A run the runner analysed is counted
 * by its summary; one cancelled before that by the outcomes of the cases that finished.
 */
export function runSummary(run: RunState): string {
  const cases = [...run.cases.values()];
  const counts = run.summary ? summaryCounts(run.summary, runThreshold(cases)) : outcomeCounts(cases);
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
