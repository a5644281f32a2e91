/**
 * The measure stage's core: every planned case's forks, interleaved in seeded pairs, each sample recorded and the
 * results file rewritten right after it; sequential looks stop a decided case; a resumed record is continued.
 */
import { DEFAULT_MAX_FAILURES, sideSummary, skippedOn } from '../analyse/wire.js';
import type { EventSink } from '../events/event-sink.js';
import { type ForkOptions, type ForkOutcome, runFork } from '../fork/fork.js';
import type { ForkJob } from '../fork/fork-protocol.js';
import type { CountJob, CountResult } from '../fork/instructions.js';
import type {
  BenchmarkRecord,
  MeasurementSettings,
  RunInvocation,
  RunRecord,
  Sample,
  SampleFailure,
  Side,
} from '../model.js';
import { slowdownClockOf } from '../model.js';
import { createRecord, entryFor, type PlannedCase, type RunSampleSettings } from '../plan/planned-case.js';
import { atLook } from '../protocol/look-text.js';
import type { RecordedError, Verdict } from '../protocol/types.js';
import { PROTOCOL_VERSION } from '../protocol/version.js';
import { type Publish, publishRun, writeRunAtomic } from '../results/results-store.js';
import { sideValues } from '../stats/metric.js';
import type { SequentialDesign } from '../stats/sequential/design.js';
import { decideLook, type Look } from '../stats/sequential/look.js';
import { seededRandom, seedFrom } from './rng.js';

/** Everything a run needs besides the cases. */
export interface RunSettings {
  comparison: RunRecord['comparison'];
  config: RunRecord['config'];
  /** The command line that started the run, stored in a fresh record (a resumed record keeps its own). */
  invocation?: RunInvocation;
  sample: RunSampleSettings;
  /** What to record as the run's measurement settings in a fresh record (checked on `--resume`). */
  measurement?: MeasurementSettings;
  fork: Omit<ForkOptions, 'signal'>;
  /** Results file (written atomically after every fork). */
  outFile: string;
  /** How the first write claims `outFile` (default `replace`); the outcome says which file was written. */
  publish?: Publish;
  /** Continue this record (from `--resume`): completed samples are skipped. */
  resume?: RunRecord;
  /** Stop a case after this many failed forks on one side (a broken benchmark should not burn n timeouts). */
  maxFailuresPerSide?: number;
  events: EventSink;
  signal?: AbortSignal;
  /** Called when a case completes; its verdict (or why there is none) goes into the benchmark-finished event. */
  caseVerdict?: (record: BenchmarkRecord, run: RunRecord) => CaseAnalysis;
  /** Instruction counting (valgrind) for a case side, when enabled. */
  countInstructions?: (job: CountJob) => Promise<CountResult>;
  /** A sequential run's design (`config.sequential` computed): each case is looked at and may stop early. */
  design?: SequentialDesign;
}

/** The verdict of one finished case, or the error that prevented it. */
export interface CaseAnalysis {
  analysis?: Verdict;
  analysisError?: RecordedError;
}

/** The run as persisted, whether Ctrl-C cut it short, and how many forks the failure limit skipped. */
export interface RunOutcome {
  record: RunRecord;
  /** The results file written: `outFile`, or the next free name when another run claimed a default one. */
  outFile: string;
  interrupted: boolean;
  skippedForks: number;
}

function nextSeq(record: RunRecord): number {
  let max = -1;
  for (const b of record.benchmarks) {
    for (const s of b.samples) max = Math.max(max, s.seq);
    for (const f of b.failures) max = Math.max(max, f.seq);
  }
  return max + 1;
}

function doneOn(entry: BenchmarkRecord, side: Side): number {
  return (
    entry.samples.filter((s) => s.side === side).length + entry.failures.filter((f) => f.side === side).length
  );
}

