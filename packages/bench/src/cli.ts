#!/usr/bin/env node
import { interruptListener } from './cli/interrupts.js';
import { defaultIo } from './cli/io.js';
/**
 * The `tombstone-bench` executable: runs {@link main} on `process.argv`; the first Ctrl-C stops what runs (the
 * running fork, or a git comparison's install or build) and ends the run, a second quits at once.
 */
import { main } from './cli/main.js';
import { EXIT } from './finish/finish-run.js';

const controller = new AbortController();
// main says what it stops (the running fork, or a git comparison's install or build).
process.on(
  'SIGINT',
  interruptListener(
    () => controller.abort(),
    () => process.exit(EXIT.interrupted),
  ),
);
main(process.argv.slice(2), { ...defaultIo(), script: process.argv[1] }, controller.signal).then((code) => {
  process.exitCode = code;
});
