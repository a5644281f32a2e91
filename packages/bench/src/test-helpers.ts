import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { main } from './cli/main.js';

/** Output captured from one in-process CLI invocation. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process (forks are real processes) with captured output. */
export async function runCli(
  argv: string[],
  cwd: string,
  onStdout?: (text: string) => void,
  signal?: AbortSignal,
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(
    argv,
    {
      cwd,
      isTTY: false,
      stdout: (t) => {
        stdout += t;
        onStdout?.(t);
      },
      stderr: (t) => {
        stderr += t;
      },
    },
    signal,
  );
  return { code, stdout, stderr };
}

/** A fresh temp directory with the given files written into it. */
export function tempProject(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'tombstone-bench-test-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

/** Fast options for tests: tiny samples, no pinning surprises, no type-check (its own tests turn it on). */
export const FAST = ['--sample-ms', '20', '--warmup-ms', '20', '--timeout-ms', '20000', '--no-typecheck'];

/**
 * `args` after {@link FAST} without the options `args` sets itself (`fastWith(['--timeout-ms', '1500'])`): an option
 * that takes one value may be given only once.
 */
export function fastWith(args: readonly string[]): string[] {
  const given = new Set(args.filter((a) => a.startsWith('-')));
  const kept = FAST.filter((a, i) => !given.has(a) && !given.has(FAST[i - 1] ?? ''));
  return [...kept, ...args];
}

/**
 * Waits (polling, no duration asserted) until a process is gone; a zombie counts as gone, since an orphan is only
 * reaped when the container's init gets to it. Returns false if it is still running after ~5 s.
 */
export async function processGone(pid: number): Promise<boolean> {
  const running = (): boolean => {
    try {
      process.kill(pid, 0);
    } catch {
      return false;
    }
    try {
      // Field 3 of /proc/<pid>/stat is the state; the command name before it is parenthesised.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
    } catch {
      return false;
    }
  };
  for (let i = 0; i < 100 && running(); i++) await new Promise((r) => setTimeout(r, 50));
  return !running();
}
