/** Where a calibration writes: a directory of its own, never one holding an earlier calibration unasked. */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import { ensureDirectory, listDirectory, makeDirectories } from '../results/directories.js';
import { shellQuoteArg } from '../shell-quote.js';

/** The files a calibration writes into its directory: its runs and its summary. */
const CALIBRATION_FILE = /^(?:aa-\d+|slowdown-[\d.e-]+-\d+|calibration)\.json$/;

/**
 * Creates the calibration directory, refusing one that holds an earlier calibration unless `force` (then its files
 * are removed first): measuring into it used to overwrite its aa-1.json and mix its old slowdown runs into the
 * new summary.
 * @throws {UsageError} naming the directory, the files found and both ways on.
 */
export function claimCalibrationDirectory(dir: string, shown: string, force: boolean): void {
  ensureDirectory(dir, '--out', shown);
  const earlier = listDirectory(dir, '--out', shown)
    .filter((n) => CALIBRATION_FILE.test(n))
    .sort();
  if (earlier.length === 0) return;
  if (!force) {
    const names = earlier.length > 3 ? `${earlier.slice(0, 3).join(', ')}, …` : earlier.join(', ');
    throw new UsageError(
      `calibrate --out ${shown} already holds a calibration (${names}); summarise it with --from ${shellQuoteArg(shown)}, ` +
        'or pass --force to replace it',
    );
  }
  for (const name of earlier) rmSync(join(dir, name), { force: true });
}

/**
 * Creates a default calibration directory `<parent>/<name>` that no other calibration has: mkdir without `recursive`
 * fails on an existing one, so of two calibrations started in the same second only one gets the name; the other
 * takes `<name>-2` (then -3, …) instead of writing its aa-1.json over the first one's.
 */
export function claimNewDirectory(parent: string, name: string): string {
  makeDirectories(parent);
  for (let k = 1; ; k++) {
    const dir = join(parent, k === 1 ? name : `${name}-${k}`);
    try {
      mkdirSync(dir);
      return dir;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
}
