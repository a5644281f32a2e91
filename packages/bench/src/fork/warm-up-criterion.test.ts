import { describe, expect, it } from 'vitest';
import {
  CAP_EXTENSION,
  CPU_MAX_TOLERANCE,
  STABLE_DRIFT,
  WarmupCriterion,
  WarmupOnBothClocks,
  WINDOW,
} from './warm-up-criterion.js';

const feed = (c: WarmupCriterion, xs: readonly number[]): number | null => {
  let out: number | null = null;
  for (const x of xs) out = c.add(x) ?? out;
  return out;
};

describe('WarmupCriterion', () => {
  it('settles when two quiet windows agree within 3%', () => {
    const c = new WarmupCriterion(1e6);
    expect(feed(c, [100, 101, 99, 100, 100])).toBeNull();
    expect(feed(c, [101, 100, 102, 101, 100])).toBe(101);
  });

  it('does not settle while a quiet op is still speeding up (JIT)', () => {
    const c = new WarmupCriterion(1e6);
    expect(feed(c, [200, 199, 201, 200, 200])).toBeNull();
    expect(feed(c, [150, 151, 149, 150, 150])).toBeNull();
    expect(feed(c, [100, 101, 99, 100, 100])).toBeNull();
    expect(feed(c, [100, 100, 101, 99, 100])).toBe(100);
  });

  it('a 5% difference between windows whose own noise is ±15% is noise, not warm-up', () => {
    const noisy = [100, 130, 85, 115, 70];
    const c = new WarmupCriterion(1e6);
    feed(c, noisy);
    expect(
      feed(
        c,
        noisy.map((x) => x * 1.05),
      ),
    ).not.toBeNull();
    // The same 5% between quiet windows is not settled.
    const q = new WarmupCriterion(1e6);
    feed(q, [100, 100, 100, 100, 100]);
    expect(feed(q, [105, 105, 105, 105, 105])).toBeNull();
  });

  it('tolerance is at least 3% and grows with the noise', () => {
    expect(WarmupCriterion.tolerance(0, 0)).toBe(STABLE_DRIFT);
    expect(WarmupCriterion.tolerance(0.3, 0.1)).toBeCloseTo((2 * 0.3) / Math.sqrt(WINDOW), 12);
  });

  it('the cap stretches to 4× before the warm-up counts as unsettled', () => {
    const c = new WarmupCriterion(150e6);
    expect(c.maxCapNs).toBe(150e6 * CAP_EXTENSION);
    expect(c.exhausted(150e6)).toBe(false);
    expect(c.exhausted(599e6)).toBe(false);
    expect(c.exhausted(600e6)).toBe(true);
  });

  it('reset forgets the previous window (batch size changed)', () => {
    const c = new WarmupCriterion(1e6);
    feed(c, [100, 100, 100, 100, 100]);
    c.reset();
    expect(feed(c, [100, 100, 100, 100, 100])).toBeNull();
    expect(c.estimate).toBe(100);
  });
});

