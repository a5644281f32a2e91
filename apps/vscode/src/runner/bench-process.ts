/**
 * One runner process: spawned with an argument array (never a shell), its stdout read as NDJSON events, its
 * stderr and every line kept for the raw log. Cancelling sends SIGINT to its process group — the runner then kills
 * the running fork's group and leaves a valid, resumable results file — and SIGKILLs whatever of the tree is still
 * alive after a grace period.
 */
import { spawn } from 'node:child_process';
import type { BenchEvent } from '../model/bench-types.js';
import { parseEventLine } from '../model/protocol.js';
import { descendants, readParents, signalAll } from './process-tree.js';

/** How the process ended. */
export interface RunnerExit {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  cancelled: boolean;
}

/** Callbacks of one run. */
export interface RunnerCallbacks {
  onEvent(event: BenchEvent): void;
  /** Every raw line, stdout and stderr, for the output channel. */
  onLog(line: string): void;
  /** A line that claims to be an event but is not one the extension can read. */
  onProtocolError(error: Error): void;
}

/** A running runner. */
export interface RunnerHandle {
  readonly pid: number | undefined;
  readonly exited: Promise<RunnerExit>;
  /** Interrupts the run; resolves when the whole process tree is gone. */
  cancel(): Promise<void>;
}

/** How long the runner gets to stop its fork and write the results file before everything is killed. */
export const CANCEL_GRACE_MS = 8000;

function lineSplitter(onLine: (line: string) => void): (chunk: Buffer) => void {
  let rest = '';
  return (chunk) => {
    const parts = (rest + chunk.toString('utf8')).split('\n');
    rest = parts.pop() ?? '';
    for (const p of parts) onLine(p);
  };
}

/** Starts `bin args…` in `cwd`. */
export function startRunner(
  bin: string,
  args: readonly string[],
  cwd: string,
  cb: RunnerCallbacks,
  env: NodeJS.ProcessEnv = process.env,
): RunnerHandle {
  const child = spawn(bin, args, {
    cwd,
    shell: false,
    detached: true, // its own process group, so a cancel reaches the pnpm shim's node and nothing else
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  let cancelled = false;
  child.stdout.on(
    'data',
    lineSplitter((line) => {
      cb.onLog(line);
      try {
        const event = parseEventLine(line);
        if (event) cb.onEvent(event);
      } catch (e) {
        cb.onProtocolError(e as Error);
      }
    }),
  );
  child.stderr.on(
    'data',
    lineSplitter((line) => cb.onLog(line)),
  );
  const exited = new Promise<RunnerExit>((resolve) => {
    child.on('error', (e) => {
      cb.onLog(`could not start ${bin}: ${e.message}`);
      resolve({ exitCode: null, signal: null, cancelled });
    });
    child.on('close', (exitCode, signal) => resolve({ exitCode, signal, cancelled }));
  });
  const cancel = async (): Promise<void> => {
    const pid = child.pid;
    if (pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    cancelled = true;
    const tree = descendants(pid, readParents());
    signalAll([-pid], 'SIGINT');
    const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), CANCEL_GRACE_MS));
    const outcome = await Promise.race([exited, timer]);
    if (outcome === 'timeout') signalAll([-pid, pid], 'SIGKILL');
    await exited;
    // Forks run in process groups of their own; any the runner did not reap goes now.
    signalAll([...tree, ...descendants(pid, readParents())], 'SIGKILL');
  };
  return { pid: child.pid, exited, cancel };
}
