/**
 * The GC pauses of a fork's timed phase, seen by a `PerformanceObserver` and told to each timed batch by time.
 *
 * Why not `v8.GCProfiler` around each batch (as before): it records heap and heap-space statistics in every GC's
 * prologue and epilogue, on the op's thread, and so made allocating ops look several times slower than they are.
 * Measured on this 2-core VM at load 0.5–0.7, `xs.slice()` of 256 numbers (2.1 KB/op, ~1 scavenge per 1,000 ops):
 * 94 ns/op bare, 1,004 ns/op with a profiler per batch of 12,000 ops; in the runner, 265 ns/op (one side per fork)
 * and 510 ns/op (paired forks, where the profiler's cost per GC was 2.5× larger and varied from fork to fork). The
 * observer's entries are made after the GC, in the event loop, and cost nothing measurable: 87 vs 93 ns/op.
 */
import { type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';

/** One GC pause on the `performance.now()` timeline (ms). */
export interface GcPause {
  startMs: number;
  durationMs: number;
}

/** A timed batch's interval on the `performance.now()` timeline (ms). */
export interface TimedWindow {
  startMs: number;
  endMs: number;
}

/** GCs that started inside the windows, and their summed pause. */
export interface GcTally {
  gcCount: number;
  gcTimeMs: number;
}

const pauseOf = (e: PerformanceEntry): GcPause => ({ startMs: e.startTime, durationMs: e.duration });

/** Two turns of the event loop: the observer's entries are created in one immediate and delivered in the next. */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 2; i++) await new Promise<void>((resolve) => setImmediate(resolve));
};

/**
 * Runs `work` (synchronous: the timed phase) while observing GCs, then waits for the entries of every GC it caused
 * and returns them with its value.
 */
export async function observeGcPauses<T>(work: () => T): Promise<{ value: T; pauses: GcPause[] }> {
  const pauses: GcPause[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) pauses.push(pauseOf(e));
  });
  observer.observe({ entryTypes: ['gc'] });
  try {
    const value = work();
    await settle();
    for (const e of observer.takeRecords()) pauses.push(pauseOf(e));
    return { value, pauses };
  } finally {
    observer.disconnect();
  }
}

/** The pauses that started within one of `windows`. */
export function tallyWithin(pauses: readonly GcPause[], windows: readonly TimedWindow[]): GcTally {
  let gcCount = 0;
  let gcTimeMs = 0;
  for (const p of pauses) {
    if (windows.some((w) => p.startMs >= w.startMs && p.startMs <= w.endMs)) {
      gcCount++;
      gcTimeMs += p.durationMs;
    }
  }
  return { gcCount, gcTimeMs };
}
