/**
 * One measuring run from validated {@link RunOptions}: the worker and settings it runs with, resume, per-case
 * analysis, and the final analysis, gate and `run-finished` event. Shared by `run`, `aa`, `compare` and `calibrate`.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type AnalysedRun, analyseRun, caseVerdict, finishedAnalyses } from '../analyse/analyse-run.js';
import { checkAnalysisOptions, type OutputOptions } from '../analyse/run-analyses.js';
import { UsageError } from '../errors.js';
import { workerScript } from '../fork/compile.js';
import { DEFAULT_NODE_ARGS } from '../fork/fork.js';
import { instructionCounter } from '../fork/instructions.js';
import { claimPinning } from '../fork/pinning.js';
import type { MeasurementSettings, RunRecord } from '../model.js';
import type { RunFinishedEvent } from '../protocol/events.js';
import { shellQuote } from '../shell-quote.js';
import { factorialAnalysis } from '../stats/factorial.js';
import { growthAnalysis } from '../stats/growth.js';
import {
  looksUpTo,
  reachableLooks,
  type SequentialDesign,
  sequentialDesign,
} from '../stats/sequential/design.js';
import { significanceReach } from '../stats/significance-reach.js';
import type { AnalysisConfig } from '../stats/verdict.js';
import { typecheckBenchFiles } from '../suite/typecheck.js';
import { checkOutputFile } from './directories.js';
import { equivalentArgv } from './equivalent-command.js';
import type { EventSink } from './event-sink.js';
import type { PlanContext } from './prepare.js';
import { checkResumable } from './resume-check.js';
import { displayPath, readResumeFile, resumeCommand } from './resume-files.js';
import { DEFAULT_METRIC, type RunOptions } from './run-options.js';
import {
  type CaseAnalysis,
  createRecord,
  type PlannedCase,
  type RunSettings,
  resolveSampling,
  runPlan,
} from './runner.js';

/** Forks per side of a fixed-n run (`--fixed-n`) unless `-n` says otherwise: the design before protocol 5. */
const FIXED_N_DEFAULT = 10;
/**
 * The maximum forks per side of a sequential run unless `-n` says otherwise: looks at 5, 10, 15, 20. Twice the fixed
 * design's n, so a +5% change that needs more than 10 forks is still found, while a clear one stops at 5 or 10.
 */
const SEQUENTIAL_N_DEFAULT = 20;

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

/** Shared state of one measuring run. */
export interface Session {
  cwd: string;
  log: (text: string) => void;
  options: RunOptions;
  /** `calibrate` runs A/A sessions under its own name. */
  command: RunOptions['mode'] | 'calibrate';
  events: EventSink;
  signal: AbortSignal;
  ctx: PlanContext;
  settings: Omit<RunSettings, 'comparison' | 'outFile' | 'events' | 'signal'> & { outFile: string };
  output: RunOutputOptions;
  /** Removes what the session made for itself (its temp bundle dir; never a `cacheDir` the user named). */
  dispose(): void;
}

/** The analysis a run is judged with. */
export type RunOutputOptions = OutputOptions & {
  overrides: Pick<AnalysisConfig, 'alpha' | 'threshold' | 'metric' | 'correction'>;
};

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
 * An existing results file is only continued (`resume` names it) or replaced on request (`force`): `run --out
 * out/sort.json` used to replace a complete 2 × 10-sample file with a 1-sample one without a word.
 * @throws {UsageError} naming the file and both ways on.
 */
