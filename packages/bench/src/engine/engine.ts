/**
 * The engine: `startRun(options, { signal })` does everything a `run`, `aa` or `compare` command does — plan,
 * resume, measure in interleaved forks, analyse, gate — and streams the protocol's events while it goes. The
 * command line is a thin layer over it (argv → options → engine → output).
 */
import { BenchInterruptedError } from '../errors.js';
import type { EventSink } from '../events/event-sink.js';
import { notStarted, type RunResult } from '../finish/finish-run.js';
import { benchFilesOf } from '../plan/bench-files.js';
import { planAaRun, planFactorRun } from '../plan/cases.js';
import { checkBenchTypes, type RunSetup, setUpRun } from '../plan/plan-run.js';
import { type RunOptions, validateRunOptions } from '../plan/run-options.js';
import type { BenchEvent, RunFinishedEvent } from '../protocol/events.js';
import { runCompare } from './compare.js';
import { type EventRun, eventRun, type RunControl } from './event-run.js';
import { measureAnalyseFinish, type StageControl } from './pipeline.js';

/** A started run: iterate it for its events (once); `result` settles when it ends. */
export type Run = EventRun<RunResult>;

export type { RunControl };

const CANCELLED_BEFORE_MEASURING =
  'cancelled before measuring started (while preparing: checking out, installing, building or compiling); ' +
  'nothing was measured and no results file was written';

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
  const seen: { started: { runId: string; resultsFile: string } | null; finished: RunFinishedEvent | null } =
    { started: null, finished: null };
  const watch = {
    onEvent: (event: BenchEvent) => {
      if (event.type === 'run-started') seen.started = { runId: event.runId, resultsFile: event.resultsFile };
      if (event.type === 'run-finished') seen.finished = event;
    },
    // A run that started ends with its one run-finished, even when it ended by an error.
    onError: (events: EventSink) => {
      if (!seen.started || seen.finished) return;
      const { runId, resultsFile } = seen.started;
      events.emit({
        type: 'run-finished',
        runId,
        resultsFile,
        interrupted: false,
        exitCode: 1,
        skippedForks: 0,
      });
    },
  };
  return eventRun(
    control,
    async (events, signal) => {
      const setup = await setUpRun(validateRunOptions(options));
      try {
        // Ctrl-C that stopped a preparing step (the type-check's tsc) ends the run as cancelled, not as an error.
        const outcome = await execute(setup, { events, signal }).catch((e: unknown) => {
          if (e instanceof BenchInterruptedError) return notStarted(setup.log, e.step);
          throw e;
        });
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
    },
    watch,
  );
}
