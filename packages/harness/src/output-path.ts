import { closeSync, mkdirSync, openSync, readdirSync, statSync, unlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describeValue, HarnessArgumentError } from './errors.js';

/**
 * Checks, before any work, that an output file can be written: its directory exists (it is not created silently —
 * a typo in a path should not grow a directory tree) and takes a new file, and the path is not a directory. The
 * directory is probed by creating and removing a file, since permission bits do not tell (root, `/proc`, read-only
 * mounts). An existing file is refused unless `force`. Returns the absolute path.
 * @throws HarnessArgumentError naming the option and the path as given.
 */
export function checkOutputFile(
  given: string,
  cwd: string,
  what: string,
  options: { force?: boolean } = {},
): string {
  const file = resolve(cwd, given);
  const fail = (why: string) => new HarnessArgumentError(`${what} ${describeValue(given)}: ${why}`);
  const existing = statSync(file, { throwIfNoEntry: false });
  if (existing?.isDirectory()) throw fail('is a directory; give a file path');
  // Nothing silently lost: an earlier result (a shrunk replay, a histogram log) is replaced only when asked.
  if (existing !== undefined && options.force !== true)
    throw fail('already exists; pass --force to replace it, or give another path');
  probeDirectory(dirname(file), `${file}.${process.pid}.probe`, fail);
  return file;
}

/**
 * Checks that `dir` exists and takes a new file, by creating and removing `probe` (permission bits do not tell:
 * root, `/proc`, read-only mounts).
 */
function probeDirectory(dir: string, probe: string, fail: (why: string) => Error): void {
  if (statSync(dir, { throwIfNoEntry: false })?.isDirectory() !== true)
    throw fail(`directory ${describeValue(dir)} does not exist (create it first)`);
  try {
    closeSync(openSync(probe, 'wx'));
  } catch (error) {
    throw fail(
      `cannot write in ${describeValue(dir)} (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
    );
  }
  unlinkSync(probe);
}

/**
 * Checks, before any work, an output directory (`case --out DIR`): an existing one must be empty unless `force`
 * (an earlier report is never mixed with or replaced by a new one); a new one is created — only the last level, in
 * a parent that exists and takes files (the same probe as {@link checkOutputFile}: a recursive mkdir under `/proc`
 * never returned, issue 23). Returns the absolute path.
 * @throws HarnessArgumentError naming the option and the path as given.
 */
export function checkOutputDirectory(
  given: string,
  cwd: string,
  what: string,
  options: { force?: boolean } = {},
): string {
  const dir = resolve(cwd, given);
  const fail = (why: string) => new HarnessArgumentError(`${what} ${describeValue(given)}: ${why}`);
  const existing = statSync(dir, { throwIfNoEntry: false });
  if (existing !== undefined) {
    if (!existing.isDirectory()) throw fail('is a file; give a directory');
    if (readdirSync(dir).length > 0 && options.force !== true)
      throw fail('is not empty; pass --force to write into it, or give another directory');
    probeDirectory(dir, join(dir, `.${process.pid}.probe`), fail);
    return dir;
  }
  probeDirectory(dirname(dir), `${dir}.${process.pid}.probe`, fail);
  try {
    mkdirSync(dir);
  } catch (error) {
    throw fail(`cannot create it (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  return dir;
}

/** The default output file `file` under a directory the harness owns (e.g. `.tombstone-harness/`), created if needed. */
export function defaultOutputFile(file: string, what: string): string {
  mkdirSync(dirname(file), { recursive: true });
  return checkOutputFile(file, dirname(file), what);
}
