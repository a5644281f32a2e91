import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { analysisOptions, type CliValues, numberOption } from '../cli/cli-options.js';
import { ProgressBar } from '../cli/progress.js';
import { BenchError } from '../errors.js';
import { workerScript } from '../fork/compile.js';
import { DEFAULT_NODE_ARGS } from '../fork/fork.js';
import { instructionCounter } from '../fork/instructions.js';
import { detectPinning } from '../fork/pinning.js';
import type { MeasurementSettings, RunRecord } from '../model.js';
import { analyze, type OutputOptions, parseFormat, render, writeSvgPlots } from '../report/output.js';
import type { ReportInput } from '../report/report-model.js';
import { analyzeRun } from '../stats/analyze-run.js';
import { parseParamFilter } from '../suite/cases.js';
import { SAMPLING_LIMITS } from '../suite/define.js';
import { typecheckBenchFiles } from '../suite/typecheck.js';
import { type EventSink, ndjsonSink, nullSink, teeSink } from './event-sink.js';
import {
  factorialPayload,
  growthPayload,
  recordedError,
  summaryPayload,
  verdictPayload,
} from './payloads.js';
import type { PlanContext } from './prepare.js';
import { readRun } from './results-store.js';
import { checkResumable } from './resume-check.js';
import { type CaseAnalysis, type PlannedCase, type RunSettings, resolveSampling, runPlan } from './runner.js';

/** Where the CLI writes; replaceable for tests. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  /** Whether stderr is a terminal (progress bar). */
  isTTY: boolean;
  /**
   * The CLI script as launched (`process.argv[1]`), recorded in the run's invocation; unset for in-process calls,
   * which record `tombstone-bench` instead.
   */
  script?: string;
}

/** The process's own stdout/stderr/cwd. */
export const defaultIo = (): CliIo => ({
  stdout: (t) => void process.stdout.write(t),
  stderr: (t) => void process.stderr.write(t),
  cwd: process.cwd(),
  isTTY: Boolean(process.stderr.isTTY),
});

/** Exit codes. */
export const EXIT = { ok: 0, failed: 1, usage: 2, interrupted: 130 } as const;

/** Shared state of one invocation of a measuring command. */
export interface Session {
  io: CliIo;
  values: CliValues;
  events: EventSink;
  signal: AbortSignal;
  ctx: PlanContext;
  settings: Omit<RunSettings, 'comparison' | 'outFile' | 'events' | 'signal'> & { outFile: string };
  output: OutputOptions;
  /** Removes what the session made for itself (its temp bundle dir; never a `--cache-dir` the user named). */
  dispose(): void;
}

function defaultOutFile(cwd: string): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
  return join(cwd, '.tombstone-bench', `results-${stamp}.json`);
}

/** The event sinks asked for on the command line (`--json` → stdout, `--events <file>`). */
export function eventSinkFor(io: CliIo, values: CliValues): EventSink {
  const sinks: EventSink[] = [];
  if (values.json) sinks.push(ndjsonSink((line) => io.stdout(line)));
  if (values.events) sinks.push(ndjsonSink(resolve(io.cwd, values.events)));
  return sinks.length === 0 ? nullSink : teeSink(...sinks);
}

/** A directory for bundles and the worker, and how to remove it when the invocation ends. */
export interface CacheDir {
  dir: string;
  /** Removes the directory when this invocation made it (never a `--cache-dir` the user named). */
  dispose(): void;
}

/**
 * `--cache-dir`, else a fresh temp directory of this invocation, removed by `dispose()`: bundles are recompiled by
 * every run, and a directory per working directory used to stay in /tmp/tombstone-bench forever.
 */
export function cacheDirFor(io: CliIo, values: CliValues): CacheDir {
  if (values['cache-dir'] !== undefined)
    return { dir: resolve(io.cwd, values['cache-dir']), dispose: () => {} };
  const parent = join(tmpdir(), 'tombstone-bench');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, 'run-'));
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Validates the shared options of a measuring command and prepares the worker and settings; `args` are the
 * command's arguments as received (after the command name), recorded for the report's Reproduction block.
 */
