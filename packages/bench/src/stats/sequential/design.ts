/**
 * A group-sequential design for an exact two-sided rank test — Mann–Whitney over one-side forks, or the signed-rank
 * test over paired forks — at each look (n per side) the smallest doubled deviation of the statistic from its null
 * centre (|2U − n²|, or |2W+ − n(n+1)/2|) that stops with a difference, chosen on the JOINT null distribution of U at the nested looks
 * so that the probability of ever stopping under "no difference" stays within the spending function's budget.
 * Unspent alpha (the exact test is discrete) carries over to later looks.
 */

import { StatsInputError } from '../errors.js';
import { minimumAchievableP } from '../mann-whitney.js';
import { minimumSignedRankP, signedRankDistribution } from '../signed-rank.js';
import { exactUDistribution } from '../u-distribution.js';
import { type NullPaths, simulateNullPaths, simulateSignedRankPaths } from './null-paths.js';
import { alphaSpent, SPENDINGS, type Spending } from './spending.js';

/** The boundary of one look. */
export interface LookBoundary {
  /** Samples per side at this look. */
  n: number;
  /** Smallest doubled deviation |2U − n²| that stops with a difference; n² + 1 when this look cannot stop. */
  critical: number;
  /** Null probability of stopping with a difference at this look and not before. */
  spent: number;
  /** Null probability of having stopped with a difference at this look or before (≤ the spending function). */
  cumulative: number;
  /** survivorTail[d] = null probability of reaching this look without a stop and reading a deviation ≥ d. */
  survivorTail: number[];
  /** marginalTail[d] = exact null probability of a deviation ≥ d at this n alone: the fixed-n two-sided p of d. */
  marginalTail: number[];
  /** The critical deviation as a fixed-n p (marginalTail[critical]; 0 when this look cannot stop). */
  nominalP: number;
}

/** The rank test a design is for: Mann–Whitney (one side per fork) or signed-rank (paired forks). */
export type RankTest = 'mann-whitney' | 'signed-rank';

/** The largest doubled deviation at n: n² for Mann–Whitney, n(n+1)/2 for signed-rank. */
export function topDeviation(test: RankTest, n: number): number {
  return test === 'signed-rank' ? (n * (n + 1)) / 2 : n * n;
}

/** A computed design: its parameters and one boundary per look. */
export interface SequentialDesign {
  test: RankTest;
  looks: readonly number[];
  /** The design's overall false-difference probability (a run's alpha, split over its benchmarks). */
  alpha: number;
  spending: Spending;
  /** How many null paths the boundaries were computed from, and their seed. */
  draws: number;
  seed: number;
  boundaries: LookBoundary[];
}

/** What identifies a design. */
export interface DesignSpec {
  looks: readonly number[];
  alpha: number;
  spending: Spending;
  /** The rank test (default `mann-whitney`). */
  test?: RankTest;
}

/** Null paths per design: 400,000 keeps the standard error of a 1% tail at 0.016 points (1.6% of it). */
export const DEFAULT_DRAWS = 400_000;
/** The seed of every design's null paths (a design is a pure function of its spec). */
export const DESIGN_SEED = 20_261_201;

/**
 * The looks of a run with at most `max` samples per side, every `every` samples: 5, 10, 15, 20 for max 20;
 * the last look is always `max` (5, 10, 12 for max 12).
 * @throws {StatsInputError} for a non-integer or non-positive `max` or `every`.
 */
export function looksUpTo(max: number, every = 5): number[] {
  for (const [name, v] of [
    ['max', max],
    ['every', every],
  ] as const) {
    if (!(Number.isInteger(v) && v >= 1)) throw new StatsInputError(name, v, 'expected a positive integer');
  }
  const looks: number[] = [];
  for (let n = every; n < max; n += every) looks.push(n);
  looks.push(max);
  return looks;
}

/**
 * The looks of a design that can stop with a difference: a look at which the spending function's share of alpha,
 * alphaSpent(n / n_max), is below the smallest exact p of n vs n (2 / C(2n, n)) cannot stop at all, so it moves to
 * the smallest n before the next look where it can, or is dropped. The last look always stays.
 * Why: with 4 benchmarks under Holm the design alpha is 0.0125, Pocock spends 0.0047 at n = 5 and the smallest p at
 * n = 5 is 0.0079, so the measured main job stopped nothing before n = 10 and took 1.16–1.55× the time of fixed
 * n = 10 (docs/bench-sequential-sampling.md); at n = 6 the share is 0.0052 and the smallest p 0.0022.
 * Moving a look changes no other look's boundary rule: the design is still computed on the joint null of the looks
 * it ends up with, so the false-difference probability stays within alpha.
 * @throws {StatsInputError} for a bad spec.
 */
