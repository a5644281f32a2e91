import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchEvent, RunReport } from '@tombstone-lab/bench/protocol';
import {
  analyseRun,
  type RunRecord,
  type RunResult,
  readRun,
  startRun,
  UsageError,
} from '@tombstone-lab/bench/runner';
import { HarnessArgumentError } from '../errors.js';

/** How long an interrupted case waits for bench to stop by itself before it reports and leaves. */
const STOP_GRACE_MS = 500;

/**
 * The metric every case judges and quotes: CPU time per op. On this shared machine CPU time was ~15× steadier than
 * wall time across fresh processes (measurement notes: CV 1.3% vs 20.3%); it is also bench's default.
 */
export const CASE_METRIC = 'cpuNsPerOp' as const;

/** Resolves with null `graceMs` after `signal` aborts (never without a signal). */
function stopped(signal: AbortSignal | undefined, graceMs: number): Promise<null> {
  return new Promise((resolve) => {
    signal?.addEventListener('abort', () => setTimeout(() => resolve(null), graceMs).unref(), { once: true });
  });
}

/**
 * bench's progress notes, less its own "continue with --resume FILE" hint: a case resumes with
 * `case NAME --resume DIR` (which the case prints), not with the results file alone.
 */
function benchNotes(progress: (text: string) => void): (text: string) => void {
  return (text) => {
    const kept = text
      .split(/(?<=\n)/)
      .filter((line) => !line.startsWith('interrupted: results so far'))
      .join('');
    if (kept !== '') progress(kept);
  };
}

/** On a terminal, one line that follows the forks ("fork 3/20 key side"), ended when the run ends. */
function forkProgress(isTTY: boolean, progress: (text: string) => void): (event: BenchEvent) => void {
  if (!isTTY) return () => {};
  let shown = false;
  return (event) => {
    if (event.type === 'sample-finished' || event.type === 'samples-skipped') {
      progress(`\r\u001b[2K  fork ${event.completed}/${event.total}  ${event.key} ${event.side}`);
      shown = true;
    } else if (event.type === 'run-finished' && shown) progress('\r\u001b[2K');
  };
}

/** The analyses a case asks bench for, besides the verdicts: growth over a numeric parameter, or a 2×2 over one. */
export interface CaseAnalyses {
  /** bench's `growth`: fit metric ≈ a·N^b per side over this numeric parameter. */
  readonly growth?: string;
  /** bench's `factorial`: the code × this parameter 2×2. */
  readonly factorial?: string;
}

/** One co-measured run of the harness's own suites, driven through bench's engine (`startRun`). */
export interface SuiteRunRequest extends CaseAnalyses {
  /** Suite files under the harness's `bench/` folder, e.g. `gc-mode-factorial.bench.ts`. */
  readonly suites: readonly string[];
  /** Forks per side (bench's sequential maximum). */
  readonly samples: number;
  /** Restricts parameters, e.g. `{ n: [256, 4096] }`. */
  readonly params?: Readonly<Record<string, readonly (string | number)[]>>;
  /** Results file bench writes (atomically, after every fork). */
  readonly outFile: string;
  /** bench's progress notes and, on a terminal, a line that follows the forks. */
  readonly progress: (text: string) => void;
  readonly isTTY: boolean;
  readonly cwd: string;
  readonly signal?: AbortSignal;
  /** Continue `outFile` if it exists (bench's `resume`); a finished one is analysed as it is. */
  readonly resume?: boolean;
}

/**
 * A co-measured run as a case reads it: the results record (parameters, as written) and bench's RunReport of it —
 * verdicts with Holm and the checks, per-side figures, growth and factorial — which the case quotes, never recomputes.
 */
export interface MeasuredRun {
  readonly record: RunRecord;
  readonly report: RunReport;
}

/** Thrown when a co-measured run fails (bad suite, a fork that crashed, a side with no samples). */
export class CaseRunError extends Error {
  override readonly name: string = 'CaseRunError';
}

/** Thrown when Ctrl-C stopped a co-measured run: its results file keeps the finished samples, for `--resume`. */
export class CaseInterruptedError extends CaseRunError {
  override readonly name = 'CaseInterruptedError';
}

