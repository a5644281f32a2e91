/**
 * The `tombstone-bench` command equivalent to engine options: what a run started from code records as its
 * invocation, so its report's Reproduction block names a command a human can paste.
 */
import type { RunOptions } from './run-options.js';

type Flag = readonly [key: keyof RunOptions, flag: string, kind: 'value' | 'list' | 'on' | 'off'];

/** Option → flag; `on` flags are written when true, `off` flags (`--no-…`) when false. */
const FLAGS: readonly Flag[] = [
  ['samplesPerSide', '-n', 'value'],
  ['fixedN', '--fixed-n', 'on'],
  ['lookEvery', '--look-every', 'value'],
  ['spending', '--spending', 'value'],
  ['futility', '--no-futility', 'off'],
  ['sampleMs', '--sample-ms', 'value'],
  ['warmupMs', '--warmup-ms', 'value'],
  ['warmupMinMs', '--warmup-min-ms', 'value'],
  ['timeoutMs', '--timeout-ms', 'value'],
  ['metric', '--metric', 'value'],
  ['alpha', '--alpha', 'value'],
  ['threshold', '--threshold', 'value'],
  ['filter', '--filter', 'value'],
  ['out', '--out', 'value'],
  ['resume', '--resume', 'value'],
  ['force', '--force', 'on'],
  ['pin', '--no-pin', 'off'],
  ['allocation', '--no-alloc', 'off'],
  ['instructions', '--instructions', 'on'],
  ['growth', '--growth', 'value'],
  ['factorial', '--factorial', 'value'],
  ['failOnLost', '--no-fail-on-lost', 'off'],
  ['slowdown', '--slowdown', 'value'],
  ['baseline', '--baseline', 'value'],
  ['candidate', '--candidate', 'value'],
  ['installCommands', '--install-cmd', 'list'],
  ['buildCommands', '--build-cmd', 'list'],
  ['install', '--no-install', 'off'],
  ['build', '--no-build', 'off'],
  ['keepWorktrees', '--keep-worktrees', 'on'],
  ['typecheck', '--no-typecheck', 'off'],
  ['cacheDir', '--cache-dir', 'value'],
];

/** The argv (after the executable) of the command line doing what `options` do. */
export function equivalentArgv(options: RunOptions): string[] {
  const argv = ['tombstone-bench', options.mode, ...(options.files ?? [])];
  for (const [key, flag, kind] of FLAGS) {
    const value = options[key];
    if (value === undefined) continue;
    if (kind === 'value') argv.push(flag, String(value));
    else if (kind === 'list') for (const item of value as readonly string[]) argv.push(flag, item);
    else if (value === (kind === 'on')) argv.push(flag);
  }
  if (options.correction === 'none') argv.push('--no-holm');
  for (const [name, values] of Object.entries(options.params ?? {}))
    argv.push('--param', `${name}=${values.join(',')}`);
  return argv;
}
