/**
 * The plan stage's settings of a run, from validated {@link RunOptions}: where it writes (refusing to replace a file
 * unasked), the bundle cache and the fork worker, the CPU pinning, the sampling defaults and how it is analysed.
 * Shared by `run`, `aa`, `compare` and `calibrate`; {@link planMeasurement} then fixes its cases and design.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { checkAnalysisOptions, type OutputOptions } from '../analyse/run-analyses.js';
import { UsageError } from '../errors.js';
import { kitScript, workerScript } from '../fork/compile.js';
import { DEFAULT_NODE_ARGS, type ForkOptions } from '../fork/fork.js';
import { claimPinning } from '../fork/pinning.js';
import type { RunInvocation, RunRecord } from '../model.js';
import { checkOutputFile } from '../results/directories.js';
import { type Publish, readRun } from '../results/results-store.js';
import { displayPath, shellQuoteArg } from '../shell-quote.js';
import type { AnalysisConfig } from '../stats/verdict.js';
import { typecheckBenchFiles } from '../suite/typecheck.js';
import { shareRoots } from '../work-tree.js';
import type { PlanContext } from './cases.js';
import { equivalentArgv } from './equivalent-command.js';
import type { RunSampleSettings } from './planned-case.js';
import { DEFAULT_DESIGN, DEFAULT_METRIC, type RunOptions } from './run-options.js';

/** Forks per side of a fixed-n run (`--fixed-n`) unless `-n` says otherwise: the design before protocol 5. */
const FIXED_N_DEFAULT = 10;
/**
 * The maximum forks per side of a sequential run unless `-n` says otherwise: looks at 5, 10, 15, 20. Twice the fixed
 * design's n, so a +5% change that needs more than 10 forks is still found, while a clear one stops at 5 or 10.
 */
const SEQUENTIAL_N_DEFAULT = 20;

/** The analysis a run is judged with. */
export type RunOutputOptions = OutputOptions & {
  overrides: Pick<AnalysisConfig, 'alpha' | 'threshold' | 'metric' | 'correction'>;
};

/** What every run of these options measures with, before its cases are known. */
export interface SetupSettings {
  /** The run's configuration before its cases are known (the sequential design is added by planMeasurement). */
  config: RunRecord['config'];
  sample: RunSampleSettings;
  fork: Omit<ForkOptions, 'signal'>;
  /** Results file (written atomically after every fork). */
  outFile: string;
  /** How its first write claims `outFile`: a default name is never shared by two runs (results-store.ts: `publishRun`). */
  publish: Publish;
  /** The command line that started the run, stored in a fresh record (a resumed record keeps its own). */
  invocation: RunInvocation;
}

/** The plan stage's settings of one run: handed forward to measure and finish, never handed back. */
export interface RunSetup {
  cwd: string;
  log: (text: string) => void;
  options: RunOptions;
  ctx: PlanContext;
  settings: SetupSettings;
  output: RunOutputOptions;
  /** Removes what the run made for itself (its temp bundle dir, its CPU claim; never a `cacheDir` the user named). */
  dispose(): void;
}

/** The analysis of a run with these options (the engine's verdicts and a caller's report use the same). */
export function outputOptionsFor(options: RunOptions): RunOutputOptions {
  checkAnalysisOptions(options);
  return {
    overrides: {
      alpha: options.alpha ?? 0.05,
      threshold: options.threshold ?? 0.02,
      metric: options.metric ?? (options.instructions ? 'instructionsPerOp' : DEFAULT_METRIC),
      correction: options.correction ?? 'holm',
    },
    ...(options.growth ? { growth: options.growth } : {}),
    ...(options.factorial ? { factorial: options.factorial } : {}),
  };
}

/**
 * `out` and `resume` naming two files has no meaning: it used to continue the resumed run into `out`, leaving the
 * resumed file partial and two files with one runId. (Both naming the same file is a resume.)
 * @throws {UsageError} naming both files.
 */
function checkOutAndResume(options: RunOptions, cwd: string): void {
  const { out, resume } = options;
  if (out === undefined || resume === undefined || resolve(cwd, out) === resolve(cwd, resume)) return;
  throw new UsageError(
    options.invocation === undefined
      ? `out ${JSON.stringify(out)} and resume ${JSON.stringify(resume)} name two files: resume continues its ` +
          'file in place; drop out'
      : `--out ${out} and --resume ${resume} name two files: --resume continues its file in place; drop --out`,
  );
}

/**
 * An existing results file is only continued (`resume` names it) or replaced on request (`force`): `run --out
 * out/sort.json` used to replace a complete 2 × 10-sample file with a 1-sample one without a word.
 * @throws {UsageError} naming the file and both ways on.
 */
function checkNotReplacing(outFile: string, what: string, options: RunOptions, cwd: string): void {
  if (options.force === true || !existsSync(outFile)) return;
  if (options.resume !== undefined && resolve(cwd, options.resume) === outFile) return;
  const shown = options.out ?? outFile;
  // A run from code is told in the engine's option names: "--resume …" is nothing a startRun caller can pass.
  // The command line always passes its invocation; code seldom does.
  const fromCode = options.invocation === undefined;
  const name = fromCode ? `out ${JSON.stringify(shown)}` : `${what} ${shown}`;
  // Only a results file can be resumed: `--out bench/lookup.bench.mjs` was told to "continue that run with --resume".
  if (!isResultsFile(outFile))
    throw new UsageError(
      `${name} already exists and is not a results file; give ${fromCode ? 'out' : '--out'} a new file name`,
    );
  if (fromCode)
    throw new UsageError(
      `${name} already exists; continue that run with { resume: ${JSON.stringify(shown)} } ` +
        '(without out), or pass force: true to replace it',
    );
  throw new UsageError(
    `${name} already exists; continue that run with --resume ${shellQuoteArg(shown)}, or pass --force to replace it`,
  );
}

