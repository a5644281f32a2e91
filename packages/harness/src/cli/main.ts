import { readFileSync } from 'node:fs';
import { describeValue, HarnessArgumentError, WorkloadSpecError } from '../errors.js';
import { builtInSpecNames } from '../generator/spec-file.js';
import { type CliCommand, type CliIo, EXIT, parseCommandArgs } from './command.js';
import { COMMANDS } from './commands.js';

/** The package's version, read from package.json (one directory above `src/` and `dist/`). */
function packageVersion(): string {
  const json = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  return (JSON.parse(json) as { version: string }).version;
}

/** `--help` text, built from the command table. */
export function helpText(commands: readonly CliCommand[] = COMMANDS): string {
  const lines = [
    'tombstone-harness — deterministic range-tombstone workloads, a model checker and stress runs',
    '',
    'usage: tombstone-harness <command> [options]   (--version prints the version)',
    '',
  ];
  for (const c of commands) lines.push(`  ${c.name} ${c.usage}`, `      ${c.summary}`);
  lines.push(
    '',
    `--spec takes a file (.json, .js, .mjs) or a built-in spec name: ${builtInSpecNames().join(', ')} (list-specs).`,
  );
  lines.push('', 'Every run prints its seed; pass it back with --seed to reproduce the run exactly.', '');
  return lines.join('\n');
}

/**
 * Runs one CLI invocation and returns its exit code. Bad input (unknown command or option, malformed value, invalid
 * spec) prints one typed error naming the value and exits 2; nothing is spawned, nothing goes through a shell.
 */
export async function runCli(argv: readonly string[], io: CliIo, commands = COMMANDS): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(helpText(commands));
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  if (name === '--version' || name === '-V') {
    io.stdout(`${packageVersion()}\n`);
    return EXIT.ok;
  }
  const command = commands.find((c) => c.name === name);
  try {
    if (command === undefined) {
      throw new HarnessArgumentError(
        `unknown command ${describeValue(name)} (commands: ${commands.map((c) => c.name).join(', ')})`,
      );
    }
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout(`usage: tombstone-harness ${command.name} ${command.usage}\n  ${command.summary}\n`);
      return EXIT.ok;
    }
    return await command.run({ ...parseCommandArgs(command, rest), io });
  } catch (error) {
    if (error instanceof HarnessArgumentError || error instanceof WorkloadSpecError) {
      io.stderr(`tombstone-harness: ${error.message}\n`);
      return EXIT.usage;
    }
    throw error;
  }
}
