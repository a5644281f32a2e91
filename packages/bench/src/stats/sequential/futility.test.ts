import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { describe, expect, it } from 'vitest';
import { looksUpTo, reachableLooks, sequentialDesign } from './design.js';
import { conditionalPower, lookPredictivePower, predictivePower, slowerZ } from './futility.js';
import { decideLook } from './look.js';
import { normalUpperQuantile } from './spending.js';

/** Standard normal draws by Box–Muller from a seeded generator. */
function normals(seed: number): () => number {
  const rng = xoroshiro128plus(seed);
  return () => {
    const u = 1 - uniformFloat64(rng);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * uniformFloat64(rng));
  };
}

/**
 * The independent computation: the B-value process simulated forward from B(t) = z·√t to B(1), with the drift fixed
 * at the current trend (conditional power) or drawn from its flat-prior posterior N(B/t, 1/t) (predictive power).
 */
function monteCarlo(z: number, t: number, c: number, predictive: boolean, draws: number, seed: number) {
  const normal = normals(seed);
  const b = z * Math.sqrt(t);
  let above = 0;
  for (let i = 0; i < draws; i++) {
    const theta = b / t + (predictive ? normal() / Math.sqrt(t) : 0);
    if (b + theta * (1 - t) + Math.sqrt(1 - t) * normal() > c) above++;
  }
  return above / draws;
}

const DRAWS = 200_000;

describe('conditional and predictive power', () => {
  for (const [z, t, c] of [
    [0.1, 0.3, 3.07],
    [1.2, 0.5, 3.07],
    [2.0, 0.75, 3.07],
    [0.5, 0.5, 2.1],
    [-0.8, 0.3, 2.5],
  ] as const) {
    it(`equal a Monte-Carlo of the B-value process: z ${z}, t ${t}, c ${c}`, () => {
      for (const [closed, predictive] of [
        [predictivePower(z, t, c), true],
        [conditionalPower(z, t, c), false],
      ] as const) {
        const mc = monteCarlo(z, t, c, predictive, DRAWS, 17 + Math.round(z * 100 + t * 10));
        const se = Math.sqrt((closed * (1 - closed)) / DRAWS);
        expect(
          Math.abs(mc - closed),
          `${predictive ? 'predictive' : 'conditional'}: ${mc} vs ${closed}`,
        ).toBeLessThan(4 * se + 1e-4);
      }
    });
  }

  it('predictive power is the milder rule before a crossing is in sight (it averages over the trend)', () => {
    // At t = 0.3 with the 8-benchmark design's c = 3.07: a flat reading (z = 0.5) has trend-CP 0.5%, predictive 7.9%.
    expect(conditionalPower(0.5, 0.3, 3.07)).toBeLessThan(0.006);
    expect(predictivePower(0.5, 0.3, 3.07)).toBeGreaterThan(0.07);
  });

  it('refuses t outside (0, 1) and non-finite z', () => {
    expect(() => predictivePower(1, 1, 2)).toThrow(/t: expected an information fraction in \(0, 1\)/);
    expect(() => predictivePower(Number.NaN, 0.5, 2)).toThrow(/finite/);
  });
});

describe('the futility boundary of the default design (8 benchmarks under Holm: Pocock, design alpha 0.00625)', () => {
  const spec = { looks: looksUpTo(20), alpha: 0.00625, spending: 'pocock' as const };
  const design = sequentialDesign({ ...spec, looks: reachableLooks(spec) });
  const gamma = 0.03;
  /** The largest U-deviation |2U − n²| a look stops for futility at, scanning the look function itself. */
  const scanned = (k: number, rule: { futility: number }) => {
    const n = design.boundaries[k]!.n;
    let largest = -1;
    for (let u = 0; u <= n * n; u++) {
      if (lookPredictivePower(design, k, u, false) < rule.futility)
        largest = Math.max(largest, n * n - 2 * u);
    }
    return largest;
  };

  it('stops where the closed form solved for z says: z < c·√t − z_γ·√(1 − t)', () => {
    const last = design.boundaries.at(-1)!;
    const c = normalUpperQuantile(last.nominalP / 2);
    const zGamma = normalUpperQuantile(gamma);
    const pinned: number[] = [];
    for (const [k, b] of design.boundaries.slice(0, -1).entries()) {
      const t = b.n / last.n;
      const zStop = c * Math.sqrt(t) - zGamma * Math.sqrt(1 - t);
      const sd = Math.sqrt((b.n * b.n * (2 * b.n + 1)) / 12);
      // z = deviation / 2 / sd; the largest deviation of n²'s parity strictly below the solved z.
      let solved = Math.ceil(2 * sd * zStop) - 1;
      if ((solved - b.n * b.n) % 2 !== 0) solved--;
      expect(scanned(k, { futility: gamma }), `look ${b.n}`).toBe(solved);
      pinned.push(solved);
    }
    // Pinned: a change here changes when every benchmark of an 8-benchmark run stops (n = 6, 10, 15).
    expect(design.looks).toEqual([6, 10, 15, 20]);
    expect(pinned).toEqual([0, 22, 85]);
  });

  it('reads gamma: 0 never stops, a larger gamma stops at larger deviations; only before the last look', () => {
    for (const k of [0, 1, 2]) {
      expect(scanned(k, { futility: 0 })).toBe(-1);
      expect(scanned(k, { futility: 0.2 })).toBeGreaterThan(scanned(k, { futility: gamma }));
    }
    expect(() => lookPredictivePower(design, 3, 200, false)).toThrow(/before the last/);
  });

  it('a guardrail asks about a regression only: an improvement of any size has no power to become Lost', () => {
    const n = design.boundaries[0]!.n;
    // U = n² − 1: the baseline slower in 35 of 36 pairs (an improvement), short of the boundary (U ≥ 35 of 36: 36 − 2·1 = 34 < 36).
    expect(slowerZ(n * n - 1, n)).toBeLessThan(-2);
    expect(lookPredictivePower(design, 0, n * n - 1, true)).toBeLessThan(1e-6);
    expect(lookPredictivePower(design, 0, 1, true)).toBeGreaterThan(0.5);
  });

  it('a look stops for futility only without a crossing, and claims nothing (no sequential p of its own)', () => {
    // U = 18 of 36, z = 0: at n = 6 of 20 only a reading this flat is futile at gamma 0.03 (pinned above).
    const x = [100, 101, 102, 103, 104, 105];
    const y = [99.5, 100.5, 101.5, 103.5, 104.5, 105.5];
    const flat = decideLook(design, 0, { baseline: x, candidate: y, logRatios: null }, [], {
      threshold: 0.02,
      confidence: 0.999,
      futility: gamma,
    });
    expect(flat.decision).toBe('futility');
    expect(flat.pSequential).toBeNull();
    expect(flat.predictivePower).toBeLessThan(gamma);
    const without = decideLook(design, 0, { baseline: x, candidate: y, logRatios: null }, [], {
      threshold: 0.02,
      confidence: 0.999,
    });
    expect(without.decision).toBe('continue');
    expect(without.predictivePower).toBeUndefined();
    // Gamma is read: the flat look's predictive power is 2.2%, so gamma 0.01 lets it continue.
    const strict = decideLook(design, 0, { baseline: x, candidate: y, logRatios: null }, [], {
      threshold: 0.02,
      confidence: 0.999,
      futility: 0.01,
    });
    expect(strict.decision).toBe('continue');
    expect(strict.predictivePower).toBeCloseTo(flat.predictivePower ?? 0, 12);
    expect(strict.predictivePower).toBeGreaterThan(0.01);
  });
});
