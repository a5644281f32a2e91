import { describeValue, HarnessArgumentError } from '../errors.js';
import { writeFileAtomic } from '../files/atomic-file.js';
import { checkOutputFile } from '../files/output-path.js';
import { stressHtmlReport } from '../pictures/stress-pictures.js';
import type { StressOutcome } from '../stress/stress-run.js';

/**
 * `stress --html FILE`, checked before the run: a writable file. An existing one is refused unless `force` (an
 * earlier run's report is not silently lost), as `--out` and `--hdr-log` are.
 * @throws HarnessArgumentError naming the path.
 */
export function checkHtmlFile(given: unknown, cwd: string, force: boolean): string | null {
  if (given === undefined) return null;
  if (typeof given !== 'string' || given === '')
    throw new HarnessArgumentError(`stress: --html needs a file path, got ${describeValue(given)}`);
  return checkOutputFile(given, cwd, 'stress: --html', { force });
}

/** Writes the HTML report of a finished (or interrupted) run, atomically. */
export function writeStressHtml(
  file: string,
  outcome: StressOutcome,
  label: Readonly<Record<string, string | number>>,
  resultsTable: string,
): void {
  writeFileAtomic(file, stressHtmlReport(outcome, label, resultsTable));
}
