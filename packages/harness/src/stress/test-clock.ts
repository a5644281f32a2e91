// Test helper: a stress clock under the test's control (excluded from the build).
import type { StressClock } from './stress-clock.js';

/** A clock that only moves when ops spend time (`advance`) or the runner waits. */
export function fakeClock(): StressClock & { advance(ns: number): void } {
  let t = 1_000_000_000;
  return {
    now: () => t,
    waitUntil: (until) => {
      t = Math.max(t, until);
    },
    advance(ns) {
      t += ns;
    },
  };
}
