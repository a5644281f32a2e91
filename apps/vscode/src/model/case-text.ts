/**
 * The text every inline surface shows for one case, from its {@link CaseState}: the verdict line, progress while
 * measuring, the failure reason when a fork crashed.
 */
import type { Outcome } from './bench-types.js';
import { progressLine, verdictLine } from './format.js';
import type { CaseState } from './results-store.js';

/** How a surface should colour a case. */
export type Tone = 'won' | 'lost' | 'neutral' | 'failed';

/** `[size=1000]` of `Suite.bench[size=1000]`, or '' for a case without parameters. */
export function caseSuffix(key: string): string {
  const open = key.indexOf('[');
  return open < 0 ? '' : key.slice(open);
}

/** The first failure's reason in one line: `crash: exit code 134`. */
export function failureReason(c: CaseState): string | null {
  const f = c.failures[0];
  if (!f) return null;
  const firstLine = f.message.split('\n')[0] ?? '';
  const more = c.failures.length > 1 ? ` (+${c.failures.length - 1} more)` : '';
  return `${f.kind}: ${firstLine}${more}`;
}

/** The one-line text of a case: verdict, `measuring 7/20`, `queued`, `cancelled at 7/20` or `✗ crash: …`. */
export function caseLine(c: CaseState): string {
  const failure = failureReason(c);
  switch (c.status) {
    case 'queued':
      return 'queued';
    case 'running':
      return progressLine(c.done, c.total);
    case 'cancelled':
      return `cancelled at ${c.done}/${c.total}`;
    case 'done':
      if (c.verdict?.stats) {
        const line = verdictLine(c.verdict, c.limits);
        return failure ? `${line}  (${c.failures.length} fork(s) failed)` : line;
      }
      if (failure) return `✗ ${failure}`;
      return c.verdict ? verdictLine(c.verdict, c.limits) : 'no verdict';
  }
}

/** Colour of a case: Won green, Lost red, failed forks red, everything else neutral. */
export function caseTone(c: CaseState): Tone {
  const outcome: Outcome | undefined = c.verdict?.outcome;
  if (c.status === 'done' && !c.verdict?.stats && c.failures.length > 0) return 'failed';
  if (outcome === 'Won') return 'won';
  if (outcome === 'Lost' || outcome === 'Invalid') return 'lost';
  return 'neutral';
}

/**
 * `bench: 3 Won · 5 Held · 0 Lost` over finished cases (Unchanged counted with Held, as the seeds report it;
 * `· 1 Inconclusive` added when a case's checks failed).
 */
export function statusSummary(cases: readonly CaseState[]): string {
  let won = 0;
  let held = 0;
  let lost = 0;
  let inconclusive = 0;
  for (const c of cases) {
    const o = c.verdict?.outcome;
    if (o === 'Won') won++;
    else if (o === 'Lost' || o === 'Invalid' || (c.status === 'done' && !o && c.failures.length)) lost++;
    else if (o === 'Held' || o === 'Unchanged') held++;
    else if (o === 'Inconclusive') inconclusive++;
  }
  const extra = inconclusive > 0 ? ` · ${inconclusive} Inconclusive` : '';
  return `bench: ${won} Won · ${held} Held · ${lost} Lost${extra}`;
}