function isResultsFile(file: string): boolean {
  try {
    readRun(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * How a run's first write claims its file: a default name takes the next free one (`-2`, `-3`, …) if another run
 * started in the same second claimed it; a named `--out` is created only if no other run did; `--resume`, `--force`
 * and calibrate's own files (its directory is claimed) replace.
 */
function publishOf(options: RunOptions, command: RunOptions['mode'] | 'calibrate'): Publish {
  if (command === 'calibrate' || options.force === true || options.resume !== undefined) return 'replace';
  return options.out !== undefined ? 'exclusive' : 'next-free';
}

function defaultOutFile(cwd: string): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
  return join(cwd, '.tombstone-bench', `results-${stamp}.json`);
}

/** A bundle cache directory, and how to remove it when it is the run's own. */
export interface CacheDir {
  dir: string;
  /** Removes the directory when this invocation made it (never a `cacheDir` the user named). */
  dispose(): void;
}

/**
 * `cacheDir`, else a fresh temp directory of this invocation, removed by `dispose()`: bundles are recompiled by
 * every run, and a directory per working directory used to stay in /tmp/tombstone-bench forever.
 */
export function cacheDirFor(cwd: string, cacheDir?: string): CacheDir {
  if (cacheDir !== undefined) return { dir: resolve(cwd, cacheDir), dispose: () => {} };
  const parent = join(tmpdir(), 'tombstone-bench');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, 'run-'));
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

function paramSelection(params: RunOptions['params']): Map<string, string[]> {
  return new Map(Object.entries(params ?? {}).map(([k, vs]) => [k, vs.map(String)]));
}

function settingsOf(options: RunOptions, cwd: string, outFile: string, fork: SetupSettings['fork']) {
  const { alpha, threshold, metric } = outputOptionsFor(options).overrides;
  return {
    config: {
      samplesPerSide: options.samplesPerSide ?? (options.fixedN ? FIXED_N_DEFAULT : SEQUENTIAL_N_DEFAULT),
      metric,
      alpha,
      threshold,
      design: options.design ?? DEFAULT_DESIGN,
    },
    sample: {
      sampleMs: options.sampleMs ?? 100,
      warmupMaxMs: options.warmupMs ?? 150,
      warmupMinMs: options.warmupMinMs ?? 0,
      allocation: options.allocation ?? true,
    },
    fork,
    outFile,
    invocation: options.invocation ?? { argv: equivalentArgv(options), cwd },
  };
}

/**
 * Sets up a run of validated options: checks where it writes, compiles the fork worker into the bundle cache and
 * claims a CPU to pin to. `calibrate` writes a directory of runs, which it checks itself.
 */
export async function setUpRun(
  options: RunOptions,
  command: RunOptions['mode'] | 'calibrate' = options.mode,
): Promise<RunSetup> {
  const cwd = options.cwd ?? process.cwd();
  const timeoutMs = options.timeoutMs ?? 60_000;
  // The report's Reproduction block shows paths relative to the run's work tree and home (shareable-invocation.ts).
  const output = { ...outputOptionsFor(options), share: shareRoots(cwd) };
  checkOutAndResume(options, cwd);
  const outFile = resolve(cwd, options.out ?? options.resume ?? defaultOutFile(cwd));
  if (command !== 'calibrate') {
    const what = options.out !== undefined ? '--out' : options.resume ? '--resume' : 'results file';
    checkOutputFile(outFile, what, displayPath(cwd, outFile));
    // A default name already taken is not refused: the run takes the next free one when it first writes.
    if (publishOf(options, command) !== 'next-free') checkNotReplacing(outFile, what, options, cwd);
  }
  const { dir: cacheDir, dispose } = cacheDirFor(cwd, options.cacheDir);
  let worker: string;
  let kit: string;
  try {
    worker = await workerScript(cacheDir);
    kit = await kitScript(cacheDir);
  } catch (e) {
    dispose();
    throw e;
  }
  const pin = options.pin === false ? null : claimPinning();
  const selection = {
    ...(options.filter !== undefined ? { filter: options.filter } : {}),
    params: paramSelection(options.params),
  };
  const fork = { worker, kit, timeoutMs, pin: pin?.plan ?? null, nodeArgs: [...DEFAULT_NODE_ARGS] };
  return {
    dispose: () => {
      pin?.release();
      dispose();
    },
    cwd,
    log: options.log ?? (() => {}),
    options,
    ctx: { cacheDir, worker, kit, timeoutMs, selection },
    output,
    settings: { ...settingsOf(options, cwd, outFile, fork), publish: publishOf(options, command) },
  };
}

/**
 * Type-checks the TypeScript bench files of a run unless `typecheck: false` (logging a one-line note when the
 * project has no `typescript` to check them with); throws {@link BenchTypeError}.
 */
export function checkBenchTypes(
  setup: Pick<RunSetup, 'options' | 'cwd' | 'log'>,
  files: readonly string[],
): void {
  if (setup.options.typecheck === false) return;
  const note = typecheckBenchFiles(files, setup.cwd);
  if (note !== undefined) setup.log(`${note}\n`);
}
