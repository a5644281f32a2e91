import { type ChildProcess, spawn } from 'node:child_process';
import type { ForkJob, ForkResult } from './fork-protocol.js';
import type { PinPlan } from './pinning.js';

/** How to start a fork. */
export interface ForkOptions {
  /** Worker script (see `workerScript`). */
  worker: string;
  /** The bundled measuring kit (see `kitScript`) that sample, paired and count jobs name. */
  kit?: string;
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

/**
 * Flags every measuring fork gets: `gc()` so each sample starts its timed phase from a collected heap; source maps so
 * a throwing benchmark's stack names the user's `.bench.ts` file and line (the bundle carries an inline map).
 */
export const DEFAULT_NODE_ARGS = ['--expose-gc', '--enable-source-maps'] as const;

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
    // Its own process group, so a timeout or Ctrl-C can kill whatever the benchmark started along with it.
    const child = spawn(command, args, {
      cwd: opts.cwd,
      env,
      shell: false,
      detached: true,
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
      killProcessGroup(child);
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
    let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      for (const stream of child.stdio) stream?.destroy();
      resolve(outcomeOf(settled, exit, resultText, tail));
    };
    child.on('error', (err) => {
      stop({ kind: 'crash', message: `could not start ${command}: ${err.message}`, logTail: tail });
      // A spawn failure emits no 'exit'; a failed kill of a running child does, and settles there.
      if (child.pid === undefined) finish();
    });
    // Settled on 'exit', not 'close': a grandchild that inherited the pipes would hold 'close' back until it dies,
    // turning a finished sample into a timeout. The pipes get a short grace period to deliver buffered output.
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      clearTimeout(timer);
      // Whatever the benchmark left running in the fork's group dies with the fork.
      killProcessGroup(child);
      const grace = setTimeout(finish, EXIT_GRACE_MS);
      child.once('close', () => {
        clearTimeout(grace);
        finish();
      });
    });
  });
}

/** How long after the fork's exit its pipes may still deliver output before they are cut. */
const EXIT_GRACE_MS = 500;

/** SIGKILLs the child's whole process group (it was spawned detached, so it leads one); falls back to the child. */
export function killProcessGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // The group is gone already (ESRCH), or the platform has no groups: kill the child itself.
    child.kill('SIGKILL');
  }
}

function outcomeOf(
  settled: ForkOutcome | null,
  exit: { code: number | null; signal: NodeJS.Signals | null } | null,
  resultText: string,
  tail: string,
): ForkOutcome {
  if (settled) return { ...settled, logTail: tail };
  // A fork killed by SIGINT (Ctrl-C sent to it directly) was interrupted, not a crash of the benchmark.
  if (exit?.signal === 'SIGINT') return { kind: 'interrupted', message: 'interrupted', logTail: tail };
  const line = resultText.split('\n').find((l) => l.trim() !== '');
  if (line) {
    try {
      return { kind: 'result', result: JSON.parse(line) as ForkResult, logTail: tail };
    } catch {
      // fall through: a garbled result line is a crash
    }
  }
  const how = exit?.signal ? `signal ${exit.signal}` : `code ${exit?.code ?? null}`;
  return { kind: 'crash', message: `fork exited with ${how} without a result`, logTail: tail };
}
