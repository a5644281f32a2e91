/**
 * The measure stage's core: every planned case's forks, interleaved in seeded pairs, each sample recorded and the
 * results file rewritten right after it; sequential looks stop a decided case; a resumed record is continued.
 */
import { DEFAULT_MAX_FAILURES, sideSummary, skippedOn } from '../analyse/wire.js';
import type { EventSink } from '../events/event-sink.js';
import { type ForkOptions, type ForkOutcome, runFork } from '../fork/fork.js';
import type { ForkJob, PairedJob } from '../fork/fork-protocol.js';
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
import { pairedForks } from '../stats/paired.js';
import { type SequentialDesign, sequentialDesign } from '../stats/sequential/design.js';
import { decideLook, type Look } from '../stats/sequential/look.js';
import { pairedRecords, sampleOf } from './paired-samples.js';
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
      return sampleOf(r.measurement, { seq, side, startedAt, env: r.env });
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
    kit: settings.fork.kit ?? '',
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
  await record1(c, entry, item, record, settings, p);
  return true;
}

/** Counts a sample's instructions when the run asks for them (valgrind), recording why a count failed. */
async function countInstructionsOf(
  c: PlannedCase,
  entry: BenchmarkRecord,
  item: Sample,
  settings: RunSettings,
): Promise<void> {
  if (!settings.countInstructions) return;
  const side = item.side;
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
    settings.events.emit({ type: 'error', errorName: 'InstructionCountError', message, key: c.bench.key });
  }
}

