#!/usr/bin/env node
/**
 * The `tombstone-bench` executable: runs `main` on `process.argv`; the first Ctrl-C stops what runs (the running
 * fork, or a git comparison's install or build) and ends the run, a second quits at once. Only the small start
 * module is loaded before the SIGINT listener; the CLI itself loads after it.
 */
import { start } from './cli/start.js';

// exitCode, not exit(): pending output (a piped report) is flushed first.
process.exitCode = await start(
  {
    argv: process.argv,
    onSigint: (listener) => void process.on('SIGINT', listener),
    stderr: (text) => void process.stderr.write(text),
    exit: (code) => process.exit(code),
  },
  async () => ({ ...(await import('./cli/main.js')), ...(await import('./cli/io.js')) }),
);
