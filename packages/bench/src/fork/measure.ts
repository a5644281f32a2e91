import { GCProfiler, getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';
import type { BlackHole } from './black-hole.js';
import type { Measurement, SampleSettings } from './fork-protocol.js';
import { type GcPause, observeGcPauses, type TimedWindow, tallyWithin } from './gc-pauses.js';
import { SlowdownInjector } from './slowdown-injector.js';
import { WarmupOnBothClocks, WINDOW } from './warm-up-criterion.js';

/** V8's `gc()` when the fork runs with `--expose-gc` (fork.ts); a minor GC when asked for one. */
declare const gc: ((options?: { type: 'minor' | 'major' }) => void) | undefined;

/** An op bound to its state: what the timed loop calls. */
export type Op = () => unknown;

const TIMER_COST_NS = 40;
/** A timed batch must dwarf the ~40 ns timer read (notes: ≥ ~100× the timer cost); 50 µs is > 1000×. */
const MIN_BATCH_NS = 1000 * TIMER_COST_NS;
const MAX_BATCH = 2 ** 30;
/** Spin iterations per probe of the spin's in-batch cost: ~100 µs, so the timer read is < 0.1% of it. */
const SPIN_PROBE_ITERS = 20_000;
/** A fork's injected share counts as on target within this fraction of the slowdown (0.05: 10% ± 0.5 points). */
const SLOWDOWN_TOLERANCE = 0.05;

/** The injected spin's own wall and CPU time in the last {@link timeBatch}, and that batch's CPU time (module slots). */
let lastSpinNs = 0;
let lastSpinCpuNs = 0;
let lastBatchCpuNs = 0;

const cpuNs = (u: NodeJS.CpuUsage) => (u.user + u.system) * 1000;

/**
 * Times `n` calls of `op`, every result consumed; plus `spin` iterations of injected work inside the timed region,
 * whose own wall and CPU time are left in {@link lastSpinNs} / {@link lastSpinCpuNs} (the injector books one of them,
 * not an estimate: slowdown-injector.ts). Returns the batch's wall time; its CPU time is in {@link lastBatchCpuNs}.
 */
function timeBatch(op: Op, bh: BlackHole, n: number, spinIters: number): number {
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) bh.consume(op());
  // Called unconditionally (spin(0) when no slowdown): a branch first taken after warm-up would deoptimise this
  // function and slow the op loop itself, and both sides must run the same code (the middle clock reads included).
  const t1 = process.hrtime.bigint();
  const c1 = process.cpuUsage();
  spin(spinIters);
  const c2 = process.cpuUsage();
  const t2 = process.hrtime.bigint();
  lastSpinNs = Number(t2 - t1);
  lastSpinCpuNs = cpuNs(c2) - cpuNs(c1);
  lastBatchCpuNs = cpuNs(c2) - cpuNs(c0);
  return Number(t2 - t0);
}

function spin(iters: number): number {
  let acc = 0;
  for (let i = 0; i < iters; i++) acc = (acc * 1_103_515_245 + i) | 0;
  (globalThis as Record<string, unknown>).__tombstoneBenchSpin = acc;
  return acc;
}

/**
 * Cost of one spin iteration inside the compiled `timeBatch` (an empty op loop plus the probe): the code the timed
 * region runs, rather than `spin` on its own.
 */
function spinNsPerIterInBatch(op: Op, bh: BlackHole): number {
  let best = Number.POSITIVE_INFINITY;
  for (let k = 0; k < 3; k++) best = Math.min(best, timeBatch(op, bh, 0, SPIN_PROBE_ITERS));
  return best / SPIN_PROBE_ITERS;
}

/** Spin-loop iterations per ns on this fork, measured after warming the loop itself. */
function calibrateSpin(): number {
  spin(1e5);
  let best = Number.POSITIVE_INFINITY;
  for (let k = 0; k < 5; k++) {
    const t0 = process.hrtime.bigint();
    spin(1e6);
    best = Math.min(best, Number(process.hrtime.bigint() - t0));
  }
  return 1e6 / best;
}

interface Warmup {
  batch: number;
  ops: number;
  nsPerOp: number;
  stable: boolean;
  /** Wall time of the warm-up's batches. */
  spentNs: number;
}

