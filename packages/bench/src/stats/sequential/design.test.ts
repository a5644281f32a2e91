import { describe, expect, it } from 'vitest';
import { minimumAchievableP } from '../mann-whitney.js';
import {
  DESIGN_SEED,
  designFromPaths,
  exactMarginalTail,
  gridDeviation,
  looksUpTo,
  reachableLooks,
  type SequentialDesign,
  sequentialDesign,
  stageWiseP,
} from './design.js';
import { type NullPaths, simulateNullPaths } from './null-paths.js';
import { alphaSpent } from './spending.js';

/** Every k-subset of `items` (as arrays), in lexicographic order. */
function subsets(items: readonly number[], k: number): number[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items;
  return [...subsets(rest, k - 1).map((s) => [first!, ...s]), ...subsets(rest, k)];
}

/**
 * The independent computation: every equally likely assignment of the pooled ranks 0 … 2N−1 to stages (the forks
 * added between looks) and, within a stage, to sides, with |2U − n²| at each look by direct counting.
 */
function enumeratePaths(looks: readonly number[]): NullPaths {
  const rows: number[][] = [];
  const walk = (k: number, free: number[], xs: number[], ys: number[], devs: number[]) => {
    if (k === looks.length) {
      rows.push(devs);
      return;
    }
    const add = looks[k]! - (k === 0 ? 0 : looks[k - 1]!);
    for (const stage of subsets(free, 2 * add)) {
      const left = free.filter((r) => !stage.includes(r));
      for (const x of subsets(stage, add)) {
        const nx = [...xs, ...x];
        const ny = [...ys, ...stage.filter((r) => !x.includes(r))];
        let u = 0;
        for (const a of nx) for (const b of ny) if (a > b) u++;
        walk(k + 1, left, nx, ny, [...devs, Math.abs(2 * u - looks[k]! ** 2)]);
      }
    }
  };
  walk(
    0,
    Array.from({ length: 2 * looks[looks.length - 1]! }, (_, i) => i),
    [],
    [],
    [],
  );
  return {
    looks,
    draws: rows.length,
    seed: 0,
    deviations: looks.map((_, k) => Uint16Array.from(rows, (r) => r[k]!)),
  };
}

const enumerated = new Map<string, NullPaths>();
function enumeratedPaths(looks: readonly number[]): NullPaths {
  const key = looks.join(',');
  const hit = enumerated.get(key) ?? enumeratePaths(looks);
  enumerated.set(key, hit);
  return hit;
}

const critical = (d: SequentialDesign) => d.boundaries.map((b) => b.critical);

