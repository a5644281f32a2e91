/**
 * `tombstone-bench` command line, callable in-process: run / compare / aa / calibrate / report / list. The measuring
 * commands map their flags onto the engine's options and print what it reports.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { analyseRun } from '../analyse/analyse-run.js';
import { wasReported } from '../engine/event-run.js';
import { listBenchmarks } from '../engine/list.js';
import { BenchError, BenchInterruptedError, SuiteDefinitionError, UsageError } from '../errors.js';
import { listenerSink } from '../events/event-sink.js';
import { EXIT, gateExitCode } from '../finish/finish-run.js';
import type { BenchEvent } from '../protocol/events.js';
import { reachWarning } from '../report/report-model.js';
import { readRun } from '../results/results-store.js';
import { displayPath } from '../shell-quote.js';
import { StatsInputError } from '../stats/errors.js';
import { shareRoots } from '../work-tree.js';
import { cmdCalibrate } from './calibrate-command.js';
import {
  analysisOptions,
  type CliValues,
  checkCommandOptions,
  commandHelp,
  HELP,
  numberOption,
  parseCli,
} from './cli-options.js';
import { cmdCompareFiles } from './compare-files-command.js';
import { type CliIo, defaultIo } from './io.js';
import { renderList } from './list-output.js';
import { printReport } from './report-output.js';
import { cmdMeasure, type EventOutputs, eventOutputs, runOptionsFromCli } from './run-command.js';

/** This package's version, from its package.json (two levels up from both src/cli and dist/cli). */
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

async function cmdList(io: CliIo, values: CliValues, positionals: string[]): Promise<number> {
  const cacheDir = values['cache-dir'];
  const list = await listBenchmarks({
    cwd: io.cwd,
    files: positionals,
    timeoutMs: numberOption(values, 'timeout-ms', 60_000, { min: 100 }),
    ...(cacheDir !== undefined ? { cacheDir } : {}),
  });
  io.stdout(values.json ? `${JSON.stringify(list, null, 2)}\n` : renderList(list, io.cwd));
  // The listing is printed either way (each broken file with its one-line error); the exit code tells a script.
  // A file that does not load is bad input: 2, as `run` exits on the same file (list used to exit 1).
  return list.suites.some((x) => x.loadError !== null) ? EXIT.usage : EXIT.ok;
}

async function cmdReport(io: CliIo, values: CliValues, positionals: string[]): Promise<number> {
  const [file, ...rest] = positionals;
  if (file === undefined || rest.length > 0)
    throw new BenchError('usage: tombstone-bench report <results.json>');
  const path = resolve(io.cwd, file);
  const run = readRun(path, displayPath(io.cwd, path));
  const share = shareRoots(run.invocation?.cwd ?? io.cwd);
  const input = analyseRun(run, { ...analysisOptions(values, run.config), share });
  // `report` renders a saved run and gates only when asked, so `report --format markdown > x.md` works in a script.
  const gating = Boolean(values['fail-on-lost']);
  const reach = input.report.summary.reach;
  if (gating && reach && !reach.reachable) {
    // A gate that cannot fail must not pass a CI step. Refused before the report, as every usage error is: a
    // stranger got the whole report and then the refusal; without --fail-on-lost the report prints, warned.
    const why = reachWarning(reach, input.report.config.correction)?.replace(/^warning: /, '');
    throw new UsageError(`--fail-on-lost: ${why} (without --fail-on-lost, report prints the run)`);
  }
  printReport(io, values, input, path);
  return gateExitCode(run, input, gating, false);
}

async function cmdCalibrateRuns(
  io: CliIo,
  values: CliValues,
  positionals: string[],
  rest: string[],
  outputs: EventOutputs,
  signal: AbortSignal,
): Promise<number> {
  const { mode: _, ...options } = runOptionsFromCli('aa', values, positionals, io, rest);
  const invocation = { argv: [io.script ?? 'tombstone-bench', 'calibrate', ...rest], cwd: io.cwd };
  return cmdCalibrate(io, values, { ...options, invocation }, outputs, signal);
}