export function reachableLooks(spec: DesignSpec): number[] {
  assertDesignSpec(spec);
  const { looks, alpha, spending } = spec;
  const max = looks[looks.length - 1]!;
  const floor = (m: number) =>
    spec.test === 'signed-rank' ? minimumSignedRankP(m) : minimumAchievableP(m, m);
  const out: number[] = [];
  looks.forEach((n, i) => {
    const next = looks[i + 1];
    if (next === undefined) {
      out.push(n);
      return;
    }
    let m = n;
    while (m < next && floor(m) > alphaSpent(spending, alpha, m / max)) m++;
    if (m < next) out.push(m);
  });
  return out;
}

/** Checks a design spec. @throws {StatsInputError} naming the bad field. */
export function assertDesignSpec(spec: DesignSpec): void {
  const { looks, alpha, spending } = spec;
  if (!Array.isArray(looks) || looks.length === 0) {
    throw new StatsInputError('looks', looks, 'expected at least one look');
  }
  looks.forEach((n, i) => {
    // 255 keeps n² within a Uint16 deviation; far beyond any n a fork-per-sample runner takes.
    if (!(Number.isInteger(n) && n >= 1 && n <= 255) || (i > 0 && n <= (looks[i - 1] ?? 0))) {
      throw new StatsInputError('looks', n, `look [${i}] is ${n}: expected increasing integers in 1..255`);
    }
  });
  if (!(alpha > 0 && alpha < 1)) throw new StatsInputError('alpha', alpha, 'expected a level in (0, 1)');
  if (!SPENDINGS.includes(spending)) {
    throw new StatsInputError('spending', spending, `unknown spending "${String(spending)}"`);
  }
}

/**
 * The design of `spec` computed from the given null paths (simulated or enumerated, equally likely each).
 * Look by look: the smallest critical deviation whose probability among the paths still running keeps the
 * cumulative stop probability within alphaSpent(t = n / n_max); those paths then stop.
 */
export function designFromPaths(spec: DesignSpec, paths: NullPaths): SequentialDesign {
  assertDesignSpec(spec);
  const draws = paths.draws;
  const alive = new Uint8Array(draws).fill(1);
  const maxN = spec.looks[spec.looks.length - 1]!;
  const test = spec.test ?? 'mann-whitney';
  let stopped = 0;
  const boundaries = spec.looks.map((n, k): LookBoundary => {
    const dev = paths.deviations[k]!;
    const top = topDeviation(test, n);
    const marginalTail = test === 'signed-rank' ? exactSignedRankTail(n) : exactMarginalTail(n);
    const counts = new Float64Array(top + 2);
    if (k === 0) {
      // Every path reaches the first look: its tail is the exact distribution of U, no simulation error.
      for (let d = 0; d <= top; d++) counts[d] = marginalTail[d]! * draws;
    } else {
      for (let i = 0; i < draws; i++) if (alive[i]) counts[dev[i]!]!++;
      for (let d = top; d >= 0; d--) counts[d]! += counts[d + 1]!;
    }
    // Counts, not probabilities, so the budget comparison is exact; the tiny slack absorbs float rounding.
    const budget = alphaSpent(spec.spending, spec.alpha, n / maxN) * draws - stopped + 1e-9;
    let critical = 0;
    while (counts[critical]! > budget) critical++;
    // Continuous data give deviations of n²'s parity only; a tied reading in between must not stop early.
    if ((critical - top) % 2 !== 0) critical++;
    critical = Math.min(critical, top + 1);
    const stopHere = counts[critical]!;
    for (let i = 0; i < draws; i++) if (alive[i] && dev[i]! >= critical) alive[i] = 0;
    stopped += stopHere;
    return {
      n,
      critical,
      spent: stopHere / draws,
      cumulative: stopped / draws,
      survivorTail: Array.from(counts.subarray(0, top + 1), (c) => c / draws),
      marginalTail,
      nominalP: marginalTail[critical] ?? 0,
    };
  });
  return {
    test,
    looks: [...spec.looks],
    alpha: spec.alpha,
    spending: spec.spending,
    draws,
    seed: paths.seed,
    boundaries,
  };
}

