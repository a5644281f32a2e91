import { type BigIntStats, closeSync, mkdirSync, openSync, readdirSync, statSync, unlinkSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { describeValue, HarnessArgumentError } from '../errors.js';

/**
 * The entry at `path`, or undefined when nothing is there — also when a parent is a file (ENOTDIR), which is named later.
 * A bigint stat, so that a FIFO given as a path does not poison the next import's realpath (no-shared-stat.test.ts).
 */
function entryAt(path: string): BigIntStats | undefined {
  try {
    return statSync(path, { bigint: true, throwIfNoEntry: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
    throw error;
  }
}

/**
 * How a message names `path`, a directory on the way to what the user gave as `given` from `cwd`: in the same form,
 * relative when they typed a relative path (`"afile"`, not `"/home/me/project/afile"`), else absolute.
 */
function asGiven(given: string, cwd: string, path: string): string {
  return describeValue(isAbsolute(given) ? path : relative(cwd, path) || '.');
}

/**
 * Checks, before any work, that an output file can be written: the path is not a directory, an existing file is
 * refused unless `force`, its missing parent directories are created (as bench does for its `--out`), and the
 * directory takes a new file — probed by creating and removing one, since permission bits do not tell (root,
 * `/proc`, read-only mounts). Returns the absolute path.
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
  const shown = (path: string) => asGiven(given, cwd, path);
  const existing = entryAt(file);
  if (existing?.isDirectory()) throw fail('is a directory; give a file path');
  // Nothing silently lost: an earlier result (a shrunk replay, a histogram log) is replaced only when asked.
  if (existing !== undefined && options.force !== true)
    throw fail('already exists; pass --force to replace it, or give another path');
  makeParents(dirname(file), fail, shown);
  probeDirectory(dirname(file), `${file}.${process.pid}.probe`, fail, shown);
  return file;
}

/**
 * Creates `dir`'s missing levels once its nearest existing ancestor takes new entries, and names a parent that is a
 * file rather than reporting Node's ENOTDIR. Node 20's recursive mkdir never returned under `/proc` (issue 23); the
 * ancestor is probed first, and below a directory that takes a new file the recursive mkdir only makes new
 * directories, so Node's own mkdir does the creating (bench's `makeDirectories` creates level by level for the same
 * hang; `check` runs without bench, an optional peer, so it cannot import that one).
 */
function makeParents(dir: string, fail: (why: string) => Error, shown: (path: string) => string): void {
  let top = dir;
  let found = entryAt(top);
  while (found === undefined && dirname(top) !== top) {
    top = dirname(top);
    found = entryAt(top);
  }
  if (found !== undefined && !found.isDirectory()) throw fail(`${shown(top)} is a file, not a directory`);
  if (top === dir) return;
  probeDirectory(top, join(top, `.${process.pid}.probe`), fail, shown);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw fail(`cannot create ${shown(dir)} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
}

/**
 * Checks that `dir` exists and takes a new file, by creating and removing `probe` (permission bits do not tell:
 * root, `/proc`, read-only mounts).
 */
function probeDirectory(
  dir: string,
  probe: string,
  fail: (why: string) => Error,
  shown: (path: string) => string,
): void {
  if (entryAt(dir)?.isDirectory() !== true)
    throw fail(`directory ${shown(dir)} does not exist (create it first)`);
  try {
    closeSync(openSync(probe, 'wx'));
  } catch (error) {
    throw fail(`cannot write in ${shown(dir)} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  unlinkSync(probe);
}

/**
 * Checks, before any work, an output directory (`case --out DIR`): an existing one must be empty unless `force`
 * (an earlier report is never mixed with or replaced by a new one); a new one is created with its missing parents,
 * as {@link checkOutputFile} creates a file's (`case --out cases/po` said "create it first" where `check --out` and
 * bench's `--out` create them). Returns the absolute path.
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
  const shown = (path: string) => asGiven(given, cwd, path);
  const existing = entryAt(dir);
  if (existing !== undefined) {
    if (!existing.isDirectory()) throw fail('is a file; give a directory');
    if (readdirSync(dir).length > 0 && options.force !== true)
      throw fail('is not empty; pass --force to write into it, or give another directory');
    probeDirectory(dir, join(dir, `.${process.pid}.probe`), fail, shown);
    return dir;
  }
  makeParents(dirname(dir), fail, shown);
  probeDirectory(dirname(dir), `${dir}.${process.pid}.probe`, fail, shown);
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
