/**
 * The engine: `startRun(options, { signal })` does everything a `run`, `aa` or `compare` command does — plan,
 * resume, measure in interleaved forks, analyse, gate — and streams the protocol's events while it goes. The
 * command line is a thin layer over it (argv → options → engine → output).
 */
import { BenchError } from '../errors.js';
import { listenerSink } from '../events/event-sink.js';
import { EventStream } from '../events/event-stream.js';
import type { RunResult } from '../finish/finish-run.js';
import { benchFilesOf } from '../plan/bench-files.js';
import { planAaRun, planFactorRun } from '../plan/cases.js';
import { checkBenchTypes, type RunSetup, setUpRun } from '../plan/plan-run.js';
import { type RunOptions, validateRunOptions } from '../plan/run-options.js';
import type { BenchEvent, RunFinishedEvent } from '../protocol/events.js';
import { runCompare } from './compare.js';
import { measureAnalyseFinish, type StageControl } from './pipeline.js';

/** How a started run is controlled and observed besides its event stream. */
export interface RunControl {
  /** Aborting kills the running fork's process group and ends the run; its results file stays valid and resumable. */
  signal?: AbortSignal;
  /** Called synchronously with each event as it is emitted (before the next fork starts). */
  onEvent?: (event: BenchEvent) => void;
}

/** A started run: iterate it for its events (once); `result` settles when it ends. */
export interface Run extends AsyncIterable<BenchEvent> {
  /**
   * How the run ended. Rejects with the typed error (UsageError, BenchCompileError, GitError …) when the run could
   * not be done; that error is also the stream's last `error` event.
   */
  readonly result: Promise<RunResult>;
}

const reported = new WeakSet<object>();

const CANCELLED_BEFORE_MEASURING =
  'cancelled before measuring started (while preparing: checking out, installing, building or compiling); ' +
  'nothing was measured and no results file was written';

/** Whether `error` was already emitted as an `error` event by a run (so a caller does not report it twice). */
export function wasReported(error: unknown): boolean {
  return typeof error === 'object' && error !== null && reported.has(error);
}

/** Plan (discover, cases) → measure → analyse → finish; `compare` plans its revisions first. */
async function execute(setup: RunSetup, control: StageControl): Promise<RunResult> {
  const { options, ctx, cwd } = setup;
  if (options.mode === 'compare') return runCompare(setup, control);
  const files = benchFilesOf(options, cwd);
  checkBenchTypes(setup, files);
  const { cases, comparison } =
    options.mode === 'run'
      ? await planFactorRun(files, ctx, cwd)
      : await planAaRun(files, ctx, cwd, options.slowdown ?? 0);
  return measureAnalyseFinish(setup, cases, comparison, control);
}

/**
 * Starts a measuring run. Options are validated first (an unknown key or a bad value rejects `result` with a
 * UsageError naming it). Events: `run-started`, then `sample-finished` / `samples-skipped` per fork until
 * `completed` reaches `total`, `benchmark-finished` per case, and exactly one `run-finished` once a run started;
 * `run-cancelled` instead when it was aborted before it started measuring; `error` for anything that went wrong.
 */
export function startRun(options: RunOptions, control: RunControl = {}): Run {
  const stream = new EventStream();
  const seen: { started: { runId: string; resultsFile: string } | null; finished: RunFinishedEvent | null } =
    {
      started: null,
      finished: null,
    };
  const events = listenerSink((event) => {
    if (event.type === 'run-started') seen.started = { runId: event.runId, resultsFile: event.resultsFile };
    if (event.type === 'run-finished') seen.finished = event;
    stream.push(event);
    control.onEvent?.(event);
  });
  const signal = control.signal ?? new AbortController().signal;
  const result = (async (): Promise<RunResult> => {
    try {
      const setup = await setUpRun(validateRunOptions(options));
      try {
        const outcome = await execute(setup, { events, signal });
        // Cancelled before measuring (a compare still building its revisions): no run-started came, so say the
        // run ended rather than leave a client waiting for a run-finished that cannot come.
        if (outcome.interrupted && !seen.started) {
          events.emit({
            type: 'run-cancelled',
            exitCode: outcome.exitCode,
            message: CANCELLED_BEFORE_MEASURING,
          });
        }
        return { ...outcome, finished: seen.finished };
      } finally {
        setup.dispose();
      }
    } catch (e) {
      const err = e instanceof Error ? e : new BenchError(String(e));
      events.emit({ type: 'error', errorName: err.name, message: err.message });
      // A run that started ends with its one run-finished, even when it ended by an error.
      if (seen.started && !seen.finished) {
        const { runId, resultsFile } = seen.started;
        events.emit({
          type: 'run-finished',
          runId,
          resultsFile,
          interrupted: false,
          exitCode: 1,
          skippedForks: 0,
        });
      }
      reported.add(err);
      throw err;
    } finally {
      stream.end();
    }
  })();
  // The caller may only iterate; an unobserved rejection must not crash the process.
  result.catch(() => {});
  return { result, [Symbol.asyncIterator]: () => stream[Symbol.asyncIterator]() };
}