/** The harness's `bench/` folder (next to `src/` and `dist/`, so this works from sources and from the build). */
export function harnessBenchDir(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bench');
}

/**
 * bench's analysis of a saved results record (`analyseRun`, the engine's analyse stage: the same RunReport a run's
 * `run-finished` carries), judged on {@link CASE_METRIC} whatever metric the file was recorded with.
 */
export function analysedRun(record: RunRecord, analyses: CaseAnalyses): MeasuredRun {
  const { report } = analyseRun(record, {
    overrides: { metric: CASE_METRIC },
    ...(analyses.growth !== undefined ? { growth: analyses.growth } : {}),
    ...(analyses.factorial !== undefined ? { factorial: analyses.factorial } : {}),
  });
  return { record, report };
}

/**
 * Runs suites with bench's engine (`startRun`, no shell, no CLI) and returns the record it wrote with the RunReport
 * of its `run-finished`.
 * @throws CaseRunError when bench refuses the run or a fork failed so a side has no samples.
 * @throws CaseInterruptedError when `signal` aborted it.
 */
export async function runSuites(request: SuiteRunRequest): Promise<MeasuredRun> {
  if (!Number.isSafeInteger(request.samples) || request.samples < 2)
    throw new HarnessArgumentError(`samples must be an integer ≥ 2, got ${request.samples}`);
  const resume = request.resume === true && existsSync(request.outFile);
  if (resume) {
    const saved = readRun(request.outFile);
    if (saved.finishedAt !== null) return analysedRun(checkSides(saved, request.outFile), request);
  }
  mkdirSync(dirname(request.outFile), { recursive: true });
  const interrupted = () =>
    new CaseInterruptedError(`interrupted; finished samples are in ${request.outFile}`);
  // An aborted signal stops the engine at its first check only: say so at once rather than start a run.
  if (request.signal?.aborted === true) throw interrupted();
  const run = startRun(
    {
      mode: 'run',
      cwd: request.cwd,
      files: request.suites.map((s) => join(harnessBenchDir(), s)),
      samplesPerSide: request.samples,
      ...(resume ? { resume: request.outFile } : { out: request.outFile }),
      metric: CASE_METRIC,
      failOnLost: false,
      // The case's suites ship with the package and are type-checked in its own CI; checking them again here held
      // the event loop (and Ctrl-C) for 23 s under load, and needs a typescript the user may not have.
      typecheck: false,
      ...(request.params ? { params: request.params } : {}),
      ...(request.growth !== undefined ? { growth: request.growth } : {}),
      ...(request.factorial !== undefined ? { factorial: request.factorial } : {}),
      log: benchNotes(request.progress),
    },
    {
      ...(request.signal ? { signal: request.signal } : {}),
      onEvent: forkProgress(request.isTTY, request.progress),
    },
  );
  // bench stops after its running fork settles — 23 s after Ctrl-C under load (measured, case purge-order --quick
  // at load 20). Its results file is written atomically after every fork, so the case need not wait for it.
  let result: RunResult | null;
  try {
    result = await Promise.race([run.result, stopped(request.signal, STOP_GRACE_MS)]);
  } catch (error) {
    if (request.signal?.aborted) throw interrupted();
    const refused = error instanceof UsageError ? 'refused the run' : 'failed';
    throw new CaseRunError(`tombstone-bench ${refused}: ${(error as Error).message}`);
  }
  if (result === null || result.interrupted || request.signal?.aborted) throw interrupted();
  if (result.record === null)
    throw new CaseRunError(
      `tombstone-bench failed (exit ${result.exitCode}) before writing ${request.outFile}: see the messages above`,
    );
  const record = checkSides(result.record, request.outFile);
  return result.analysed ? { record, report: result.analysed.report } : analysedRun(record, request);
}

/** The run, unless a benchmark has a side without samples (a fork failed every time). */
export function checkSides(run: RunRecord, outFile: string): RunRecord {
  for (const b of run.benchmarks) {
    for (const side of ['baseline', 'candidate'] as const) {
      if (!b.samples.some((s) => s.side === side)) {
        const why = b.failures.find((f) => f.side === side)?.message ?? 'no sample';
        throw new CaseRunError(`${b.key}: no ${side} sample (${why}); results in ${outFile}`);
      }
    }
  }
  return run;
}
