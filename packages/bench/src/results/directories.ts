import { closeSync, mkdirSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { UsageError } from '../errors.js';

/** Node's `code` and first line of a file-system error, e.g. `EEXIST: file already exists`. */
function reason(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (err.code === 'ENOENT') return 'it does not exist';
  if (err.code === 'ENOTDIR' || err.code === 'EEXIST') return 'it (or a parent) is a file, not a directory';
  if (err.code === 'EACCES' || err.code === 'EPERM') return 'permission denied';
  return String(err.message ?? e).split('\n')[0]!;
}

/**
 * `mkdir -p` that never hangs. Node 20's `mkdirSync(dir, { recursive: true })` loops forever when mkdir reports ENOENT
 * for a parent that exists (procfs: `/proc/svg` hung `report --svg` until killed), so this walks up to the nearest
 * existing ancestor and creates each missing level once, throwing the first error.
 */
export function makeDirectories(dir: string): void {
  const missing: string[] = [];
  let d = dir;
  for (;;) {
    let isDir: boolean | undefined;
    try {
      isDir = statSync(d).isDirectory();
    } catch {
      isDir = undefined;
    }
    if (isDir === false)
      throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${dir}'`), { code: 'ENOTDIR' });
    if (isDir === true || dirname(d) === d) break;
    missing.push(d);
    d = dirname(d);
  }
  for (const m of missing.reverse()) mkdirSync(m);
}

/**
 * Checks before any work that the output file `file` can be written (its directory created if missing, the file not
 * a directory, a file creatable beside it), so an unwritable `--out` fails at once instead of after the whole run.
 * @throws {UsageError} naming `what` (the option), the path and why.
 */
export function checkOutputFile(file: string, what: string): void {
  let isDir = false;
  try {
    isDir = statSync(file).isDirectory();
  } catch {
    // a file that does not exist yet is fine
  }
  if (isDir)
    throw new UsageError(`${what} ${file} is a directory; give a file path such as ${file}/run.json`);
  const probe = `${file}.${process.pid}.probe`;
  try {
    makeDirectories(dirname(file));
    closeSync(openSync(probe, 'wx'));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no file can be created there (ENOENT)' : reason(e);
    throw new UsageError(`${what} ${file} cannot be written: ${why}`);
  }
  rmSync(probe, { force: true });
}

/**
 * Creates `dir` (and its parents) for output, or throws a UsageError naming the path and why — a user's `--svg
 * package.json` or `--out` onto a file otherwise surfaces as Node's EEXIST stack trace.
 */
export function ensureDirectory(dir: string, what: string): void {
  try {
    makeDirectories(dir);
  } catch (e) {
    throw new UsageError(`${what}: cannot create directory ${dir}: ${reason(e)}`);
  }
}

/** The entries of `dir`, or a UsageError naming the path and why it cannot be listed (missing, a file, …). */
export function listDirectory(dir: string, what: string): string[] {
  try {
    return readdirSync(dir);
  } catch (e) {
    throw new UsageError(`${what}: cannot read directory ${dir}: ${reason(e)}`);
  }
}