function toSampleOrFailure(
  outcome: ForkOutcome,
  seq: number,
  side: Side,
  startedAt: string,
): Sample | SampleFailure {
  if (outcome.kind === 'result') {
    const r = outcome.result;
    if (r.ok && r.mode === 'sample') {
      const m = r.measurement;
      return {
        seq,
        side,
        ops: m.ops,
        nsPerOp: m.nsPerOp,
        cpuNsPerOp: m.cpuNsPerOp,
        bytesPerOp: m.bytesPerOp,
        gcCount: m.gcCount,
        gcTimeMs: m.gcTimeMs,
        warmupOps: m.warmupOps,
        warmupStable: m.warmupStable,
        ...(m.injected ? { injected: m.injected } : {}),
        startedAt,
        env: r.env,
      };
    }
    const message = r.ok ? `unexpected ${r.mode} result from a sample fork` : r.message;
    return {
      seq,
      side,
      kind: 'throw',
      message,
      logTail: r.ok ? outcome.logTail : `${outcome.logTail}${r.stack}`.slice(-4000),
    };
  }
  return {
    seq,
    side,
    kind: outcome.kind === 'timeout' ? 'timeout' : 'crash',
    message: outcome.message,
    logTail: outcome.logTail,
  };
}

/** The mutable progress of one run: what `sample-finished` and `samples-skipped` report. */
interface Progress {
  completed: number;
  readonly total: number;
  readonly resumedFrom: number;
  skipped: number;
  seq: number;
}

function announce(
  record: RunRecord,
  cases: readonly PlannedCase[],
  settings: RunSettings,
  p: Progress,
): void {
  settings.events.emit({
    type: 'run-started',
    runId: record.runId,
    resultsFile: settings.outFile,
    comparison: record.comparison,
    config: record.config,
    samplesPerSide: settings.config.samplesPerSide,
    totalForks: p.total,
    completedForks: p.resumedFrom,
    benchmarks: cases.map((c) => ({
      key: c.bench.key,
      suite: c.bench.suite,
      benchmark: c.bench.benchmark,
      params: c.bench.params,
      role: c.bench.role,
      labels: c.labels,
      ...(c.location ? { location: c.location } : {}),
    })),
  });
}

/** Counts a side's remaining forks as done once it reached the failure limit, and says so (once per side). */
function skipRest(
  c: PlannedCase,
  entry: BenchmarkRecord,
  side: Side,
  settings: RunSettings,
  p: Progress,
): void {
  const n = settings.config.samplesPerSide;
  const max = settings.maxFailuresPerSide ?? DEFAULT_MAX_FAILURES;
  const count = skippedOn(entry, side, n, max);
  if (count === 0) return;
  p.completed += count;
  p.skipped += count;
  settings.events.emit({
    type: 'samples-skipped',
    key: c.bench.key,
    side,
    count,
    reason: `${max} forks of the ${side} side failed; its remaining ${count} fork(s) are not run`,
    completed: p.completed,
    total: p.total,
  });
}

/** Runs one fork of one side and records its sample or failure; false when the run was interrupted. */
async function measureOnce(
  c: PlannedCase,
  entry: BenchmarkRecord,
  side: Side,
  record: RunRecord,
  settings: RunSettings,
  p: Progress,
): Promise<boolean> {
  const job: ForkJob = {
    mode: 'sample',
    bundle: c.bundles[side],
    benchmark: c.bench.benchmark,
    params: c.params[side],
    pinned: Boolean(settings.fork.pin),
    slowdown: c.slowdown[side],
    slowdownClock: slowdownClockOf(settings.config.metric),
    ...(c.sample ?? settings.sample),
  };
  const startedAt = new Date().toISOString();
  const outcome = await runFork(job, {
    ...settings.fork,
    ...(settings.signal ? { signal: settings.signal } : {}),
  });
  if (outcome.kind === 'interrupted') return false;
  const item = toSampleOrFailure(outcome, p.seq++, side, startedAt);
  if ('kind' in item) entry.failures.push(item);
  else {
    if (settings.countInstructions) {
      const counted = await settings.countInstructions({
        bundle: c.bundles[side],
        benchmark: c.bench.benchmark,
        params: c.params[side],
        nsPerOp: item.nsPerOp,
      });
      item.instructionsPerOp = counted.instructionsPerOp;
      if ('error' in counted) {
        const message = `instruction count of sample ${item.seq} (${side}) failed: ${counted.error}`;
        entry.errors = [
          ...(entry.errors ?? []),
          { seq: item.seq, side, errorName: 'InstructionCountError', message },
        ];
        settings.events.emit({
          type: 'error',
          errorName: 'InstructionCountError',
          message,
          key: c.bench.key,
        });
      }
    }
    entry.samples.push(item);
  }
  p.completed++;
  writeRunAtomic(settings.outFile, record);
  settings.events.emit({
    type: 'sample-finished',
    key: c.bench.key,
    side,
    seq: item.seq,
    completed: p.completed,
    total: p.total,
    ...('kind' in item ? { failure: item } : { sample: item }),
  });
  return true;
}

