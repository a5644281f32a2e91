/**
 * A saved run that was cancelled (its results file has no `finishedAt`): which of its cases finished and which were
 * never measured to the end. The engine analyses every case of a file alike, so a case cancelled at 0/10 came back
 * as `Invalid: baseline produced no samples` — a crash's word for a case nobody let run. Here it reads
 * `not measured (cancelled at 0/10)`, as the live lens said when it was cancelled.
 */
import { basename } from 'node:path';
import type { ResultsDocument } from '@tombstone-lab/bench/protocol';
import type { RunState } from './results-store.js';

type SavedBenchmark = ResultsDocument['benchmarks'][number];

/** Whether the runner finished `b`: every planned fork ran, or a sequential look stopped it. */
export function benchmarkFinished(b: SavedBenchmark, plannedForks: number): boolean {
  if (b.samples.length + b.failures.length >= plannedForks) return true;
  const last = b.looks?.at(-1);
  return last !== undefined && last.decision !== 'continue';
}

/** `not measured (cancelled at 3/10)`: one wording on the lens, hover, Test Explorer and results view. */
export function notMeasuredText(done: number, total: number): string {
  return `not measured (cancelled at ${done}/${total})`;
}

/**
 * The results view's note over an interrupted run: how far it got, what is not measured, how to continue it
 * (`null` for a run that finished).
 */
export function interruptedNote(run: Pick<RunState, 'status' | 'cases' | 'resultsFile'>): string | null {
  if (run.status !== 'interrupted') return null;
  const cases = [...run.cases.values()];
  const open = cases.filter((c) => c.status !== 'done');
  const done = cases.reduce((k, c) => k + c.done, 0);
  const total = cases.reduce((k, c) => k + Math.max(c.total, c.done), 0);
  const n = `${open.length} of ${cases.length} benchmark${cases.length === 1 ? '' : 's'}`;
  // Re-run Last resumes it only in the session that cancelled it (not after a reload, nor untrusted): the runner's
  // own option is named too.
  const file = run.resultsFile ? ` ${basename(run.resultsFile)}` : '';
  return (
    `Interrupted run: cancelled at ${done}/${total} forks; ${n} not measured (no verdict for them). ` +
    `Continue it with the runner's --resume${file} (Re-run Last does, right after the cancel).`
  );
}
