/**
 * `run`, `aa` and `compare` on the command line: argv → {@link RunOptions} → engine → output (NDJSON events with
 * `--json` / `--events`, a progress bar on a terminal, the report).
 */
import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { startRun } from '../engine/engine.js';
import { BenchError, UsageError } from '../errors.js';
import { ndjsonFile, ndjsonWriter } from '../events/event-sink.js';
import {
  DEFAULT_METRIC,
  NUMBER_LIMITS,
  type NumberCheck,
  type RunOptions,
  samplesPerSideCheck,
} from '../plan/run-options.js';
import type { BenchEvent } from '../protocol/events.js';
import { parseFormat } from '../report/output.js';
import { checkOutputFile, makeDirectories } from '../results/directories.js';
import { displayPath } from '../shell-quote.js';
import { parseParamFilter } from '../suite/cases.js';
import { analysisOptions, type CliValues, numberOption } from './cli-options.js';
import type { CliIo } from './io.js';
import { ProgressBar } from './progress.js';
import { printReport } from './report-output.js';

/** The event outputs asked for: `--json` → stdout, `--events <file>`. */
export interface EventOutputs {
  write: (event: BenchEvent) => void;
  close: () => void;
}

/** Opens the event outputs of `--json` and `--events`. */
export function eventOutputs(io: CliIo, values: CliValues): EventOutputs {
  const writers: ((event: BenchEvent) => void)[] = [];
  const closers: (() => void)[] = [];
  if (values.json) writers.push(ndjsonWriter((line) => io.stdout(line)));
  if (values.events) {
    const path = resolve(io.cwd, values.events);
    for (const other of ['out', 'resume'] as const) {
      const given = values[other];
      if (given !== undefined && resolve(io.cwd, given) === path)
        throw new UsageError(
          `--events ${values.events} is also the --${other} file; give the events a file of their own`,
        );
    }
    // Like --out: parents created, a directory or an uncreatable path refused in one line (exit 2), before any work.
    checkOutputFile(path, '--events', displayPath(io.cwd, path));
    // An existing events file is another run's record: appending would mix two runs' events in one file (and
    // `--events r.json` used to append NDJSON onto a results file). Only --resume continues it; --force replaces it.
    if (values.resume === undefined && !values.force && nonEmptyFile(path))
      throw new UsageError(
        `--events ${values.events} already exists; pass --force to replace it, or give another path`,
      );
    makeDirectories(dirname(path));
    const file = ndjsonFile(path, values.resume === undefined ? 'replace' : 'append');
    writers.push(file.write);
    closers.push(file.close);
  }
  return {
    write: (e) => {
      for (const w of writers) w(e);
    },
    close: () => {
      for (const c of closers) c();
    },
  };
}

/** Whether `path` is a file holding anything (an empty file, say from `mktemp`, may be written over). */
function nonEmptyFile(path: string): boolean {
  try {
    return statSync(path).size > 0;
  } catch {
    return false;
  }
}

const optionalNumber = (values: CliValues, name: keyof CliValues, check: NumberCheck) =>
  values[name] === undefined ? undefined : numberOption(values, name, 0, check);

/** `--spending`: one of the spending functions, else a usage error naming the value. */
function spendingOption(value: string | undefined): RunOptions['spending'] {
  if (value === undefined) return undefined;
  if (value === 'pocock' || value === 'obrien-fleming') return value;
  throw new UsageError(`unknown --spending ${JSON.stringify(value)} (pocock, obrien-fleming)`);
}

/** `--design`: paired or forks, else a usage error naming the value. */
function designOption(value: string | undefined): RunOptions['design'] {
  if (value === undefined) return undefined;
  if (value === 'paired' || value === 'forks') return value;
  throw new UsageError(`unknown --design ${JSON.stringify(value)} (paired, forks)`);
}