describe('sequential design', () => {
  it('enumerates the joint null exactly (a check of the checker: 3 vs 3 then 6 vs 6, C(12,6)·C(6,3)² paths)', () => {
    const paths = enumeratedPaths([3, 6]);
    expect(paths.draws).toBe(924 * 20 * 20);
    // The marginal at the last look is the textbook exact distribution of U for 6 vs 6.
    const tail = exactMarginalTail(6);
    for (const d of [0, 10, 24, 36]) {
      const share = paths.deviations[1]!.filter((v) => v >= d).length / paths.draws;
      expect(share).toBeCloseTo(tail[d]!, 12);
    }
  });

  for (const [looks, alpha, spending] of [
    [[3, 6], 0.2, 'pocock'],
    [[3, 6], 0.2, 'obrien-fleming'],
    [[2, 4], 0.3, 'pocock'],
    [[3, 6], 0.05, 'pocock'],
  ] as const) {
    it(`simulated boundaries equal the enumerated ones: looks ${looks}, alpha ${alpha}, ${spending}`, () => {
      const spec = { looks, alpha, spending };
      const exact = designFromPaths(spec, enumeratedPaths(looks));
      const simulated = designFromPaths(spec, simulateNullPaths(looks, 200_000, DESIGN_SEED));
      expect(critical(simulated)).toEqual(critical(exact));
      exact.boundaries.forEach((b, k) => {
        // The exact design never spends more than the spending function allows by each look.
        expect(b.cumulative).toBeLessThanOrEqual(alphaSpent(spending, alpha, b.n / looks[looks.length - 1]!));
        const se = Math.sqrt((b.cumulative * (1 - b.cumulative)) / simulated.draws);
        expect(Math.abs(simulated.boundaries[k]!.cumulative - b.cumulative)).toBeLessThan(4 * se + 1e-12);
      });
    });
  }

  it('with one look it is the fixed-n exact test (critical = the smallest deviation with p ≤ alpha)', () => {
    const d = sequentialDesign({ looks: [10], alpha: 0.05, spending: 'pocock' });
    const tail = exactMarginalTail(10);
    // Deviations of 10 vs 10 are even; the first even one whose fixed-n p is within alpha.
    const fixed = tail.findIndex((p, dev) => dev % 2 === 0 && p <= 0.05);
    expect(d.boundaries[0]!.critical).toBe(fixed);
    expect(d.boundaries[0]!.nominalP).toBe(tail[fixed]);
    // Complete separation: the stage-wise p of a first look is exactly the fixed test's smallest p, 2 / C(20, 10).
    expect(stageWiseP(d, 0, 100)).toBeCloseTo(minimumAchievableP(10, 10), 15);
  });

  it('pins the default design (looks 5, 10, 15, 20; alpha 0.05 and its Holm shares; both spendings)', () => {
    // Recomputed from 400,000 seeded null paths; a change here changes every sequential verdict.
    const pinned = {
      'pocock|0.05': { critical: [23, 62, 115, 174], cumulative: [0.01587, 0.03081, 0.04026, 0.04913] },
      'obrien-fleming|0.05': { critical: [26, 72, 111, 152], cumulative: [0, 0.00517, 0.02297, 0.04906] },
      'pocock|0.0125': { critical: [26, 70, 133, 208], cumulative: [0, 0.00679, 0.01, 0.01228] },
      'pocock|0.00625': { critical: [26, 76, 141, 222], cumulative: [0, 0.00297, 0.00489, 0.0062] },
    } as const;
    for (const [key, want] of Object.entries(pinned)) {
      const [spending, alpha] = key.split('|') as ['pocock' | 'obrien-fleming', string];
      const d = sequentialDesign({ looks: looksUpTo(20), alpha: Number(alpha), spending });
      expect(critical(d), key).toEqual(want.critical);
      for (const [k, b] of d.boundaries.entries())
        expect(b.cumulative, key).toBeCloseTo(want.cumulative[k]!, 4);
      expect(d.boundaries[3]!.cumulative).toBeLessThanOrEqual(Number(alpha));
    }
  });

  it('moves a look that cannot stop to the first n that can (4 benchmarks under Holm: n = 5 → 6)', () => {
    const pocock = (alpha: number) => reachableLooks({ looks: looksUpTo(20), alpha, spending: 'pocock' });
    expect(pocock(0.05)).toEqual([5, 10, 15, 20]);
    expect(pocock(0.025)).toEqual([5, 10, 15, 20]);
    expect(pocock(0.0125)).toEqual([6, 10, 15, 20]);
    expect(pocock(0.00625)).toEqual([6, 10, 15, 20]);
    expect(pocock(0.05 / 16)).toEqual([7, 10, 15, 20]);
    // O'Brien–Fleming spends too little before n = 10 for 16 benchmarks: the first look is dropped.
    expect(reachableLooks({ looks: looksUpTo(20), alpha: 0.05 / 16, spending: 'obrien-fleming' })).toEqual([
      10, 15, 20,
    ]);
    // Independently: the moved look is the first n whose smallest exact p is within the spending function's share.
    const share = (n: number) => alphaSpent('pocock', 0.0125, n / 20);
    expect(minimumAchievableP(5, 5)).toBeGreaterThan(share(5));
    expect(minimumAchievableP(6, 6)).toBeLessThanOrEqual(share(6));
    // Before the fix the first look of the 4-benchmark design could not stop; now it stops complete separation.
    const before = sequentialDesign({ looks: looksUpTo(20), alpha: 0.0125, spending: 'pocock' });
    expect(before.boundaries[0]!.critical).toBe(26);
    const after = sequentialDesign({ looks: pocock(0.0125), alpha: 0.0125, spending: 'pocock' });
    expect(after.boundaries[0]!.critical).toBeLessThanOrEqual(36);
    expect(stageWiseP(after, 0, 36)).toBeCloseTo(minimumAchievableP(6, 6), 15);
  });

  it('pins the reachable default designs (Holm shares of alpha 0.05 over 4 and 8 benchmarks, Pocock)', () => {
    const pinned = {
      0.0125: { critical: [34, 74, 137, 210], cumulative: [0.00433, 0.00738, 0.00992, 0.01223] },
      0.00625: { critical: [36, 80, 145, 226], cumulative: [0.00216, 0.00349, 0.00499, 0.0062] },
    } as const;
    for (const [alpha, want] of Object.entries(pinned)) {
      const spec = { looks: looksUpTo(20), alpha: Number(alpha), spending: 'pocock' as const };
      const d = sequentialDesign({ ...spec, looks: reachableLooks(spec) });
      expect(d.looks, alpha).toEqual([6, 10, 15, 20]);
      expect(critical(d), alpha).toEqual(want.critical);
      for (const [k, b] of d.boundaries.entries())
        expect(b.cumulative, alpha).toBeCloseTo(want.cumulative[k]!, 4);
      expect(d.boundaries[3]!.cumulative).toBeLessThanOrEqual(Number(alpha));
    }
  });

  it('rounds a tied reading down to the continuous grid, so a tie never stops a look early', () => {
    expect(gridDeviation(23, 5)).toBe(23);
    expect(gridDeviation(24, 5)).toBe(23);
    expect(gridDeviation(25.5, 5)).toBe(25);
    expect(gridDeviation(99, 10)).toBe(98);
  });

  it('puts looks every 5 up to the maximum, the maximum always last', () => {
    expect(looksUpTo(20)).toEqual([5, 10, 15, 20]);
    expect(looksUpTo(12)).toEqual([5, 10, 12]);
    expect(looksUpTo(4)).toEqual([4]);
    expect(() => looksUpTo(0)).toThrow(/max: expected a positive integer/);
  });

  it('rejects a bad spec naming the field', () => {
    expect(() => sequentialDesign({ looks: [5, 5], alpha: 0.05, spending: 'pocock' })).toThrow(/looks/);
    expect(() => sequentialDesign({ looks: [5], alpha: 1, spending: 'pocock' })).toThrow(/alpha/);
    expect(() => sequentialDesign({ looks: [5], alpha: 0.05, spending: 'nope' as 'pocock' })).toThrow(
      /spending/,
    );
  });
});