/**
 * A batch's length for sizing: its CPU time, so that a fork on a loaded core (a quarter of the core at load 6–20)
 * sizes the same batch, and so warms up over the same executed work, as on an idle one. The JIT tiers up on work
 * done, not on time passed: with wall-sized batches such a fork judged 10 batches of ~150 ops (~1,500 ops, where an
 * idle fork needs ~13,000) and timed the op's compiles (warm-up-criterion.ts). The wall clock still ends sizing
 * once a batch lasts {@link WALL_SIZING_LIMIT}× the target, for an op that waits rather than computes.
 */
export function sizingNs(wallNs: number, cpuNs: number): number {
  return Math.max(cpuNs, wallNs / WALL_SIZING_LIMIT);
}

/** How many batch targets of wall time a batch may last while its CPU time is still below the target. */
export const WALL_SIZING_LIMIT = 10;

/**
 * Grows the batch until one batch lasts the target ({@link sizingNs}), then runs batches until the median ns/op of a
 * window of batches matches the previous window's within the noise, on the wall and the CPU clock alike
 * (warm-up-criterion.ts), and at least `minNs` of wall time has been spent, or the adaptive cap is reached. Warm-up
 * length varies a lot between functions (notes: one settled only after ~2,400 calls), hence a criterion rather than
 * a count; the minimum is for ops the criterion calls settled too early.
 */
function warmUp(op: Op, bh: BlackHole, batchTargetNs: number, capNs: number, minNs: number): Warmup {
  const criterion = new WarmupOnBothClocks(capNs, minNs);
  let batch = 1;
  let ops = 0;
  let spent = 0;
  for (;;) {
    const t = timeBatch(op, bh, batch, 0);
    const length = sizingNs(t, lastBatchCpuNs);
    ops += batch;
    spent += t;
    if (length < batchTargetNs / 2 && batch < MAX_BATCH) {
      // Still sizing: scale toward the target (at most ×16 per step, as cold code speeds up while it runs).
      batch = Math.min(
        MAX_BATCH,
        batch * Math.min(16, Math.max(2, Math.ceil(batchTargetNs / Math.max(length, 1)))),
      );
      criterion.reset();
    } else {
      const settled = criterion.add(t / batch, lastBatchCpuNs / batch, spent);
      if (settled !== null) return { batch, ops, nsPerOp: settled, stable: true, spentNs: spent };
    }
    if (criterion.exhausted(spent))
      return { batch, ops, nsPerOp: criterion.estimate, stable: false, spentNs: spent };
  }
}

interface AllocWindow {
  heapBytes: number;
  arrayBufferBytes: number;
  gcs: number;
}

/**
 * Allocation over `n` calls: heap-used delta plus what every GC in the window freed (GCProfiler accounting, notes),
 * and the ArrayBuffer (off-heap) delta, which is only meaningful when no GC ran in the window.
 */
function allocWindow(op: Op, bh: BlackHole, n: number): AllocWindow {
  const profiler = new GCProfiler();
  profiler.start();
  const ab0 = process.memoryUsage().arrayBuffers;
  const heap0 = getHeapStatistics().used_heap_size;
  for (let i = 0; i < n; i++) bh.consume(op());
  const heap1 = getHeapStatistics().used_heap_size;
  const ab1 = process.memoryUsage().arrayBuffers;
  const stats = profiler.stop().statistics;
  let freed = 0;
  for (const gc of stats)
    freed += gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize;
  return { heapBytes: heap1 - heap0 + freed, arrayBufferBytes: ab1 - ab0, gcs: stats.length };
}

/**
 * Off-heap bytes per op from GC-free windows only (a GC invalidates the ArrayBuffer delta). Backing stores of
 * earlier ops are freed concurrently after a GC and can only lower a window's delta, so the largest of a few windows
 * is kept; larger windows first, as they average amortised allocations correctly.
 */
function arrayBufferPerOp(windows: readonly AllocWindow[], n: number): number | null {
  const clean = windows.filter((w) => w.gcs === 0).map((w) => w.arrayBufferBytes / n);
  return clean.length >= 2 ? Math.max(0, ...clean) : null;
}

/** The search of {@link arrayBufferPerOp} by shrinking windows, for ops that cause a GC in any window that fits. */
function arrayBufferPerOpShrinking(op: Op, bh: BlackHole, n: number): number {
  for (let m = n; m >= 1; m = m > 1 ? Math.floor(m / 8) : 0) {
    const windows = Array.from({ length: 4 }, () => quietWindow(op, bh, m));
    const perOp = arrayBufferPerOp(windows, m);
    if (perOp !== null) return perOp;
  }
  return 0;
}

/** The young generation's size: what a window may allocate between two scavenges. */
function newSpaceBytes(): number {
  return getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;
}

