import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main as benchMain, type RunRecord, readRun } from '@tombstone-lab/bench/runner';
import { HarnessArgumentError } from '../errors.js';

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
}

/** Thrown when a co-measured run fails (bad suite, a fork that crashed, a side with no samples). */
export class CaseRunError extends Error {
  override readonly name = 'CaseRunError';
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
  const args = [
    'run',
    ...files,
    '-n',
    String(request.samples),
    '--out',
    request.outFile,
    '--no-fail-on-lost',
  ];
  for (const [name, values] of Object.entries(request.params ?? {}))
    args.push('--param', `${name}=${values.join(',')}`);
  mkdirSync(dirname(request.outFile), { recursive: true });
  const code = await benchMain(
    args,
    { stdout: request.report, stderr: request.progress, cwd: request.cwd, isTTY: request.isTTY },
    request.signal,
  );
  if (code === 2) throw new CaseRunError(`tombstone-bench refused the run (exit 2): see the messages above`);
  // Any other failure before the first fork leaves no results file: say so instead of reading a missing file.
  if (code !== 0 && !existsSync(request.outFile))
    throw new CaseRunError(
      `tombstone-bench failed (exit ${code}) before writing ${request.outFile}: see the messages above`,
    );
  const run = readRun(request.outFile);
  for (const b of run.benchmarks) {
    for (const side of ['baseline', 'candidate'] as const) {
      if (!b.samples.some((s) => s.side === side)) {
        const why = b.failures.find((f) => f.side === side)?.message ?? 'no sample';
        throw new CaseRunError(`${b.key}: no ${side} sample (${why}); results in ${request.outFile}`);
      }
    }
  }
  return run;
}
