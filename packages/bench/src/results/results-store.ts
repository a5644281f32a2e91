import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import * as v from 'valibot';
import { ResultsFileError } from '../errors.js';
import type { RunRecord } from '../model.js';
import { RunRecordSchema } from '../protocol/records.js';
import { PROTOCOL_VERSION, READABLE_VERSIONS, STRICT_RECORDS_SINCE } from '../protocol/version.js';
import { makeDirectories } from './directories.js';

/**
 * Writes the run atomically: a temp file in the same directory, then a rename over the target, so a crash or Ctrl-C
 * at any moment leaves either the previous complete file or the new complete file, never a torn one.
 */
export function writeRunAtomic(file: string, record: RunRecord): void {
  writeJsonAtomic(file, record);
}

/** Writes any JSON value atomically, as {@link writeRunAtomic} does (temp file, then rename). */
export function writeJsonAtomic(file: string, value: unknown): void {
  makeDirectories(dirname(file));
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`);
    renameSync(tmp, file);
  } catch (e) {
    // A failed write or rename (e.g. onto a directory) must not leave the temp file beside the target.
    rmSync(tmp, { force: true });
    throw e;
  }
}

/** Reads and sanity-checks a results file; {@link ResultsFileError} names the file and what is wrong. */
export function readRun(file: string): RunRecord {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ResultsFileError(`cannot read results file ${file}: ${(e as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new ResultsFileError(`results file ${file} is not valid JSON: ${(e as Error).message}`);
  }
  const r = data as Partial<RunRecord> | null;
  if (Array.isArray(r))
    throw new ResultsFileError(
      `results file ${file} holds a JSON array, not a run: give a file \`run\`, \`compare\` or \`aa\` wrote with --out ` +
        '(one object with schemaVersion, runId and benchmarks)',
    );
  if (typeof r !== 'object' || r === null)
    throw new ResultsFileError(`results file ${file} is not an object`);
  if (typeof r.schemaVersion !== 'number' || !READABLE_VERSIONS.includes(r.schemaVersion)) {
    throw new ResultsFileError(
      `results file ${file} has schemaVersion ${String(r.schemaVersion)}, this runner reads ${READABLE_VERSIONS.join(' and ')} (writes ${PROTOCOL_VERSION})`,
    );
  }
  if (
    !Array.isArray(r.benchmarks) ||
    typeof r.runId !== 'string' ||
    typeof r.config !== 'object' ||
    !r.comparison
  ) {
    throw new ResultsFileError(`results file ${file} lacks runId, config, comparison or benchmarks`);
  }
  for (const b of r.benchmarks) {
    if (typeof b?.key !== 'string' || !Array.isArray(b.samples) || !Array.isArray(b.failures)) {
      throw new ResultsFileError(
        `results file ${file} has a malformed benchmark entry ${JSON.stringify(b?.key)}`,
      );
    }
  }
  const inv = r.invocation;
  if (
    inv !== undefined &&
    (typeof inv !== 'object' ||
      inv === null ||
      !Array.isArray(inv.argv) ||
      !inv.argv.every((a) => typeof a === 'string') ||
      typeof inv.cwd !== 'string')
  ) {
    throw new ResultsFileError(
      `results file ${file} has a malformed invocation ${JSON.stringify(inv)} (want { argv: string[], cwd: string })`,
    );
  }
  if (r.schemaVersion >= STRICT_RECORDS_SINCE) return validCurrent(file, data);
  return r as RunRecord;
}

/**
 * A file of the current version must match the results schema field by field (the one the shape snapshot pins);
 * the error names the path of the first bad field. Older versions keep the looser checks above: their records
 * may lack fields that were added later.
 */
function validCurrent(file: string, data: unknown): RunRecord {
  const parsed = v.safeParse(RunRecordSchema, data);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const path = v.getDotPath(issue) ?? '(root)';
    throw new ResultsFileError(`results file ${file} has a malformed ${path}: ${issue.message}`);
  }
  // The schema's output is the model's type: a field added to one and not the other fails to compile here.
  const record: RunRecord = parsed.output;
  return { ...(data as RunRecord), ...record };
}
