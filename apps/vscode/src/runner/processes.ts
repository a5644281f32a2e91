/**
 * Every process the extension starts is started here: the workspace's runner (`run`, `list --json`, `report`) and
 * `git` for the ref picker. Always a program and an argument array, never a shell, so nothing a user typed (a git
 * ref, a file name) is ever parsed by one. `architecture.test.ts` fails if any other module imports
 * `node:child_process`.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';

/** How a command that ran to completion ended. */
export interface CommandResult {
  /** The exit code; null when the program did not start or a signal ended it (e.g. the timeout). */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** Why it did not exit 0 (not found, timed out, a non-zero exit), or null when it did. */
  error: Error | null;
}

/** Where and how long a command runs. */
export interface CommandOptions {
  cwd: string;
  /** Killed (SIGTERM) after this long; no limit when absent. */
  timeoutMs?: number;
  /** Largest stdout or stderr kept, bytes (the default is 16 MiB). */
  maxBuffer?: number;
}

/** Runs `bin args…` to completion and collects its output. Never rejects: a failure is in the result. */
export function runCommand(
  bin: string,
  args: readonly string[],
  opts: CommandOptions,
): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(
      bin,
      [...args],
      {
        cwd: opts.cwd,
        shell: false,
        encoding: 'utf8',
        timeout: opts.timeoutMs ?? 0,
        maxBuffer: opts.maxBuffer ?? 16 * 1024 * 1024,
      },
      (err, stdout, stderr) => {
        const code = err ? (err as { code?: unknown }).code : 0;
        resolve({ exitCode: typeof code === 'number' ? code : null, stdout, stderr, error: err });
      },
    );
  });
}

/**
 * Starts `bin args…` in a process group of its own (so a cancel can signal the whole group: the pnpm shim's node
 * and nothing else), stdin closed, stdout and stderr piped.
 */
export function spawnInGroup(
  bin: string,
  args: readonly string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv },
): ChildProcess {
  return spawn(bin, [...args], {
    cwd: opts.cwd,
    shell: false,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: opts.env,
  });
}
