/** A monotonic nanosecond clock and a way to wait until a point on it; injectable so schedules are testable. */
export interface StressClock {
  /** Monotonic time in ns. */
  now(): number;
  /** Returns at (or just after) `untilNs`, blocking the thread. */
  waitUntil(untilNs: number): void;
}

const cell = new Int32Array(new SharedArrayBuffer(4));
// Atomics.wait's own wake-up lands within ~0.1 ms here; wake that early and spin the rest for precision.
const SPIN_NS = 100_000;

/**
 * The process's clock (`process.hrtime.bigint`). Waits park the thread with `Atomics.wait` (fractional-ms timeout,
 * no CPU burned: a spin-wait at 2,000 op/s had doubled the reported CPU per million ops), then spin the last
 * 0.1 ms. Blocking is fine: the stress loop is synchronous and yields to the event loop between intervals.
 */
export const processClock: StressClock = {
  now: () => Number(process.hrtime.bigint()),
  waitUntil(untilNs) {
    const ahead = untilNs - processClock.now();
    if (ahead > SPIN_NS) Atomics.wait(cell, 0, 0, (ahead - SPIN_NS) / 1e6);
    while (processClock.now() < untilNs) {
      // spin: the remaining wait is below Atomics.wait's precision
    }
  },
};
