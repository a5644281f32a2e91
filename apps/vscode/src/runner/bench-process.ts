/**
 * One runner process: spawned with an argument array (never a shell, see `processes.ts`), its NDJSON events followed in the file it
 * writes them to (`--events <file>`: the runner writes each event synchronously before the next fork starts), its
 * stdout and stderr — the runner's readable report and log, as a terminal shows them — passed on line by line.
 * (A file, not an inherited pipe: Node's extra stdio pipes are sockets, which `/dev/fd/N` cannot open.) Cancelling sends SIGINT to its process group — the runner then kills
 * the running fork's group and leaves a valid, resumable results file — and SIGKILLs whatever of the tree is still
 * alive after a grace period.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type { BenchEvent } from '../model/bench-types.js';
import { parseEventLine } from '../model/protocol.js';
import { descendants, readParents, signalAll } from './process-tree.js';
import { spawnInGroup } from './processes.js';

/** How the process ended. */
export interface RunnerExit {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  cancelled: boolean;
}

/** Callbacks of one run. */
export interface RunnerCallbacks {
  onEvent(event: BenchEvent): void;
  /** Every line of stdout and stderr (the runner's report and log), for the output channel. */
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

/** How often the event file is read while the runner runs (a fork takes longer; progress needs no more). */
const FOLLOW_MS = 100;

/**
 * Follows a file another process appends to: calls `onChunk` with each new part. `drain()` reads what is left (call
 * it after the writer exited) and stops.
 */
export function followFile(path: string, onChunk: (chunk: Buffer) => void): { drain(): void } {
  let fd: number | null = null;
  let offset = 0;
  const buf = Buffer.alloc(64 * 1024);
  const read = () => {
    try {
      fd ??= openSync(path, 'r');
    } catch {
      return; // not created yet
    }
    for (
      let n = readSync(fd, buf, 0, buf.length, offset);
      n > 0;
      n = readSync(fd, buf, 0, buf.length, offset)
    ) {
      offset += n;
      onChunk(Buffer.from(buf.subarray(0, n)));
    }
  };
  const timer = setInterval(read, FOLLOW_MS);
  return {
    drain: () => {
      clearInterval(timer);
      read();
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}

/** Starts `bin args…` in `cwd`; its events are read from `eventsFile` (the `--events` of `args`). */
export function startRunner(
  bin: string,
  args: readonly string[],
  cwd: string,
  eventsFile: string,
  cb: RunnerCallbacks,
  env: NodeJS.ProcessEnv = process.env,
): RunnerHandle {
  const child = spawnInGroup(bin, args, { cwd, env: { ...env, NO_COLOR: '1', FORCE_COLOR: '0' } });
  let cancelled = false;
  const events = followFile(
    eventsFile,
    lineSplitter((line) => {
      try {
        const event = parseEventLine(line);
        if (event) cb.onEvent(event);
      } catch (e) {
        cb.onProtocolError(e as Error);
      }
    }),
  );
  // Piped above, so present.
  child.stdout!.on(
    'data',
    lineSplitter((line) => cb.onLog(line)),
  );
  child.stderr!.on(
    'data',
    lineSplitter((line) => cb.onLog(line)),
  );
  const exited = new Promise<RunnerExit>((resolve) => {
    child.on('error', (e) => {
      events.drain();
      cb.onLog(`could not start ${bin}: ${e.message}`);
      resolve({ exitCode: null, signal: null, cancelled });
    });
    child.on('close', (exitCode, signal) => {
      events.drain(); // the last events (run-finished) before the exit is reported
      resolve({ exitCode, signal, cancelled });
    });
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
