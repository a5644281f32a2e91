/**
 * The engine's input: what a `run`, `aa` or `compare` measures and how, as typed options (the command line maps its
 * flags onto these). Validated at the door: a misspelled key, a wrong type or an out-of-range number is a
 * {@link UsageError} naming it, never a silent default.
 */
import * as v from 'valibot';
import { UsageError } from '../errors.js';
import type { RunInvocation } from '../model.js';
import { MetricSchema } from '../protocol/records.js';
import { SAMPLING_LIMITS } from '../suite/define.js';

/** Everything a measuring run can be told. Every field but `mode` is optional. */

/**
 * The metric a run judges unless told otherwise: CPU time per op. Why (docs/bench-sequential-sampling.md, "Default
 * metric"): on this project's shared 2-core VM at load 13–20, +10% injected was Lost in 3 of 24 wall-time comparisons
 * and 30 of 40 CPU-time ones; A/A had 1 false verdict on wall time and none on CPU time; and the main job's noisiest
 * guardrail decided at n = 6–15 on CPU time but ran to n = 20 on wall time, so sequential runs stop sooner.
 * `--metric nsPerOp` (wall) stays available for ops that wait (I/O, timers, locks), whose waiting CPU time omits.
 */
export const DEFAULT_METRIC = 'cpuNsPerOp' as const;

/**
 * The default measurement design: both sides in every fork. Why: a ~1 µs op's per-fork CPU ns/op spread with a log
 * sd of 0.14–0.32 between forks, while the two sides inside one fork move together, so the within-fork log ratio
 * carries only a fraction of that spread (docs/bench-paired-design.md has the measured components).
 */
export const DEFAULT_DESIGN = 'paired' as const;

