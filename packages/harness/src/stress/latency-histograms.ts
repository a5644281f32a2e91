import * as hdr from 'hdr-histogram-js';

/** The op kind under which every op is also counted. */
export const TOTAL = 'total';

/** Latency (and volume) of one op kind, accumulated over a run. */
interface KindTally {
  readonly histogram: hdr.Histogram;
  /** Since the last interval flush (for the HdrHistogram log). */
  readonly interval: hdr.Histogram;
  ops: number;
  partitions: number;
  rows: number;
  errors: number;
  /** Exact smallest and largest recorded values: a percentile is clamped into them (see {@link percentile}). */
  minNs: number;
  maxNs: number;
}

/**
 * A percentile clamped to the recorded range. HdrHistogram answers a percentile with the highest value equivalent to
 * its bucket (3 significant digits), so p99.9 of [1000, 2000, 123457] reads 123519 — above the recorded max 123457.
 * A report must never print a p99.9 above its max (or a median below its min).
 */
function percentile(t: KindTally, p: number): number {
  return Math.min(t.maxNs, Math.max(t.minNs, t.histogram.getValueAtPercentile(p)));
}

/** What {@link LatencyHistograms.summaryOf} returns for one kind. Latencies in ns. */
export interface KindLatency {
  readonly ops: number;
  readonly partitions: number;
  readonly rows: number;
  readonly errors: number;
  readonly meanNs: number;
  readonly medianNs: number;
  readonly p95Ns: number;
  readonly p99Ns: number;
  readonly p999Ns: number;
  readonly maxNs: number;
}

/** One point of a percentile distribution: the latency (ns) at `percentile` (0–100). */
export interface PercentilePoint {
  readonly percentile: number;
  readonly ns: number;
}

// ns values, 3 significant digits (HdrHistogram's default): 0.1% resolution at any magnitude, from 1 ns to an hour.
const histogram = () =>
  hdr.build({
    bitBucketSize: 32,
    lowestDiscernibleValue: 1,
    highestTrackableValue: 3_600_000_000_000,
    numberOfSignificantValueDigits: 3,
    useWebAssembly: false,
  });

/**
 * Per-kind HdrHistograms (hdr-histogram-js) of op latencies in ns, plus a `total` row, and interval histograms
 * written as an HdrHistogram interval log (one tagged line per kind per interval, values in ms) that
 * HdrHistogram's tools (HistogramLogProcessor, HdrHistogram plotters) read.
 */
export class LatencyHistograms {
  readonly #kinds = new Map<string, KindTally>();
  readonly #log: string[] = [];
  readonly #writer: hdr.HistogramLogWriter;
  #intervalStartSec = 0;

  /** @param startEpochMs wall-clock start of the run, written as the log's StartTime */
  constructor(startEpochMs: number) {
    this.#writer = new hdr.HistogramLogWriter((line) => this.#log.push(line));
    this.#writer.outputLogFormatVersion();
    this.#writer.outputComment('tombstone-harness stress: latency per op kind, ns recorded, ms reported');
    this.#writer.outputStartTime(startEpochMs);
    this.#writer.outputLegend();
  }

  #tally(kind: string): KindTally {
    let t = this.#kinds.get(kind);
    if (t === undefined) {
      t = {
        histogram: histogram(),
        interval: histogram(),
        ops: 0,
        partitions: 0,
        rows: 0,
        errors: 0,
        minNs: Number.POSITIVE_INFINITY,
        maxNs: 0,
      };
      t.interval.tag = kind;
      this.#kinds.set(kind, t);
    }
    return t;
  }

  /** Records one op of `kind` (and in the total). */
  record(kind: string, latencyNs: number, partitions: number, rows: number, failed: boolean): void {
    const v = Math.max(1, Math.round(latencyNs));
    for (const t of [this.#tally(kind), this.#tally(TOTAL)]) {
      t.histogram.recordValue(v);
      t.interval.recordValue(v);
      if (v < t.minNs) t.minNs = v;
      if (v > t.maxNs) t.maxNs = v;
      t.ops++;
      t.partitions += partitions;
      t.rows += rows;
      if (failed) t.errors++;
    }
  }

  /** Writes each kind's interval histogram (since the previous call) to the log and starts new intervals. */
  flushInterval(elapsedSec: number): void {
    for (const t of this.#kinds.values()) {
      if (t.interval.totalCount === 0) continue;
      this.#writer.outputIntervalHistogram(t.interval, this.#intervalStartSec, elapsedSec, 1e6);
      t.interval.reset();
    }
    this.#intervalStartSec = elapsedSec;
  }

  /** The HdrHistogram log text so far. */
  logText(): string {
    return `${this.#log.join('')}`;
  }

  /** Kinds seen, `total` last. */
  kinds(): string[] {
    return [...this.#kinds.keys()]
      .filter((k) => k !== TOTAL)
      .sort()
      .concat(this.#kinds.has(TOTAL) ? [TOTAL] : []);
  }

  /**
   * The percentile distribution of one kind (HdrHistogram's percentile plot): latency at percentiles 0, 90, 99,
   * 99.9 … in tenths of a "nine", up to the last percentile the op count resolves, then the max; each value clamped
   * into the recorded range (see {@link percentile}). Empty for a kind with no op.
   */
  percentileCurve(kind: string): PercentilePoint[] {
    const t = this.#tally(kind);
    const count = t.histogram.totalCount;
    if (count === 0) return [];
    const points: PercentilePoint[] = [];
    // 1/(1 − p) stays below the count: beyond it every percentile is the max.
    for (let tenths = 0; 10 ** (tenths / 10) < count && tenths <= 60; tenths++) {
      const p = 100 * (1 - 10 ** (-tenths / 10));
      points.push({ percentile: p, ns: percentile(t, p) });
    }
    points.push({ percentile: 100, ns: t.maxNs });
    return points;
  }

  /** Counts and latency percentiles of one kind. */
  summaryOf(kind: string): KindLatency {
    const t = this.#tally(kind);
    const h = t.histogram;
    const empty = h.totalCount === 0;
    return {
      ops: t.ops,
      partitions: t.partitions,
      rows: t.rows,
      errors: t.errors,
      meanNs: empty ? 0 : h.mean,
      medianNs: empty ? 0 : percentile(t, 50),
      p95Ns: empty ? 0 : percentile(t, 95),
      p99Ns: empty ? 0 : percentile(t, 99),
      p999Ns: empty ? 0 : percentile(t, 99.9),
      maxNs: empty ? 0 : t.maxNs,
    };
  }
}