function caseFinished(
  c: PlannedCase,
  entry: BenchmarkRecord,
  record: RunRecord,
  settings: RunSettings,
): void {
  const n = settings.config.samplesPerSide;
  const max = settings.maxFailuresPerSide ?? DEFAULT_MAX_FAILURES;
  settings.events.emit({
    type: 'benchmark-finished',
    key: c.bench.key,
    ...(c.location ? { location: c.location } : {}),
    samples: {
      baseline: entry.samples.filter((s) => s.side === 'baseline').length,
      candidate: entry.samples.filter((s) => s.side === 'candidate').length,
    },
    failures: entry.failures.length,
    sides: {
      baseline: sideSummary(entry, 'baseline', n, max),
      candidate: sideSummary(entry, 'candidate', n, max),
    },
    ...(settings.caseVerdict ? settings.caseVerdict(entry, record) : {}),
  });
}

/**
 * Looks at a case after `pairs` pairs when that is one of the design's looks; true when the look decided the case.
 * The looks are recomputed from the samples every time a case runs, so `--resume` continues from the last look. A
 * look with fewer samples than forks on a side (a fork failed) is not taken: the design assumes n per side.
 */
function look(
  c: PlannedCase,
  entry: BenchmarkRecord,
  pairs: number,
  settings: RunSettings,
  p: Progress,
): boolean {
  const design = settings.design;
  const index = design ? design.looks.indexOf(pairs) : -1;
  if (!design || index < 0) return false;
  const { metric, threshold } = settings.config;
  const baseline = sideValues(entry, 'baseline', metric).slice(0, pairs);
  const candidate = sideValues(entry, 'candidate', metric).slice(0, pairs);
  if (baseline.length < pairs || candidate.length < pairs) return false;
  const looks = entry.looks ?? [];
  const decided = decideLook(design, index, baseline, candidate, looks, {
    threshold,
    confidence: LOOK_CONFIDENCE,
    guardrail: c.bench.role === 'guardrail',
    ...(settings.config.sequential?.futility ? { futility: settings.config.sequential.futility } : {}),
  });
  entry.looks = [...looks, decided];
  if (decided.decision === 'continue') return false;
  for (const side of ['baseline', 'candidate'] as const) stopEarly(c, entry, side, decided, settings, p);
  return true;
}

/** The confidence of the interval an equivalence stop reads: the report's Hodges-Lehmann interval. */
const LOOK_CONFIDENCE = 0.95;

/** Counts the forks a decided case no longer needs as done, and says so (they are not failures: not `skipped`). */
function stopEarly(
  c: PlannedCase,
  entry: BenchmarkRecord,
  side: Side,
  decided: Look,
  settings: RunSettings,
  p: Progress,
): void {
  const count = Math.max(0, settings.config.samplesPerSide - doneOn(entry, side));
  if (count === 0) return;
  p.completed += count;
  settings.events.emit({
    type: 'samples-skipped',
    key: c.bench.key,
    side,
    count,
    reason: `${atLook(decided, settings.config.samplesPerSide)}; its remaining ${count} fork(s) are not needed`,
    completed: p.completed,
    total: p.total,
  });
}

