import { describeValue, HarnessArgumentError } from '../errors.js';

/**
 * A fixed-rate intended-start schedule (cassandra-stress `-rate fixed=…`, HdrHistogram's coordinated-omission
 * correction): op k should start at `startNs + k · 10⁹ / rate`. Latency is measured from that intended start, so an
 * engine stall that delays the ops queued behind it is charged to every one of them instead of disappearing.
 */
export class IntendedSchedule {
  readonly rate: number;
  readonly startNs: number;
  readonly #intervalNs: number;

  /** @throws HarnessArgumentError unless `rate` is a positive finite number of ops per second. */
  constructor(rate: number, startNs: number) {
    if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0) {
      throw new HarnessArgumentError(
        `rate must be a positive number of ops per second, got ${describeValue(rate)}`,
      );
    }
    this.rate = rate;
    this.startNs = startNs;
    this.#intervalNs = 1e9 / rate;
  }

  /** When op `k` should start (ns, same clock as `startNs`). */
  intendedStartNs(k: number): number {
    return this.startNs + k * this.#intervalNs;
  }

  /**
   * The latency of an op that should have started at `intendedNs`, actually started at `startedNs` and ended at
   * `endedNs`: measured from the intended start when the op started late (queued behind a stall), from its actual
   * start when it started early.
   */
  static latencyNs(intendedNs: number, startedNs: number, endedNs: number): number {
    return endedNs - Math.min(intendedNs, startedNs);
  }
}
