/**
 * Runtime validation of what the runner writes: `parseEvent` for one NDJSON line, `parseListOutput` for
 * `list --json`, `parseRunReport` for an analysed run, `parseFileComparison` for `compare-files --json`. A client gets typed values or a {@link ProtocolError} that names the field and what was wrong.
 */
import * as v from 'valibot';
import { type BenchEvent, BenchEventSchema } from './events.js';
import { type ListOutput, ListOutputSchema } from './list.js';
import { FileComparisonSchema, RunReportSchema } from './run-report.js';
import type { ProtocolFileComparison, RunReport } from './types.js';
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

function checkVersion(data: unknown, what: string): void {
  const version =
    typeof data === 'object' && data !== null ? (data as { protocol?: unknown }).protocol : undefined;
  if (version !== PROTOCOL_VERSION) {
    throw new ProtocolError(
      `${what} has protocol ${JSON.stringify(version)}, this client reads protocol ${PROTOCOL_VERSION}`,
      'protocol',
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
 * Validates a RunReport: `run-finished`'s analyses come from it, `report --format json` writes it as `analysis`.
 * @throws {ProtocolError} for another protocol version or a field of the wrong shape.
 */
export function parseRunReport(data: unknown): RunReport {
  checkVersion(data, 'run report');
  return validate(RunReportSchema, data, 'run report');
}

/**
 * Parses and validates the output of `tombstone-bench compare-files --json`.
 * @throws {ProtocolError} for bad JSON, another protocol version, or a field of the wrong shape.
 */
export function parseFileComparison(text: string): ProtocolFileComparison {
  const data = parseJson(text, 'compare-files output');
  checkVersion(data, 'compare-files output');
  return validate(FileComparisonSchema, data, 'compare-files output');
}
