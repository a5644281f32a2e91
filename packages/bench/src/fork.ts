import { spawn } from 'node:child_process';
import type { ForkJob, ForkResult } from './fork-protocol.js';
import type { PinPlan } from './pinning.js';

/** How to start a fork. */
export interface ForkOptions {
  /** Worker script (see `workerScript`). */
  worker: string;
  /** Extra flags for `node` (before the script). */
  nodeArgs?: readonly string[];
  /** CPU pinning via `taskset`, or null. */
  pin?: PinPlan | null;
  /** Command prefix run before node, e.g. valgrind; an argument array, never a shell string. */
  wrapper?: readonly string[];
  /** Kill the fork after this long. */
  timeoutMs: number;
  /** Aborting kills the fork (Ctrl-C). */
  signal?: AbortSignal;
  cwd?: string;
}

/** How one fork ended. */
export type ForkOutcome =
  | { kind: 'result'; result: ForkResult; logTail: string }
  | { kind: 'crash' | 'timeout' | 'interrupted'; message: string; logTail: string };

const TAIL_BYTES = 4000;

/** Flags every measuring fork gets: `gc()` so each sample starts its timed phase from a collected heap. */
export const DEFAULT_NODE_ARGS = ['--expose-gc'] as const;

/**
 * Runs one job in a fresh `node` process (spawned with an argument array, never a shell) and resolves with its
 * result, or with why there is none. Never rejects and never hangs: the time limit kills the process.
 */
export function runFork(job: ForkJob, opts: ForkOptions): Promise<ForkOutcome> {
  const argv = [...(opts.nodeArgs ?? DEFAULT_NODE_ARGS), opts.worker, JSON.stringify(job)];
  const prefix = [...(opts.pin ? ['taskset', '-c', opts.pin.cpu] : []), ...(opts.wrapper ?? [])];
  const [command, ...args] = [...prefix, process.execPath, ...argv] as [string, ...string[]];
  const env = { ...process.env };
  // Loader/inspector flags injected by a test runner or editor would change what is measured.
  delete env.NODE_OPTIONS;
  return new Promise((resolve) => {
    let tail = '';
    let resultText = '';
    let settled: ForkOutcome | null = null;
    const keep = (chunk: Buffer): void => {
      tail = (tail + chunk.toString('utf8')).slice(-TAIL_BYTES);
    };
    const child = spawn(command, args, {
      cwd: opts.cwd,
      env,
      shell: false,
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    (child.stdio[3] as NodeJS.ReadableStream | null)?.on('data', (c: Buffer) => {
      resultText += c.toString('utf8');
    });
    const stop = (outcome: ForkOutcome): void => {
      if (settled) return;
      settled = outcome;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () =>
        stop({
          kind: 'timeout',
          message: `fork exceeded its time limit of ${opts.timeoutMs} ms`,
          logTail: tail,
        }),
      opts.timeoutMs,
    );
    const onAbort = (): void => stop({ kind: 'interrupted', message: 'interrupted', logTail: tail });
    if (opts.signal?.aborted) onAbort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (err) =>
      stop({ kind: 'crash', message: `could not start ${command}: ${err.message}`, logTail: tail }),
    );
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      if (settled) return resolve({ ...settled, logTail: tail });
      // Ctrl-C in a terminal signals the whole foreground process group, so the fork may die of it before the
      // runner's own handler aborts: that is an interruption, not a crash of the benchmark.
      if (signal === 'SIGINT') return resolve({ kind: 'interrupted', message: 'interrupted', logTail: tail });
      const line = resultText.split('\n').find((l) => l.trim() !== '');
      if (line) {
        try {
          return resolve({ kind: 'result', result: JSON.parse(line) as ForkResult, logTail: tail });
        } catch {
          // fall through: a garbled result line is a crash
        }
      }
      resolve({
        kind: 'crash',
        message: `fork exited with ${signal ? `signal ${signal}` : `code ${code}`} without a result`,
        logTail: tail,
      });
    });
  });
}
