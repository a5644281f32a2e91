import { setTimeout as delay } from 'node:timers/promises';

/** A monotonic nanosecond clock and a way to wait until a point on it; injectable so schedules are testable. */
export interface StressClock {
  /** Monotonic time in ns. */
  now(): number;
  /** Resolves at (or just after) `untilNs`. */
  waitUntil(untilNs: number): Promise<void>;
}

// Timers are only millisecond-accurate: sleep to ~1 ms before the target, then spin the last stretch.
const SPIN_NS = 1_000_000;

/** The process's clock (`process.hrtime.bigint`): timer sleep for long waits, a spin for the last millisecond. */
export const processClock: StressClock = {
  now: () => Number(process.hrtime.bigint()),
  async waitUntil(untilNs) {
    const ahead = untilNs - processClock.now();
    if (ahead > 2 * SPIN_NS) await delay(Math.floor((ahead - SPIN_NS) / 1e6));
    while (processClock.now() < untilNs) {
      // spin: the remaining wait is below timer resolution
    }
  },
};
