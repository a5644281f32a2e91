/**
 * What an interrupted run prints: the command that continues it, with its results file as the user can type it.
 */
import type { RunInvocation } from '../model.js';
import { launcherOf, shellQuote } from '../shell-quote.js';

const DROPPED_WITH_VALUE = new Set(['--out', '--resume']);

/**
 * The command that continues an interrupted run: the one that started it with `--out`/`--resume`/`--force` replaced
 * by `--resume <file>` (its files, refs and filters kept, so it resumes the same cases in any project).
 */
export function resumeCommand(invocation: RunInvocation | undefined, mode: string, file: string): string[] {
  const [script = 'tombstone-bench', ...rest] = invocation?.argv ?? ['tombstone-bench', mode];
  const args: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i] as string;
    if (DROPPED_WITH_VALUE.has(a)) i++;
    else if (a === '--force' || [...DROPPED_WITH_VALUE].some((o) => a.startsWith(`${o}=`))) continue;
    else args.push(a);
  }
  return [...launcherOf(script), ...args, '--resume', file];
}

/**
 * A command to print for the user to paste: `args` after the launcher the run was started with (`npx
 * tombstone-bench` in an npm project), shell-quoted so a path with a space or quote survives the paste.
 */
export function commandHint(invocation: RunInvocation | undefined, args: readonly string[]): string {
  const [script = 'tombstone-bench'] = invocation?.argv ?? [];
  return shellQuote([...launcherOf(script), ...args]);
}
