#!/usr/bin/env node
/** The `tombstone-harness` executable: wires {@link runCli} to the real process. */
import { runCli } from './cli-main.js';

const code = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  isTTY: Boolean(process.stderr.isTTY),
});
process.exitCode = code;
