import { type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';

/** Process-wide costs over a stress run: garbage collections and CPU time. */
export interface ProcessCosts {
  /** Garbage collections in the window (every kind: scavenges, mark-compacts, incremental steps). */
  readonly gcCount: number;
  /** The summed pause of those collections, ms. */
  readonly gcTimeMs: number;
  /** User + system CPU time, µs. */
  readonly cpuMicros: number;
}

/** Two turns of the event loop: an observer's gc entries are made in one immediate and delivered in the next. */
async function settle(): Promise<void> {
  for (let i = 0; i < 2; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * Measures GC (a `PerformanceObserver` of `gc` entries: count and pause) and CPU (`process.cpuUsage`) between `start`
 * and `stop`.
 *
 * Why not v8's `GCProfiler` (as before): it reads heap and heap-space statistics in every GC's prologue and
 * epilogue, on the thread that runs the timed ops, so each collection inside an op was charged to that op. bench
 * measured it at 94 ns/op bare against 1,004 ns/op with a profiler for `slice()` of 256 numbers (0.1–0.9 ms per
 * GC). A stress run of range-delete-heavy collects about once per 1,800 ops (28 GCs in 50,000), each inside a timed
 * op. The observer's entries are made after the GC, in the event loop. What it cannot give is the heap reclaimed
 * per GC, so stress no longer reports "GC memory".
 */
export class ProcessMeter {
  #observer: PerformanceObserver | null = null;
  #entries: PerformanceEntry[] = [];
  #cpu: NodeJS.CpuUsage | null = null;

  start(): void {
    this.#entries = [];
    const entries = this.#entries;
    this.#observer = new PerformanceObserver((list) => {
      entries.push(...list.getEntries());
    });
    this.#observer.observe({ entryTypes: ['gc'] });
    this.#cpu = process.cpuUsage();
  }

  /** Waits for the entries of the window's last collections, then tallies. @throws Error when not started. */
  async stop(): Promise<ProcessCosts> {
    const observer = this.#observer;
    if (observer === null || this.#cpu === null) throw new Error('ProcessMeter.stop() before start()');
    const cpu = process.cpuUsage(this.#cpu);
    this.#observer = null;
    this.#cpu = null;
    try {
      await settle();
      this.#entries.push(...observer.takeRecords());
    } finally {
      observer.disconnect();
    }
    let gcTimeMs = 0;
    for (const e of this.#entries) gcTimeMs += e.duration;
    return { gcCount: this.#entries.length, gcTimeMs, cpuMicros: cpu.user + cpu.system };
  }
}
