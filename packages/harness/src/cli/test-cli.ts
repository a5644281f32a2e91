/**
 * What the CLI tests share (not shipped: `test-*.ts` is left out of the build and the package): the in-process
 * runner, the built bin and the `check` command line that diverges on a planted engine bug.
 */
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { EXIT } from './command.js';
import { runCli } from './main.js';

/** The built-in specs directory: the in-process runs' default working directory. */
export const SPECS = fileURLToPath(new URL('../../specs/', import.meta.url));

/** The built executable (`dist/cli.js`), for tests that run it as a user's shell would. */
export const BUILT_CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/**
 * The environment of a user's shell for a built CLI: this one without `NODE_PATH`, which `pnpm run` (and so `pnpm
 * test`) sets to the workspace's hoisted store (`node_modules/.pnpm/node_modules`). Through it a child found
 * base64-js where a user's install would not, and the tests missed that `stress` died with "Cannot find module".
 */
export function userEnv(): NodeJS.ProcessEnv {
  const { NODE_PATH: _, ...env } = process.env;
  return env;
}

/** Runs one CLI invocation in-process in `cwd`: its exit code and everything it printed. */
export async function runInProcess(args: readonly string[], cwd = SPECS) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { stdout: (t) => out.push(t), stderr: (t) => err.push(t), cwd });
  return { code, out: out.join(''), err: err.join('') };
}

/**
 * `check` of the built-in check-mixed spec, seed 1, over `ops` ops with the planted bug `corruptor`: it diverges
 * (end-exclusive within 300 ops; tie-to-data at op 3746), so the replay output and hints can be tested.
 */
export function divergingCheck(corruptor: string, ops: number): string[] {
  return ['check', '--spec', 'check-mixed', '--seed', '1', '--ops', String(ops), '--corrupt', corruptor];
}

/** Runs a command line that must be refused as bad input: exit 2 and one line on stderr, which it returns. */
export async function usageError(args: readonly string[], cwd = SPECS): Promise<string> {
  const r = await runInProcess(args, cwd);
  expect(r.code, args.join(' ')).toBe(EXIT.usage);
  expect(r.err.trimEnd().split('\n'), r.err).toHaveLength(1);
  return r.err.trimEnd();
}
