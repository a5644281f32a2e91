import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { shellQuote } from '@tombstone-lab/bench/format';
import { displayPath, type RunRecord, readRun } from '@tombstone-lab/bench/runner';
import { analysedRun, CaseInterruptedError, CaseRunError } from '../cases/bench-driver.js';
import { CASES, type CaseDefinition } from '../cases/case-list.js';
import type { CaseRunOptions } from '../cases/case-run.js';
import { describeValue, HarnessArgumentError } from '../errors.js';
import { writeFileAtomic } from '../files/atomic-file.js';
import { checkOutputDirectory } from '../files/output-path.js';
import { CASE_COMMAND_INFO, SAMPLES } from './case-options.js';
import { writeCasePictures } from './case-picture-files.js';
import { type CliCommand, type CliContext, commandLine, EXIT, integerOption } from './command.js';

/** The settings a measured case ran with, saved as `case.json` in its directory: `--results` and `--resume` reuse them. */
interface CaseSettings {
  readonly tombstoneHarnessCase: 1;
  readonly name: string;
  readonly quick: boolean;
  readonly samples: number;
}

const SETTINGS_FILE = 'case.json';

/** Reads `DIR/case.json`. @throws HarnessArgumentError naming the option, the directory and what is wrong. */
function readSettings(found: CaseDefinition, dir: string, option: string, given: string): CaseSettings {
  const fail = (why: string) => new HarnessArgumentError(`case: ${option} ${describeValue(given)}: ${why}`);
  if (statSync(dir, { bigint: true, throwIfNoEntry: false })?.isDirectory() !== true)
    throw fail('is not a directory');
  let settings: Partial<CaseSettings>;
  try {
    settings = JSON.parse(readFileSync(join(dir, SETTINGS_FILE), 'utf8')) as Partial<CaseSettings>;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw fail(
      code === 'ENOENT'
        ? `no ${SETTINGS_FILE} (the settings a measured \`case ${found.name}\` run writes first)`
        : `${SETTINGS_FILE} is not readable JSON (${code ?? (error as Error).message})`,
    );
  }
  if (
    settings?.tombstoneHarnessCase !== 1 ||
    typeof settings.quick !== 'boolean' ||
    typeof settings.samples !== 'number'
  )
    throw fail(`${SETTINGS_FILE} is not a case settings file`);
  if (settings.name !== found.name)
    throw fail(`holds a \`case ${describeValue(settings.name)}\` run, not ${found.name}`);
  return settings as CaseSettings;
}

/**
 * `--results DIR`, checked before any work: its settings and every results file the case reads, each parsed and
 * complete (an interrupted run's file has sides without samples: its statistics threw a stack, issue 23).
 * @throws HarnessArgumentError naming the directory or the file.
 */
function loadResults(
  found: CaseDefinition,
  dir: string,
  given: string,
  io: CliContext['io'],
): ReadonlyMap<string, RunRecord> {
  const runs = new Map<string, RunRecord>();
  for (const name of found.results) {
    const file = join(dir, `${name}.json`);
    const fail = (why: string) =>
      new HarnessArgumentError(
        `case: --results ${describeValue(given)}: ${found.name} reads ${name}.json ${why}`,
      );
    let run: RunRecord;
    try {
      run = readRun(file);
    } catch (error) {
      throw fail(`(written by a measured \`case ${found.name}\` run): ${(error as Error).message}`);
    }
    if (run.finishedAt === null || run.benchmarks.some((b) => !hasBothSides(b)))
      throw fail(
        `from an interrupted run; finish it with: ${commandLine(io, shellQuote(['case', found.name, '--resume', given]))}`,
      );
    runs.set(name, run);
  }
  return runs;
}

const hasBothSides = (b: RunRecord['benchmarks'][number]) =>
  b.samples.some((s) => s.side === 'baseline') && b.samples.some((s) => s.side === 'candidate');

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/** The options that only a measured run takes, named when given with `--results` or `--resume`. */
function refuseWith(values: CliContext['values'], option: string, names: readonly string[]): void {
  for (const name of names) {
    if (values[name] !== undefined)
      throw new HarnessArgumentError(
        `case: --${name} ${describeValue(values[name])} does not go with ${option} (the saved run fixes its settings)`,
      );
  }
}

