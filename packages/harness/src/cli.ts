#!/usr/bin/env node
/** The `tombstone-harness` executable: wires {@link runCli} to the real process. */
import { once } from 'node:events';
import { fstatSync, writeSync } from 'node:fs';
import { launcherOf } from './cli/command.js';
import { runCli } from './cli/main.js';

// First Ctrl-C: stop the running stress or case cleanly (results are still written); second: quit now.
const interrupt = new AbortController();
process.on('SIGINT', () => {
  if (interrupt.signal.aborted) process.exit(130);
  // On a terminal, clear the line instead of leaving it: it is check's or stress's progress line, which a newline
  // left standing above the final summary (`4,630 ops · 880 op/s · ETA 56.7 min`).
  process.stderr.write(
    `${process.stderr.isTTY ? '\r\u001b[2K' : '\n'}stopping… (Ctrl-C again to quit now)\n`,
  );
  interrupt.abort();
});

// `generate … | head -1` closes our stdout early: that is the reader saying "enough", not an error, so leave
// quietly (exit 0) instead of dying with an unhandled EPIPE stack. Applies to every streaming command.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

// stdout redirected to a file: write it directly. process.stdout is then a synchronous stream anyway, and its
// Writable machinery and string → Buffer copy cost `generate` 0.3 s per 10^6 ops (2.55 s against 1.6 s for the same
// ops encoded and written in process, load 1.7-6.8). A pipe or terminal keeps the stream (async, with 'drain').
//
// `bigint: true` is not about the numbers. A plain fstatSync leaves its result in the stat array node:fs shares with
// realpathSync, and Node 20's realpathSync, on reaching a path prefix it has cached as real, reads that array to
// decide "a pipe or socket: stop resolving". With stdout a pipe, the next import resolved
// `@tombstone-lab/bench` to its unresolved pnpm symlink (packages/harness/node_modules/…), and hdr-histogram-js,
// loaded from there, could not require base64-js: `stress | tee` died with "Cannot find module 'base64-js'".
// A bigint stat fills a separate array (see no-shared-stat.test.ts).
const stdoutIsFile = (() => {
  try {
    return fstatSync(1, { bigint: true }).isFile();
  } catch {
    return false; // no stdout at all (closed): the stream reports what a write finds
  }
})();

const code = await runCli(process.argv.slice(2), {
  stdout: stdoutIsFile ? (text) => writeSync(1, text) : (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  // Resolves on 'drain' (or on Ctrl-C, so an interrupted command never waits on a reader that stopped reading).
  drain: () =>
    process.stdout.writableNeedDrain
      ? once(process.stdout, 'drain', { signal: interrupt.signal }).then(
          () => undefined,
          () => undefined,
        )
      : Promise.resolve(),
  cwd: process.cwd(),
  isTTY: Boolean(process.stderr.isTTY),
  signal: interrupt.signal,
  command: launcherOf(process.argv[1]),
});
process.exitCode = code;
// Interrupted: leave now. Whatever the command kept is written (atomically) already; a child still settling (a bench
// fork that finishes its sample) must not hold the exit back past the second Ctrl-C promises.
if (interrupt.signal.aborted) process.exit(code);
