/**
 * `calibrate` as an engine operation: this machine's false-verdict rate (repeated A/A runs), the power at injected
 * slowdowns and the smallest change detected at 80% power, measured the way a run measures (or re-summarised from
 * earlier calibration directories). The command line maps its flags onto {@link CalibrationOptions} and prints the
 * summary.
 */
import { join, resolve } from 'node:path';
import * as v from 'valibot';
import { type CalibrationReport, summarizeCalibration } from '../analyse/calibration-summary.js';
import { UsageError } from '../errors.js';
import { EXIT } from '../finish/finish-run.js';
import { commandHint } from '../finish/resume-command.js';
import { claimCalibrationDirectory, claimNewDirectory } from '../plan/calibration-dir.js';
import { checkBenchTypes, type RunSetup, setUpRun } from '../plan/plan-run.js';
import {
  CALIBRATION_LIMITS,
  checkNumber,
  checkOptions,
  type RunOptions,
  validateRunOptions,
} from '../plan/run-options.js';
import { type RecordedRuns, recordedCalibration } from '../results/calibration-runs.js';
import { writeJsonAtomic } from '../results/results-store.js';
import { displayPath } from '../shell-quote.js';
import { type SignificanceReach, significanceReach } from '../stats/significance-reach.js';
import { findBenchFiles } from '../suite/discover.js';
import { measureCalibration } from './calibration-rounds.js';
import { type EventRun, eventRun, type RunControl } from './event-run.js';
import type { StageControl } from './pipeline.js';

/** The run options a calibration takes: those of an `aa` run, less resuming, the slowdown hook and git mode's. */
type CalibrationRunOptions = Omit<
  RunOptions,
  | 'mode'
  | 'resume'
  | 'slowdown'
  | 'baseline'
  | 'candidate'
  | 'installCommands'
  | 'buildCommands'
  | 'install'
  | 'build'
  | 'keepWorktrees'
>;

/** What a calibration measures (or re-summarises) and where it writes. */
export interface CalibrationOptions extends CalibrationRunOptions {
  /** Rounds (default 5); each round is one A/A run plus one run per slowdown. */
  rounds?: number;
  /** Injected slowdowns as fractions in (0, 10] (default `[0.1, 0.05]`). */
  slowdowns?: readonly number[];
  /** Rounds that include the injected runs (the first ones; default all): A/A needs more runs than power does. */
  slowdownRounds?: number;
  /** Samples per side to resample the smallest detectable change at, besides the runs' own n. */
  detectNs?: readonly number[];
  /**
   * Re-summarise these calibration directories (several: combined) and measure nothing; `out` then names where the
   * summary goes (required with several).
   */
  from?: readonly string[];
  /** The calibration's directory (default `.tombstone-bench/calibration-<time>` under `cwd`). */
  out?: string;
  /** Replace an earlier calibration in `out` (default: refused, so no earlier calibration is lost). */
  force?: boolean;
}

/** How a calibration ended. */
export interface CalibrationResult {
  /** 0, or 130 when it was interrupted (its runs so far stay in `dir`; summarise them with `from`). */
  exitCode: number;
  interrupted: boolean;
  /** The directory of the calibration's runs. */
  dir: string;
  /** The summary (also written to `summaryFile`), or null when interrupted. */
  summary: CalibrationReport | null;
  /** Where the summary was written (`calibration.json`), or null when interrupted. */
  summaryFile: string | null;
  /** Whether a run of the calibration's benchmarks at its n can reach alpha at all (power is 0% by design if not). */
  reach: SignificanceReach | null;
}

/** A started calibration: iterate it for the events of its runs; `result` settles when it ends. */
export type Calibration = EventRun<CalibrationResult>;

const NOT_CALIBRATION: readonly (keyof RunOptions)[] = [
  'mode',
  'resume',
  'slowdown',
  'baseline',
  'candidate',
  'installCommands',
  'buildCommands',
  'install',
  'build',
  'keepWorktrees',
];

const counts = v.array(v.number());
const CalibrationFieldsSchema = v.object({
  rounds: v.optional(v.number()),
  slowdowns: v.optional(counts),
  slowdownRounds: v.optional(v.number()),
  detectNs: v.optional(counts),
  from: v.optional(v.pipe(v.array(v.string()), v.minLength(1))),
});

type Split = {
  run: RunOptions;
  rounds: number;
  slowdowns: number[];
  slowdownRounds: number;
  detectNs: number[];
};

/**
 * Validates options given from code, like a run's.
 * @throws {UsageError} naming an unknown key, a value of the wrong type or out of range.
 */
function validateCalibrationOptions(raw: CalibrationOptions): Split {
  const { rounds, slowdowns, slowdownRounds, detectNs, from, ...rest } = raw;
  const refused = NOT_CALIBRATION.find((k) => k in rest);
  if (refused !== undefined)
    throw new UsageError(`startCalibration: unknown option ${JSON.stringify(refused)}`);
  checkOptions(
    CalibrationFieldsSchema,
    { rounds, slowdowns, slowdownRounds, detectNs, from },
    'startCalibration',
  );
  const run = validateRunOptions({ ...rest, mode: 'aa' }, 'startCalibration');
  const n = checkNumber('rounds', rounds ?? 5, CALIBRATION_LIMITS.rounds);
  for (const s of slowdowns ?? []) checkNumber('slowdowns', s, CALIBRATION_LIMITS.slowdowns);
  for (const d of detectNs ?? []) checkNumber('detectNs', d, CALIBRATION_LIMITS.detectNs);
  return {
    run,
    rounds: n,
    slowdowns: [...(slowdowns ?? [0.1, 0.05])],
    slowdownRounds: checkNumber('slowdownRounds', slowdownRounds ?? n, CALIBRATION_LIMITS.slowdownRounds),
    detectNs: [...(detectNs ?? [])],
  };
}

