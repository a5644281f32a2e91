/**
 * Runtime validation of what the runner writes: `parseEvent` for one NDJSON line, `parseListOutput` for
 * `list --json`, `parseRunReport` for an analysed run (and `compare-files --json`), `parseResultsDocument`
 * for `report --format json`, `parseRunRecord` for a results file this version wrote. A client gets typed values or a {@link ProtocolError} that names the field and what was wrong.
 */
import * as v from 'valibot';
import { CalibrationSummarySchema } from './calibration.js';
import { type BenchEvent, BenchEventSchema } from './events.js';
import { type ListOutput, ListOutputSchema } from './list.js';
import { RunRecordSchema } from './records.js';
import { ResultsDocumentSchema, RunReportSchema } from './run-report.js';
import type { ProtocolCalibrationSummary, ProtocolRunRecord, ResultsDocument, RunReport } from './types.js';
import { PROTOCOL_VERSION } from './version.js';

/** A line or document that is not valid protocol (bad JSON, another protocol version, a wrong field). */
export class ProtocolError extends Error {
  override name = 'ProtocolError';
  /** The dotted path of the first bad field (e.g. `analysis.stats.p`), or null for the whole value. */
  readonly path: string | null;
  constructor(message: string, path: string | null = null) {
    super(message);
    this.path = path;
  }
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new ProtocolError(`${what} is not JSON: ${(e as Error).message}`);
  }
}

/** Results files and documents carry the version as `schemaVersion`, everything else as `protocol`. */
function checkVersion(data: unknown, what: string, field: 'protocol' | 'schemaVersion' = 'protocol'): void {
  const version =
    typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[field] : undefined;
  if (version !== PROTOCOL_VERSION) {
    throw new ProtocolError(
      `${what} has ${field} ${JSON.stringify(version)}, this client reads protocol ${PROTOCOL_VERSION}`,
      field,
    );
  }
}

function validate<S extends v.GenericSchema>(schema: S, data: unknown, what: string): v.InferOutput<S> {
  const result = v.safeParse(schema, data);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const path = v.getDotPath(issue);
  const where = path === null ? '' : ` at ${path}`;
  throw new ProtocolError(`${what}${where}: ${issue.message}`, path);
}

/**
 * Parses and validates one NDJSON line of the event stream.
 * @throws {ProtocolError} for bad JSON, another protocol version, or a field of the wrong shape.
 */
export function parseEvent(line: string): BenchEvent {
  const data = parseJson(line, 'event line');
  checkVersion(data, 'event');
  const type = (data as { type?: unknown }).type;
  return validate(BenchEventSchema, data, `event ${typeof type === 'string' ? type : '(no type)'}`);
}

/**
 * Parses and validates the output of `tombstone-bench list --json`.
 * @throws {ProtocolError} for bad JSON, another protocol version, or a field of the wrong shape.
 */
export function parseListOutput(text: string): ListOutput {
  const data = parseJson(text, 'list output');
  checkVersion(data, 'list output');
  return validate(ListOutputSchema, data, 'list output');
}

/**
 * Validates a RunReport: `run-finished`'s analyses come from it, `report --format json` writes it as `analysis`,
 * `compare-files --json` prints one. Takes the parsed value or the JSON text.
 * @throws {ProtocolError} for bad JSON, another protocol version or a field of the wrong shape.
 */
export function parseRunReport(input: unknown): RunReport {
  const data = typeof input === 'string' ? parseJson(input, 'run report') : input;
  checkVersion(data, 'run report');
  return validate(RunReportSchema, data, 'run report');
}

/**
 * Parses and validates the output of `tombstone-bench report <file> --format json`: the run's records and its
 * RunReport as `analysis`.
 * @throws {ProtocolError} for bad JSON, another protocol version, or a field of the wrong shape.
 */
export function parseResultsDocument(text: string): ResultsDocument {
  const data = parseJson(text, 'results document');
  checkVersion(data, 'results document', 'schemaVersion');
  return validate(ResultsDocumentSchema, data, 'results document');
}

/**
 * Parses and validates a results file written under this protocol version (e.g. one a run is resuming; the
 * engine's `readRun` also reads the files of earlier versions).
 * @throws {ProtocolError} for bad JSON, another version, or a field of the wrong shape.
 */
export function parseRunRecord(text: string): ProtocolRunRecord {
  const data = parseJson(text, 'results file');
  checkVersion(data, 'results file', 'schemaVersion');
  return validate(RunRecordSchema, data, 'results file');
}

/**
 * Parses and validates a calibration summary: `calibration.json` or the output of `calibrate --json`. A file without
 * `protocol` was written before calibration.json carried the version; its fields are this version's, so it is read
 * as one.
 * @throws {ProtocolError} for bad JSON, another protocol version or a field of the wrong shape.
 */
export function parseCalibrationSummary(text: string): ProtocolCalibrationSummary {
  const data = parseJson(text, 'calibration summary');
  const unversioned = typeof data === 'object' && data !== null && !('protocol' in data);
  const versioned = unversioned ? { protocol: PROTOCOL_VERSION, ...data } : data;
  checkVersion(versioned, 'calibration summary');
  return validate(CalibrationSummarySchema, versioned, 'calibration summary');
}
