import { MAX_SAMPLES_PER_SIDE } from '../cases/case-limits.js';
import type { CliCommandInfo, IntegerRange } from './command.js';

/**
 * Forks per side a case may ask bench for: at least 2 (a test needs them), at most 50 — the most bench's sequential
 * design takes (`SEQUENTIAL_MAX_N`; cases run sequentially, bench's default). Checked here, before any directory is
 * made: `--samples 51` was accepted here and refused by bench only after the in-process phase (~15 s), exit 1, leaving
 * a `case.json` directory behind. bench is an optional peer and is loaded only when the case measures, so the limit is
 * restated here and a test holds it to bench's own refusal.
 */
export const SAMPLES: IntegerRange = Object.freeze({ min: 2, max: MAX_SAMPLES_PER_SIDE });

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
