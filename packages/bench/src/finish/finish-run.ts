/**
 * The finish stage: a measured (and analysed) run's exit code, the note that says how to continue an interrupted
 * one, and its one `run-finished` event. Stages before it hand their products forward; nothing here plans or
 * measures.
 */
import { type AnalysedRun, finishedAnalyses } from '../analyse/analyse-run.js';
import type { EventSink } from '../events/event-sink.js';
import type { RunInvocation, RunRecord, Side } from '../model.js';
import type { RunFinishedEvent } from '../protocol/events.js';
import { type Publish, publishRun } from '../results/results-store.js';
import { displayPath, shellQuote } from '../shell-quote.js';
import { resumeCommand } from './resume-command.js';

/** Exit codes. */
export const EXIT = { ok: 0, failed: 1, usage: 2, interrupted: 130 } as const;

/** How a run ended. */
export interface RunResult {
  /** The exit code the command line exits with (0 ok, 1 Lost/failed fork/build, 130 interrupted). */
  exitCode: number;
  interrupted: boolean;
  /** The results file, or null when nothing was written (interrupted while preparing). */
  resultsFile: string | null;
  /** The run as persisted, or null when nothing was written. */
  record: RunRecord | null;
  /** Forks skipped after a side's failure limit. */
  skippedForks: number;
  /** The `run-finished` event (null when the run never started). */
  finished: RunFinishedEvent | null;
  /** The analysed run (its `report` is what `run-finished` carries), or null when it was not analysed (interrupted). */
  analysed: AnalysedRun | null;
}

/** What the finish stage needs to know of a run besides its record: where it went and how it was started. */
export interface FinishTarget {
  cwd: string;
  outFile: string;
  /** How a run that measured nothing claims `outFile` when it writes it first (default `replace`). */
  publish?: Publish;
  events: EventSink;
  log: (text: string) => void;
  mode: string;
  invocation: RunInvocation;
  /** Gate on Lost or Invalid benchmarks (default true). */
  failOnLost?: boolean;
}

/** A measured run as the measure stage hands it over. */
export interface MeasuredRun {
  record: RunRecord;
  interrupted: boolean;
  skippedForks: number;
}

/**
 * The exit code of an analysed run: 1 when gating and a benchmark is Lost or Invalid or a fork failed; a measuring
 * run also fails on a failed fork when not gating (its numbers are incomplete).
 */
export function gateExitCode(
  run: RunRecord,
  input: AnalysedRun,
  gating: boolean,
  measuring: boolean,
): number {
  const failures = run.benchmarks.reduce((k, b) => k + b.failures.length, 0);
  const failed = input.report.summary.gate === 'fail' || failures > 0;
  return (gating && failed) || (measuring && failures > 0) ? EXIT.failed : EXIT.ok;
}

/** Emits the run's one `run-finished` event (with the analyses when analysed) and returns the result. */
export function finished(
  target: Pick<FinishTarget, 'outFile' | 'events'>,
  record: RunRecord,
  end: { interrupted: boolean; exitCode: number; skippedForks: number },
  analysed?: AnalysedRun,
): RunResult {
  const payload = {
    type: 'run-finished' as const,
    runId: record.runId,
    resultsFile: target.outFile,
    ...end,
    ...(analysed ? finishedAnalyses(analysed.report) : {}),
  };
  target.events.emit(payload);
  return {
    exitCode: end.exitCode,
    interrupted: end.interrupted,
    resultsFile: target.outFile,
    record,
    skippedForks: end.skippedForks,
    finished: null,
    analysed: analysed ?? null,
  };
}

/** Ends a measured run: an interrupted one says how to continue it (exit 130); an analysed one is gated. */
export function finishRun(target: FinishTarget, outcome: MeasuredRun, analysed?: AnalysedRun): RunResult {
  const { record, skippedForks } = outcome;
  if (outcome.interrupted || !analysed) {
    const file = displayPath(target.cwd, target.outFile);
    const again = shellQuote(resumeCommand(target.invocation, target.mode, file));
    target.log(`interrupted: results so far in ${file}; continue with: ${again}\n`);
    return finished(target, record, { interrupted: true, exitCode: EXIT.interrupted, skippedForks });
  }
  const exitCode = gateExitCode(record, analysed, target.failOnLost ?? true, true);
  return finished(target, record, { interrupted: false, exitCode, skippedForks }, analysed);
}

/**
 * A run that never started (Ctrl-C while preparing a git comparison, or while type-checking its bench files): nothing
 * was written, nothing to resume. `step` is what was stopped.
 */
export function notStarted(log: (text: string) => void, step = 'preparing the git comparison'): RunResult {
  log(`interrupted while ${step}; nothing was measured\n`);
  return {
    exitCode: EXIT.interrupted,
    interrupted: true,
    resultsFile: null,
    record: null,
    skippedForks: 0,
    finished: null,
    analysed: null,
  };
}

/** A side that failed to build: its message and the tail of its log (`shortTail` is what the terminal shows). */
export interface BuildFailure {
  side: Side;
  message: string;
  logTail: string;
  shortTail: string;
}

/**
 * Ends a run whose revisions did not build: the failures recorded for every case (nothing was measured, so the
 * report and the checks say why), the results file written, an `error` event per failure, exit 1.
 */
export function finishBuildFailed(
  target: FinishTarget,
  record: RunRecord,
  failed: readonly BuildFailure[],
): RunResult {
  let seq = 0;
  for (const { side, message, logTail, shortTail } of failed) {
    for (const entry of record.benchmarks)
      entry.failures.push({ seq: seq++, side, kind: 'build', message, logTail });
    target.events.emit({ type: 'error', errorName: 'BuildError', message: `${message}\n${shortTail}` });
    target.log(`tombstone-bench: ${message}\n${shortTail}\n`);
  }
  record.finishedAt = new Date().toISOString();
  const outFile = publishRun(target.outFile, record, target.publish ?? 'replace');
  return finished({ ...target, outFile }, record, {
    interrupted: false,
    exitCode: EXIT.failed,
    skippedForks: 0,
  });
}
