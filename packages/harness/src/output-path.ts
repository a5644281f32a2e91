import { closeSync, mkdirSync, openSync, statSync, unlinkSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describeValue, HarnessArgumentError } from './errors.js';

/**
 * Checks, before any work, that an output file can be written: its directory exists (it is not created silently —
 * a typo in a path should not grow a directory tree) and takes a new file, and the path is not a directory. The
 * directory is probed by creating and removing a file, since permission bits do not tell (root, `/proc`, read-only
 * mounts). Returns the absolute path.
 * @throws HarnessArgumentError naming the option and the path as given.
 */
export function checkOutputFile(given: string, cwd: string, what: string): string {
  const file = resolve(cwd, given);
  const fail = (why: string) => new HarnessArgumentError(`${what} ${describeValue(given)}: ${why}`);
  if (statSync(file, { throwIfNoEntry: false })?.isDirectory())
    throw fail('is a directory; give a file path');
  const dir = dirname(file);
  if (statSync(dir, { throwIfNoEntry: false })?.isDirectory() !== true)
    throw fail(`directory ${describeValue(dir)} does not exist (create it first)`);
  const probe = `${file}.${process.pid}.probe`;
  try {
    closeSync(openSync(probe, 'wx'));
  } catch (error) {
    throw fail(
      `cannot write in ${describeValue(dir)} (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
    );
  }
  unlinkSync(probe);
  return file;
}

/** The default output file `file` under a directory the harness owns (e.g. `.tombstone-harness/`), created if needed. */
export function defaultOutputFile(file: string, what: string): string {
  mkdirSync(dirname(file), { recursive: true });
  return checkOutputFile(file, dirname(file), what);
}
