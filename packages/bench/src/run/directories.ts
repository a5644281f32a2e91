import { mkdirSync, readdirSync } from 'node:fs';
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
 * Creates `dir` (and its parents) for output, or throws a UsageError naming the path and why — a user's `--svg
 * package.json` or `--out` onto a file otherwise surfaces as Node's EEXIST stack trace.
 */
export function ensureDirectory(dir: string, what: string): void {
  try {
    mkdirSync(dir, { recursive: true });
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
