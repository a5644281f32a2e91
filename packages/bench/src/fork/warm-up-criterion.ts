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

  /** @param capNs the asked-for cap; the criterion may run to {@link CAP_EXTENSION} times it. */
  constructor(readonly capNs: number) {}

  /** The cap after extension: reaching it unsettled ends the warm-up as unstable. */
  get maxCapNs(): number {
    return this.capNs * CAP_EXTENSION;
  }

  /** Starts over (the batch size changed, so earlier ns/op values are not comparable). */
  reset(): void {
    this.window = [];
    this.previous = null;
  }

  /** Tolerance between two window medians given both windows' noise. */
  static tolerance(cvA: number, cvB: number): number {
    const noise = Math.max(cvA, cvB) / Math.sqrt(WINDOW);
    return Math.max(STABLE_DRIFT, 2 * noise);
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
    if (prev && Math.abs(m - prev.median) / prev.median <= WarmupCriterion.tolerance(cv, prev.cv)) return m;
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