export interface RunOptions {
  /** `run`: each suite's in-code factor; `aa`: the same code on both sides; `compare`: two git revisions. */
  mode: 'run' | 'aa' | 'compare';
  /** Project directory: bench files are found and relative paths resolved against it (default `process.cwd()`). */
  cwd?: string;
  /** Bench files or directories (default: every bench file, `*.bench.ts` or `.js`/`.mjs`/…, under `cwd`). */
  files?: readonly string[];
  /**
   * Forks per side: the maximum of a sequential run (default 20), the fixed count with `fixedN` (default 10); on
   * `resume`, the file's own count.
   */
  samplesPerSide?: number;
  /**
   * Every benchmark takes `samplesPerSide` forks per side (the design before protocol 5). Default false: sequential
   * sampling looks at each benchmark every `lookEvery` forks per side and stops it once it is decided.
   */
  fixedN?: boolean;
  /** Sequential runs: forks per side between looks (default 5: looks at 5, 10, 15, 20). */
  lookEvery?: number;
  /** Sequential runs: the alpha-spending function (default `pocock`). */
  spending?: 'pocock' | 'obrien-fleming';
  /**
   * Sequential runs: the non-binding futility stop (default true): a benchmark whose predictive power of still
   * reaching a difference by the maximum is below 3% stops early, claiming nothing (Unchanged, or Held).
   */
  futility?: boolean;
  /**
   * The measurement design (default {@link DEFAULT_DESIGN}): `paired` measures both sides in each fork, in
   * alternating ABBA/BAAB blocks, and tests the forks' within-fork log ratios (signed-rank); `forks` measures one side
   * per fork, the forks interleaved in pairs (Mann-Whitney). A case whose sides cannot run in one process falls back
   * to `forks` and says so.
   */
  design?: 'paired' | 'forks';
  /** Timed phase per fork, ms (default 100, or the suite's `sampling`). */
  sampleMs?: number;
  /** Warm-up cap per fork, ms (default 150, or the suite's `sampling`). */
  warmupMs?: number;
  /**
   * Minimum warm-up per fork, ms (default 0: none, or the suite's `sampling.warmupMinMs`): warm-up is not called
   * stable before it. Must not exceed the warm-up cap (a {@link UsageError} names both).
   */
  warmupMinMs?: number;
  /** Time limit per fork, ms (default 60000). */
  timeoutMs?: number;
  /** The judged metric (default {@link DEFAULT_METRIC}, CPU ns/op; `instructionsPerOp` with `instructions`). */
  metric?: 'nsPerOp' | 'cpuNsPerOp' | 'bytesPerOp' | 'instructionsPerOp';
  /** Significance level (default 0.05). */
  alpha?: number;
  /** Minimum |Δ| of the medians for Won/Lost, as a fraction (default 0.02). */
  threshold?: number;
  /** Multiple-comparison correction across the run's benchmarks (default `holm`). */
  correction?: 'holm' | 'none';
  /** Only cases whose key matches this regular expression. */
  filter?: string;
  /** Only these parameter values, e.g. `{ size: ['10', '1000'] }`. */
  params?: Readonly<Record<string, readonly (string | number | boolean)[]>>;
  /** Results file (default `.tombstone-bench/results-<time>.json` under `cwd`). */
  out?: string;
  /** Continue this results file: completed forks are kept, the missing ones measured. */
  resume?: string;
  /** Replace an existing `out` file (default: an existing file is refused, so no earlier run is lost). */
  force?: boolean;
  /** Pin forks to one CPU with `taskset` when available (default true). */
  pin?: boolean;
  /** Count allocated bytes per op (default true). */
  allocation?: boolean;
  /** Count instructions per op under valgrind (default false). */
  instructions?: boolean;
  /** Fit growth exponents over this numeric parameter. */
  growth?: string;
  /** 2×2 tables of code × this parameter. */
  factorial?: string;
  /** Exit code 1 when a benchmark is Lost or Invalid (default true). */
  failOnLost?: boolean;
  /** `aa` only: slow the candidate down by this fraction (a test of the runner). */
  slowdown?: number;
  /** `compare`: the baseline git ref (required). */
  baseline?: string;
  /** `compare`: the candidate git ref (default: the working tree). */
  candidate?: string;
  /** `compare`: install commands, tried in order until one succeeds (default: pnpm install, offline first). */
  installCommands?: readonly string[];
  /** `compare`: build commands (default `pnpm build`). */
  buildCommands?: readonly string[];
  /** `compare`: run the install step (default true). */
  install?: boolean;
  /** `compare`: run the build step (default true). */
  build?: boolean;
  /** `compare`: keep the temporary worktrees. */
  keepWorktrees?: boolean;
  /** Type-check the bench files with the project's typescript before measuring (default true). */
  typecheck?: boolean;
  /** Where compiled bundles are cached (default: a per-project temp directory). */
  cacheDir?: string;
  /** Receives progress notes meant for a human (build steps, where an interrupted run is), newline-terminated. */
  log?: (text: string) => void;
  /** The command that started the run, recorded for the report (default: the equivalent `tombstone-bench` command). */
  invocation?: RunInvocation;
}

