import { closeSync, mkdirSync, openSync, readdirSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UsageError } from '../errors.js';

/** Why a file-system call failed, in words (`it does not exist`), else Node's first line. */
export function reason(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (err.code === 'ENOENT') return 'it does not exist';
  if (err.code === 'ENOTDIR' || err.code === 'EEXIST') return 'it (or a parent) is a file, not a directory';
  if (err.code === 'EACCES' || err.code === 'EPERM') return 'permission denied';
  return String(err.message ?? e).split('\n')[0]!;
}

/**
 * `mkdir -p` that never hangs. Node 20's `mkdirSync(dir, { recursive: true })` loops forever when mkdir reports ENOENT
 * for a parent that exists (procfs: `/proc/svg` hung `report --svg` until killed), so this walks up to the nearest
 * existing ancestor and creates each missing level once, throwing the first error. Returns the directories it
 * created, outermost first.
 */
export function makeDirectories(dir: string): string[] {
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
  const created: string[] = [];
  for (const m of missing.reverse()) {
    mkdirSync(m);
    created.push(m);
  }
  return created;
}

/**
 * Checks before any work that the output file `file` can be written (its missing directories creatable, the file not
 * a directory, a file creatable beside it), so an unwritable `--out` fails at once instead of after the whole run.
 * Creates nothing: the directories made for the probe are removed again.
 * @throws {UsageError} naming `what` (the option), the path as `shown` (as the user typed it) and why.
 */
export function checkOutputFile(file: string, what: string, shown = file): void {
  let isDir = false;
  try {
    isDir = statSync(file).isDirectory();
  } catch {
    // a file that does not exist yet is fine
  }
  // The example names the kind of file the option writes: `--events DIR` suggested `DIR/run.json`.
  const example = what === '--events' ? 'events.ndjson' : 'run.json';
  if (isDir)
    throw new UsageError(`${what} ${shown} is a directory; give a file path such as ${join(shown, example)}`);
  const probe = `${file}.${process.pid}.probe`;
  const created: string[] = [];
  let probed = false;
  try {
    created.push(...makeDirectories(dirname(file)));
    const fd = openSync(probe, 'wx');
    probed = true;
    closeSync(fd);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no file can be created there (ENOENT)' : reason(e);
    throw new UsageError(`${what} ${shown} cannot be written: ${why}`);
  } finally {
    // Only a probe that was made: removing one under a file (`--out package.json/r.json`) threw ENOTDIR here, and
    // that stack replaced the one-line error above.
    if (probed) rmSync(probe, { force: true });
    // Left as found: the writer creates them again, and a run refused later (no bench files, a bad option) used to
    // leave an empty `.tombstone-bench/` or `out/` behind.
    for (const d of created.reverse()) {
      try {
        rmdirSync(d);
      } catch {
        // not empty any more: something else writes there now, so it stays
      }
    }
  }
}

/**
 * Creates `dir` (and its parents) for output, or throws a UsageError naming the path (as `shown`: as the user typed
 * it) and why — a user's `--svg package.json` or `--out` onto a file otherwise surfaces as Node's EEXIST stack trace.
 */
export function ensureDirectory(dir: string, what: string, shown = dir): void {
  try {
    makeDirectories(dir);
  } catch (e) {
    throw new UsageError(`${what}: cannot create directory ${shown}: ${reason(e)}`);
  }
}

/** The entries of `dir`, or a UsageError naming the path (as `shown`) and why it cannot be listed (missing, a file, …). */
export function listDirectory(dir: string, what: string, shown = dir): string[] {
  try {
    return readdirSync(dir);
  } catch (e) {
    throw new UsageError(`${what}: cannot read directory ${shown}: ${reason(e)}`);
  }
}
