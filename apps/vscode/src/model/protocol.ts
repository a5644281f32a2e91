/**
 * Reading what the runner prints: NDJSON events (`--json`), the `list --json` document and the results document
 * of `report --format json`. Validated with valibot at the boundary, so a runner of another protocol version or a
 * stray line is a clear error, never a crash deep inside a renderer.
 */

import * as v from 'valibot';
import type { BenchEvent, BenchmarkVerdict, Sample, SampleFailure } from './bench-types.js';
import type { VerdictLimits } from './format.js';
import type { SavedCase } from './results-store.js';
import type { ListedSuite } from './source-map.js';

/** The event protocol version this extension reads. */
export const SUPPORTED_PROTOCOL = 1;

/** A runner line or document the extension cannot read; the message names what was wrong. */
export class ProtocolError extends Error {
  override name = 'ProtocolError';
}

const Side = v.picklist(['baseline', 'candidate']);
const Role = v.picklist(['primary', 'guardrail']);
const Labels = v.object({ baseline: v.string(), candidate: v.string() });
const Location = v.object({ file: v.string(), line: v.number(), column: v.number() });
// Samples, failures and verdicts are the runner's own persisted types; their inner fields are checked where used.
const Loose = v.looseObject({});

const Event = v.variant('type', [
  v.looseObject({
    type: v.literal('run-started'),
    runId: v.string(),
    resultsFile: v.string(),
    samplesPerSide: v.number(),
    totalForks: v.number(),
    benchmarks: v.array(
      v.looseObject({ key: v.string(), role: Role, labels: Labels, location: v.optional(Location) }),
    ),
  }),
  v.looseObject({
    type: v.literal('sample-finished'),
    key: v.string(),
    side: Side,
    completed: v.number(),
    total: v.number(),
    sample: v.optional(v.looseObject({ nsPerOp: v.number(), side: Side })),
    failure: v.optional(v.looseObject({ kind: v.string(), message: v.string() })),
  }),
  v.looseObject({
    type: v.literal('benchmark-finished'),
    key: v.string(),
    analysis: v.optional(v.unknown()),
  }),
  v.looseObject({
    type: v.literal('run-finished'),
    resultsFile: v.string(),
    interrupted: v.boolean(),
    exitCode: v.number(),
  }),
  v.looseObject({ type: v.literal('error'), errorName: v.string(), message: v.string() }),
]);

function issueText(issues: readonly v.BaseIssue<unknown>[]): string {
  const i = issues[0];
  const path = i?.path?.map((p) => String(p.key)).join('.') ?? '';
  return `${path ? `${path}: ` : ''}${i?.message ?? 'invalid'}`;
}

/**
 * One stdout line of `--json`: the event, or null for a line that is not JSON (the runner prints only events
 * with `--json`, but a bench file may write to stdout).
 * @throws {ProtocolError} for JSON of another protocol version or an event of the wrong shape.
 */
export function parseEventLine(line: string): BenchEvent | null {
  const trimmed = line.trim();
  if (!trimmed.startsWith('{')) return null;
  let json: unknown;
  try {
    json = JSON.parse(trimmed);
  } catch {
    return null;
  }
  const version = (json as { protocol?: unknown }).protocol;
  if (version !== SUPPORTED_PROTOCOL)
    throw new ProtocolError(
      `runner event of protocol ${JSON.stringify(version)}; this extension reads protocol ${SUPPORTED_PROTOCOL}`,
    );
  const r = v.safeParse(Event, json);
  if (!r.success)
    throw new ProtocolError(`malformed runner event: ${issueText(r.issues)} in ${trimmed.slice(0, 200)}`);
  return json as BenchEvent;
}

const ListDoc = v.object({
  protocol: v.literal(SUPPORTED_PROTOCOL),
  suites: v.array(
    v.object({
      file: v.string(),
      suite: v.nullable(v.string()),
      benchmarks: v.array(
        v.object({ name: v.string(), file: v.string(), line: v.number(), column: v.number() }),
      ),
    }),
  ),
});

/** `tombstone-bench list --json` output. @throws {ProtocolError} naming the first problem. */
export function parseList(text: string): ListedSuite[] {
  const r = v.safeParse(ListDoc, parseJson(text, 'list --json'));
  if (!r.success) throw new ProtocolError(`unreadable list --json output: ${issueText(r.issues)}`);
  return r.output.suites;
}

const Verdict = v.looseObject({
  key: v.string(),
  outcome: v.picklist(['Won', 'Lost', 'Unchanged', 'Held', 'Inconclusive', 'Invalid']),
  reason: v.string(),
  unit: v.string(),
  checks: v.array(v.object({ name: v.string(), passed: v.boolean(), reason: v.string() })),
  stats: v.nullable(Loose),
});

const ResultsDoc = v.looseObject({
  schemaVersion: v.literal(1),
  runId: v.string(),
  comparison: v.looseObject({ kind: v.picklist(['factor', 'revision', 'aa']) }),
  benchmarks: v.array(
    v.looseObject({
      key: v.string(),
      role: Role,
      labels: Labels,
      samples: v.array(v.looseObject({ side: Side, seq: v.number(), nsPerOp: v.number() })),
      failures: v.array(v.looseObject({ side: Side, kind: v.string(), message: v.string() })),
    }),
  ),
  invocation: v.optional(v.object({ argv: v.array(v.string()), cwd: v.string() })),
  analysis: v.looseObject({
    config: v.looseObject({ alpha: v.number(), threshold: v.number() }),
    verdicts: v.array(Verdict),
    growth: v.array(Loose),
    factorials: v.array(Loose),
  }),
});

/** The results document of `tombstone-bench report <file> --format json`, as the extension uses it. */
export type ResultsDocument = v.InferOutput<typeof ResultsDoc>;

/** Parses a results document. @throws {ProtocolError} naming the first problem. */
export function parseResults(text: string): ResultsDocument {
  const r = v.safeParse(ResultsDoc, parseJson(text, 'report --format json'));
  if (!r.success) throw new ProtocolError(`unreadable results document: ${issueText(r.issues)}`);
  return r.output;
}

/** The cases of a results document, each with its verdict, and the limits its verdicts were decided with. */
export function savedCases(doc: ResultsDocument): { cases: SavedCase[]; limits: VerdictLimits } {
  const verdicts = new Map(doc.analysis.verdicts.map((x) => [x.key, x as unknown as BenchmarkVerdict]));
  const cases = doc.benchmarks.map((b) => ({
    key: b.key,
    role: b.role,
    labels: b.labels,
    samples: b.samples as unknown as Sample[],
    failures: b.failures as unknown as SampleFailure[],
    verdict: verdicts.get(b.key) ?? null,
  }));
  return { cases, limits: { alpha: doc.analysis.config.alpha, threshold: doc.analysis.config.threshold } };
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new ProtocolError(`${what} did not print JSON: ${(e as Error).message}`);
  }
}