/** Where the run writes and with which settings: a new measured run, a resumed one, or a report rebuilt from results. */
function runPlan(found: CaseDefinition, { values, io }: CliContext) {
  const force = values.force === true;
  if (typeof values.resume === 'string') {
    refuseWith(values, '--resume', ['samples', 'quick', 'out', 'results', 'force']);
    const dir = resolve(io.cwd, values.resume);
    const settings = readSettings(found, dir, '--resume', values.resume);
    if (existsSync(join(dir, 'report.json')))
      throw new HarnessArgumentError(
        `case: --resume ${describeValue(values.resume)}: that run is complete (its report is ${join(dir, 'report.txt')})`,
      );
    return { settings, outDir: dir, saved: null, resume: true };
  }
  if (typeof values.results === 'string') {
    refuseWith(values, '--results', ['samples', 'quick']);
    const dir = resolve(io.cwd, values.results);
    const settings = readSettings(found, dir, '--results', values.results);
    const saved = loadResults(found, dir, values.results, io);
    if (typeof values.out === 'string' && resolve(io.cwd, values.out) === dir)
      throw new HarnessArgumentError(
        `case: --out ${describeValue(values.out)} is the --results directory; the rebuilt report goes beside it, never over it`,
      );
    const out = typeof values.out === 'string' ? values.out : `${dir}-rebuilt-${stamp()}`;
    return {
      settings,
      outDir: checkOutputDirectory(out, io.cwd, 'case: --out', { force }),
      saved,
      resume: false,
    };
  }
  const settings: CaseSettings = {
    tombstoneHarnessCase: 1,
    name: found.name,
    quick: values.quick === true,
    samples: integerOption({ values, positionals: [] }, 'case', 'samples', SAMPLES, found.defaultSamples),
  };
  let out = values.out;
  if (typeof out !== 'string') {
    out = join(io.cwd, '.tombstone-harness', `${found.name}-${stamp()}`);
    mkdirSync(join(io.cwd, '.tombstone-harness'), { recursive: true });
  }
  const outDir = checkOutputDirectory(out, io.cwd, 'case: --out', { force });
  writeFileAtomic(join(outDir, SETTINGS_FILE), `${JSON.stringify(settings, null, 2)}\n`);
  return { settings, outDir, saved: null, resume: false };
}

/** Every argument of `case`, validated before the case starts: the run's options. */
function caseOptions(context: CliContext): { found: CaseDefinition; options: CaseRunOptions } {
  const { positionals, io } = context;
  const [name, ...extra] = positionals;
  const found = CASES.find((c) => c.name === name);
  if (found === undefined || extra.length > 0) {
    throw new HarnessArgumentError(
      `case: expected one case name (${CASES.map((c) => c.name).join(', ')}), got ${describeValue(positionals)}`,
    );
  }
  const { settings, outDir, saved, resume } = runPlan(found, context);
  const options: CaseRunOptions = {
    samples: settings.samples,
    quick: settings.quick,
    outDir,
    resume,
    progress: io.stderr,
    isTTY: io.isTTY ?? false,
    cwd: io.cwd,
    ...(io.signal ? { signal: io.signal } : {}),
    // --results DIR: rebuild the report from a previous run's results files instead of measuring again, with
    // bench's analysis of each (the RunReport its run-finished carried).
    ...(saved
      ? {
          measure: async (r) => {
            const run = saved.get(r.name);
            if (run === undefined)
              throw new CaseRunError(`${found.name} asked for results ${r.name}, not listed`);
            return analysedRun(run, r);
          },
        }
      : {}),
  };
  return { found, options };
}

/** `tombstone-harness case <name>`: runs one registered case study and prints its report. */
export const caseCommand: CliCommand = {
  ...CASE_COMMAND_INFO,
  async run(context) {
    const { values, io } = context;
    const { found, options } = caseOptions(context);
    let outcome: Awaited<ReturnType<typeof found.run>>;
    try {
      outcome = await found.run(options);
    } catch (error) {
      if (error instanceof CaseInterruptedError) {
        const dir = displayPath(io.cwd, options.outDir);
        io.stderr(
          `case ${found.name}: interrupted; the finished samples are kept in ${dir}\n` +
            `  finish it with: ${commandLine(io, shellQuote(['case', found.name, '--resume', dir]))}\n`,
        );
        return EXIT.interrupted;
      }
      // A failed co-measured run: say so; the results files bench wrote (after every fork) stay.
      if (!(error instanceof CaseRunError)) throw error;
      io.stderr(`tombstone-harness: case ${found.name}: ${error.message}\n`);
      return EXIT.failed;
    }
    const { report, text } = outcome;
    writeFileAtomic(join(options.outDir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
    writeFileAtomic(join(options.outDir, 'report.txt'), text);
    const html = writeCasePictures(options.outDir, found.name, report, text);
    io.stdout(
      values.json
        ? `${JSON.stringify(report)}\n`
        : `${text}\nreport and results files: ${displayPath(io.cwd, options.outDir)}\n`,
    );
    if (html !== null && !values.json) io.stdout(`pictures: ${displayPath(io.cwd, html)}\n`);
    return EXIT.ok;
  },
};