/** {@link allocWindow} after a minor GC (when `gc` is exposed), so the window starts from an empty young generation. */
function quietWindow(op: Op, bh: BlackHole, n: number): AllocWindow {
  if (typeof gc === 'function') gc({ type: 'minor' });
  return allocWindow(op, bh, n);
}

/** Young generations a window may fill: few GCs, yet enough bytes that one-off costs vanish in the average. */
const WINDOW_YOUNG_GENERATIONS = 4;

/**
 * Heap bytes per op, empty-body baseline subtracted (GCProfiler's fixed cost per window). Several rounds, keeping
 * the minimum of each: the first windows also count the heap used by compiling the window loop itself.
 *
 * A window holds at most as many ops as allocate {@link WINDOW_YOUNG_GENERATIONS} young generations: a GCProfiler
 * window pays heap statistics in every GC's prologue and epilogue (~0.1–0.9 ms each, gc-pauses.ts), and windows of
 * 8,333 copies of 1,000 numbers (67 MB, ~30 scavenges each) made this step take 129 ms per side, longer than the
 * 100 ms sample it follows (now 19 ms). Not smaller: the first page boundary a window crosses costs a one-off filler
 * (~7.5 KB for those 8 KB copies), which read +93 B/op in a GC-free window of 82 ops; over 4 young generations it is
 * < 0.2%. The ArrayBuffer delta needs GC-free windows: from these when they are, else from shrinking ones.
 */
function allocatedPerOp(op: Op, bh: BlackHole, nMax: number): number {
  const empty: Op = () => undefined;
  const probe = quietWindow(op, bh, 4);
  const fit = Math.floor((WINDOW_YOUNG_GENERATIONS * newSpaceBytes()) / Math.max(1, probe.heapBytes / 4));
  const n = Math.max(1, Math.min(nMax, fit));
  let base = Number.POSITIVE_INFINITY;
  const windows: AllocWindow[] = [];
  for (let round = 0; round < 3; round++) {
    base = Math.min(base, quietWindow(empty, bh, n).heapBytes);
    windows.push(quietWindow(op, bh, n));
  }
  const main = Math.min(...windows.map((w) => w.heapBytes));
  const offHeap = arrayBufferPerOp(windows, n) ?? arrayBufferPerOpShrinking(op, bh, n);
  return Math.max(0, (main - base) / n) + offHeap;
}

/** One timed batch of a side: its wall and CPU time, ops, and the GCs that ran in it. */
export interface BatchReading {
  wallNs: number;
  cpuNs: number;
  ops: number;
}

/**
 * The measurement of one side in a fork, step by step: warm-up, then timed batches at the warmed batch size, then
 * the summary. The single-side fork runs its batches back to back ({@link measure}); the paired fork alternates the
 * batches of two measurers, each from its own copy of this module (measure-paired.ts), so no call site of the timed
 * loop, the black hole or the spin is shared between the sides.
 */
export class SideMeasurer {
  private readonly sampleNs: number;
  private readonly batchTargetNs: number;
  private readonly spinPerNs: number;
  private warm: Warmup | null = null;
  private books: { wall: SlowdownInjector; cpu: SlowdownInjector } | null = null;
  private wallNs = 0;
  private cpuNs = 0;
  private ops = 0;
  private batches = 0;
  private settling = 0;
  private readonly windows: TimedWindow[] = [];

  constructor(
    private readonly op: Op,
    private readonly bh: BlackHole,
    private readonly settings: SampleSettings,
  ) {
    this.sampleNs = settings.sampleMs * 1e6;
    this.batchTargetNs = Math.max(MIN_BATCH_NS, this.sampleNs / 20);
    // Before warm-up, on both sides alike: the spin loop gets type feedback here, so the optimised batch loop that
    // inlines it does not deoptimise when a slowdown first makes its body run.
    this.spinPerNs = calibrateSpin();
  }

  /** Warms up until stable (or the cap), then readies the injectors; the timed batches may start after it. */
  warmUp(): void {
    const { settings, op, bh } = this;
    const warm = warmUp(
      op,
      bh,
      this.batchTargetNs,
      Math.max(settings.warmupMaxMs * 1e6, this.batchTargetNs * 2 * WINDOW),
      settings.warmupMinMs * 1e6,
    );
    // Run on both sides whatever their slowdown, so baseline and candidate differ only in the injected amount;
    // outside the timed region. The fallback covers a probe faster than the clock can see.
    const probed = spinNsPerIterInBatch(op, bh);
    const prior = warm.nsPerOp * warm.batch;
    const perIter = probed > 0 ? probed : 1 / this.spinPerNs;
    // One injector per clock: the run's clock decides the spin, the other only measures what that injected on it.
    this.books = {
      wall: new SlowdownInjector(settings.slowdown, perIter, prior),
      cpu: new SlowdownInjector(settings.slowdown, perIter, prior),
    };
    this.warm = warm;
    bh.flush();
  }

