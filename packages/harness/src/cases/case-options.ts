import type { CliCommandInfo } from '../cli-command.js';
import { describeValue, HarnessArgumentError } from '../errors.js';

/**
 * Forks per side bench accepts (its `-n` limit, 1 … 1000; a case needs 2 for a test): checked here, before any
 * directory is made, so `--samples 100000` is a usage error and not a failure inside bench (issue 23).
 */
const SAMPLES = { min: 2, max: 1000 } as const;

/** `--samples`, or the case's default: forks per side. @throws HarnessArgumentError naming the value. */
export function samplesOption(value: string | boolean | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < SAMPLES.min || n > SAMPLES.max)
    throw new HarnessArgumentError(
      `case: --samples must be an integer in [${SAMPLES.min}, ${SAMPLES.max}], got ${describeValue(value)}`,
    );
  return n;
}

/** `case`'s name, help and options (its run lives in case-command.ts, loaded with bench on first use). */
export const CASE_COMMAND_INFO: CliCommandInfo = {
  name: 'case',
  summary: 'run a case study (see list-cases): model checks, counts and co-measured timings, then its report',
  usage:
    '<name> [--samples N] [--quick] [--json] [--out DIR [--force]] | <name> --resume DIR | <name> --results DIR [--out DIR]',
  options: {
    samples: { type: 'string' },
    quick: { type: 'boolean' },
    json: { type: 'boolean' },
    out: { type: 'string' },
    results: { type: 'string' },
    resume: { type: 'string' },
    force: { type: 'boolean' },
  },
  positionals: true,
};
