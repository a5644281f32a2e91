import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main as benchMain, type RunRecord, readRun } from '@tombstone-lab/bench/runner';
import { HarnessArgumentError } from '../errors.js';

/** How long an interrupted case waits for bench to stop by itself before it reports and leaves. */
const STOP_GRACE_MS = 500;

/** Resolves with null `graceMs` after `signal` aborts (never without a signal). */
function stopped(signal: AbortSignal | undefined, graceMs: number): Promise<null> {
  return new Promise((resolve) => {
    signal?.addEventListener('abort', () => setTimeout(() => resolve(null), graceMs).unref(), { once: true });
  });
}

/**
 * bench's progress text, less its own "continue with --resume FILE" hint: a case resumes with
 * `case NAME --resume DIR` (which the case prints), not with the results file alone.
 */
function benchProgress(progress: (text: string) => void): (text: string) => void {
  return (text) => {
    const kept = text
      .split(/(?<=\n)/)
      .filter((line) => !line.startsWith('interrupted: results so far'))
      .join('');
    if (kept !== '') progress(kept);
  };
}

/** One co-measured run of the harness's own suites, driven through bench's in-process CLI entry. */
export interface SuiteRunRequest {
  /** Suite files under the harness's `bench/` folder, e.g. `gc-mode-factorial.bench.ts`. */
  readonly suites: readonly string[];
  /** Forks per side. */
  readonly samples: number;
  /** Restricts parameters (`--param name=v1,v2`), e.g. `{ n: [256, 4096] }`. */
  readonly params?: Readonly<Record<string, readonly (string | number)[]>>;
  /** Results file bench writes (atomically, after every fork). */
  readonly outFile: string;
  /** bench's progress and warnings (its stderr); its terminal report goes to `report`. */
  readonly progress: (text: string) => void;
  readonly report: (text: string) => void;
  readonly isTTY: boolean;
  readonly cwd: string;
  readonly signal?: AbortSignal;
  /** Continue `outFile` if it exists (bench's `--resume`); a finished one is returned as it is. */
  readonly resume?: boolean;
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
 * Runs suites with `tombstone-bench run` (in-process `main`, argument array, no shell) and returns the results
 * record it wrote — the typed data, never its printed text.
 * @throws CaseRunError when bench exits with a usage error or a fork failed so a side has no samples.
 */
export async function runSuites(request: SuiteRunRequest): Promise<RunRecord> {
  if (!Number.isSafeInteger(request.samples) || request.samples < 2)
    throw new HarnessArgumentError(`samples must be an integer ≥ 2, got ${request.samples}`);
  const files = request.suites.map((s) => join(harnessBenchDir(), s));
  const resume = request.resume === true && existsSync(request.outFile);
  if (resume) {
    const saved = readRun(request.outFile);
    if (saved.finishedAt !== null) return checkSides(saved, request.outFile);
  }
  const args = [
    'run',
    ...files,
    '-n',
    String(request.samples),
    resume ? '--resume' : '--out',
    request.outFile,
    '--no-fail-on-lost',
    // The case's suites ship with the package and are type-checked in its own CI; checking them again here held
    // the event loop (and Ctrl-C) for 23 s under load, and needs a typescript the user may not have.
    '--no-typecheck',
  ];
  for (const [name, values] of Object.entries(request.params ?? {}))
    args.push('--param', `${name}=${values.join(',')}`);
  mkdirSync(dirname(request.outFile), { recursive: true });
  const interrupted = () =>
    new CaseInterruptedError(`interrupted; finished samples are in ${request.outFile}`);
  // bench's main() listens for the abort event only: a signal aborted before the call would never stop it.
  if (request.signal?.aborted === true) throw interrupted();
  const running = benchMain(
    args,
    {
      stdout: request.report,
      stderr: benchProgress(request.progress),
      cwd: request.cwd,
      isTTY: request.isTTY,
    },
    request.signal,
  );
  // bench stops after its running fork settles — 23 s after Ctrl-C under load (measured, case purge-order --quick
  // at load 20). Its results file is written atomically after every fork, so the case need not wait for it.
  const code = await Promise.race([running, stopped(request.signal, STOP_GRACE_MS)]);
  if (code === null || request.signal?.aborted) throw interrupted();
  if (code === 2) throw new CaseRunError(`tombstone-bench refused the run (exit 2): see the messages above`);
  // Any other failure before the first fork leaves no results file: say so instead of reading a missing file.
  if (code !== 0 && !existsSync(request.outFile))
    throw new CaseRunError(
      `tombstone-bench failed (exit ${code}) before writing ${request.outFile}: see the messages above`,
    );
  return checkSides(readRun(request.outFile), request.outFile);
}

/** The run, unless a benchmark has a side without samples (a fork failed every time). */
function checkSides(run: RunRecord, outFile: string): RunRecord {
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
