/**
 * @tombstone-lab/bench/runner — the engine: run suites from code the way the `tombstone-bench` command line does
 * (`startRun`, `startCalibration`, `listBenchmarks`), read results files, analyze them. Its events are typed in
 * `@tombstone-lab/bench/protocol`.
 */

/** The analyse stage: a run record → its RunReport (what `report`, `run-finished` and every renderer read). */
export { type AnalysedRun, analyseRun } from './analyse/analyse-run.js';
/**
 * A calibration's summary (what `calibration.json` holds, under the protocol's version): false verdicts, power per
 * injected slowdown, the smallest detectable change.
 */
export type { CalibrationReport as CalibrationSummary } from './analyse/calibration-summary.js';
/**
 * Two saved runs compared benchmark by benchmark, without measuring: their RunReport (what `compare-files --json`
 * prints).
 */
export { analyseFiles, type FileComparisonOptions, type SavedRun } from './analyse/compare-files.js';
/**
 * Calibrate from code (what `tombstone-bench calibrate` does): A/A and injected-slowdown runs, then the false-verdict
 * rate, the power and the smallest detectable change; an async iterable of the runs' events plus `result`.
 */
export {
  type Calibration,
  type CalibrationOptions,
  type CalibrationResult,
  startCalibration,
} from './engine/calibrate.js';
/** Start a run from code: an async iterable of protocol events plus `result`. */
export { type Run, type RunControl, startRun } from './engine/engine.js';
/** List from code (what `tombstone-bench list --json` prints): each bench file's suite, benchmarks and cases. */
export { type ListOptions, listBenchmarks } from './engine/list.js';
/** Typed errors the engine reports for bad input, compile and build failures, unreadable results files. */
export {
  BenchCompileError,
  BenchError,
  BenchLoadError,
  GitError,
  ResultsFileError,
  UsageError,
} from './errors.js';
/** How a run ended. */
export type { RunResult } from './finish/finish-run.js';
/** The persisted data model: run, benchmark records, samples, failures. */
export type {
  BenchmarkId,
  BenchmarkRecord,
  Environment,
  MeasurementSettings,
  ParamValue,
  RecordedRunError,
  Role,
  RunInvocation,
  RunRecord,
  Sample,
  SampleFailure,
  Side,
} from './model.js';
/** What a run can be told. */
export type { RunOptions } from './plan/run-options.js';
/** Reads and validates a results file written by a run. */
export { readRun } from './results/results-store.js';
/**
 * POSIX shell quoting, for displaying a recorded command line (never for running one); a path as the user types it
 * from their working directory (relative inside it), for messages that name files.
 */
export { displayPath, shellQuote } from './shell-quote.js';
