/**
 * Reading what the runner prints: NDJSON events (`--json`), the `list --json` document and the results document
 * of `report --format json`. Validated with valibot at the boundary, so a runner of another protocol version or a
 * stray line is a clear error, never a crash deep inside a renderer.
 */

import {
  PROTOCOL_VERSION,
  ProtocolError,
  parseEvent,
  parseListOutput,
  RunReportSchema,
} from '@tombstone-lab/bench/protocol';
import * as v from 'valibot';
import { isBenchPath } from './bench-files.js';
import type {
  BenchEvent,
  BenchmarkVerdict,
  ListedSuite as ProtocolListedSuite,
  Sample,
  SampleFailure,
} from './bench-types.js';
import { comparisonLabel, type SavedCase, type SavedRun } from './results-store.js';

/** The protocol version this extension reads (the runner's one version for events, list and results files). */
export { PROTOCOL_VERSION, ProtocolError };

/** One bench file of `list --json` (the fields the extension uses). */
export type ListedSuite = Pick<ProtocolListedSuite, 'file' | 'suite' | 'benchmarks'>;

/**
 * One stdout line of `--json`: the validated event, or null for a line that is not JSON at all (the runner prints
 * only events with `--json`, but a bench file may write to stdout).
 * @throws {ProtocolError} for JSON of another protocol version or an event of the wrong shape.
 */
export function parseEventLine(line: string): BenchEvent | null {
  const trimmed = line.trim();
  if (!trimmed.startsWith('{')) return null;
  return parseEvent(trimmed);
}

/** `tombstone-bench list --json` output. @throws {ProtocolError} naming the first problem. */
export function parseList(text: string): ListedSuite[] {
  return parseListOutput(text).suites;
}

function issueText(issues: readonly v.BaseIssue<unknown>[]): string {
  const i = issues[0];
  const path = i ? v.getDotPath(i) : null;
  return `${path ? `${path}: ` : ''}${i?.message ?? 'invalid'}`;
}

// The results document of `report --format json`: the record fields the extension reads are checked here; its
// `analysis` is the protocol's RunReport, validated with the protocol's own schema.
const Side = v.picklist(['baseline', 'candidate']);
const Role = v.picklist(['primary', 'guardrail']);
const Labels = v.object({ baseline: v.string(), candidate: v.string() });
const Loose = v.looseObject({});

const ResultsDoc = v.looseObject({
  schemaVersion: v.literal(PROTOCOL_VERSION),
  runId: v.string(),
  startedAt: v.string(),
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
  /** The run's one analysis, as the runner made it (its RunReport). */
  analysis: RunReportSchema,
});

/** The results document of `tombstone-bench report <file> --format json`, as the extension uses it. */
export type ResultsDocument = v.InferOutput<typeof ResultsDoc>;

/** Parses a results document. @throws {ProtocolError} naming the first problem. */
export function parseResults(text: string): ResultsDocument {
  const r = v.safeParse(ResultsDoc, parseJson(text, 'report --format json'));
  if (!r.success) throw new ProtocolError(`unreadable results document: ${issueText(r.issues)}`);
  return r.output;
}

const ResumedFile = v.object({
  benchmarks: v.array(v.looseObject({ key: v.string(), samples: v.array(Loose), failures: v.array(Loose) })),
});

/** Each case's samples and failures in a results file being resumed. @throws {ProtocolError} naming the problem. */
export function resumedCases(json: unknown): Pick<SavedCase, 'key' | 'samples' | 'failures'>[] {
  const r = v.safeParse(ResumedFile, json);
  if (!r.success) throw new ProtocolError(`unreadable results file: ${issueText(r.issues)}`);
  return r.output.benchmarks.map((b) => ({
    key: b.key,
    samples: b.samples as unknown as Sample[],
    failures: b.failures as unknown as SampleFailure[],
  }));
}

/** A saved run of a results document, as the store takes it: its cases with their verdicts, label and limits. */
export function savedRun(doc: ResultsDocument, resultsFile: string): SavedRun {
  const verdicts = new Map<string, BenchmarkVerdict>(doc.analysis.verdicts.map((x) => [x.key, x]));
  const cases = doc.benchmarks.map((b) => ({
    key: b.key,
    role: b.role,
    labels: b.labels,
    samples: b.samples as unknown as Sample[],
    failures: b.failures as unknown as SampleFailure[],
    verdict: verdicts.get(b.key) ?? null,
  }));
  const config = doc.analysis.config;
  const argv = doc.invocation?.argv ?? [];
  return {
    cases,
    limits: { alpha: config.alpha, threshold: config.threshold, correction: config.correction ?? 'holm' },
    resultsFile,
    command: argv.slice(1),
    label: comparisonLabel(doc.comparison as unknown as Parameters<typeof comparisonLabel>[0]),
    startedAt: new Date(doc.startedAt),
    files: argv.filter((a) => isBenchPath(a)),
  };
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new ProtocolError(`${what} did not print JSON: ${(e as Error).message}`);
  }
}
