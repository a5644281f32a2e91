/**
 * @tombstone-lab/bench/protocol — the typed, versioned output of the runner for editors and CI: the NDJSON event
 * stream (`--json`, `--events <file>`, the engine's `startRun`) and `list --json`. Types, one version number, and
 * runtime validators; free of Node built-ins (valibot only), so an extension can bundle it.
 */

/** Which files are bench files: the runner's extensions and the test of a name. */
export { BENCH_EXTENSIONS, isBenchFile } from './protocol/bench-files.js';
/** The schema of `calibration.json` and `calibrate --json` (valibot). */
export { CalibrationSummarySchema } from './protocol/calibration.js';
/** The words of a check's findings and a verdict's basis, as every report of the runner prints them. */
export { checkReasonText } from './protocol/check-text.js';
/** The located errors of an `error` event (type and syntax errors of bench files), for an editor's Problems panel. */
export {
  type BenchDiagnostic,
  diagnosticsHeadline,
  diagnosticText,
  errorDiagnostics,
} from './protocol/error-diagnostics.js';
/** The events, discriminated by `type`. */
export type {
  BenchEvent,
  BenchEventType,
  BenchmarkFinishedEvent,
  ErrorEvent,
  RunCancelledEvent,
  RunFinishedEvent,
  RunStartedEvent,
  SampleFinishedEvent,
  SamplesSkippedEvent,
} from './protocol/events.js';
/** `list --json`. */
export type { ListedSuite, ListOutput } from './protocol/list.js';
/** The runner's syntactic scanner (what `list --json` reports): benchmark positions without loading the file. */
export { type BenchmarkLocation, type LocatedSuite, locateBenchmarks } from './protocol/locate.js';
export { atLook } from './protocol/look-text.js';
/** Validators: typed values, or a {@link ProtocolError} naming the bad field. */
export {
  ProtocolError,
  parseCalibrationSummary,
  parseEvent,
  parseListOutput,
  parseResultsDocument,
  parseRunRecord,
  parseRunReport,
} from './protocol/parse.js';
/**
 * The schemas of an analysed run (what `compare-files --json` prints too) and of `report --format json` (valibot),
 * for clients that validate themselves.
 */
export { ResultsDocumentSchema, RunReportSchema } from './protocol/run-report.js';
/** The values inside events. */
export type * from './protocol/types.js';
export {
  type ReasonPrecision,
  unresolvedText,
  type VerdictReasonInput,
  verdictReasonText,
} from './protocol/verdict-text.js';
/** The one version of the events, `list --json`, the RunReport (`compare-files --json` too) and results files. */
export { PROTOCOL_VERSION } from './protocol/version.js';
