/**
 * Saved results files read by the engine bundled with the extension (`readRun`, `analyseRun`, `analyseFiles` of
 * @tombstone-lab/bench/runner: pure statistics, nothing of the workspace runs — so it works in an untrusted
 * workspace too). A run's document goes through JSON as the runner writes it (non-finite numbers → null) and through
 * the protocol's own validator; a comparison is the RunReport `compare-files --json` prints. The views read exactly
 * what `report --format json` and `compare-files --json` print.
 */
import {
  type FilesReport,
  PROTOCOL_VERSION,
  parseResultsDocument,
  type ResultsDocument,
} from '@tombstone-lab/bench/protocol';
import { analyseFiles, analyseRun, type RunRecord, readRun } from '@tombstone-lab/bench/runner';

/** JSON as the runner writes it: NaN and ±Infinity have no JSON form and become null. */
function wireJson(value: unknown): string {
  return JSON.stringify(value, (_k, x) => (typeof x === 'number' && !Number.isFinite(x) ? null : x));
}

/** The results document of a run (what `report --format json` prints): its records with its RunReport. */
export function resultsDocument(run: RunRecord): ResultsDocument {
  return parseResultsDocument(
    wireJson({ ...run, schemaVersion: PROTOCOL_VERSION, analysis: analyseRun(run).report }),
  );
}

/** The results document of a saved results file (of any version the engine reads). */
export function analyseSavedFile(file: string): ResultsDocument {
  return resultsDocument(readRun(file));
}

/**
 * Two saved results files compared as `compare-files --json` compares them (its RunReport): the newer file's
 * metric, alpha and threshold judge, Holm across the rows.
 */
export function compareSavedFiles(first: string, second: string): FilesReport {
  // Already in its wire form (non-finite numbers are null in every RunReport the analyse stage makes).
  return analyseFiles({ file: first, run: readRun(first) }, { file: second, run: readRun(second) });
}
