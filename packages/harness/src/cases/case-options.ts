import type { CliCommandInfo, IntegerRange } from '../cli-command.js';

/**
 * Forks per side bench accepts (its `-n` limit, 1 … 1000; a case needs 2 for a test): checked here, before any
 * directory is made, so `--samples 100000` is a usage error and not a failure inside bench (issue 23).
 */
export const SAMPLES: IntegerRange = Object.freeze({ min: 2, max: 1000 });

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