  /** Times one batch at the warmed batch size (with this side's injected spin, if any). */
  batch(): BatchReading {
    const warm = this.warm;
    const books = this.books;
    if (!warm || !books) throw new Error('SideMeasurer.batch() before warmUp()');
    // With slowdown 0 the injector always answers 0, so the timed code and its inputs are as without the hook.
    const spinIters = books[this.settings.slowdownClock].next();
    // The window's ends are read outside the timed region; GC pauses are told to it afterwards (gc-pauses.ts).
    const startMs = performance.now();
    const t = timeBatch(this.op, this.bh, warm.batch, spinIters);
    this.windows.push({ startMs, endMs: performance.now() });
    const cpu = lastBatchCpuNs;
    books.wall.record(t, spinIters, lastSpinNs);
    books.cpu.record(cpu, spinIters, lastSpinCpuNs);
    this.wallNs += t;
    this.cpuNs += cpu;
    this.ops += warm.batch;
    this.batches++;
    return { wallNs: t, cpuNs: cpu, ops: warm.batch };
  }

  /**
   * Whether this side still needs batches: until it has timed `sampleMs` and at least a window of batches; with a
   * slowdown, up to a window more until the booked share is on target (the running totals leave only the last batch
   * uncorrected, and one preempted or GC-hit batch of ~20 moved a fork's share by up to 5 points: 0.148 for 0.1,
   * loaded test run). A baseline is always on target, so it never runs them.
   */
  needsMore(): boolean {
    if (this.wallNs < this.sampleNs || this.batches < WINDOW) return true;
    const injector = this.books?.[this.settings.slowdownClock];
    return Boolean(injector && !injector.onTarget(SLOWDOWN_TOLERANCE) && this.settling++ < WINDOW);
  }

  /**
   * The side's measurement from its timed batches, with the GCs among `pauses` that started in them, plus
   * allocated bytes per op when asked for.
   */
  result(pauses: readonly GcPause[]): Measurement {
    const warm = this.warm;
    const books = this.books;
    if (!warm || !books) throw new Error('SideMeasurer.result() before warmUp()');
    this.bh.flush();
    let bytesPerOp: number | null = null;
    if (this.settings.allocation) {
      // Enough ops to amortise GCProfiler's fixed ~600 B, bounded so the ~8 windows take about half the sample time.
      const n = Math.max(1, Math.min(10_000, Math.floor(this.sampleNs / 12 / Math.max(warm.nsPerOp, 1))));
      bytesPerOp = allocatedPerOp(this.op, this.bh, n);
      this.bh.flush();
    }
    return {
      ops: this.ops,
      nsPerOp: this.wallNs / this.ops,
      cpuNsPerOp: this.cpuNs / this.ops,
      bytesPerOp,
      ...tallyWithin(pauses, this.windows),
      warmupOps: warm.ops,
      batchSize: warm.batch,
      warmupStable: warm.stable,
      warmupNs: warm.spentNs,
      ...(this.settings.slowdown > 0
        ? { injected: { nsPerOp: books.wall.ratio, cpuNsPerOp: books.cpu.ratio } }
        : {}),
    };
  }
}

/** Collects the heap before a timed phase, when the fork was started with `--expose-gc`. */
export function collectGarbage(): void {
  if (typeof gc === 'function') gc();
}

/** Warms up, then measures wall/CPU time, GC and (optionally) allocation of `op` in this fresh process. */
export async function measure(op: Op, bh: BlackHole, settings: SampleSettings): Promise<Measurement> {
  const side = new SideMeasurer(op, bh, settings);
  side.warmUp();
  collectGarbage();
  const { pauses } = await observeGcPauses(() => {
    while (side.needsMore()) side.batch();
  });
  return side.result(pauses);
}

/** Runs exactly `n` ops (instruction-count mode: the difference of two such runs is the per-op count). */
export function runOps(op: Op, bh: BlackHole, n: number): void {
  for (let i = 0; i < n; i++) bh.consume(op());
  bh.flush();
}
