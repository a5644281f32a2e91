import { closeSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import * as v from 'valibot';
import { ResultsFileError, UsageError } from '../errors.js';
import type { RunRecord } from '../model.js';
import { RunRecordSchema } from '../protocol/records.js';
import { PROTOCOL_VERSION, READABLE_VERSIONS } from '../protocol/version.js';
import { makeDirectories, reason } from './directories.js';

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

/**
 * How a run's first write publishes its results file: `replace` an existing one (`resume`, `force`), `exclusive`
 * (a named `out` no other run may have claimed) or `next-free` (a default name: `results-<time>-2.json` when another
 * run took `results-<time>.json`).
 */
export type Publish = 'replace' | 'exclusive' | 'next-free';

/** `results-x.json` → `results-x-2.json` (k = 2, 3, …). */
function numbered(file: string, k: number): string {
  if (k === 1) return file;
  const dot = file.endsWith('.json') ? file.length - 5 : file.length;
  return `${file.slice(0, dot)}-${k}${file.slice(dot)}`;
}

/**
 * A run's first write: `replace` is {@link writeRunAtomic}; otherwise the name is claimed with an exclusive create
 * (O_EXCL: of two runs only one gets it) before the record is renamed onto it. Two runs started in the same second
 * used to both write `results-<time>.json` and one run's samples were lost. Returns the file really written; later
 * writes replace only that file.
 * @throws {UsageError} when `exclusive` and another run created the file since it was checked.
 */
export function publishRun(file: string, record: RunRecord, how: Publish, shown = file): string {
  if (how === 'replace') {
    writeRunAtomic(file, record);
    return file;
  }
  makeDirectories(dirname(file));
  for (let k = 1; ; k++) {
    const candidate = numbered(file, k);
    try {
      closeSync(openSync(candidate, 'wx'));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      if (how === 'exclusive')
        throw new UsageError(
          `${shown} was created by another run after this one checked it; nothing was replaced`,
        );
      continue;
    }
    try {
      writeRunAtomic(candidate, record);
    } catch (e) {
      rmSync(candidate, { force: true }); // the claimed name, still empty: not a results file
      throw e;
    }
    return candidate;
  }
}

/**
 * Reads and sanity-checks a results file; {@link ResultsFileError} names the file (as `shown`: the path as the user
 * typed it) and what is wrong.
 */
export function readRun(file: string, shown = file): RunRecord {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ResultsFileError(`cannot read results file ${shown}: ${reason(e)}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new ResultsFileError(`results file ${shown} is not valid JSON: ${(e as Error).message}`);
  }
  const r = data as Partial<RunRecord> | null;
  if (Array.isArray(r))
    throw new ResultsFileError(
      `results file ${shown} holds a JSON array, not a run: give a file \`run\`, \`compare\` or \`aa\` wrote with --out ` +
        '(one object with schemaVersion, runId and benchmarks)',
    );
  if (typeof r !== 'object' || r === null)
    throw new ResultsFileError(`results file ${shown} is not an object`);
  if (typeof r.schemaVersion !== 'number' || !READABLE_VERSIONS.includes(r.schemaVersion)) {
    throw new ResultsFileError(
      `results file ${shown} has schemaVersion ${String(r.schemaVersion)}, this runner reads ${READABLE_VERSIONS.join(' and ')} (writes ${PROTOCOL_VERSION})`,
    );
  }
  return validRecord(shown, upgraded({ ...r, schemaVersion: r.schemaVersion }));
}

/**
 * A file of protocol 1 or 2 (written before the results schema was pinned) read as today's: a sample's `env` may
 * lack `affinity` (pinning unknown → null). Every other field added since is optional in the schema, so files of
 * 3–6 need nothing.
 */
function upgraded(data: { schemaVersion: number; benchmarks?: unknown }): unknown {
  if (data.schemaVersion >= 3 || !Array.isArray(data.benchmarks)) return data;
  const withAffinity = (s: unknown) =>
    isObject(s) && isObject(s.env) && !('affinity' in s.env)
      ? { ...s, env: { ...s.env, affinity: null } }
      : s;
  return {
    ...data,
    benchmarks: data.benchmarks.map((b: unknown) =>
      isObject(b) && Array.isArray(b.samples) ? { ...b, samples: b.samples.map(withAffinity) } : b,
    ),
  };
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/**
 * Validates a results file of any readable version with the one results schema (the one the shape snapshot pins);
 * the error names the path of the first bad field. Fields the schema does not know (e.g. `analysis` in a
 * `report --format json` document) are kept as read.
 */
function validRecord(file: string, data: unknown): RunRecord {
  const parsed = v.safeParse(RunRecordSchema, data);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const path = v.getDotPath(issue) ?? '(root)';
    throw new ResultsFileError(`results file ${file} has a malformed ${path}: ${issue.message}`);
  }
  return { ...(data as RunRecord), ...parsed.output };
}
