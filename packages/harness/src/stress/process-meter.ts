import { GCProfiler } from 'node:v8';

/** Process-wide costs over a stress run: garbage collections and CPU time. */
export interface ProcessCosts {
  /** Garbage collections in the window. */
  readonly gcCount: number;
  /** Heap bytes the collections reclaimed (Σ used before − used after), cassandra-stress's "GC memory". */
  readonly gcBytes: number;
  /** Pause time of those collections, ms. */
  readonly gcTimeMs: number;
  /** User + system CPU time, µs. */
  readonly cpuMicros: number;
}

/**
 * Measures GC (v8's `GCProfiler`, which reports every collection synchronously with heap use before and after —
 * measured to agree with the `perf_hooks` gc observer on counts) and CPU (`process.cpuUsage`) between `start` and
 * `stop`.
 */
export class ProcessMeter {
  #profiler: GCProfiler | null = null;
  #cpu: NodeJS.CpuUsage | null = null;

  start(): void {
    this.#profiler = new GCProfiler();
    this.#profiler.start();
    this.#cpu = process.cpuUsage();
  }

  /** @throws Error when not started. */
  stop(): ProcessCosts {
    if (this.#profiler === null || this.#cpu === null) throw new Error('ProcessMeter.stop() before start()');
    const cpu = process.cpuUsage(this.#cpu);
    const result = this.#profiler.stop();
    this.#profiler = null;
    let gcBytes = 0;
    let gcTimeMs = 0;
    for (const s of result?.statistics ?? []) {
      gcBytes += Math.max(0, s.beforeGC.heapStatistics.usedHeapSize - s.afterGC.heapStatistics.usedHeapSize);
      gcTimeMs += s.cost / 1000;
    }
    return {
      gcCount: result?.statistics.length ?? 0,
      gcBytes,
      gcTimeMs,
      cpuMicros: cpu.user + cpu.system,
    };
  }
}
