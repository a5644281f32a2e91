import { describe, expect, it } from 'vitest';
import { thresholdInterval } from './equivalence.js';
import { makeRecord, makeRun } from './test-fixtures.js';
import { analysisConfigFromRun, compareSamples, unresolvedClaim, verdictFor } from './verdict.js';

/** A comparison whose ratio interval is [lower, upper] (its shift interval does not matter then). */
const withRatio = (lower: number, upper: number) => ({
  shift: { lower: -1, upper: 1 },
  ratio: { lower, upper },
  baseline: { median: 100 },
});

describe('thresholdInterval: the interval held against ±threshold', () => {
  it('inside ±3%: equivalence shown, both ways', () => {
    const i = thresholdInterval(withRatio(0.99, 1.015), 0.03);
    expect(i).toMatchObject({ withinThreshold: true, belowThreshold: true });
    expect(i.lowerPercent).toBeCloseTo(-1, 10);
    expect(i.upperPercent).toBeCloseTo(1.5, 10);
    // Half-width 1.25% of a 3% threshold.
    expect(i.halfWidthToThreshold).toBeCloseTo(1.25 / 3, 10);
  });

  it('straddling ±3% ([-15.6%, +18.8%]): not shown, and the half-width is 5.7× the threshold', () => {
    const i = thresholdInterval(withRatio(0.844, 1.188), 0.03);
    expect(i).toMatchObject({ withinThreshold: false, belowThreshold: false });
    expect(i.lowerPercent).toBeCloseTo(-15.6, 10);
    expect(i.upperPercent).toBeCloseTo(18.8, 10);
    expect(i.halfWidthToThreshold).toBeCloseTo(17.2 / 3, 10);
  });

  it('wholly outside: narrow but shifted ([-20%, -10%]) is not within ±3%, yet below +3% (no regression shown)', () => {
    const i = thresholdInterval(withRatio(0.8, 0.9), 0.03);
    expect(i).toMatchObject({ withinThreshold: false, belowThreshold: true });
    // Wholly above: neither.
    expect(thresholdInterval(withRatio(1.1, 1.2), 0.03)).toMatchObject({
      withinThreshold: false,
      belowThreshold: false,
    });
  });

  it('a bound exactly at the threshold is within (tested on the ratio, as the sequential equivalence stop does)', () => {
    // (1.02 - 1) · 100 is 2.0000000000000018: in percent the bound would fall just outside.
    expect(thresholdInterval(withRatio(0.98, 1.02), 0.02).withinThreshold).toBe(true);
  });

  it('an unbounded interval (n too small) shows nothing; its half-width is infinite', () => {
    const i = thresholdInterval(withRatio(Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY), 0.02);
    expect(i).toMatchObject({ withinThreshold: false, belowThreshold: false });
    expect(i.halfWidthToThreshold).toBe(Number.POSITIVE_INFINITY);
  });

  it('without a ratio (a value ≤ 0) the shift is held against threshold · |baseline median|', () => {
    const near = { shift: { lower: -1, upper: 1.5 }, ratio: null, baseline: { median: 100 } };
    expect(thresholdInterval(near, 0.02)).toMatchObject({
      lowerPercent: -1,
      upperPercent: 1.5,
      withinThreshold: true,
    });
    expect(thresholdInterval({ ...near, shift: { lower: -1, upper: 3 } }, 0.02).withinThreshold).toBe(false);
    // 0 B/op on both sides: no change at all, though it has no relative size.
    const zeros = compareSamples([0, 0, 0, 0, 0], [0, 0, 0, 0, 0]);
    expect(thresholdInterval(zeros, 0.02)).toMatchObject({
      lowerPercent: null,
      upperPercent: null,
      halfWidthToThreshold: null,
      withinThreshold: true,
    });
    const grew = compareSamples([0, 0, 0, 0, 0], [8, 8, 8, 8, 8]);
    expect(thresholdInterval(grew, 0.02)).toMatchObject({ withinThreshold: false, belowThreshold: false });
  });

  it('a threshold of 0 fits only a point interval', () => {
    expect(thresholdInterval(withRatio(1, 1), 0)).toMatchObject({
      withinThreshold: true,
      halfWidthToThreshold: 0,
    });
    const wide = thresholdInterval(withRatio(0.99, 1.01), 0);
    expect(wide.withinThreshold).toBe(false);
    expect(wide.halfWidthToThreshold).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('what an Unchanged or Held needs of its interval (verdict.ts unresolvedClaim)', () => {
  const inside = thresholdInterval(withRatio(0.99, 1.01), 0.03);
  const straddling = thresholdInterval(withRatio(0.844, 1.188), 0.03);
  const improved = thresholdInterval(withRatio(0.8, 0.9), 0.03);

  it('Unchanged needs the whole interval inside ±threshold', () => {
    expect(inside.withinThreshold).toBe(true);
    expect(straddling.withinThreshold).toBe(false);
    expect(improved.withinThreshold).toBe(false);
  });

  it('Held needs only the upper end below +threshold: a guardrail that improved by any amount has held', () => {
    expect(inside.belowThreshold).toBe(true);
    expect(improved.belowThreshold).toBe(true);
    expect(straddling.belowThreshold).toBe(false);
  });

  it('Won, Lost, Inconclusive and Invalid need nothing of it', () => {
    const stats = { ...withRatio(0.844, 1.188), baseline: { median: 100, n: 10 } };
    for (const o of ['Won', 'Lost', 'Inconclusive', 'Invalid'] as const)
      expect(unresolvedClaim(o, stats, 0.03)).toBeNull();
    expect(unresolvedClaim('Unchanged', stats, 0.03)).not.toBeNull();
  });
});

describe('a verdict carries its equivalence', () => {
  const config = analysisConfigFromRun(makeRun([]));
  // ±0.1% fork noise: the interval is far inside ±2%; ±3% fork noise: it straddles ±2%.
  const tight = [100, 100.1, 99.9, 100.05, 99.95, 100.08, 99.92, 100.02, 99.98, 100];
  const noisy = [100, 103, 97, 101, 98, 102, 100.5, 97.5, 101.5, 99.5];

  it('Unchanged and shown within ±2%', () => {
    const v = verdictFor(makeRecord({ baseline: tight, candidate: [...tight].reverse() }), config);
    expect(v.outcome).toBe('Unchanged');
    expect(v.equivalence).toMatchObject({ withinThreshold: true });
  });

  it('Unchanged but not shown: Inconclusive (protocol 10), the interval kept in its equivalence and basis', () => {
    const v = verdictFor(makeRecord({ baseline: noisy, candidate: [...noisy].reverse() }), config);
    expect(v.outcome).toBe('Inconclusive');
    expect(v.basis.statisticalOutcome).toBe('Unchanged');
    expect(v.equivalence).toMatchObject({ withinThreshold: false });
    expect(v.equivalence!.halfWidthToThreshold).toBeGreaterThan(1);
    expect(v.basis.unresolved?.lowerPercent).toBeCloseTo(v.equivalence!.lowerPercent!, 12);
  });

  it('an Invalid verdict (a side without values) has none', () => {
    expect(verdictFor(makeRecord({ baseline: tight, candidate: [] }), config).equivalence).toBeNull();
  });
});
