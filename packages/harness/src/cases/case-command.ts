import { join, resolve } from 'node:path';
import { readRun } from '@tombstone-lab/bench/runner';
import { writeFileAtomic } from '../atomic-file.js';
import { CASES } from '../cases.js';
import { type CliCommand, EXIT } from '../cli-command.js';
import { describeValue, HarnessArgumentError } from '../errors.js';
import { CaseRunError } from './bench-driver.js';
import type { CaseRunOptions } from './case-run.js';

function samplesOption(value: string | boolean | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 2)
    throw new HarnessArgumentError(`case: --samples must be an integer ≥ 2, got ${describeValue(value)}`);
  return n;
}

/** A saved results file; an unreadable one is a {@link CaseRunError} naming it. */
function readResults(file: string) {
  try {
    return readRun(file);
  } catch (error) {
    throw new CaseRunError(`cannot read results file ${file}: ${(error as Error).message}`);
  }
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
  async run({ values, positionals, io }) {
    const [name, ...extra] = positionals;
    const found = CASES.find((c) => c.name === name);
    if (found === undefined || extra.length > 0) {
      throw new HarnessArgumentError(
        `case: expected one case name (${CASES.map((c) => c.name).join(', ')}), got ${describeValue(positionals)}`,
      );
    }
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const outDir =
      typeof values.out === 'string'
        ? resolve(io.cwd, values.out)
        : join(io.cwd, '.tombstone-harness', `${found.name}-${stamp}`);
    const options: CaseRunOptions = {
      samples: samplesOption(values.samples, found.defaultSamples),
      quick: values.quick === true,
      outDir,
      progress: io.stderr,
      isTTY: io.isTTY ?? false,
      cwd: io.cwd,
      ...(io.signal ? { signal: io.signal } : {}),
      // --results DIR: rebuild the report from a previous run's results files instead of measuring again.
      ...(typeof values.results === 'string'
        ? {
            measure: async (r) =>
              readResults(join(resolve(io.cwd, values.results as string), `${r.name}.json`)),
          }
        : {}),
    };
    let outcome: Awaited<ReturnType<typeof found.run>>;
    try {
      outcome = await found.run(options);
    } catch (error) {
      // A failed or interrupted co-measured run: say so; the results file bench wrote stays in outDir.
      if (!(error instanceof CaseRunError)) throw error;
      io.stderr(`tombstone-harness: ${error.name}: ${error.message}\n`);
      return EXIT.failed;
    }
    const { report, text } = outcome;
    writeFileAtomic(join(outDir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
    writeFileAtomic(join(outDir, 'report.txt'), text);
    io.stdout(values.json ? `${JSON.stringify(report)}\n` : `${text}\nreport and results files: ${outDir}\n`);
    return EXIT.ok;
  },
};