export async function makeSession(
  io: CliIo,
  values: CliValues,
  signal: AbortSignal,
  command: string,
  events: EventSink,
  args: readonly string[] = [],
): Promise<Session> {
  parseFormat(values.format);
  const sampleMs = numberOption(values, 'sample-ms', 100, SAMPLING_LIMITS.sampleMs);
  const warmupMs = numberOption(values, 'warmup-ms', 150, SAMPLING_LIMITS.warmupMs);
  const timeoutMs = numberOption(values, 'timeout-ms', 60_000, { min: 100 });
  const n = numberOption(values, 'n', 10, { min: 1, max: 1000, integer: true });
  const output = analysisOptions(values, {
    alpha: 0.05,
    threshold: 0.02,
    metric: values.instructions ? 'instructionsPerOp' : 'nsPerOp',
  });
  const { alpha, threshold, metric } = output.overrides;
  if (command === 'compare' && values.baseline === undefined)
    throw new BenchError('compare needs --baseline <git-ref>');
  const { dir: cacheDir, dispose } = cacheDirFor(io, values);
  let worker: string;
  try {
    worker = await workerScript(cacheDir);
  } catch (e) {
    dispose();
    throw e;
  }
  const ctx: PlanContext = {
    cacheDir,
    worker,
    timeoutMs,
    selection: {
      ...(values.filter !== undefined ? { filter: values.filter } : {}),
      params: parseParamFilter(values.param ?? []),
    },
  };
  const pin = values['no-pin'] ? null : detectPinning();
  return {
    dispose,
    io,
    values,
    events,
    signal,
    ctx,
    output,
    settings: {
      config: { samplesPerSide: n, metric, alpha, threshold },
      sample: { sampleMs, warmupMaxMs: warmupMs, allocation: !values['no-alloc'] },
      fork: { worker, timeoutMs, pin, nodeArgs: [...DEFAULT_NODE_ARGS] },
      outFile: resolve(io.cwd, values.out ?? values.resume ?? defaultOutFile(io.cwd)),
      invocation: { argv: [io.script ?? 'tombstone-bench', command, ...args], cwd: io.cwd },
    },
  };
}

/** Type-checks the bench files of a measuring command unless `--no-typecheck`; throws {@link BenchTypeError}. */
export function checkBenchTypes(s: Session, files: readonly string[]): void {
  if (!s.values['no-typecheck']) typecheckBenchFiles(files, s.io.cwd);
}

