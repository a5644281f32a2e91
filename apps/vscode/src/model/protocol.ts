/**
 * Reading what the runner prints, with the protocol's own validators (`@tombstone-lab/bench/protocol`): NDJSON
 * events (`--json`), the `list --json` document, the results document of `report --format json` and a results file
 * being resumed. A runner of another protocol version or a stray line is a clear {@link ProtocolError}, never a crash
 * deep inside a renderer. Nothing here declares a shape of its own.
 */

import {
  PROTOCOL_VERSION,
  ProtocolError,
  parseEvent,
  parseListOutput,
  parseResultsDocument,
  parseRunRecord,
  type ResultsDocument,
} from '@tombstone-lab/bench/protocol';
import { isBenchPath } from './bench-files.js';
import type { BenchEvent, BenchmarkVerdict, ListedSuite as ProtocolListedSuite } from './bench-types.js';
import { benchmarkFinished } from './interrupted-run.js';
import { comparisonLabel, type DesignFallback, type SavedCase, type SavedRun } from './results-store.js';

/** The results document of `tombstone-bench report <file> --format json`. */
export type { ResultsDocument };
/** The protocol version this extension reads (the runner's one version for events, list and results files). */
export { PROTOCOL_VERSION, ProtocolError };

/** One bench file of `list --json` (the fields the extension uses). */
export type ListedSuite = Pick<ProtocolListedSuite, 'file' | 'suite' | 'benchmarks'> &
  Partial<Pick<ProtocolListedSuite, 'loadError'>>;

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

/** Parses a results document. @throws {ProtocolError} naming the first problem. */
export { parseResultsDocument as parseResults };

/**
 * Each case's samples and failures in the text of a results file being resumed (the runner rewrote it in its
 * current version before its run-started). @throws {ProtocolError} naming the problem.
 */
export function resumedCases(text: string): Pick<SavedCase, 'key' | 'samples' | 'failures'>[] {
  return parseRunRecord(text).benchmarks.map(({ key, samples, failures }) => ({ key, samples, failures }));
}

/**
 * The benchmarks of a results file's text that fell back to another design than the run's, with the reason (its
 * records' `design`). @throws {ProtocolError} naming the problem.
 */
export function designFallbacks(text: string): Map<string, DesignFallback> {
  const out = new Map<string, DesignFallback>();
  for (const b of parseRunRecord(text).benchmarks) if (b.design) out.set(b.key, b.design);
  return out;
}

/**
 * A saved run of a results document, as the store takes it: its cases with their verdicts, label and summary. In a
 * cancelled run (no `finishedAt`) a case the runner did not finish is `cancelled` at its forks so far, without the
 * engine's verdict of its partial (often empty) samples.
 */
export function savedRun(doc: ResultsDocument, resultsFile: string): SavedRun {
  const verdicts = new Map<string, BenchmarkVerdict>(doc.analysis.verdicts.map((x) => [x.key, x]));
  const interrupted = doc.finishedAt === null;
  const planned = doc.config.samplesPerSide * 2;
  const cases = doc.benchmarks.map((b): SavedCase => {
    const finished = !interrupted || benchmarkFinished(b, planned);
    return {
      key: b.key,
      role: b.role,
      labels: b.labels,
      samples: b.samples,
      failures: b.failures,
      verdict: finished ? (verdicts.get(b.key) ?? null) : null,
      design: b.design ?? null,
      status: finished ? 'done' : 'cancelled',
      total: planned,
    };
  });
  const config = doc.analysis.config;
  const argv = doc.invocation?.argv ?? [];
  return {
    cases,
    limits: { correction: config.correction, confidence: config.confidence },
    summary: doc.analysis.summary,
    resultsFile,
    command: argv.slice(1),
    label: comparisonLabel(doc.comparison),
    startedAt: new Date(doc.startedAt),
    files: argv.filter((a) => isBenchPath(a)),
    interrupted,
  };
}