function checkNotReplacing(outFile: string, what: string, options: RunOptions, cwd: string): void {
  if (options.force === true || !existsSync(outFile)) return;
  if (options.resume !== undefined && resolve(cwd, options.resume) === outFile) return;
  const shown = options.out ?? outFile;
  throw new UsageError(
    `${what} ${shown} already exists; continue that run with --resume ${shown}, or pass --force to replace it`,
  );
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

/** Prepares the worker and settings of a run from validated options. */
export async function makeSession(
  options: RunOptions,
  events: EventSink,
  signal: AbortSignal,
  command: Session['command'] = options.mode,
): Promise<Session> {
  const cwd = options.cwd ?? process.cwd();
  const timeoutMs = options.timeoutMs ?? 60_000;
  const output = outputOptionsFor(options);
  const outFile = resolve(cwd, options.out ?? options.resume ?? defaultOutFile(cwd));
  // calibrate's --out is a directory of runs, checked by the command itself.
  if (command !== 'calibrate') {
    const what = options.out !== undefined ? '--out' : options.resume ? '--resume' : 'results file';
    checkOutputFile(outFile, what);
    checkNotReplacing(outFile, what, options, cwd);
  }
  const { dir: cacheDir, dispose } = cacheDirFor(cwd, options.cacheDir);
  let worker: string;
  try {
    worker = await workerScript(cacheDir);
  } catch (e) {
    dispose();
    throw e;
  }
  const pin = options.pin === false ? null : claimPinning();
  const disposeAll = () => {
    pin?.release();
    dispose();
  };
  const ctx: PlanContext = {
    cacheDir,
    worker,
    timeoutMs,
    selection: {
      ...(options.filter !== undefined ? { filter: options.filter } : {}),
      params: paramSelection(options.params),
    },
  };
  const { alpha, threshold, metric } = output.overrides;
  return {
    dispose: disposeAll,
    cwd,
    log: options.log ?? (() => {}),
    options,
    command,
    events,
    signal,
    ctx,
    output,
    settings: {
      config: {
        samplesPerSide: options.samplesPerSide ?? (options.fixedN ? FIXED_N_DEFAULT : SEQUENTIAL_N_DEFAULT),
        metric,
        alpha,
        threshold,
      },
      sample: {
        sampleMs: options.sampleMs ?? 100,
        warmupMaxMs: options.warmupMs ?? 150,
        allocation: options.allocation ?? true,
      },
      fork: {
        worker,
        timeoutMs,
        pin: pin?.plan ?? null,
        nodeArgs: [...DEFAULT_NODE_ARGS],
      },
      outFile,
      invocation: options.invocation ?? { argv: equivalentArgv(options), cwd },
    },
  };
}

/**
 * Type-checks the TypeScript bench files of a run unless `typecheck: false` (logging a one-line note when the
 * project has no `typescript` to check them with); throws {@link BenchTypeError}.
 */
export function checkBenchTypes(s: Session, files: readonly string[]): void {
  if (s.options.typecheck === false) return;
  const note = typecheckBenchFiles(files, s.cwd);
  if (note !== undefined) s.log(`${note}\n`);
}

/** Cases with their effective sampling: a suite's own `sampling` applies where the options do not set it. */
export function casesFor(s: Session, planned: readonly PlannedCase[]): PlannedCase[] {
  return resolveSampling(planned, s.settings.sample, {
    sampleMs: s.options.sampleMs !== undefined,
    warmupMaxMs: s.options.warmupMs !== undefined,
  });
}

/** What a sample measures, recorded in the run and checked on resume. */
export function measurementOf(s: Session): MeasurementSettings {
  return {
    sampleMs: s.settings.sample.sampleMs,
    warmupMaxMs: s.settings.sample.warmupMaxMs,
    allocation: s.settings.sample.allocation,
    instructions: Boolean(s.options.instructions),
  };
}

/** The record to continue, after checking it was measured the same way; adjusts the session's sample count. */
function resumed(
  s: Session,
  cases: readonly PlannedCase[],
  comparison: RunRecord['comparison'],
): RunRecord | undefined {
  if (!s.options.resume) return undefined;
  const recorded = readResumeFile(s.cwd, s.options.resume);
  // Without samplesPerSide the file's own count is continued; with it the run may grow (never shrink). A sequential
  // run's looks and boundaries are fixed by its design, so its maximum cannot change.
  const samplesPerSide = s.options.samplesPerSide ?? recorded.config.samplesPerSide;
  if (recorded.config.sequential && samplesPerSide !== recorded.config.samplesPerSide) {
    throw new UsageError(
      `--resume: ${s.options.resume} is a sequential run with at most ${recorded.config.samplesPerSide} samples per side; ` +
        `its design cannot change to -n ${samplesPerSide}`,
    );
  }
  const sampling = new Map(
    cases.map((c) => [
      c.bench.key,
      c.sample ? { sampleMs: c.sample.sampleMs, warmupMaxMs: c.sample.warmupMaxMs } : undefined,
    ]),
  );
  const measurement = measurementOf(s);
  checkResumable(s.options.resume, recorded, { comparison, measurement, samplesPerSide, sampling });
  const { sequential } = recorded.config;
  s.settings.config = { ...s.settings.config, samplesPerSide, ...(sequential ? { sequential } : {}) };
  if (!sequential) delete s.settings.config.sequential;
  return { ...recorded, config: { ...recorded.config, samplesPerSide } };
}

/**
 * The design of a sequential run of `cases` benchmarks: looks every `lookEvery` up to n (a look that cannot stop
 * moved to the first n that can: {@link reachableLooks}), and the design's alpha the run's alpha split over the
 * benchmarks under Holm. Why split: a benchmark stopped with a difference must keep it
 * after Holm whatever the others read, and Holm's first step is alpha / m (with the whole alpha per benchmark, 8
 * benchmarks stopped at n = 5 with p = 0.0079 each would all be Unchanged after Holm, 8 · 0.0079 > 0.05).
 */
function sequentialConfig(s: Session, cases: number): NonNullable<RunRecord['config']['sequential']> {
  const { alpha, correction } = s.output.overrides;
  const spending = s.options.spending ?? 'pocock';
  const designAlpha = correction === 'holm' ? alpha / Math.max(1, cases) : alpha;
  const every = looksUpTo(s.settings.config.samplesPerSide, s.options.lookEvery ?? 5);
  return { looks: reachableLooks({ looks: every, alpha: designAlpha, spending }), spending, designAlpha };
}

/** The verdict of one finished case for its benchmark-finished event (growth/factorial need the whole run). */
function caseAnalyzer(s: Session) {
  return (entry: RunRecord['benchmarks'][number], run: RunRecord): CaseAnalysis =>
    caseVerdict(entry, run, s.output.overrides);
}

/**
 * Before measuring: whether `cases` benchmarks at the session's n can reach alpha under its correction. Asked to
 * gate explicitly (`failOnLost: true`, `--fail-on-lost`) on a run whose gate cannot fail is a usage error; otherwise
 * a warning is logged now (and the report repeats it), not after the minutes of measuring.
 * @throws {UsageError} when gating was asked for and cannot fail.
 */
function checkGateCanFail(s: Session, cases: number): void {
  const n = s.settings.config.samplesPerSide;
  const { alpha, correction } = s.output.overrides;
  const reach = significanceReach(
    Array.from({ length: cases }, () => ({ baseline: n, candidate: n })),
    alpha,
    correction,
  );
  if (!reach || reach.reachable) return;
  const holm = correction === 'holm' && cases > 1 ? ` with Holm across ${cases} benchmarks` : '';
  const why =
    `-n ${n} cannot reach alpha ${alpha}${holm} (smallest achievable p ${Number(reach.smallestP.toPrecision(3))}), so no ` +
    `benchmark can be Won or Lost: every one will be Inconclusive and the gate fails; use -n ${reach.minimumSamplesPerSide} or more`;
  if (s.options.failOnLost === true) throw new UsageError(`--fail-on-lost: ${why}`);
  s.log(`warning: ${why}\n`);
}

/**
 * `--growth` / `--factorial` name a parameter of the planned cases: checked on the empty record before the first
 * fork (`--growth nope` used to be refused only after the whole measurement).
 * @throws {StatsInputError} naming the parameter.
 */
function checkAnalysisParams(
  s: Session,
  cases: readonly PlannedCase[],
  comparison: RunRecord['comparison'],
): void {
  const { growth, factorial } = s.output;
  if (growth === undefined && factorial === undefined) return;
  const empty = createRecord(cases, { comparison, config: s.settings.config });
  if (growth !== undefined) growthAnalysis(empty, growth);
  if (factorial !== undefined) factorialAnalysis(empty, factorial);
}

/** Sets the session's sequential design for a run of `cases` benchmarks (none with `fixedN`): run and calibrate alike. */
export function planSequential(s: Session, cases: number): void {
  if (!s.options.fixedN) s.settings.config.sequential = sequentialConfig(s, cases);
}

/** The design of the session's run config (computed once per process per spec), or undefined for a fixed-n run. */
export function designOf(s: Session): SequentialDesign | undefined {
  const { sequential } = s.settings.config;
  return sequential
    ? sequentialDesign({
        looks: sequential.looks,
        alpha: sequential.designAlpha,
        spending: sequential.spending,
      })
    : undefined;
}

/** Resumes or starts a run, measures it, then analyses and gates it. */
export async function measure(
  s: Session,
  planned: PlannedCase[],
  comparison: RunRecord['comparison'],
): Promise<RunResult> {
  const cases = casesFor(s, planned);
  planSequential(s, cases.length);
  const resume = resumed(s, cases, comparison);
  checkAnalysisParams(s, cases, comparison);
  checkGateCanFail(s, cases.length);
  const design = designOf(s);
  const countInstructions = s.options.instructions
    ? instructionCounter({
        worker: s.ctx.worker,
        cacheDir: s.ctx.cacheDir,
        timeoutMs: Math.max(s.ctx.timeoutMs, 120_000),
        signal: s.signal,
      })
    : undefined;
  const outcome = await runPlan(cases, {
    ...(countInstructions ? { countInstructions } : {}),
    ...s.settings,
    measurement: measurementOf(s),
    comparison,
    events: s.events,
    signal: s.signal,
    caseVerdict: caseAnalyzer(s),
    ...(resume ? { resume } : {}),
    ...(design ? { design } : {}),
  });
  if (outcome.interrupted) {
    const file = displayPath(s.cwd, s.settings.outFile);
    const again = shellQuote(resumeCommand(s.settings.invocation, s.options.mode, file));
    s.log(`interrupted: results so far in ${file}; continue with: ${again}\n`);
    return finished(s, outcome.record, {
      interrupted: true,
      exitCode: EXIT.interrupted,
      skippedForks: outcome.skippedForks,
    });
  }
  const analysed = analyseRun(outcome.record, s.output, s.settings.maxFailuresPerSide);
  const exitCode = gateExitCode(outcome.record, analysed, s.options.failOnLost ?? true, true);
  return finished(
    s,
    outcome.record,
    { interrupted: false, exitCode, skippedForks: outcome.skippedForks },
    analysed,
  );
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
  s: Session,
  record: RunRecord,
  end: { interrupted: boolean; exitCode: number; skippedForks: number },
  analysed?: AnalysedRun,
): RunResult {
  const payload = {
    type: 'run-finished' as const,
    runId: record.runId,
    resultsFile: s.settings.outFile,
    ...end,
    ...(analysed ? finishedAnalyses(analysed.report) : {}),
  };
  s.events.emit(payload);
  return {
    exitCode: end.exitCode,
    interrupted: end.interrupted,
    resultsFile: s.settings.outFile,
    record,
    skippedForks: end.skippedForks,
    finished: null,
    analysed: analysed ?? null,
  };
}
