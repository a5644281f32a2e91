#!/usr/bin/env node
/** The `tombstone-harness` executable: wires {@link runCli} to the real process. */
import { launcherOf } from './cli/command.js';
import { runCli } from './cli/main.js';

// First Ctrl-C: stop the running stress or case cleanly (results are still written); second: quit now.
const interrupt = new AbortController();
process.on('SIGINT', () => {
  if (interrupt.signal.aborted) process.exit(130);
  process.stderr.write('\nstopping… (Ctrl-C again to quit now)\n');
  interrupt.abort();
});

// `generate … | head -1` closes our stdout early: that is the reader saying "enough", not an error, so leave
// quietly (exit 0) instead of dying with an unhandled EPIPE stack. Applies to every streaming command.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const code = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  isTTY: Boolean(process.stderr.isTTY),
  signal: interrupt.signal,
  command: launcherOf(process.argv[1]),
});
process.exitCode = code;
// Interrupted: leave now. Whatever the command kept is written (atomically) already; a child still settling (a bench
// fork that finishes its sample) must not hold the exit back past the second Ctrl-C promises.
if (interrupt.signal.aborted) process.exit(code);
