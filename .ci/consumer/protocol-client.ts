// A small editor-like client of the published protocol and runner entry points, type-checked under nodenext and
// bundler resolution against the packed tarball's declarations.
import {
  type BenchEvent,
  type ListOutput,
  PROTOCOL_VERSION,
  ProtocolError,
  parseEvent,
  parseListOutput,
  type Verdict,
} from '@tombstone-lab/bench/protocol';
import {
  listBenchmarks,
  type RunOptions,
  type RunRecord,
  type RunResult,
  readRun,
  startRun,
} from '@tombstone-lab/bench/runner';

/** Progress and verdicts from one NDJSON line; null for a line that is not protocol. */
export function onLine(line: string): { progress?: number; verdicts?: Verdict[] } | null {
  let event: BenchEvent;
  try {
    event = parseEvent(line);
  } catch (e) {
    if (e instanceof ProtocolError) return null;
    throw e;
  }
  switch (event.type) {
    case 'sample-finished':
    case 'samples-skipped':
      return { progress: event.completed / event.total };
    case 'benchmark-finished': {
      const ratio: number | null | undefined = event.analysis?.stats?.ratio?.estimate;
      const bytes: number | null = event.sides.candidate.bytesPerOp;
      return ratio === undefined && bytes === null ? {} : { progress: 1 };
    }
    case 'run-finished':
      return event.verdicts ? { verdicts: event.verdicts } : {};
    default:
      return {};
  }
}

/** Locations of every benchmark of a `list --json` document. */
export function locations(text: string): string[] {
  const list: ListOutput = parseListOutput(text);
  return list.suites.flatMap((s) => s.benchmarks.map((b) => `${b.file}:${b.line}:${b.column}`));
}

/** Lists the benchmarks of a project in-process (what `list --json` prints), as locations. */
export async function listHere(cwd: string): Promise<string[]> {
  const list: ListOutput = await listBenchmarks({ cwd });
  return locations(JSON.stringify(list));
}

export const version: 10 = PROTOCOL_VERSION;
export const load = (file: string): RunRecord => readRun(file);

/** Drives a run from code, the way an editor does: progress from the stream, cancel on request, verdicts at the end. */
export async function drive(
  cwd: string,
  signal: AbortSignal,
  onProgress: (fraction: number) => void,
): Promise<RunResult> {
  const options: RunOptions = { mode: 'aa', cwd, samplesPerSide: 2, sampleMs: 20, warmupMs: 20 };
  const run = startRun(options, { signal });
  for await (const event of run) {
    const seen = onLine(JSON.stringify(event));
    if (seen?.progress !== undefined) onProgress(seen.progress);
  }
  return run.result;
}
