/** One time bucket of a stress run: the ops that completed in [startSec, endSec). Latencies in ns. */
export interface TimelineBucket {
  readonly startSec: number;
  readonly endSec: number;
  /** Ops completed in the bucket. */
  readonly ops: number;
  /** Latency as reported (from the intended start when paced), mean and max; NaN in a bucket with no op. */
  readonly meanLatencyNs: number;
  readonly maxLatencyNs: number;
  /** Service time (from the actual start), mean and max; NaN in a bucket with no op. */
  readonly meanServiceNs: number;
  readonly maxServiceNs: number;
}

/** Default first bucket width: 100 ms, so a one-second run still draws ten points. */
export const TIMELINE_BUCKET_NS = 100e6;
/** At most this many buckets: a run of any length keeps ~25 kB of timeline. */
export const TIMELINE_MAX_BUCKETS = 512;

/**
 * Per-interval aggregates of a stress run for the pictures: completions, and mean and max of the reported latency
 * and of the service time per time bucket. Memory is bounded: when a run outlasts {@link TIMELINE_MAX_BUCKETS}
 * buckets, neighbours merge pairwise and the width doubles. Sums, counts and maxima merge exactly (a percentile
 * would not, which is why the buckets keep no percentile; the run's percentiles come from its HdrHistograms).
 */
export class StressTimeline {
  readonly #startNs: number;
  readonly #maxBuckets: number;
  #widthNs: number;
  #ops: number[] = [];
  #sumLatency: number[] = [];
  #maxLatency: number[] = [];
  #sumService: number[] = [];
  #maxService: number[] = [];

  /** @param startNs the run's start on the stress clock */
  constructor(startNs: number, widthNs = TIMELINE_BUCKET_NS, maxBuckets = TIMELINE_MAX_BUCKETS) {
    if (!(widthNs > 0) || !(maxBuckets >= 2)) throw new RangeError('timeline: width > 0, maxBuckets >= 2');
    this.#startNs = startNs;
    this.#widthNs = widthNs;
    this.#maxBuckets = maxBuckets;
  }

  /** Current bucket width in seconds. */
  get bucketSec(): number {
    return this.#widthNs / 1e9;
  }

  /** Records one op that ended at `endedNs` (stress clock) with its reported latency and service time. */
  record(endedNs: number, latencyNs: number, serviceNs: number): void {
    let i = Math.floor((endedNs - this.#startNs) / this.#widthNs);
    while (i >= this.#maxBuckets) {
      this.#halve();
      i = Math.floor((endedNs - this.#startNs) / this.#widthNs);
    }
    if (i < 0) i = 0;
    while (this.#ops.length <= i) {
      this.#ops.push(0);
      this.#sumLatency.push(0);
      this.#maxLatency.push(0);
      this.#sumService.push(0);
      this.#maxService.push(0);
    }
    this.#ops[i]! += 1;
    this.#sumLatency[i]! += latencyNs;
    this.#sumService[i]! += serviceNs;
    if (latencyNs > this.#maxLatency[i]!) this.#maxLatency[i] = latencyNs;
    if (serviceNs > this.#maxService[i]!) this.#maxService[i] = serviceNs;
  }

  /** Merges neighbouring buckets pairwise and doubles the width. */
  #halve(): void {
    const pair = (xs: number[], merge: (a: number, b: number) => number) =>
      Array.from({ length: Math.ceil(xs.length / 2) }, (_, j) => merge(xs[2 * j]!, xs[2 * j + 1] ?? 0));
    const sum = (a: number, b: number) => a + b;
    this.#ops = pair(this.#ops, sum);
    this.#sumLatency = pair(this.#sumLatency, sum);
    this.#sumService = pair(this.#sumService, sum);
    this.#maxLatency = pair(this.#maxLatency, Math.max);
    this.#maxService = pair(this.#maxService, Math.max);
    this.#widthNs *= 2;
  }

  /** The buckets from the start to `elapsedSec` (the last one cut there), empty buckets included. */
  buckets(elapsedSec: number): TimelineBucket[] {
    const width = this.bucketSec;
    let count = Math.max(this.#ops.length, Math.ceil(elapsedSec / width - 1e-9));
    // A last bucket the run ended in before half of it passed, with no op in it, is the few µs between the last op
    // and the clock's final read (a paced `--duration 2s` ended at 2.00003 s): drawn, it was a drop to 0 op/s that
    // looked like a stall. Shorter-than-half empty tails are left out; a real stall fills its buckets.
    if (count > this.#ops.length && count > 1 && elapsedSec - (count - 1) * width < width / 2) count -= 1;
    return Array.from({ length: count }, (_, i) => {
      const ops = this.#ops[i] ?? 0;
      const mean = (sum: number[]) => (ops > 0 ? sum[i]! / ops : Number.NaN);
      return {
        startSec: i * width,
        endSec: Math.max(i * width, Math.min((i + 1) * width, elapsedSec)),
        ops,
        meanLatencyNs: mean(this.#sumLatency),
        maxLatencyNs: ops > 0 ? this.#maxLatency[i]! : Number.NaN,
        meanServiceNs: mean(this.#sumService),
        maxServiceNs: ops > 0 ? this.#maxService[i]! : Number.NaN,
      };
    });
  }
}