/** The engine options of a measuring command line; `args` (after the command) are recorded as its invocation. */
export function runOptionsFromCli(
  mode: RunOptions['mode'],
  values: CliValues,
  positionals: readonly string[],
  io: CliIo,
  args: readonly string[],
): RunOptions {
  parseFormat(values.format);
  if (values.json && values.format !== undefined)
    throw new UsageError(
      `--json writes the run's events to stdout, where --format ${values.format} would print the report too; ` +
        'use --events <file> for the events with --format, or drop one',
    );
  if (mode !== 'aa' && values.slowdown !== undefined)
    throw new BenchError('--slowdown is a test hook of `aa` only');
  if (mode === 'compare' && values.baseline === undefined)
    throw new BenchError('compare needs --baseline <git-ref>');
  const sequentialFlag = (['look-every', 'spending', 'no-futility'] as const).find(
    (k) => values[k] !== undefined,
  );
  if (values['fixed-n'] && sequentialFlag)
    throw new UsageError(`--${sequentialFlag} is for sequential runs; --fixed-n takes every fork`);
  const { overrides } = analysisOptions(values, { alpha: 0.05, threshold: 0.02, metric: DEFAULT_METRIC });
  const given = <K extends keyof CliValues, T>(name: K, value: T): T | undefined =>
    values[name] === undefined ? undefined : value;
  const options: RunOptions = {
    mode,
    cwd: io.cwd,
    files: positionals,
    samplesPerSide: optionalNumber(values, 'n', samplesPerSideCheck(values['fixed-n'], '--fixed-n')),
    fixedN: values['fixed-n'],
    lookEvery: optionalNumber(values, 'look-every', NUMBER_LIMITS.lookEvery),
    spending: spendingOption(values.spending),
    design: designOption(values.design),
    futility: values['no-futility'] ? false : undefined,
    sampleMs: optionalNumber(values, 'sample-ms', NUMBER_LIMITS.sampleMs),
    warmupMs: optionalNumber(values, 'warmup-ms', NUMBER_LIMITS.warmupMs),
    warmupMinMs: optionalNumber(values, 'warmup-min-ms', NUMBER_LIMITS.warmupMinMs),
    timeoutMs: optionalNumber(values, 'timeout-ms', NUMBER_LIMITS.timeoutMs),
    slowdown: optionalNumber(values, 'slowdown', NUMBER_LIMITS.slowdown),
    alpha: given('alpha', overrides.alpha),
    threshold: given('threshold', overrides.threshold),
    metric: given('metric', overrides.metric),
    correction: values['no-holm'] ? 'none' : undefined,
    filter: values.filter,
    params: Object.fromEntries(parseParamFilter(values.param ?? [])),
    out: values.out,
    resume: values.resume,
    force: values.force,
    pin: values['no-pin'] ? false : undefined,
    allocation: values['no-alloc'] ? false : undefined,
    instructions: values.instructions,
    growth: values.growth,
    factorial: values.factorial,
    failOnLost: values['no-fail-on-lost'] ? false : values['fail-on-lost'] ? true : undefined,
    baseline: values.baseline,
    candidate: values.candidate,
    installCommands: values['install-cmd'],
    buildCommands: values['build-cmd'],
    install: values['no-install'] ? false : undefined,
    build: values['no-build'] ? false : undefined,
    keepWorktrees: values['keep-worktrees'],
    typecheck: values['no-typecheck'] ? false : undefined,
    cacheDir: values['cache-dir'],
    log: io.stderr,
    invocation: { argv: [io.script ?? 'tombstone-bench', mode, ...args], cwd: io.cwd },
  };
  return Object.fromEntries(
    Object.entries(options).filter(([, v]) => v !== undefined),
  ) as unknown as RunOptions;
}

/** Keeps a progress bar in step with the events (terminal only, not with `--json`). */
function progressFollower(io: CliIo, values: CliValues): (event: BenchEvent) => void {
  if (!io.isTTY || values.json) return () => {};
  let bar: ProgressBar | null = null;
  let resumedFrom = 0;
  return (event) => {
    if (event.type === 'run-started') {
      bar = new ProgressBar(event.totalForks);
      resumedFrom = event.completedForks;
    } else if (event.type === 'sample-finished' || event.type === 'samples-skipped') {
      const note = event.type === 'samples-skipped' ? ` skipped ${event.count}` : '';
      bar?.update(event.completed, `${event.key} ${event.side}${note}`, resumedFrom);
    } else if (event.type === 'run-finished') bar?.finish();
  };
}

/** Runs a measuring command through the engine and prints its outcome; resolves with the exit code. */
export async function cmdMeasure(
  io: CliIo,
  values: CliValues,
  options: RunOptions,
  outputs: EventOutputs,
  signal: AbortSignal,
): Promise<number> {
  const follow = progressFollower(io, values);
  const run = startRun(options, {
    signal,
    onEvent: (event) => {
      follow(event);
      outputs.write(event);
    },
  });
  const result = await run.result;
  if (result.interrupted || result.record === null || result.resultsFile === null) return result.exitCode;
  if (result.analysed) printReport(io, values, result.analysed, result.resultsFile);
  else if (!values.json) io.stderr(`results: ${displayPath(io.cwd, result.resultsFile)}\n`);
  return result.exitCode;
}
