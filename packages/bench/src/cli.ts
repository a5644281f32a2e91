#!/usr/bin/env node
import { defaultIo } from './cli/io.js';
/**
 * The `tombstone-bench` executable: runs {@link main} on `process.argv`; the first Ctrl-C kills the running fork and
 * stops after it, a second quits at once.
 */
import { main } from './cli/main.js';
import { EXIT } from './finish/finish-run.js';

const controller = new AbortController();
let interrupts = 0;
process.on('SIGINT', () => {
  interrupts++;
  if (interrupts > 1) process.exit(EXIT.interrupted);
  process.stderr.write('\nstopping after killing the running fork… (Ctrl-C again to quit now)\n');
  controller.abort();
});
main(process.argv.slice(2), { ...defaultIo(), script: process.argv[1] }, controller.signal).then((code) => {
  process.exitCode = code;
});
