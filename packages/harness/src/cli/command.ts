import { type ParseArgsConfig, parseArgs } from 'node:util';
import { describeValue, HarnessArgumentError } from '../errors.js';
import { MAX_INDEX } from '../generator/seed.js';

/** Where a command writes: injectable so tests capture output and nothing touches the real process. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /**
   * Resolves once stdout has handed on what it was given (a pipe's reader caught up), or at once when nothing waits;
   * streaming commands await it between chunks. Without it a slow pipe reader was outrun: the unwritten chunks piled
   * up in memory and `generate … | cat` spent half its CPU in the garbage collector (1M ops: 9.0 s against 2.6 s to
   * a file, load 1.3). Default: nothing to wait for.
   */
  readonly drain?: () => Promise<void>;
  readonly cwd: string;
  /** Whether stderr is a terminal (live progress lines); default false. */
  readonly isTTY?: boolean;
  /** Aborted on Ctrl-C: long commands (stress, case) stop early and still write what they measured. */
  readonly signal?: AbortSignal;
  /**
   * How the user runs this CLI, for the commands it prints to copy (`check --replay`, `case --resume`): see
   * {@link launcherOf}; default `tombstone-harness`.
   */
  readonly command?: string;
}

/**
 * The command that launches the CLI script `script` (`process.argv[1]`): from an npm project's `node_modules/.bin`
 * it is `npx tombstone-harness` — a bare `tombstone-harness` is not on the user's PATH there, so a printed hint
 * without `npx` fails with "command not found" when pasted; anywhere else (a global install) `tombstone-harness`.
 */
export function launcherOf(script: string | undefined): string {
  return script?.includes('/node_modules/.bin/') ? 'npx tombstone-harness' : 'tombstone-harness';
}

/**
 * The command line `io`'s user types to run `args` (the launcher, then the arguments as given: shell-quote them, e.g.
 * with bench's `shellQuote`, when they hold paths).
 */
export function commandLine(io: CliIo, args: string): string {
  return `${io.command ?? 'tombstone-harness'} ${args}`;
}

/** Option definitions of one command, in `node:util` `parseArgs` form. */
export type CliOptions = NonNullable<ParseArgsConfig['options']>;

/** What a command receives: its parsed options and positionals, and where to write. */
export interface CliContext {
  readonly values: Readonly<Record<string, string | boolean | undefined>>;
  readonly positionals: readonly string[];
  readonly io: CliIo;
}

/**
 * One `tombstone-harness` sub-command. The CLI is a table of these (see `commands.ts`): a new command is one more
 * entry, parsed, validated and documented in `--help` the same way as the others.
 */
export interface CliCommand {
  readonly name: string;
  /** One line for `--help`. */
  readonly summary: string;
  /** Usage line(s) after the command name, e.g. `--spec FILE --seed S --ops N`. */
  readonly usage: string;
  readonly options: CliOptions;
  /** Whether positionals are accepted (e.g. `case <name>`); otherwise any positional is an error. */
  readonly positionals?: boolean;
  /** Returns the process exit code. */
  run(context: CliContext): Promise<number> | number;
}

/** A command's name, help and options: everything but its `run` (so `--help` and parsing load no command code). */
export type CliCommandInfo = Omit<CliCommand, 'run'>;

/** Exit codes: 0 ok, 1 a check found a divergence (or a run failed), 2 bad input, 130 stopped by Ctrl-C (128 + SIGINT). */
export const EXIT = Object.freeze({ ok: 0, failed: 1, usage: 2, interrupted: 130 });

/** `-3`, `-0.5`, `-3s`: text after an option that takes a value which parseArgs would read as an option. */
const NEGATIVE_NUMBER = /^-(?:\d|\.\d)/;

/**
 * `--ops -3` → `--ops=-3`: a negative number after an option that takes a value is that value, so the option's own
 * check names it (`--ops must be a non-negative integer …, got "-3"`) instead of Node's three-line "argument is
 * ambiguous" text. (Bench's CLI does the same for its fixed option table; this one works on any command's table.)
 */
function attachNegativeValues(options: CliOptions, args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const token = args[i]!;
    const name = token.startsWith('--') ? token.slice(2) : undefined;
    const next = args[i + 1];
    if (
      name !== undefined &&
      options[name]?.type === 'string' &&
      next !== undefined &&
      NEGATIVE_NUMBER.test(next)
    ) {
      out.push(`${token}=${next}`);
      i++;
    } else out.push(token);
  }
  return out;
}