const strings = v.array(v.string());
const RunOptionsSchema = v.strictObject({
  mode: v.picklist(['run', 'aa', 'compare']),
  cwd: v.optional(v.string()),
  files: v.optional(strings),
  samplesPerSide: v.optional(v.number()),
  fixedN: v.optional(v.boolean()),
  lookEvery: v.optional(v.number()),
  spending: v.optional(v.picklist(['pocock', 'obrien-fleming'])),
  futility: v.optional(v.boolean()),
  design: v.optional(v.picklist(['paired', 'forks'])),
  sampleMs: v.optional(v.number()),
  warmupMs: v.optional(v.number()),
  warmupMinMs: v.optional(v.number()),
  timeoutMs: v.optional(v.number()),
  metric: v.optional(MetricSchema),
  alpha: v.optional(v.number()),
  threshold: v.optional(v.number()),
  correction: v.optional(v.picklist(['holm', 'none'])),
  filter: v.optional(v.string()),
  params: v.optional(v.record(v.string(), v.array(v.union([v.string(), v.number(), v.boolean()])))),
  out: v.optional(v.string()),
  resume: v.optional(v.string()),
  force: v.optional(v.boolean()),
  pin: v.optional(v.boolean()),
  allocation: v.optional(v.boolean()),
  instructions: v.optional(v.boolean()),
  growth: v.optional(v.string()),
  factorial: v.optional(v.string()),
  failOnLost: v.optional(v.boolean()),
  slowdown: v.optional(v.number()),
  baseline: v.optional(v.string()),
  candidate: v.optional(v.string()),
  installCommands: v.optional(strings),
  buildCommands: v.optional(strings),
  install: v.optional(v.boolean()),
  build: v.optional(v.boolean()),
  keepWorktrees: v.optional(v.boolean()),
  typecheck: v.optional(v.boolean()),
  cacheDir: v.optional(v.string()),
  log: v.optional(v.function()),
  invocation: v.optional(v.object({ argv: strings, cwd: v.string() })),
});

/**
 * The largest maximum n of a sequential run: its design simulates n² comparisons per null path, 1.6 s of CPU at
 * n = 20 and ~10 s at 50; a run that needs more forks than that wants the fixed design.
 */
export const SEQUENTIAL_MAX_N = 50;

/** The largest n of a fixed-n run (`--fixed-n`). */
export const FIXED_MAX_N = 1000;

/** A numeric range an option must fall in. */
export interface NumberCheck {
  min?: number;
  max?: number;
  integer?: boolean;
  /** What the range belongs to when it depends on other options, e.g. `a sequential run`. */
  scope?: string;
  /** Said after the range when a value is out of it, e.g. where a larger one is allowed. */
  note?: string;
}

/** The option ranges, shared by the engine's checks and the command line's. */
export const NUMBER_LIMITS = {
  // A look further apart than the largest sequential n would never be taken.
  lookEvery: { min: 1, max: SEQUENTIAL_MAX_N, integer: true },
  sampleMs: SAMPLING_LIMITS.sampleMs,
  warmupMs: SAMPLING_LIMITS.warmupMs,
  warmupMinMs: SAMPLING_LIMITS.warmupMinMs,
  timeoutMs: { min: 100 },
  alpha: { min: Number.MIN_VALUE, max: 0.5 },
  threshold: { min: 0, max: 10 },
  slowdown: { min: 0, max: 10 },
} as const satisfies Record<string, NumberCheck>;

/** The calibration's ranges (`startCalibration` and `calibrate`'s flags). */
export const CALIBRATION_LIMITS = {
  rounds: { min: 1, max: 1000, integer: true },
  slowdownRounds: { min: 0, max: 1000, integer: true },
  /** An injected slowdown: above 0 (an A/A round is the 0). */
  slowdowns: { min: Number.MIN_VALUE, max: 10 },
  detectNs: { min: 2, max: 1000, integer: true },
} as const satisfies Record<string, NumberCheck>;

/**
 * The range of forks per side (`samplesPerSide`, `-n`) under the chosen design — the one place both limits live, so
 * the range an error states is the one that refuses. `fixedFlag` is how the caller names the fixed design
 * (`fixedN` from code, `--fixed-n` on the command line).
 */
export function samplesPerSideCheck(fixedN: boolean | undefined, fixedFlag = 'fixedN'): NumberCheck {
  return fixedN
    ? { min: 1, max: FIXED_MAX_N, integer: true, scope: `a ${fixedFlag} run` }
    : {
        min: 1,
        max: SEQUENTIAL_MAX_N,
        integer: true,
        scope: 'a sequential run',
        note: `${fixedFlag} takes up to ${FIXED_MAX_N}`,
      };
}