/** Resumes or starts a run, then reports; returns the exit code. Shared by run, aa and compare. */
export async function measureAndReport(
  s: Session,
  planned: PlannedCase[],
  comparison: RunRecord['comparison'],
  extra: Partial<RunSettings> = {},
): Promise<number> {
  const { io, values } = s;
  // A suite's own `sampling` applies where the command line does not set the same thing.
  const cases = resolveSampling(planned, s.settings.sample, {
    sampleMs: values['sample-ms'] !== undefined,
    warmupMaxMs: values['warmup-ms'] !== undefined,
  });
  let resume: RunRecord | undefined;
  const measurement: MeasurementSettings = {
    sampleMs: s.settings.sample.sampleMs,
    warmupMaxMs: s.settings.sample.warmupMaxMs,
    allocation: s.settings.sample.allocation,
    instructions: Boolean(values.instructions),
  };
  if (values.resume) {
    const file = resolve(io.cwd, values.resume);
    const recorded = readRun(file);
    // Without -n the file's own sample count is continued; with -n it may grow the run (never shrink it).
    const samplesPerSide =
      values.n === undefined ? recorded.config.samplesPerSide : s.settings.config.samplesPerSide;
    const sampling = new Map(
      cases.map((c) => [
        c.bench.key,
        c.sample ? { sampleMs: c.sample.sampleMs, warmupMaxMs: c.sample.warmupMaxMs } : undefined,
      ]),
    );
    checkResumable(values.resume, recorded, { comparison, measurement, samplesPerSide, sampling });
    s.settings.config = { ...s.settings.config, samplesPerSide };
    resume = { ...recorded, config: { ...recorded.config, samplesPerSide } };
  }
  const total = cases.length * s.settings.config.samplesPerSide * 2;
  const progress = io.isTTY && !values.json ? new ProgressBar(total) : undefined;
  // The verdict of one finished case for its benchmark-finished event (growth/factorial need the whole run).
  const analyzeCase = (entry: RunRecord['benchmarks'][number], run: RunRecord): CaseAnalysis => {
    try {
      const verdict = analyzeRun({ ...run, benchmarks: [entry] }, s.output.overrides ?? {}).verdicts[0];
      return verdict ? { analysis: verdictPayload(verdict) } : {};
    } catch (e) {
      return { analysisError: recordedError(e) };
    }
  };
  const countInstructions = values.instructions
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
    measurement,
    comparison,
    events: s.events,
    signal: s.signal,
    analyze: analyzeCase,
    ...(progress ? { progress } : {}),
    ...(resume ? { resume } : {}),
    ...extra,
  });
  if (outcome.interrupted) {
    io.stderr(
      `interrupted: results so far in ${s.settings.outFile} (continue with --resume ${s.settings.outFile})\n`,
    );
    s.events.emit({
      type: 'run-finished',
      runId: outcome.record.runId,
      resultsFile: s.settings.outFile,
      interrupted: true,
      exitCode: EXIT.interrupted,
      skippedForks: outcome.skippedForks,
    });
    return EXIT.interrupted;
  }
  return report(s, outcome.record, s.settings.outFile, outcome.skippedForks);
}

/** Analyses, renders and gates a finished run; returns the exit code. */
export async function report(
  s: Session | ReportOnly,
  run: RunRecord,
  file: string,
  skippedForks = 0,
): Promise<number> {
  const { io, values } = s;
  const input = analyze(run, s.output);
  // A measuring command gates by default (--no-fail-on-lost opts out); `report` renders a saved run and gates only
  // when asked (--fail-on-lost), so `report --format markdown > x.md` works in a script.
  const gating = 'events' in s ? !values['no-fail-on-lost'] : Boolean(values['fail-on-lost']);
  const failures = run.benchmarks.reduce((k, b) => k + b.failures.length, 0);
  const failed = input.analysis.summary.gate === 'fail' || failures > 0;
  const measuredFailures = 'events' in s && failures > 0;
  const exitCode = (gating && failed) || measuredFailures ? EXIT.failed : EXIT.ok;
  if (values.svg) {
    const written = writeSvgPlots(input, resolve(io.cwd, values.svg));
    io.stderr(`wrote ${written.length} SVG plot(s) to ${values.svg}\n`);
  }
  if ('events' in s) {
    s.events.emit({
      type: 'run-finished',
      runId: run.runId,
      resultsFile: file,
      interrupted: false,
      exitCode,
      skippedForks,
      ...analysisPayloads(input, s.output),
    });
  }
  if (!values.json) {
    const text = render({ ...input, resultsFile: file }, parseFormat(values.format));
    io.stdout(text.endsWith('\n') ? text : `${text}\n`);
    io.stderr(`results: ${file}\n`);
  }
  return exitCode;
}

/** The analyses of a finished run as `run-finished` carries them. */
function analysisPayloads(input: ReportInput, output: OutputOptions) {
  const notFittable = input.notFittable ?? [];
  return {
    summary: summaryPayload(input.analysis.summary),
    verdicts: input.analysis.verdicts.map(verdictPayload),
    correction: input.analysis.config.correction,
    ...(output.growth ? { growth: growthPayload(output.growth, input.growth ?? [], notFittable) } : {}),
    ...(output.factorial
      ? { factorial: factorialPayload(output.factorial, input.factorials ?? [], notFittable) }
      : {}),
  };
}

/** What `report` needs when no run is in progress. */
export interface ReportOnly {
  io: CliIo;
  values: CliValues;
  output: OutputOptions;
}
