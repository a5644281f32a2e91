/**
 * When a fork's warm-up has settled, decided from the ns/op of its batches (pure: no clock, unit tested).
 *
 * Two adaptations over a fixed "3% within a fixed cap" rule, because on this shared 2-core VM that rule called 6–9
 * of 20 forks of a trivial Map lookup unsettled, and at load 6–8 it flagged 11–19 of 20 forks on 7 of the 8 main-suite
 * benchmarks (2026-12-01): the windows were settled, only noisier than 3%.
 * - The tolerance between two window medians is the larger of 3% and twice the windows' own noise (1.4826·MAD /
 *   median / √window, the standard error of a median-like estimate): a difference the batch noise explains is not
 *   warm-up.
 * - The cap adapts: reaching it unsettled extends it, up to {@link CAP_EXTENSION}× the asked-for cap; only a warm-up
 *   still unsettled then is reported (and warned about).
 */

/** Batches per window. */
export const WINDOW = 5;
/** The minimum tolerance between consecutive window medians. */
export const STABLE_DRIFT = 0.03;
/** How far the cap may stretch for a warm-up that has not settled at the asked-for cap. */
export const CAP_EXTENSION = 4;
/** The widest tolerance between two windows of CPU ns/op ({@link WarmupOnBothClocks}). */
export const CPU_MAX_TOLERANCE = 0.2;

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Relative noise of a window: 1.4826·MAD / median (robust CV). */
function robustCv(xs: readonly number[], m: number): number {
  if (!(m > 0)) return 0;
  return (1.4826 * median(xs.map((x) => Math.abs(x - m)))) / m;
}

/** Feeds batch ns/op values and says when the warm-up has settled or must stop. */
export class WarmupCriterion {
  private window: number[] = [];
  private previous: { median: number; cv: number } | null = null;
  private last = Number.NaN;

  /**
   * @param capNs the asked-for cap; the criterion may run to {@link CAP_EXTENSION} times it.
   * @param maxTolerance the most the noise may widen the tolerance to (default: unbounded).
   */
  constructor(
    readonly capNs: number,
    readonly maxTolerance = Number.POSITIVE_INFINITY,
  ) {}

  /** The cap after extension: reaching it unsettled ends the warm-up as unstable. */
  get maxCapNs(): number {
    return this.capNs * CAP_EXTENSION;
  }

  /** Starts over (the batch size changed, so earlier ns/op values are not comparable). */
  reset(): void {
    this.window = [];
    this.previous = null;
  }

  /** Tolerance between two window medians given both windows' noise, widened at most to `maxTolerance`. */
  static tolerance(cvA: number, cvB: number, maxTolerance = Number.POSITIVE_INFINITY): number {
    const noise = Math.max(cvA, cvB) / Math.sqrt(WINDOW);
    return Math.max(STABLE_DRIFT, Math.min(maxTolerance, 2 * noise));
  }

  /** Books one batch; returns the settled ns/op when this batch completed a window that matches the previous one. */
  add(nsPerOp: number): number | null {
    this.last = nsPerOp;
    this.window.push(nsPerOp);
    if (this.window.length < WINDOW) return null;
    const m = median(this.window);
    const cv = robustCv(this.window, m);
    const prev = this.previous;
    this.previous = { median: m, cv };
    this.window = [];
    if (
      prev &&
      Math.abs(m - prev.median) / prev.median <= WarmupCriterion.tolerance(cv, prev.cv, this.maxTolerance)
    )
      return m;
    return null;
  }

  /** The best current estimate of ns/op (the open window, else the last complete one, else the last batch). */
  get estimate(): number {
    if (this.window.length > 0) return median(this.window);
    return this.previous?.median ?? this.last;
  }

  /** Whether the warm-up must stop unsettled after `spentNs` (only past the extended cap). */
  exhausted(spentNs: number): boolean {
    return spentNs >= this.maxCapNs;
  }
}

/**
 * Warm-up judged on both clocks: settled only when the batches' wall ns/op and their CPU ns/op (all of the fork's
 * threads, so background JIT compiles and GC helpers count) settle in the same window.
 *
 * Why the CPU clock as well (measured 2026-12-01, main suite, copyAndAdd[size=1000]): on a loaded core the wall
 * windows are so noisy (a fork gets 25–35% of the core) that their noise-widened tolerance accepted a warm-up of
 * ~1,100–2,600 ops, while the op's call tree was still being compiled by TurboFan (~2 ms of compile per function,
 * the last ones after ~4,000 and ~5,400 ops). Those forks then timed the compiles: 113 of the 115 forks above 1.5×
 * their side's median (of 920, load 6–20) had a warm-up under 3,000 ops, against 2 of 738 with 3,000 or more.
 * CPU time is not stretched by preemption, but its windows are noisy while compiling (background compile threads
 * count): throttled to 25% of a core, CPU ns/op windows had a robust CV of 0.30–0.85 while compiling and 0.03–0.29
 * after, so a noise-widened tolerance let two compiling windows 63% apart "agree". Hence the CPU clock's tolerance
 * widens with the noise only up to {@link CPU_MAX_TOLERANCE}: with batches sized on CPU time (measure.ts), windows
 * were 53–56% apart while compiling and up to 20% apart after. Measured with `aa` on copyAndAdd[size=1000] at n = 20,
 * throttled to 25% of the core: forks above 1.5× their side's median fell from 30 of 320 (4 runs with wall-sized
 * batches) to 0 of 80; the price is that 41% of those forks reach the stretched cap (a warning), as their steady CPU
 * windows are noisier than 20%.
 */
export class WarmupOnBothClocks {
  private readonly wall: WarmupCriterion;
  private readonly cpu: WarmupCriterion;

  /**
   * @param capNs the asked-for cap on wall time (see {@link WarmupCriterion}).
   * @param minNs the minimum wall time of warm-up (0: none): no batch before it is accepted as settled, however well
   *   its window agrees with the previous one; the windows keep being compared, so the first agreeing pair after it
   *   settles. Why: on PersistentSuccessiveMergeBench.successiveMerges[arrival=tail,n=4096] two windows agreed after
   *   34–437 ops while the JIT was still speeding the op up, and forks differed by 1.5–2.8× (process to process).
   */
  constructor(
    capNs: number,
    readonly minNs = 0,
  ) {
    this.wall = new WarmupCriterion(capNs);
    this.cpu = new WarmupCriterion(capNs, CPU_MAX_TOLERANCE);
  }

  /** Starts both clocks over (the batch size changed). */
  reset(): void {
    this.wall.reset();
    this.cpu.reset();
  }

  /**
   * Books one batch on both clocks; returns the settled wall ns/op when both settled with this batch and the
   * warm-up has run `spentNs` ≥ the minimum (before it: null).
   */
  add(wallNsPerOp: number, cpuNsPerOp: number, spentNs: number): number | null {
    const wall = this.wall.add(wallNsPerOp);
    const cpu = this.cpu.add(cpuNsPerOp);
    return wall !== null && cpu !== null && spentNs >= this.minNs ? wall : null;
  }

  /** The best current estimate of wall ns/op. */
  get estimate(): number {
    return this.wall.estimate;
  }

  /** Whether the warm-up must stop unsettled after `spentNs` of wall time. */
  exhausted(spentNs: number): boolean {
    return this.wall.exhausted(spentNs);
  }
}