/** ">= 1 and <= 1000": the range of a check, as errors state it ('' without bounds). */
export function rangeText(check: NumberCheck): string {
  // MIN_VALUE stands for "above 0" (alpha): say so rather than print 5e-324.
  const min = check.min === Number.MIN_VALUE ? '> 0' : check.min !== undefined ? `>= ${check.min}` : '';
  return [min, check.max !== undefined ? `<= ${check.max}` : ''].filter(Boolean).join(' and ');
}

/** The range part of an error: ` (>= 1 and <= 50)`, with its scope and note when it has them. */
export function rangeClause(check: NumberCheck, outOfRange: boolean): string {
  const range = rangeText(check);
  const scope = check.scope ? ` for ${check.scope}` : '';
  const note = outOfRange && check.note ? `; ${check.note}` : '';
  return range ? `${scope} (${range})${note}` : '';
}

/**
 * Why `value` fails `check`, as the end of an error message after the option and value (`' is out of range for a
 * sequential run (>= 1 and <= 50); …'`), or null when it passes. A valid number outside the range is "out of range";
 * only a non-number (or a fraction where an integer is wanted) is "not a valid …".
 */
export function numberProblem(value: number, check: NumberCheck, kind = 'number'): string | null {
  if (!Number.isFinite(value) || (check.integer && !Number.isInteger(value)))
    return ` is not a valid ${check.integer ? 'integer' : kind}${rangeClause(check, false)}`;
  const outside =
    (check.min !== undefined && value < check.min) || (check.max !== undefined && value > check.max);
  return outside ? ` is out of range${rangeClause(check, true)}` : null;
}

/**
 * Checks `value` against `check`; the {@link UsageError} names the option as `label` with the value as given
 * (`shown`, e.g. the command line's string).
 */
export function checkNumber(
  label: string,
  value: number,
  check: NumberCheck,
  shown: unknown = value,
): number {
  const problem = numberProblem(value, check);
  if (problem !== null) throw new UsageError(`${label} ${JSON.stringify(shown)}${problem}`);
  return value;
}

/**
 * Checks options given from code against `schema` (a strict object: an unknown key is refused).
 * @throws {UsageError} naming, as the operation `who` was called, an unknown key or a value of the wrong type.
 */
export function checkOptions(schema: v.GenericSchema, raw: unknown, who: string): void {
  const result = v.safeParse(schema, raw);
  if (result.success) return;
  const issue = result.issues[0];
  const path = v.getDotPath(issue);
  const unknownKey = issue.kind === 'schema' && issue.type === 'strict_object' && issue.expected === 'never';
  throw new UsageError(
    unknownKey
      ? `${who}: unknown option ${JSON.stringify(path)}`
      : `${who}: option ${path ?? '(options)'}: ${issue.message}`,
  );
}

/**
 * Validates options given from code (`who`: the operation named in the errors).
 * @throws {UsageError} naming an unknown key, a value of the wrong type or out of range, or a missing `baseline`.
 */
export function validateRunOptions(raw: unknown, who = 'startRun'): RunOptions {
  checkOptions(RunOptionsSchema, raw, who);
  const options = raw as RunOptions;
  for (const [name, check] of Object.entries(NUMBER_LIMITS)) {
    const value = options[name as keyof typeof NUMBER_LIMITS];
    if (value !== undefined) checkNumber(name, value, check);
  }
  if (options.samplesPerSide !== undefined)
    checkNumber('samplesPerSide', options.samplesPerSide, samplesPerSideCheck(options.fixedN));
  if (options.mode === 'compare' && options.baseline === undefined)
    throw new UsageError('compare needs a baseline git ref (`baseline`)');
  const sequentialOnly = (['lookEvery', 'spending', 'futility'] as const).find(
    (k) => options[k] !== undefined,
  );
  if (options.fixedN && sequentialOnly)
    throw new UsageError(`${sequentialOnly} is for sequential runs, not fixedN`);
  if (options.slowdown !== undefined && options.mode !== 'aa')
    throw new UsageError('slowdown is a test hook of the aa mode only');
  return options;
}
