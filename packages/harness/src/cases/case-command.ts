import { mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type RunRecord, readRun } from '@tombstone-lab/bench/runner';
import { writeFileAtomic } from '../atomic-file.js';
import { CASES, type CaseDefinition } from '../cases.js';
import { type CliCommand, type CliContext, EXIT } from '../cli-command.js';
import { describeValue, HarnessArgumentError } from '../errors.js';
import { writeCasePictures } from '../plots/case-pictures.js';
import { CaseRunError } from './bench-driver.js';
import type { CaseRunOptions } from './case-run.js';

function samplesOption(value: string | boolean | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 2)
    throw new HarnessArgumentError(`case: --samples must be an integer ≥ 2, got ${describeValue(value)}`);
  return n;
}

const isDirectory = (path: string) => statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;

/**
 * `--results DIR`, checked before any work: the directory and every results file the case reads, each parsed (a
 * missing or corrupt file used to surface only after minutes of model checking, as a stack trace).
 * @throws HarnessArgumentError naming the directory or the file.
 */
function loadResults(found: CaseDefinition, text: string, cwd: string): ReadonlyMap<string, RunRecord> {
  const dir = resolve(cwd, text);
  if (!isDirectory(dir))
    throw new HarnessArgumentError(`case: --results ${describeValue(text)} is not a directory (${dir})`);
  const runs = new Map<string, RunRecord>();
  for (const name of found.results) {
    const file = join(dir, `${name}.json`);
    try {
      runs.set(name, readRun(file));
    } catch (error) {
      throw new HarnessArgumentError(
        `case: --results ${describeValue(text)}: ${found.name} reads ${name}.json (written by a measured \`case ${found.name}\` run): ${(error as Error).message}`,
      );
    }
  }
  return runs;
}

/** `--out DIR` (or the default), created before any work so an unwritable path fails at once. */
function outDirectory(found: CaseDefinition, out: string | boolean | undefined, cwd: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const dir =
    typeof out === 'string' ? resolve(cwd, out) : join(cwd, '.tombstone-harness', `${found.name}-${stamp}`);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new HarnessArgumentError(
      `case: cannot create the output directory ${describeValue(out ?? dir)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  if (!isDirectory(dir))
    throw new HarnessArgumentError(`case: --out ${describeValue(out)} is not a directory`);
  return dir;
}

/** Every argument of `case`, validated before the case starts: the run's options. */
function caseOptions({ values, positionals, io }: CliContext): {
  found: CaseDefinition;
  options: CaseRunOptions;
} {
  const [name, ...extra] = positionals;
  const found = CASES.find((c) => c.name === name);
  if (found === undefined || extra.length > 0) {
    throw new HarnessArgumentError(
      `case: expected one case name (${CASES.map((c) => c.name).join(', ')}), got ${describeValue(positionals)}`,
    );
  }
  const samples = samplesOption(values.samples, found.defaultSamples);
  if (typeof values.results === 'string' && values.samples !== undefined)
    throw new HarnessArgumentError(
      `case: --samples ${describeValue(values.samples)} applies to a measured run; --results rebuilds the report from saved runs`,
    );
  const saved = typeof values.results === 'string' ? loadResults(found, values.results, io.cwd) : null;
  const options: CaseRunOptions = {
    samples,
    quick: values.quick === true,
    outDir: outDirectory(found, values.out, io.cwd),
    progress: io.stderr,
    isTTY: io.isTTY ?? false,
    cwd: io.cwd,
    ...(io.signal ? { signal: io.signal } : {}),
    // --results DIR: rebuild the report from a previous run's results files instead of measuring again.
    ...(saved
      ? {
          measure: async (r) => {
            const run = saved.get(r.name);
            if (run === undefined)
              throw new CaseRunError(`${found.name} asked for results ${r.name}, not listed`);
            return run;
          },
        }
      : {}),
  };
  return { found, options };
}

/** `tombstone-harness case <name>`: runs one registered case study and prints its report. */
export const caseCommand: CliCommand = {
  name: 'case',
  summary: 'run a case study (see list-cases): model checks, counts and co-measured timings, then its report',
  usage: '<name> [--samples N] [--quick] [--json] [--out DIR] [--results DIR]',
  options: {
    samples: { type: 'string' },
    quick: { type: 'boolean' },
    json: { type: 'boolean' },
    out: { type: 'string' },
    results: { type: 'string' },
  },
  positionals: true,
  async run(context) {
    const { values, io } = context;
    const { found, options } = caseOptions(context);
    let outcome: Awaited<ReturnType<typeof found.run>>;
    try {
      outcome = await found.run(options);
    } catch (error) {
      // A failed or interrupted co-measured run: say so; the results files bench wrote (after every fork) stay.
      if (!(error instanceof CaseRunError)) throw error;
      io.stderr(`tombstone-harness: ${error.name}: ${error.message}\n`);
      return EXIT.failed;
    }
    const { report, text } = outcome;
    writeFileAtomic(join(options.outDir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
    writeFileAtomic(join(options.outDir, 'report.txt'), text);
    const html = writeCasePictures(options.outDir, found.name, report, text);
    io.stdout(
      values.json ? `${JSON.stringify(report)}\n` : `${text}\nreport and results files: ${options.outDir}\n`,
    );
    if (html !== null && !values.json) io.stdout(`pictures: ${html}\n`);
    return EXIT.ok;
  },
};
