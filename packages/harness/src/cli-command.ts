import { type ParseArgsConfig, parseArgs } from 'node:util';
import { describeValue, HarnessArgumentError } from './errors.js';

/** Where a command writes: injectable so tests capture output and nothing touches the real process. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly cwd: string;
  /** Whether stderr is a terminal (live progress lines); default false. */
  readonly isTTY?: boolean;
  /** Aborted on Ctrl-C: long commands (stress, case) stop early and still write what they measured. */
  readonly signal?: AbortSignal;
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

/** Exit codes: 0 ok, 1 a check found a divergence (or a run failed), 2 bad input. */
export const EXIT = Object.freeze({ ok: 0, failed: 1, usage: 2 });

/**
 * Parses a command's arguments strictly: unknown options, missing option values and stray positionals are typed
 * errors naming the offending text (parseArgs' own messages are rewrapped so every bad input has one error type).
 */
export function parseCommandArgs(command: CliCommand, args: readonly string[]): Omit<CliContext, 'io'> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...args],
      options: command.options,
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    throw new HarnessArgumentError(`${command.name}: ${(error as Error).message}`);
  }
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

/** A required string option, or a typed error naming the option. */
export function requiredOption(context: Omit<CliContext, 'io'>, name: string, command: string): string {
  const value = context.values[name];
  if (typeof value !== 'string') throw new HarnessArgumentError(`${command}: --${name} is required`);
  return value;
}
