/**
 * The runner's argument arrays. Everything a user or a workspace supplies (git refs, file paths, benchmark names)
 * becomes one argv element here and is validated first; nothing is ever joined into a shell command.
 */

/** Metrics the extension offers (instruction counting needs valgrind and is left to the CLI). */
export const METRICS = ['nsPerOp', 'cpuNsPerOp', 'bytesPerOp'] as const;

/** How many forks a benchmark takes: until decided (the runner's default), or every one (`--fixed-n`). */
export const SAMPLINGS = ['sequential', 'fixed'] as const;

/** The `tombstoneBench.*` measurement settings, validated. */
export interface BenchSettings {
  sampling: (typeof SAMPLINGS)[number];
  /** `-n`: the most forks per side (sequential) or every fork (fixed); null: the runner's default. */
  samplesPerSide: number | null;
  warmupMs: number | null;
  sampleMs: number | null;
  metric: (typeof METRICS)[number];
  threshold: number;
  alpha: number;
}

/** A setting with a value the runner would reject; the message names the setting and the value. */
export class SettingsError extends Error {
  override name = 'SettingsError';
  constructor(
    readonly setting: string,
    readonly value: unknown,
    expected: string,
  ) {
    super(`tombstoneBench.${setting} is ${JSON.stringify(value)}: expected ${expected}`);
  }
}

/** A git ref the extension refuses to pass on. */
export class RefError extends Error {
  override name = 'RefError';
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function intSetting(raw: Record<string, unknown>, name: string, min: number, max: number): number | null {
  const v = raw[name];
  if (v === null || v === undefined) return null;
  if (!isNum(v) || !Number.isInteger(v) || v < min || v > max)
    throw new SettingsError(name, v, `an integer from ${min} to ${max}`);
  return v;
}

/** Validates raw settings (as `workspace.getConfiguration('tombstoneBench')` returns them). */
export function parseSettings(raw: Record<string, unknown>): BenchSettings {
  const metric = raw.metric ?? 'cpuNsPerOp';
  if (typeof metric !== 'string' || !(METRICS as readonly string[]).includes(metric))
    throw new SettingsError('metric', metric, METRICS.join(', '));
  const threshold = raw.threshold ?? 0.02;
  if (!isNum(threshold) || threshold < 0 || threshold >= 1)
    throw new SettingsError('threshold', threshold, 'a fraction from 0 to below 1, e.g. 0.02');
  const sampling = raw.sampling ?? 'sequential';
  if (typeof sampling !== 'string' || !(SAMPLINGS as readonly string[]).includes(sampling))
    throw new SettingsError('sampling', sampling, SAMPLINGS.join(', '));
  const alpha = raw.alpha ?? 0.05;
  if (!isNum(alpha) || alpha <= 0 || alpha >= 1)
    throw new SettingsError('alpha', alpha, 'a probability strictly between 0 and 1, e.g. 0.05');
  return {
    sampling: sampling as BenchSettings['sampling'],
    samplesPerSide: intSetting(raw, 'samplesPerSide', 1, 1000),
    warmupMs: intSetting(raw, 'warmupMs', 0, 600_000),
    sampleMs: intSetting(raw, 'sampleMs', 1, 600_000),
    metric: metric as BenchSettings['metric'],
    threshold,
    alpha,
  };
}

/**
 * Checks a git ref before it reaches `git` (which the runner calls with argument arrays and `rev-parse --verify`):
 * refuses options (`-x`), whitespace and control characters, and over-long input.
 * @throws {RefError} naming the ref.
 */
export function validateRef(ref: string): string {
  const bad = (why: string) => new RefError(`git ref ${JSON.stringify(ref)} ${why}`);
  if (ref.length === 0) throw bad('is empty');
  if (ref.length > 255) throw bad('is longer than 255 characters');
  if (ref.startsWith('-')) throw bad('starts with "-" (it would be read as an option)');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\s\u0000-\u001f\u007f]/.test(ref)) throw bad('contains whitespace or a control character');
  return ref;
}

/** What to measure. */
export type RunRequest =
  | { kind: 'factor'; files: readonly string[]; filter?: string }
  | { kind: 'revision'; baseline: string; files: readonly string[]; filter?: string }
  | { kind: 'calibrate'; files: readonly string[] };

function fileArgs(files: readonly string[]): string[] {
  for (const f of files) {
    if (!f.startsWith('/')) throw new Error(`bench file path must be absolute: ${JSON.stringify(f)}`);
  }
  return [...files];
}

/**
 * A/A calibration in the editor: 3 rounds of A/A plus one round with the runner's injected slowdowns — long enough
 * for a false-verdict rate over several runs, short enough to wait for (the CLI's default is 5 rounds of each).
 */
export const CALIBRATE_ROUNDS = ['--rounds=3', '--slowdown-rounds=1'] as const;

/** Where a run writes: its results (a file, or for a calibration the directory of its runs) and its events. */
export interface RunOutputs {
  output: string;
  /**
   * The NDJSON event file (`--events`), which the extension follows: stdout and stderr stay the runner's readable
   * report and log, for the output channel as a terminal would show them.
   */
  events: string;
  resume?: boolean;
}

/** The runner argv (after the executable) for `req`. */
export function runnerArgs(req: RunRequest, s: BenchSettings, out: RunOutputs): string[] {
  const { output, events, resume = false } = out;
  const command = { factor: 'run', revision: 'compare', calibrate: 'calibrate' }[req.kind];
  const args: string[] = [command];
  if (req.kind === 'revision') args.push(`--baseline=${validateRef(req.baseline)}`);
  if (req.kind !== 'calibrate' && req.filter !== undefined) args.push(`--filter=${req.filter}`);
  args.push(`--events=${events}`, resume ? `--resume=${output}` : `--out=${output}`);
  if (req.kind === 'calibrate') args.push(...CALIBRATE_ROUNDS);
  if (s.sampling === 'fixed') args.push('--fixed-n');
  if (s.samplesPerSide !== null) args.push('-n', String(s.samplesPerSide));
  args.push(`--metric=${s.metric}`);
  args.push(`--alpha=${s.alpha}`, `--threshold=${s.threshold}`);
  if (s.warmupMs !== null) args.push(`--warmup-ms=${s.warmupMs}`);
  if (s.sampleMs !== null) args.push(`--sample-ms=${s.sampleMs}`);
  return [...args, ...fileArgs(req.files)];
}

/** The label of a request before the runner names it: `vs main`, `in-code factor`, `A/A calibration`. */
export function describeRequest(req: RunRequest): string {
  if (req.kind === 'revision') return `vs ${req.baseline}`;
  if (req.kind === 'calibrate') return 'A/A calibration';
  return 'in-code factor';
}

/** What the runner does before its first fork, for progress: `building baseline HEAD~1…`. */
export function preparingPhase(req: RunRequest): string {
  if (req.kind === 'revision') return `building baseline ${req.baseline}…`;
  return 'type-checking and compiling…';
}
