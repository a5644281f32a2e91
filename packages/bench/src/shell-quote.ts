import { normalize, relative } from 'node:path';

/** POSIX shell quoting lives in format/ (the `./format` entry), so the harness prints its hints with the same code. */
export { shellQuote, shellQuoteArg } from './format/shell-quote.js';

/** This package's CLI script as installed in a project: what pnpm's and yarn's bin shims run. */
const INSTALLED_CLI = /\/node_modules\/@tombstone-lab\/bench\/dist\/cli\.js$/;

/**
 * How a user launches a recorded CLI script: an npm project's bin runs from `node_modules/.bin`, where the user
 * typed `npx <bin>` (its absolute path is neither what they typed nor portable); pnpm's shim runs
 * `node_modules/.bin/../@tombstone-lab/bench/dist/cli.js`, which is `npx tombstone-bench` too (it printed
 * `npx ../@tombstone-lab/bench/dist/cli.js`); any other path as recorded.
 */
export function launcherOf(script: string): string[] {
  const path = normalize(script);
  if (INSTALLED_CLI.test(path)) return ['npx', 'tombstone-bench'];
  const at = path.lastIndexOf('/node_modules/.bin/');
  return at >= 0 ? ['npx', path.slice(at + '/node_modules/.bin/'.length)] : [script];
}

/**
 * `file` as the user can type it from `cwd`: relative when inside it, else absolute. Every message that names a path
 * shows it this way (`results: out/run.json` after `--out out/run.json`, not the absolute path).
 */
export function displayPath(cwd: string, file: string): string {
  const rel = relative(cwd, file);
  return rel !== '' && !rel.startsWith('..') ? rel : file;
}