describe('WarmupOnBothClocks', () => {
  // A preempted fork: wall ns/op swings ±40% from batch to batch, while the CPU clock shows the op still halving
  // (TurboFan compiling its call tree), as copyAndAdd[size=1000] did at load 6–20.
  const wallNoise = [1, 1.4, 0.6, 1.3, 0.7];
  const feedBoth = (c: WarmupOnBothClocks, wall: readonly number[], cpu: readonly number[], spentNs = 0) => {
    let out: number | null = null;
    wall.forEach((w, i) => {
      out = c.add(w, cpu[i]!, spentNs) ?? out;
    });
    return out;
  };

  it('a noisy wall clock alone settles while the CPU clock still sees the op getting faster', () => {
    const wallOnly = new WarmupCriterion(1e9);
    feed(
      wallOnly,
      wallNoise.map((x) => 400 * x),
    );
    expect(
      feed(
        wallOnly,
        wallNoise.map((x) => 380 * x),
      ),
    ).not.toBeNull();

    const both = new WarmupOnBothClocks(1e9);
    expect(
      feedBoth(
        both,
        wallNoise.map((x) => 400 * x),
        [200, 201, 199, 200, 200],
      ),
    ).toBeNull();
    expect(
      feedBoth(
        both,
        wallNoise.map((x) => 380 * x),
        [100, 101, 99, 100, 100],
      ),
    ).toBeNull();
    // Settled once the CPU windows agree too; the estimate is the wall clock's.
    expect(
      feedBoth(
        both,
        wallNoise.map((x) => 390 * x),
        [100, 100, 101, 99, 100],
      ),
    ).toBe(390);
    expect(both.estimate).toBe(390);
  });

  it('two noisy CPU windows of a fork still compiling do not agree (trace of a fork throttled to 25%)', () => {
    // CPU µs/op of the 10 warm-up batches of a copyAndAdd[size=1000] fork that settled after 1,587 ops and then
    // measured 1.8× its side's median: medians 30 and 11, both windows' robust CV ~0.9.
    const cpu = [49.9, 11.3, 33.2, 30.7, 11.5, 11.3, 38.9, 10.8, 9.2, 41.7];
    const wall = cpu.map((x) => 4 * x);
    const noisyTolerance = new WarmupCriterion(1e9);
    expect(feed(noisyTolerance, cpu)).not.toBeNull();
    const both = new WarmupOnBothClocks(1e9);
    expect(feedBoth(both, wall, cpu)).toBeNull();
    // Once compiled: steady windows 5% apart settle although their noise is ±15%.
    expect(
      feedBoth(
        both,
        [24, 28, 20, 26, 22].map((x) => x * 4),
        [6, 7, 5, 6.5, 5.5],
      ),
    ).toBeNull();
    expect(
      feedBoth(
        both,
        [25, 29, 21, 27, 23].map((x) => x * 4),
        [6.3, 7.3, 5.3, 6.8, 5.8],
      ),
    ).toBe(100);
  });

  it('the CPU tolerance widens with the noise up to its cap', () => {
    expect(WarmupCriterion.tolerance(0.9, 0.9, CPU_MAX_TOLERANCE)).toBe(CPU_MAX_TOLERANCE);
    expect(WarmupCriterion.tolerance(0.1, 0.05, CPU_MAX_TOLERANCE)).toBeCloseTo(0.2 / Math.sqrt(WINDOW), 12);
    expect(WarmupCriterion.tolerance(0, 0, CPU_MAX_TOLERANCE)).toBe(STABLE_DRIFT);
  });

  it('quiet on both clocks settles as the wall criterion alone does', () => {
    const both = new WarmupOnBothClocks(1e6);
    expect(feedBoth(both, [100, 101, 99, 100, 100], [50, 50, 50, 50, 50])).toBeNull();
    expect(feedBoth(both, [101, 100, 102, 101, 100], [50, 51, 50, 50, 50])).toBe(101);
  });

  it('a settled pair of windows before the minimum wall time is not accepted; the next agreeing pair after it is', () => {
    // What PersistentSuccessiveMergeBench.successiveMerges[arrival=tail,n=4096] did: two quiet windows agreed
    // early while the JIT was still to speed the op up.
    const quietWall = [100, 101, 99, 100, 100];
    const quietCpu = [50, 50, 51, 49, 50];
    const noMin = new WarmupOnBothClocks(2e9);
    feedBoth(noMin, quietWall, quietCpu, 10e6);
    expect(feedBoth(noMin, quietWall, quietCpu, 20e6)).toBe(100);

    const withMin = new WarmupOnBothClocks(2e9, 1.5e9);
    expect(withMin.minNs).toBe(1.5e9);
    feedBoth(withMin, quietWall, quietCpu, 10e6);
    expect(feedBoth(withMin, quietWall, quietCpu, 20e6)).toBeNull();
    // Still before the minimum, the op speeds up: the windows disagree.
    expect(feedBoth(withMin, [60, 61, 59, 60, 60], [30, 30, 31, 29, 30], 1.4e9)).toBeNull();
    // The minimum reached mid-window: the first window completed after it is judged against the previous one.
    expect(feedBoth(withMin, [60, 60, 61, 59, 60], [30, 31, 30, 29, 30], 1.5e9)).toBe(60);
  });

  it('after the minimum, a warm-up still not settled is judged by the criterion alone (no settling on time)', () => {
    const c = new WarmupOnBothClocks(2e9, 1e6);
    expect(feedBoth(c, [200, 200, 200, 200, 200], [100, 100, 100, 100, 100], 5e6)).toBeNull();
    expect(feedBoth(c, [100, 100, 100, 100, 100], [50, 50, 50, 50, 50], 6e6)).toBeNull();
    expect(c.exhausted(2e9 * CAP_EXTENSION)).toBe(true);
  });

  it("reset starts both clocks over, and the cap is the wall clock's", () => {
    const both = new WarmupOnBothClocks(150e6);
    feedBoth(both, [100, 100, 100, 100, 100], [50, 50, 50, 50, 50]);
    both.reset();
    expect(feedBoth(both, [100, 100, 100, 100, 100], [50, 50, 50, 50, 50])).toBeNull();
    expect(both.exhausted(150e6 * CAP_EXTENSION - 1)).toBe(false);
    expect(both.exhausted(150e6 * CAP_EXTENSION)).toBe(true);
  });
});