/** Whether the calibration's runs (each one family of its benchmarks, at its n) can reach alpha. */
function calibrationReach(runs: RecordedRuns, summary: CalibrationReport): SignificanceReach | null {
  const family = Math.max(0, ...runs.aa.map((r) => r.benchmarks.length));
  const n = summary.samplesPerSide;
  const sizes = Array.from({ length: family }, () => ({ baseline: n, candidate: n }));
  return significanceReach(sizes, summary.config.alpha, summary.config.correction);
}

/** The earlier calibrations `from` names, read back (their notes logged). */
function fromDirectories(setup: RunSetup, from: readonly string[]): { runs: RecordedRuns; dir: string } {
  const { options, cwd } = setup;
  if ((options.files ?? []).length > 0)
    throw new UsageError(
      `calibrate --from re-summarises measured runs and measures nothing; drop ${options.files?.join(' ')} ` +
        '(or drop --from to measure them)',
    );
  const dirs = from.map((d) => resolve(cwd, d));
  if (dirs.length > 1 && options.out === undefined)
    throw new UsageError('calibrate --from with several directories needs --out <dir> for the summary');
  const runs = recordedCalibration(dirs, cwd);
  for (const note of runs.notes) setup.log(`${note}\n`);
  return { runs, dir: dirs[0] as string };
}

/** Measures the calibration's rounds into its directory; null runs when interrupted. */
async function measured(setup: RunSetup, o: Split, control: StageControl) {
  const { options, cwd } = setup;
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
  const files = findBenchFiles(options.files ?? [], cwd);
  checkBenchTypes(setup, files);
  const dir =
    options.out !== undefined
      ? resolve(cwd, options.out)
      : claimNewDirectory(resolve(cwd, '.tombstone-bench'), `calibration-${stamp}`);
  claimCalibrationDirectory(dir, displayPath(cwd, dir), options.force === true);
  const runs = await measureCalibration(setup, control, {
    files,
    rounds: o.rounds,
    slowdowns: o.slowdowns,
    slowdownRounds: o.slowdownRounds,
    dir,
    onRun: (label, i, total) => setup.log(`calibrate: ${label} done (${i}/${total})\n`),
  });
  if (runs.interrupted) setup.log(interruptedHint(setup, dir));
  return { dir, runs: runs.interrupted ? null : { ...runs, notes: [] } };
}

/**
 * What to run after an interrupted calibration: `--from` when a complete A/A benchmark is there to summarise; else
 * the same command again with `--force` (a `--from` hint would only be refused: "no A/A run with a complete benchmark").
 */
function interruptedHint(setup: RunSetup, dir: string): string {
  const shown = displayPath(setup.cwd, dir);
  try {
    recordedCalibration([dir]);
  } catch {
    const args = setup.settings.invocation?.argv.slice(1) ?? ['calibrate'];
    const restart = commandHint(
      setup.settings.invocation,
      args.includes('--force') ? args : [...args, '--force'],
    );
    return `interrupted before any A/A benchmark in ${shown} was complete: nothing to summarise yet; start again with: ${restart}\n`;
  }
  const again = commandHint(setup.settings.invocation, ['calibrate', '--from', shown]);
  return `interrupted: runs so far in ${shown}; summarise them with: ${again}\n`;
}

async function calibrate(
  o: Split,
  from: readonly string[] | undefined,
  control: StageControl,
): Promise<CalibrationResult> {
  const setup = await setUpRun(o.run, 'calibrate');
  try {
    const { runs, dir } =
      from !== undefined ? fromDirectories(setup, from) : await measured(setup, o, control);
    if (runs === null) {
      return {
        exitCode: EXIT.interrupted,
        interrupted: true,
        dir,
        summary: null,
        summaryFile: null,
        reach: null,
      };
    }
    // Without a metric a re-summary reads the metric the runs were measured (and their looks decided) on, not today's
    // default: wall-time runs re-read on CPU time mixed wall-time looks with CPU-time deltas.
    const recordedMetric = runs.aa[0]?.config.metric;
    const overrides =
      setup.options.metric === undefined && recordedMetric !== undefined
        ? { ...setup.output.overrides, metric: recordedMetric }
        : setup.output.overrides;
    const summary = summarizeCalibration(runs.aa, runs.injected, overrides, o.detectNs);
    // With `from`, `out` names where the new summary goes (the measured runs stay where they are).
    const out = setup.options.out;
    const summaryFile = join(
      from !== undefined && out !== undefined ? resolve(setup.cwd, out) : dir,
      'calibration.json',
    );
    writeJsonAtomic(summaryFile, summary);
    const reach = calibrationReach(runs, summary);
    return { exitCode: EXIT.ok, interrupted: false, dir, summary, summaryFile, reach };
  } finally {
    setup.dispose();
  }
}

/**
 * Starts a calibration: `rounds` rounds of an A/A run plus, in the first `slowdownRounds`, one run per `slowdowns`,
 * each written to its own file in `out` as it goes (events: each run's `run-started` … `run-finished`); then the
 * summary, written to `out/calibration.json`. With `from`, re-summarises earlier calibrations without measuring.
 * Options are validated first (an unknown key or a bad value rejects `result` with a UsageError naming it).
 */
export function startCalibration(options: CalibrationOptions, control: RunControl = {}): Calibration {
  return eventRun(control, async (events, signal) => {
    const o = validateCalibrationOptions(options);
    return calibrate(o, options.from, { events, signal });
  });
}
