import { describe, expect, it } from 'vitest';
import { CAP_EXTENSION, STABLE_DRIFT, WarmupCriterion, WINDOW } from './warm-up-criterion.js';

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