/** A single-value option given more than once is an error naming it, not a silent "last one wins". */
function rejectRepeatedOptions(
  command: CliCommand,
  tokens: NonNullable<ReturnType<typeof parseArgs>['tokens']>,
) {
  const seen = new Map<string, string[]>();
  for (const token of tokens) {
    if (token.kind !== 'option' || command.options[token.name]?.multiple === true) continue;
    const given = seen.get(token.name) ?? [];
    given.push(token.value === undefined ? token.rawName : describeValue(token.value));
    seen.set(token.name, given);
    if (given.length > 1) {
      throw new HarnessArgumentError(
        `${command.name}: --${token.name} is given ${given.length} times (${given.join(', ')}); give it once`,
      );
    }
  }
}

/**
 * Parses a command's arguments strictly: unknown options, missing option values, repeated options and stray
 * positionals are typed errors naming the offending text (parseArgs' own messages are rewrapped so every bad input
 * has one error type).
 */
export function parseCommandArgs(command: CliCommand, args: readonly string[]): Omit<CliContext, 'io'> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: attachNegativeValues(command.options, args),
      options: command.options,
      strict: true,
      allowPositionals: true,
      tokens: true,
    });
  } catch (error) {
    throw new HarnessArgumentError(`${command.name}: ${parseArgsProblem(command, error as Error)}`);
  }
  rejectRepeatedOptions(command, parsed.tokens ?? []);
  if (!command.positionals && parsed.positionals.length > 0) {
    throw new HarnessArgumentError(
      `${command.name}: unexpected argument ${describeValue(parsed.positionals[0])}`,
    );
  }
  return {
    values: parsed.values as Record<string, string | boolean | undefined>,
    positionals: parsed.positionals,
  };
}

/**
 * parseArgs' own messages, restated in this CLI's words: the option named, what it takes and the options the
 * command has (its text — "To specify a positional argument starting with a '-' …" — explained Node, not the tool).
 */
function parseArgsProblem(command: CliCommand, error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  const option = /'(-{1,2}[^' <]+)/.exec(error.message)?.[1] ?? '';
  const known = Object.keys(command.options)
    .map((o) => `--${o}`)
    .join(', ');
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
    return `unknown option ${option}${known === '' ? ' (it takes none)' : ` (options: ${known})`}`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    return /does not take an argument/.test(error.message)
      ? `${option} is a flag and takes no value`
      : `${option} needs a value`;
  }
  return error.message;
}

/** A required string option, or a typed error naming the option. */
export function requiredOption(context: Omit<CliContext, 'io'>, name: string, command: string): string {
  const value = context.values[name];
  if (typeof value !== 'string') throw new HarnessArgumentError(`${command}: --${name} is required`);
  return value;
}

/** The values an integer option takes, both ends included. */
export interface IntegerRange {
  readonly min: number;
  readonly max: number;
}

/** Seeds, streams and op indexes: 0 … 2^53 − 1. */
export const INDEX_RANGE: IntegerRange = Object.freeze({ min: 0, max: MAX_INDEX });

/** Op counts: at least 1 in every command (0 meant "nothing" to one command and "no limit" to another). */
export const COUNT_RANGE: IntegerRange = Object.freeze({ min: 1, max: MAX_INDEX });

const bound = (n: number) => (n === MAX_INDEX ? '2^53 − 1' : String(n));

/**
 * The integer option `--name` of `command`: decimal digits only (no `1e3`, `0x10`, `-1`, `1.5`) within `range`, or
 * `fallback` when it is not given (without one it is required). Every command reads its integers here, so the same
 * mistake gets the same line everywhere: `check: --streams must be an integer in [1, 100000], got "0"`.
 * @throws HarnessArgumentError naming the command, the option, the range and the text.
 */
export function integerOption(
  context: Omit<CliContext, 'io'>,
  command: string,
  name: string,
  range: IntegerRange,
  fallback?: number,
): number {
  const given = context.values[name];
  if (given === undefined) {
    if (fallback === undefined) throw new HarnessArgumentError(`${command}: --${name} is required`);
    return fallback;
  }
  const n = typeof given === 'string' && /^[0-9]+$/.test(given) ? Number(given) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < range.min || n > range.max)
    throw new HarnessArgumentError(
      `${command}: --${name} must be an integer in [${bound(range.min)}, ${bound(range.max)}], got ${describeValue(given)}`,
    );
  return n;
}