async function dispatch(
  command: string,
  io: CliIo,
  parsed: { values: CliValues; positionals: string[] },
  rest: string[],
  outputs: EventOutputs,
  signal: AbortSignal,
): Promise<number> {
  const { values, positionals } = parsed;
  if (command === 'list') return cmdList(io, values, positionals);
  if (command === 'report') return cmdReport(io, values, positionals);
  if (command === 'compare-files') return cmdCompareFiles(io, values, positionals);
  if (command === 'calibrate') return cmdCalibrateRuns(io, values, positionals, rest, outputs, signal);
  if (command !== 'run' && command !== 'aa' && command !== 'compare') {
    throw new BenchError(
      `unknown command ${JSON.stringify(command)} (run, compare, aa, calibrate, report, compare-files, list)`,
    );
  }
  return cmdMeasure(io, values, runOptionsFromCli(command, values, positionals, io, rest), outputs, signal);
}

/** What a run is doing when Ctrl-C comes, as its events tell: before its first fork, forking, or between runs. */
type Phase = 'preparing' | 'measuring' | 'between';

const STOPPING: Record<Phase, string> = {
  preparing: 'stopping before measuring',
  measuring: 'stopping after killing the running fork',
  // After a run-finished (calibrate's next round is being prepared, or the report printed): no fork runs.
  between: 'stopping (no fork is running)',
};

/**
 * Says at once what Ctrl-C (`signal`) stops: the running fork while a run measures (between its `run-started` and
 * `run-finished`), else the preparation — a git comparison's build then names the install or build command it kills
 * (it said "killing the running fork" while no fork ran). Nothing once `done()` was called: the command has ended.
 */
function withInterruptNote(
  io: CliIo,
  outputs: EventOutputs,
  signal?: AbortSignal,
): { outputs: EventOutputs; done: () => void } {
  let phase: Phase | 'done' = 'preparing';
  signal?.addEventListener(
    'abort',
    () => {
      if (phase !== 'done') io.stderr(`\n${STOPPING[phase]}… (Ctrl-C again to quit now)\n`);
    },
    { once: true },
  );
  const write = (event: BenchEvent) => {
    if (event.type === 'run-started') phase = 'measuring';
    if (event.type === 'run-finished' && phase !== 'done') phase = 'between';
    outputs.write(event);
  };
  return {
    outputs: { ...outputs, write },
    done: () => {
      phase = 'done';
    },
  };
}

/** Runs the CLI with `argv` (without `node` and the script); resolves with the exit code. Never throws. */
export async function main(argv: string[], io: CliIo = defaultIo(), signal?: AbortSignal): Promise<number> {
  const [command, ...rest] = argv;
  let outputs: EventOutputs = { write: () => {}, close: () => {} };
  try {
    if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
      io.stdout(`${HELP}\n`);
      return command === undefined ? EXIT.usage : EXIT.ok;
    }
    if (command === '--version' || command === '-v' || command === 'version') {
      io.stdout(`${packageVersion()}\n`);
      return EXIT.ok;
    }
    const parsed = parseCli(rest);
    if (parsed.values.help) {
      io.stdout(`${commandHelp(command)}\n`);
      return EXIT.ok;
    }
    // Before the event outputs: `report --json` must not open an event stream it then reports its own refusal on.
    checkCommandOptions(command, parsed.values);
    outputs = eventOutputs(io, parsed.values);
    // The note first: what the stages print as they stop (the command a build kills) follows it.
    const noted = withInterruptNote(io, outputs, signal);
    const controller = new AbortController();
    signal?.addEventListener('abort', () => controller.abort(), { once: true });
    try {
      return await dispatch(command, io, parsed, rest, noted.outputs, controller.signal);
    } finally {
      noted.done();
    }
  } catch (e) {
    const known =
      e instanceof BenchError || e instanceof SuiteDefinitionError || e instanceof StatsInputError;
    const err = e instanceof Error ? e : new Error(String(e));
    if (!wasReported(err))
      listenerSink(outputs.write).emit({ type: 'error', errorName: err.name, message: err.message });
    io.stderr(`tombstone-bench: ${known ? err.message : (err.stack ?? err.message)}\n`);
    // Ctrl-C stopped a step (calibrate's type-check, say): exit 130 as every other phase does, not bad input.
    if (e instanceof BenchInterruptedError) return EXIT.interrupted;
    return known ? EXIT.usage : EXIT.failed;
  } finally {
    outputs.close();
  }
}