/** P(|2U − n²| ≥ d) for d = 0 … n², n per side without ties, from the exact distribution of U. */
export function exactMarginalTail(n: number): number[] {
  const { pmf } = exactUDistribution(new Array<number>(2 * n).fill(1), n, n);
  const top = n * n;
  const tail = new Array<number>(top + 2).fill(0);
  // pmf is indexed by 2U; deviation d collects 2U = n² − d and n² + d (once when d = 0).
  for (let d = top; d >= 0; d--) {
    const mass = d === 0 ? (pmf[top] ?? 0) : (pmf[top - d] ?? 0) + (pmf[top + d] ?? 0);
    tail[d] = Math.min(1, tail[d + 1]! + mass);
  }
  return tail.slice(0, top + 1);
}

/** P(|2W+ − n(n+1)/2| ≥ d) for d = 0 … n(n+1)/2, n differences without ties, from the exact distribution of W+. */
export function exactSignedRankTail(n: number): number[] {
  const pmf = signedRankDistribution(Array.from({ length: n }, (_, i) => 2 * (i + 1)));
  const top = (n * (n + 1)) / 2;
  const tail = new Array<number>(top + 2).fill(0);
  // pmf is indexed by 2W+ (0 … n(n+1)); deviation d collects 2W+ = top − d and top + d (once when d = 0).
  for (let d = top; d >= 0; d--) {
    const mass = d === 0 ? (pmf[top] ?? 0) : (pmf[top - d] ?? 0) + (pmf[top + d] ?? 0);
    tail[d] = Math.min(1, tail[d + 1]! + mass);
  }
  return tail.slice(0, top + 1);
}

const pathCache = new Map<string, NullPaths>();
const designCache = new Map<string, SequentialDesign>();

/**
 * The design of `spec`, computed once per process from {@link DEFAULT_DRAWS} seeded null paths (the paths are
 * shared by every alpha and spending with the same looks). Measured for looks 5, 10, 15, 20: 1.6 s of CPU
 * (3.3 s wall at nice 19, load ~4); every further alpha or spending on the same looks ~20 ms.
 * @throws {StatsInputError} for a bad spec.
 */
export function sequentialDesign(spec: DesignSpec): SequentialDesign {
  assertDesignSpec(spec);
  const test = spec.test ?? 'mann-whitney';
  const key = `${test}|${spec.looks.join(',')}|${spec.alpha}|${spec.spending}`;
  const cached = designCache.get(key);
  if (cached) return cached;
  const pathKey = `${test}|${spec.looks.join(',')}`;
  let paths = pathCache.get(pathKey);
  if (!paths) {
    // One look is the fixed-n test: its first look is exact, so no path is needed beyond one placeholder.
    paths =
      spec.looks.length === 1
        ? {
            looks: spec.looks,
            draws: DEFAULT_DRAWS,
            seed: DESIGN_SEED,
            deviations: [new Uint16Array(DEFAULT_DRAWS)],
          }
        : test === 'signed-rank'
          ? simulateSignedRankPaths(spec.looks, DEFAULT_DRAWS, DESIGN_SEED)
          : simulateNullPaths(spec.looks, DEFAULT_DRAWS, DESIGN_SEED);
    pathCache.set(pathKey, paths);
  }
  const design = designFromPaths(spec, paths);
  designCache.set(key, design);
  return design;
}

/**
 * A deviation read from data rounded down to the continuous grid (the parity of the top deviation): ties never
 * count as more extreme.
 */
export function gridDeviation(deviation: number, n: number, test: RankTest = 'mann-whitney'): number {
  const d = Math.floor(deviation);
  return (d - topDeviation(test, n)) % 2 === 0 ? d : d - 1;
}

/**
 * The stage-wise sequential p of a reading at look `lookIndex` with deviation `deviation`: the null probability of
 * stopping with a difference at an earlier look plus that of reaching this look and reading ≥ this deviation.
 * It is the benchmark's p when this is the look where it first crossed the boundary, or the final look it reached
 * without crossing (stage-wise ordering: an earlier crossing is more extreme than any later reading).
 * @throws {StatsInputError} for a look the design does not have.
 */
export function stageWiseP(design: SequentialDesign, lookIndex: number, deviation: number): number {
  const b = design.boundaries[lookIndex];
  if (!b)
    throw new StatsInputError('lookIndex', lookIndex, `the design has ${design.boundaries.length} looks`);
  const before = lookIndex === 0 ? 0 : design.boundaries[lookIndex - 1]!.cumulative;
  const d = Math.max(0, gridDeviation(deviation, b.n, design.test));
  return Math.min(1, before + (b.survivorTail[d] ?? 0));
}
