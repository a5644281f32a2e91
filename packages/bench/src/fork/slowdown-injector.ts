/**
 * Feedback control of the A/A `--slowdown` hook: how many spin iterations each timed batch gets so that the injected
 * time is `slowdown` × the op's cost *as measured in the timed region*. Pure bookkeeping (no clock), so it is unit
 * tested; `measure.ts` feeds it the batch totals it times anyway.
 *
 * Why feedback rather than a fixed amount from warm-up: the warm-up median runs without the GC profiler that the timed
 * phase keeps on, and for a fast allocating op every scavenge then costs extra; measured on a ~13 ns copy, warm-up said
 * 11.6 ns while the timed batches ran at 13–14.5 ns, so a fixed 10% of the warm-up figure injected only ~8%.
 */

/** A slowdown or spin cost the injector cannot work with (negative, NaN, infinite, zero cost). */
export class SlowdownSettingError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'SlowdownSettingError';
  }
}

/** Decides each timed batch's injected spin iterations from the batches timed so far (see the file comment). */
export class SlowdownInjector {
  private opNs = 0;
  private injectedNs = 0;
  private batches = 0;

  /**
   * @param slowdown fraction of the op's measured time to inject (0 = none: every batch gets 0 iterations).
   * @param spinNsPerIter cost of one spin iteration inside the timed batch function, in ns.
   * @param priorBatchOpNs the op time of one batch expected before any batch has been measured (from warm-up).
   */
  constructor(
    readonly slowdown: number,
    readonly spinNsPerIter: number,
    private readonly priorBatchOpNs: number,
  ) {
    if (!Number.isFinite(slowdown) || slowdown < 0) {
      throw new SlowdownSettingError(`slowdown must be a finite number >= 0, got ${slowdown}`);
    }
    if (!Number.isFinite(spinNsPerIter) || spinNsPerIter <= 0) {
      throw new SlowdownSettingError(`spinNsPerIter must be a finite number > 0, got ${spinNsPerIter}`);
    }
    if (!Number.isFinite(priorBatchOpNs) || priorBatchOpNs < 0) {
      throw new SlowdownSettingError(`priorBatchOpNs must be a finite number >= 0, got ${priorBatchOpNs}`);
    }
  }

  /**
   * Spin iterations for the next batch: enough to bring the injected total to `slowdown` × (op time so far + the
   * next batch's expected op time). Working on running totals corrects earlier estimation errors, so over a sample
   * the ratio is off only by the last batch's deviation from the mean.
   */
  next(): number {
    if (this.slowdown === 0) return 0;
    const expected = this.batches > 0 ? this.opNs / this.batches : this.priorBatchOpNs;
    const owed = this.slowdown * (this.opNs + expected) - this.injectedNs;
    return owed > 0 ? Math.round(owed / this.spinNsPerIter) : 0;
  }

  /** Books a timed batch of `batchNs` that ran `spinIters` iterations: the rest of its time is the op's. */
  record(batchNs: number, spinIters: number): void {
    const spinNs = Math.min(batchNs, spinIters * this.spinNsPerIter);
    this.injectedNs += spinNs;
    this.opNs += batchNs - spinNs;
    this.batches++;
  }

  /** Injected time as a fraction of the op time booked so far (0 before any batch). */
  get ratio(): number {
    return this.opNs > 0 ? this.injectedNs / this.opNs : 0;
  }
}