/** One case's forks: n pairs in seeded order; false when the run was interrupted. */
async function runCase(
  c: PlannedCase,
  record: RunRecord,
  settings: RunSettings,
  p: Progress,
  rand: () => number,
): Promise<boolean> {
  const entry = record.benchmarks.find((b) => b.key === c.bench.key) as BenchmarkRecord;
  const already: Record<Side, number> = {
    baseline: doneOn(entry, 'baseline'),
    candidate: doneOn(entry, 'candidate'),
  };
  const max = settings.maxFailuresPerSide ?? DEFAULT_MAX_FAILURES;
  const skippedSides = new Set<Side>();
  if (settings.design) entry.looks = [];
  for (let pair = 0; pair < settings.config.samplesPerSide; pair++) {
    // Drawn for every pair, skipped or not, so a resumed run continues the same schedule.
    const order: Side[] = rand() < 0.5 ? ['baseline', 'candidate'] : ['candidate', 'baseline'];
    for (const side of order) {
      if (pair < already[side] || skippedSides.has(side)) continue;
      if (entry.failures.filter((f) => f.side === side).length >= max) {
        skippedSides.add(side);
        skipRest(c, entry, side, settings, p);
        continue;
      }
      if (settings.signal?.aborted) return false;
      if (!(await measureOnce(c, entry, side, record, settings, p))) return false;
    }
    if (look(c, entry, pair + 1, settings, p)) break;
  }
  if (settings.design) writeRunAtomic(settings.outFile, record);
  caseFinished(c, entry, record, settings);
  return true;
}

/**
 * Runs every planned case: n forks per side, interleaved in pairs whose order is a seeded coin flip, each fork
 * recorded and the results file rewritten atomically right after it. Ctrl-C (the abort signal) kills the running
 * fork and returns with `interrupted`, the file still valid and resumable. A side that reached the failure limit
 * has its remaining forks counted as completed (and reported as skipped), so progress always reaches `total`.
 */
export async function runPlan(cases: readonly PlannedCase[], asked: RunSettings): Promise<RunOutcome> {
  const record = asked.resume
    ? { ...asked.resume, schemaVersion: PROTOCOL_VERSION }
    : createRecord(cases, asked);
  for (const c of cases) {
    if (!record.benchmarks.some((b) => b.key === c.bench.key)) record.benchmarks.push(entryFor(c));
  }
  const n = asked.config.samplesPerSide;
  const completed = cases.reduce((sum, c) => {
    const e = record.benchmarks.find((b) => b.key === c.bench.key) as BenchmarkRecord;
    return sum + Math.min(n, doneOn(e, 'baseline')) + Math.min(n, doneOn(e, 'candidate'));
  }, 0);
  const p: Progress = {
    completed,
    total: cases.length * n * 2,
    resumedFrom: completed,
    skipped: 0,
    seq: nextSeq(record),
  };
  const rand = seededRandom(seedFrom(record.runId));
  const outFile = publishRun(asked.outFile, record, asked.resume ? 'replace' : (asked.publish ?? 'replace'));
  const settings = { ...asked, outFile };
  announce(record, cases, settings, p);
  for (const c of cases) {
    if (!(await runCase(c, record, settings, p, rand))) return finish(record, settings, true, p.skipped);
  }
  return finish(record, settings, false, p.skipped);
}

function finish(
  record: RunRecord,
  settings: RunSettings,
  interrupted: boolean,
  skippedForks: number,
): RunOutcome {
  if (!interrupted) record.finishedAt = new Date().toISOString();
  writeRunAtomic(settings.outFile, record);
  return { record, outFile: settings.outFile, interrupted, skippedForks };
}
