import { describeValue, HarnessArgumentError } from '../errors.js';
import { IntendedSchedule } from './intended-schedule.js';
import { type KindLatency, LatencyHistograms, type PercentilePoint, TOTAL } from './latency-histograms.js';
import { type ProcessCosts, ProcessMeter } from './process-meter.js';
import { processClock, type StressClock } from './stress-clock.js';
import { StressTimeline, type TimelineBucket } from './stress-timeline.js';

/** What executing one op touched. */
export interface StressOpResult {
  readonly partitions: number;
  readonly rows: number;
}

/** One op, generated outside the timed region, ready to execute. */
export interface StressOp {
  readonly kind: string;
  execute(): StressOpResult;
}

/** What the runner drives: op `k` of the workload's stream (a pure function of k) applied to an engine. */
export interface StressTarget {
  opAt(k: number): StressOp;
}

/** Progress of a running stress, for the live line. */
export interface StressProgress {
  readonly ops: number;
  readonly elapsedSec: number;
  /** Ops per second so far. */
  readonly rate: number;
  /** Seconds left (by op count or duration), or null when unknown. */
  readonly etaSec: number | null;
}

/** How long and how fast to run. */
export interface StressOptions {
  /** Stop after this many ops. */
  readonly ops?: number;
  /** Stop after this many ms. At least one of `ops` and `durationMs` is required. */
  readonly durationMs?: number;
  /** Target ops per second on an intended-start schedule; omitted: as fast as possible. */
  readonly rate?: number;
  readonly clock?: StressClock;
  /** Called about every `progressIntervalMs` (default 1000) with progress; each call also ends a log interval. */
  readonly onProgress?: (progress: StressProgress) => void;
  readonly progressIntervalMs?: number;
  readonly signal?: AbortSignal;
}

/** The stress run's raw outcome: per-kind tallies, elapsed time, process costs and the HdrHistogram log. */
export interface StressOutcome {
  readonly elapsedSec: number;
  readonly rate: number | null;
  readonly interrupted: boolean;
  readonly kinds: Readonly<Record<string, KindLatency>>;
  readonly costs: ProcessCosts;
  readonly histogramLog: string;
  /** Per-interval completions and latencies (bounded memory), for the pictures. */
  readonly timeline: readonly TimelineBucket[];
  /** Each kind's percentile distribution from its HdrHistogram, `total` included. */
  readonly percentiles: Readonly<Record<string, readonly PercentilePoint[]>>;
}

/** How often the op loop lets the event loop run (signals, timers), in clock ns. */
const YIELD_NS = 50e6;

function checkOptions(o: StressOptions): void {
  const okCount = (v: unknown) => Number.isSafeInteger(v) && (v as number) > 0;
  if (o.ops !== undefined && !okCount(o.ops))
    throw new HarnessArgumentError(`ops must be a positive integer, got ${describeValue(o.ops)}`);
  if (o.durationMs !== undefined && !(typeof o.durationMs === 'number' && o.durationMs > 0))
    throw new HarnessArgumentError(
      `duration must be a positive number of ms, got ${describeValue(o.durationMs)}`,
    );
  if (o.ops === undefined && o.durationMs === undefined)
    throw new HarnessArgumentError('a stress run needs an op count or a duration');
}

/**
 * Runs ops 0, 1, 2 … of `target` until the op count or duration is reached. Each op is generated before its timed
 * region; at a target rate it waits for its intended start and its latency counts from that intended start
 * (coordinated omission), otherwise from its actual start. An op that throws counts as an error of its kind.
 * @throws HarnessArgumentError for bad options.
 */
export async function runStress(target: StressTarget, options: StressOptions): Promise<StressOutcome> {
  checkOptions(options);
  const clock = options.clock ?? processClock;
  const intervalNs = (options.progressIntervalMs ?? 1000) * 1e6;
  const histograms = new LatencyHistograms(Date.now());
  const meter = new ProcessMeter();
  const startNs = clock.now();
  const timeline = new StressTimeline(startNs);
  const schedule = options.rate === undefined ? null : new IntendedSchedule(options.rate, startNs);
  const endNs =
    options.durationMs === undefined ? Number.POSITIVE_INFINITY : startNs + options.durationMs * 1e6;
  const maxOps = options.ops ?? Number.POSITIVE_INFINITY;
  let nextProgress = startNs + intervalNs;
  // Signals (Ctrl-C) and timers run only when the loop yields. Yielding once per progress interval (1 s) let an
  // interrupted stress run on for up to a second and exit 0.8–1.5 s after SIGINT (load 7); every 50 ms it cannot.
  let nextYield = startNs + YIELD_NS;
  let k = 0;
  meter.start();
  for (; k < maxOps && !options.signal?.aborted; k++) {
    const op = target.opAt(k);
    const intended = schedule?.intendedStartNs(k) ?? null;
    if (intended !== null && intended >= endNs) break;
    if (intended !== null && clock.now() < intended) clock.waitUntil(intended);
    const started = clock.now();
    if (started >= endNs) break;
    let result: StressOpResult = { partitions: 0, rows: 0 };
    let failed = false;
    try {
      result = op.execute();
    } catch {
      failed = true;
    }
    const ended = clock.now();
    const latencyNs = IntendedSchedule.latencyNs(intended ?? started, started, ended);
    histograms.record(op.kind, latencyNs, result.partitions, result.rows, failed);
    timeline.record(ended, latencyNs, ended - started);
    if (ended >= nextProgress) {
      nextProgress = ended + intervalNs;
      const elapsedSec = (ended - startNs) / 1e9;
      histograms.flushInterval(elapsedSec);
      options.onProgress?.(progressOf(k + 1, elapsedSec, options));
    }
    if (ended >= nextYield) {
      nextYield = ended + YIELD_NS;
      await new Promise((r) => setImmediate(r));
    }
  }
  const costs = await meter.stop();
  const elapsedSec = (clock.now() - startNs) / 1e9;
  histograms.flushInterval(elapsedSec);
  const kinds: Record<string, KindLatency> = {};
  const percentiles: Record<string, PercentilePoint[]> = {};
  for (const kind of histograms.kinds()) {
    kinds[kind] = histograms.summaryOf(kind);
    percentiles[kind] = histograms.percentileCurve(kind);
  }
  if (!(TOTAL in kinds)) kinds[TOTAL] = histograms.summaryOf(TOTAL);
  return {
    elapsedSec,
    rate: options.rate ?? null,
    interrupted: options.signal?.aborted ?? false,
    kinds,
    costs,
    histogramLog: histograms.logText(),
    timeline: timeline.buckets(elapsedSec),
    percentiles,
  };
}

function progressOf(ops: number, elapsedSec: number, options: StressOptions): StressProgress {
  const rate = elapsedSec > 0 ? ops / elapsedSec : 0;
  const byOps = options.ops !== undefined && rate > 0 ? (options.ops - ops) / rate : null;
  const byTime =
    options.durationMs !== undefined ? Math.max(0, options.durationMs / 1000 - elapsedSec) : null;
  const etaSec = byOps === null ? byTime : byTime === null ? byOps : Math.min(byOps, byTime);
  return { ops, elapsedSec, rate, etaSec };
}
