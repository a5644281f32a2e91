/**
 * `tombstone-bench` command line, callable in-process: run / compare / aa / report / list.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { BenchError, SuiteDefinitionError } from '../errors.js';
import { workerScript } from '../fork/compile.js';
import { runCompare } from '../git/git-compare.js';
import { type EventSink, nullSink } from '../run/event-sink.js';
import { listSuites, renderList } from '../run/list-suites.js';
import { planAaRun, planFactorRun } from '../run/prepare.js';
import { readRun } from '../run/results-store.js';
import {
  type CliIo,
  cacheDirFor,
  checkBenchTypes,
  defaultIo,
  EXIT,
  eventSinkFor,
  makeSession,
  measureAndReport,
  report,
  type Session,
} from '../run/session.js';
import { StatsInputError } from '../stats/errors.js';
import { findBenchFiles } from '../suite/discover.js';
import { cmdCalibrate } from './calibrate-command.js';
import { analysisOptions, type CliValues, HELP, numberOption, parseCli } from './cli-options.js';
import { cmdCompareFiles } from './compare-files-command.js';

/** This package's version, from its package.json (two levels up from both src/cli and dist/cli). */
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** The commands that measure (they get a session: worker, settings, events). */
const MEASURING: readonly string[] = ['run', 'aa', 'compare', 'calibrate'];

function displayRoot(io: CliIo): string {
  return io.cwd;
}

async function cmdList(io: CliIo, values: CliValues, positionals: string[]): Promise<number> {
  const files = findBenchFiles(positionals, io.cwd);
  const timeoutMs = numberOption(values, 'timeout-ms', 60_000, { min: 100 });
  const cache = cacheDirFor(io, values);
  try {
    const list = await listSuites(files, {
      cacheDir: cache.dir,
      worker: await workerScript(cache.dir),
      timeoutMs,
    });
    io.stdout(values.json ? `${JSON.stringify(list, null, 2)}\n` : renderList(list));
  } finally {
    cache.dispose();
  }
  return EXIT.ok;
}

async function cmdRunOrAa(command: 'run' | 'aa', s: Session, positionals: string[]): Promise<number> {
  const files = findBenchFiles(positionals, s.io.cwd);
  checkBenchTypes(s, files);
  if (command === 'run') {
    if (s.values.slowdown !== undefined) throw new BenchError('--slowdown is a test hook of `aa` only');
    const { cases, comparison } = await planFactorRun(files, s.ctx, displayRoot(s.io));
    return measureAndReport(s, cases, comparison);
  }
  const slowdown = numberOption(s.values, 'slowdown', 0, { min: 0, max: 10 });
  const { cases, comparison } = await planAaRun(files, s.ctx, displayRoot(s.io), slowdown);
  return measureAndReport(s, cases, comparison);
}

async function cmdReport(io: CliIo, values: CliValues, positionals: string[]): Promise<number> {
  const [file, ...rest] = positionals;
  if (file === undefined || rest.length > 0)
    throw new BenchError('usage: tombstone-bench report <results.json>');
  const path = resolve(io.cwd, file);
  const run = readRun(path);
  return report({ io, values, output: analysisOptions(values, run.config) }, run, path);
}

/** Runs the CLI with `argv` (without `node` and the script); resolves with the exit code. Never throws. */
export async function main(argv: string[], io: CliIo = defaultIo(), signal?: AbortSignal): Promise<number> {
  const [command, ...rest] = argv;
  let events: EventSink = nullSink;
  let session: Session | undefined;
  try {
    if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
      io.stdout(`${HELP}\n`);
      return command === undefined ? EXIT.usage : EXIT.ok;
    }
    if (command === '--version' || command === '-v' || command === 'version') {
      io.stdout(`${packageVersion()}\n`);
      return EXIT.ok;
    }
    const { values, positionals } = parseCli(rest);
    if (values.help) {
      io.stdout(`${HELP}\n`);
      return EXIT.ok;
    }
    if (command === 'list') return await cmdList(io, values, positionals);
    if (command === 'report') return await cmdReport(io, values, positionals);
    if (command === 'compare-files') return cmdCompareFiles(io, values, positionals);
    if (!MEASURING.includes(command)) {
      throw new BenchError(
        `unknown command ${JSON.stringify(command)} (run, compare, aa, calibrate, report, compare-files, list)`,
      );
    }
    const controller = new AbortController();
    signal?.addEventListener('abort', () => controller.abort(), { once: true });
    events = eventSinkFor(io, values);
    const s = await makeSession(io, values, controller.signal, command, events, rest);
    session = s;
    if (command === 'compare') return await runCompare(s, positionals);
    if (command === 'calibrate') return await cmdCalibrate(s, positionals);
    return await cmdRunOrAa(command as 'run' | 'aa', s, positionals);
  } catch (e) {
    const known =
      e instanceof BenchError || e instanceof SuiteDefinitionError || e instanceof StatsInputError;
    const err = e instanceof Error ? e : new Error(String(e));
    events.emit({ type: 'error', errorName: err.name, message: err.message });
    io.stderr(`tombstone-bench: ${known ? err.message : (err.stack ?? err.message)}\n`);
    return known ? EXIT.usage : EXIT.failed;
  } finally {
    session?.dispose();
    events.close();
  }
}
