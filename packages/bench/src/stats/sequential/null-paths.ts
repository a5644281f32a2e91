/**
 * The joint null distribution of the Mann–Whitney statistic at nested looks, by simulation. Under "no difference"
 * every ordering of the pooled forks is equally likely, so a path is 2·N independent uniforms (N per side) and the
 * statistic at look k is computed on the first n_k of each side. No closed form or affordable enumeration exists at
 * n = 20 (C(40, 20) ≈ 1.4e11 orderings, and the looks are nested), so the design is computed once per set of looks
 * from a seeded sample of paths; `design.test.ts` checks the procedure against a brute-force enumeration for small n.
 */

import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/** Simulated null paths: `deviations[k][i]` = |2·U − n_k²| of path i at look k (doubled, so always an integer). */
export interface NullPaths {
  looks: readonly number[];
  draws: number;
  seed: number;
  deviations: Uint16Array[];
}

/**
 * Simulates `draws` null paths of the doubled deviation |2U − n²| at each look (equal n per side).
 * U is accumulated incrementally: the pairs new at look k are each new x against every y so far and each earlier x
 * against every new y (n_K² comparisons per path in all).
 */
export function simulateNullPaths(looks: readonly number[], draws: number, seed: number): NullPaths {
  const max = looks[looks.length - 1] ?? 0;
  const rng = xoroshiro128plus(seed);
  const x = new Float64Array(max);
  const y = new Float64Array(max);
  const deviations = looks.map(() => new Uint16Array(draws));
  for (let i = 0; i < draws; i++) {
    for (let j = 0; j < max; j++) {
      x[j] = uniformFloat64(rng);
      y[j] = uniformFloat64(rng);
    }
    let twiceU = 0;
    let seen = 0;
    looks.forEach((n, k) => {
      for (let a = seen; a < n; a++) {
        for (let b = 0; b < n; b++) twiceU += compare(x[a]!, y[b]!);
      }
      for (let a = 0; a < seen; a++) {
        for (let b = seen; b < n; b++) twiceU += compare(x[a]!, y[b]!);
      }
      seen = n;
      deviations[k]![i] = Math.abs(twiceU - n * n);
    });
  }
  return { looks, draws, seed, deviations };
}

/** Doubled U contribution of one pair: 2 when x > y, 1 on a tie (probability 2^-53 here), 0 otherwise. */
function compare(a: number, b: number): number {
  return a > b ? 2 : a === b ? 1 : 0;
}

/**
 * Simulates `draws` null paths of the signed-rank deviation |2W+ − n(n+1)/2| at each look. Under "no difference"
 * a paired fork's log ratio is symmetric about 0 and the forks are independent, so a path is N symmetric uniforms;
 * W+ is counted incrementally as the number of pairs i ≤ j with d_i + d_j > 0 (the positive Walsh averages, an
 * identity of the signed-rank statistic): the pairs new at look k are each new d against every d so far.
 */
export function simulateSignedRankPaths(looks: readonly number[], draws: number, seed: number): NullPaths {
  const max = looks[looks.length - 1] ?? 0;
  const rng = xoroshiro128plus(seed);
  const d = new Float64Array(max);
  const deviations = looks.map(() => new Uint16Array(draws));
  for (let i = 0; i < draws; i++) {
    for (let j = 0; j < max; j++) d[j] = uniformFloat64(rng) - 0.5;
    let w = 0;
    let seen = 0;
    looks.forEach((n, k) => {
      for (let a = seen; a < n; a++) {
        for (let b = 0; b <= a; b++) if (d[a]! + d[b]! > 0) w++;
      }
      seen = n;
      deviations[k]![i] = Math.abs(2 * w - (n * (n + 1)) / 2);
    });
  }
  return { looks, draws, seed, deviations };
}