/** Records one sample or failure: into the entry, the results file rewritten, and its `sample-finished` event. */
async function record1(
  c: PlannedCase,
  entry: BenchmarkRecord,
  item: Sample | SampleFailure,
  record: RunRecord,
  settings: RunSettings,
  p: Progress,
): Promise<void> {
  if ('kind' in item) entry.failures.push(item);
  else {
    await countInstructionsOf(c, entry, item, settings);
    entry.samples.push(item);
  }
  p.completed++;
  writeRunAtomic(settings.outFile, record);
  settings.events.emit({
    type: 'sample-finished',
    key: c.bench.key,
    side: item.side,
    seq: item.seq,
    completed: p.completed,
    total: p.total,
    ...('kind' in item ? { failure: item } : { sample: item }),
  });
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
  const paired = pairedForks(entry, metric);
  const data = {
    baseline: (paired?.baseline ?? sideValues(entry, 'baseline', metric)).slice(0, pairs),
    candidate: (paired?.candidate ?? sideValues(entry, 'candidate', metric)).slice(0, pairs),
    logRatios: paired ? paired.logRatios.slice(0, pairs) : null,
  };
  if (data.baseline.length < pairs || data.candidate.length < pairs) return false;
  const looks = entry.looks ?? [];
  const decided = decideLook(designFor(design, paired !== null), index, data, looks, {
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

/**
 * The run's design for a case: the same looks, alpha and spending, on the rank test its forks give (a case that fell
 * back to one side per fork in a paired run is looked at with Mann-Whitney).
 */
function designFor(design: SequentialDesign, paired: boolean): SequentialDesign {
  const test = paired ? 'signed-rank' : 'mann-whitney';
  if (design.test === test) return design;
  return sequentialDesign({ looks: design.looks, alpha: design.alpha, spending: design.spending, test });
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

/** The case's state while its forks run. */
interface CaseRun {
  c: PlannedCase;
  entry: BenchmarkRecord;
  record: RunRecord;
  settings: RunSettings;
  p: Progress;
  /** Forks already done per side (a resumed record). */
  already: Record<Side, number>;
  skippedSides: Set<Side>;
}

/** Whether the failure limit stops `side` (saying so once); true when the side has no more forks to run. */
function sideStopped(run: CaseRun, side: Side): boolean {
  if (run.skippedSides.has(side)) return true;
  const max = run.settings.maxFailuresPerSide ?? DEFAULT_MAX_FAILURES;
  if (run.entry.failures.filter((f) => f.side === side).length < max) return false;
  run.skippedSides.add(side);
  skipRest(run.c, run.entry, side, run.settings, run.p);
  return true;
}

/** One pair of one-side forks, in the drawn order; false when the run was interrupted. */
async function forksPair(run: CaseRun, pair: number, order: readonly Side[]): Promise<boolean> {
  for (const side of order) {
    if (pair < run.already[side] || sideStopped(run, side)) continue;
    if (run.settings.signal?.aborted) return false;
    if (!(await measureOnce(run.c, run.entry, side, run.record, run.settings, run.p))) return false;
  }
  return true;
}

/** The paired fork's job: both sides' bundles and parameters, the side that goes first, the block seed. */
function pairedJob(run: CaseRun, first: Side, seed: number): PairedJob {
  const { c, settings } = run;
  return {
    mode: 'paired',
    kit: settings.fork.kit ?? '',
    bundles: c.bundles,
    benchmark: c.bench.benchmark,
    params: c.params,
    pinned: Boolean(settings.fork.pin),
    first,
    seed,
    slowdown: c.slowdown,
    slowdownClock: slowdownClockOf(settings.config.metric),
    ...(c.sample ?? settings.sample),
  };
}

/**
 * One paired fork; false when the run was interrupted. When the case's first paired fork fails, each side is tried
 * once in a fork of its own: if both measure, the two sides cannot share a process (a bench file with global
 * state, a native addon loaded twice…), so the case falls back to one side per fork, says so in its `design`, and
 * keeps those two samples; otherwise the failure is the benchmark's, recorded on both sides.
 */
async function pairedFork(run: CaseRun, pair: number, first: Side, seed: number): Promise<boolean> {
  const { entry, settings, p } = run;
  if (pair < run.already.baseline || sideStopped(run, 'baseline') || sideStopped(run, 'candidate'))
    return true;
  if (settings.signal?.aborted) return false;
  const startedAt = new Date().toISOString();
  const outcome = await runFork(pairedJob(run, first, seed), {
    ...settings.fork,
    ...(settings.signal ? { signal: settings.signal } : {}),
  });
  if (outcome.kind === 'interrupted') return false;
  const items = pairedRecords(outcome, p.seq, startedAt);
  const failed = 'kind' in items[0];
  if (failed && entry.samples.length === 0 && entry.failures.length === 0 && !entry.design) {
    return fallBack(run, pair, items[0] as SampleFailure);
  }
  p.seq += 2;
  for (const item of items) await record1(run.c, entry, item, run.record, settings, p);
  return true;
}

/**
 * Moves a case whose first paired fork failed to the forks design (see {@link pairedFork}), saying why. Its first
 * pair of one-side forks then tells whether the pairing or the benchmark failed: both measured means the pairing.
 */
async function fallBack(run: CaseRun, pair: number, failure: SampleFailure): Promise<boolean> {
  const first = failure.message.split('\n')[0];
  run.entry.design = {
    kind: 'forks',
    reason: `its first paired fork failed (${failure.kind}: ${first}); each side runs in forks of its own`,
  };
  return forksPair(run, pair, ['baseline', 'candidate']);
}

/** Whether a case's forks are paired: the run asks for it and the case did not fall back. */
function isPairedCase(run: CaseRun): boolean {
  return run.settings.config.design === 'paired' && run.entry.design?.kind !== 'forks';
}

/** One case's forks: n pairs (paired forks, or one-side forks in seeded order); false when interrupted. */
async function runCase(
  c: PlannedCase,
  record: RunRecord,
  settings: RunSettings,
  p: Progress,
  rand: () => number,
): Promise<boolean> {
  const entry = record.benchmarks.find((b) => b.key === c.bench.key) as BenchmarkRecord;
  const run: CaseRun = {
    c,
    entry,
    record,
    settings,
    p,
    already: { baseline: doneOn(entry, 'baseline'), candidate: doneOn(entry, 'candidate') },
    skippedSides: new Set<Side>(),
  };
  if (settings.design) entry.looks = [];
  for (let pair = 0; pair < settings.config.samplesPerSide; pair++) {
    // Drawn for every pair, skipped or not, so a resumed run continues the same schedule.
    const first: Side = rand() < 0.5 ? 'baseline' : 'candidate';
    const ok = isPairedCase(run)
      ? await pairedFork(run, pair, first, Math.floor(rand() * 2 ** 32))
      : await forksPair(
          run,
          pair,
          first === 'baseline' ? ['baseline', 'candidate'] : ['candidate', 'baseline'],
        );
    if (!ok) return false;
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
