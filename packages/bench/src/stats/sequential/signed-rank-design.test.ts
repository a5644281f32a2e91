import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { describe, expect, it } from 'vitest';
import { signedRankTest } from '../signed-rank.js';
import { designFromPaths, exactSignedRankTail, reachableLooks } from './design.js';
import { decideLook, type Look } from './look.js';
import { simulateSignedRankPaths } from './null-paths.js';

describe('the sequential design of the signed-rank test (paired forks)', () => {
  it('simulated null paths reproduce the exact marginal at each look', () => {
    const paths = simulateSignedRankPaths([6, 12], 100_000, 7);
    for (const [k, n] of [6, 12].entries()) {
      const tail = exactSignedRankTail(n);
      const top = (n * (n + 1)) / 2;
      for (const d of [0, Math.floor(top / 2), top]) {
        const simulated = paths.deviations[k]!.filter((x) => x >= d).length / 100_000;
        expect(Math.abs(simulated - tail[d]!)).toBeLessThan(0.006);
      }
    }
    // The exact tail at the extreme is 2/2^n.
    expect(exactSignedRankTail(6)[21]).toBeCloseTo(2 / 64, 12);
  });

  it('moves a first look that cannot stop: 2/2^5 = 0.0625 is above any spending of alpha 0.05', () => {
    const looks = reachableLooks({
      looks: [5, 10, 15, 20],
      alpha: 0.05,
      spending: 'pocock',
      test: 'signed-rank',
    });
    expect(looks[0]).toBeGreaterThan(5);
    expect(looks.at(-1)).toBe(20);
  });

  it('keeps the false-difference rate of repeated looks within alpha (4,000 simulated A/A comparisons)', () => {
    const spec = {
      looks: [7, 10, 15, 20],
      alpha: 0.05,
      spending: 'pocock' as const,
      test: 'signed-rank' as const,
    };
    const design = designFromPaths(spec, simulateSignedRankPaths(spec.looks, 200_000, 11));
    const rng = xoroshiro128plus(99);
    let claims = 0;
    const runs = 4000;
    for (let r = 0; r < runs; r++) {
      // A/A: log ratios symmetric about 0 (normal-ish), baselines all 1.
      const d = Array.from({ length: 20 }, () => (uniformFloat64(rng) + uniformFloat64(rng) - 1) * 0.1);
      const looks: Look[] = [];
      for (const [k, n] of spec.looks.entries()) {
        const look = decideLook(
          design,
          k,
          {
            baseline: new Array(n).fill(1),
            candidate: d.slice(0, n).map(Math.exp),
            logRatios: d.slice(0, n),
          },
          looks,
          { threshold: 0, confidence: 0.95 },
        );
        looks.push(look);
        if (look.decision === 'difference') claims++;
        if (look.decision !== 'continue') break;
      }
    }
    // Nominal 0.05; the standard error of 4,000 draws is 0.0034.
    expect(claims / runs).toBeLessThan(0.05 + 3 * 0.0035);
    expect(claims / runs).toBeGreaterThan(0.02);
  });

  it('a look reads W+ of the first n log ratios, and refuses data of the other design', () => {
    const spec = { looks: [8, 12], alpha: 0.05, spending: 'pocock' as const, test: 'signed-rank' as const };
    const design = designFromPaths(spec, simulateSignedRankPaths(spec.looks, 20_000, 3));
    const d = [0.1, 0.12, 0.09, 0.11, 0.1, 0.13, 0.08, 0.1];
    const look = decideLook(
      design,
      0,
      { baseline: new Array(8).fill(100), candidate: d.map((x) => 100 * Math.exp(x)), logRatios: d },
      [],
      { threshold: 0.02, confidence: 0.95 },
    );
    expect(look.u).toBe(signedRankTest(d).wPlus);
    expect(look.decision).toBe('difference');
    expect(look.deltaPercent).toBeCloseTo(10.5, 0);
    expect(() =>
      decideLook(design, 0, { baseline: d, candidate: d, logRatios: null }, [], {
        threshold: 0.02,
        confidence: 0.95,
      }),
    ).toThrow(/signed-rank design reads log ratios/);
  });
});
