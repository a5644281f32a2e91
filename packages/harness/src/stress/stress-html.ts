import { existsSync } from 'node:fs';
import { writeFileAtomic } from '../atomic-file.js';
import { describeValue, HarnessArgumentError } from '../errors.js';
import { checkOutputFile } from '../output-path.js';
import { stressHtmlReport } from '../plots/stress-pictures.js';
import type { StressOutcome } from './stress-run.js';

/**
 * `stress --html FILE`, checked before the run: a writable new file. An existing file is refused, never replaced
 * (an earlier run's report is not silently lost).
 * @throws HarnessArgumentError naming the path.
 */
export function checkHtmlFile(given: unknown, cwd: string): string | null {
  if (given === undefined) return null;
  if (typeof given !== 'string' || given === '')
    throw new HarnessArgumentError(`stress: --html needs a file path, got ${describeValue(given)}`);
  const file = checkOutputFile(given, cwd, 'stress: --html');
  if (existsSync(file))
    throw new HarnessArgumentError(
      `stress: --html ${describeValue(given)} exists; choose a new file (an earlier report is never replaced)`,
    );
  return file;
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
