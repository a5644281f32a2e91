import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { describe, expect, it } from 'vitest';
import {
  exactMarginalTail,
  looksUpTo,
  reachableLooks,
  type SequentialDesign,
  sequentialDesign,
} from './design.js';
import { DEFAULT_FUTILITY } from './futility.js';
import { decideLook, type Look, type LookRule, sequentialPOf, stops } from './look.js';

/** One simulated benchmark run through the design: looks until one stops. */
function runOnce(design: SequentialDesign, base: number[], cand: number[], rule: LookRule): Look[] {
  const looks: Look[] = [];
  for (let k = 0; k < design.boundaries.length; k++) {
    const n = design.boundaries[k]!.n;
    const look = decideLook(
      design,
      k,
      { baseline: base.slice(0, n), candidate: cand.slice(0, n), logRatios: null },
      looks,
      rule,
    );
    looks.push(look);
    if (stops(look)) break;
  }
  return looks;
}

interface Simulated {
  differences: number;
  runs: number;
  meanN: number;
  /** Share of runs whose sequential p was ≤ q, per q asked. */
  pAtMost: Map<number, number>;
}

/**
 * The A/A checker: `runs` benchmarks whose two sides come from one distribution (times shift for the candidate),
 * each run through `design`; counts stops with a difference.
 */
function simulate(
  design: SequentialDesign,
  runs: number,
  seed: number,
  shift = 0,
  rule = NO_THRESHOLD,
  noise = 0.03,
): Simulated {
  const rng = xoroshiro128plus(seed);
  const max = design.boundaries[design.boundaries.length - 1]!.n;
  // A skewed, positive "time" like a fork's reading: 100 · (1 + exponential noise of mean 3%, or `noise`).
  const draw = () => 100 * (1 - noise * Math.log(1 - uniformFloat64(rng)));
  let differences = 0;
  let forks = 0;
  const qs = [0.01, design.alpha];
  const counts = new Map(qs.map((q) => [q, 0]));
  for (let r = 0; r < runs; r++) {
    const base = Array.from({ length: max }, draw);
    const cand = Array.from({ length: max }, () => draw() * (1 + shift));
    const looks = runOnce(design, base, cand, rule);
    const last = looks[looks.length - 1]!;
    if (last.decision === 'difference') differences++;
    forks += last.n;
    const p = sequentialPOf(looks) ?? 1;
    for (const q of qs) if (p <= q) counts.set(q, counts.get(q)! + 1);
  }
  return {
    differences,
    runs,
    meanN: forks / runs,
    pAtMost: new Map(qs.map((q) => [q, counts.get(q)! / runs])),
  };
}

const NO_THRESHOLD: LookRule = { threshold: 0, confidence: 0.95 };

/** The planted bug: every look tested at the nominal alpha on its own (naive repeated significance testing). */
function naive(design: SequentialDesign): SequentialDesign {
  return {
    ...design,
    boundaries: design.boundaries.map((b) => {
      const tail = exactMarginalTail(b.n);
      const critical = tail.findIndex((p, d) => (d - b.n * b.n) % 2 === 0 && p <= design.alpha);
      return { ...b, critical };
    }),
  };
}

/** Within alpha up to three standard errors of the simulated rate (a 1-in-740 chance of a false alarm). */
function withinAlpha(rate: number, alpha: number, runs: number): boolean {
  return rate <= alpha + 3 * Math.sqrt((alpha * (1 - alpha)) / runs);
}

const RUNS = 20_000;

describe('sequential looks, A/A by simulation', () => {
  for (const [spending, alpha] of [
    ['pocock', 0.05],
    ['obrien-fleming', 0.05],
    ['pocock', 0.0125],
    ['pocock', 0.00625],
  ] as const) {
    it(`spends at most alpha over all looks: ${spending}, alpha ${alpha}, ${RUNS} A/A benchmarks`, () => {
      // The looks the runner uses: 6, 10, 15, 20 for alpha 0.0125 and 0.00625 (n = 5 cannot stop there).
      const spec = { looks: looksUpTo(20), alpha, spending };
      const design = sequentialDesign({ ...spec, looks: reachableLooks(spec) });
      const sim = simulate(design, RUNS, 7 + Math.round(alpha * 1e4));
      expect(withinAlpha(sim.differences / RUNS, alpha, RUNS), `${sim.differences} of ${RUNS}`).toBe(true);
      // The sequential p is a p value: P(p ≤ q) ≤ q (what makes Holm across benchmarks valid).
      for (const [q, share] of sim.pAtMost)
        expect(withinAlpha(share, q, RUNS), `p ≤ ${q}: ${share}`).toBe(true);
    });
  }

  it('catches the planted bug: looking at n = 5, 10, 15, 20 at the nominal 5% each is well above 5%', () => {
    const design = naive(sequentialDesign({ looks: looksUpTo(20), alpha: 0.05, spending: 'pocock' }));
    const sim = simulate(design, RUNS, 11);
    expect(withinAlpha(sim.differences / RUNS, 0.05, RUNS)).toBe(false);
    expect(sim.differences / RUNS).toBeGreaterThan(0.08);
  });

  it('stops a 10% change early and an unchanged benchmark with equivalence (threshold 2%)', () => {
    const design = sequentialDesign({ looks: looksUpTo(20), alpha: 0.05, spending: 'pocock' });
    const rule = { threshold: 0.02, confidence: 0.95 };
    const slower = simulate(design, 2000, 3, 0.1, rule);
    expect(slower.differences / slower.runs).toBeGreaterThan(0.95);
    expect(slower.meanN).toBeLessThan(10);
    const same = simulate(design, 2000, 4, 0, rule);
    expect(same.meanN).toBeLessThan(20);
    expect(withinAlpha(same.differences / same.runs, 0.05, same.runs)).toBe(true);
  });
});

describe('the guardrail stop (upper end of the interval within +threshold)', () => {
  const spec = { looks: looksUpTo(20), alpha: 0.0125, spending: 'pocock' as const };
  const design = sequentialDesign({ ...spec, looks: reachableLooks(spec) });
  const guardrail = { threshold: 0.02, confidence: 0.95, guardrail: true };
  const primary = { threshold: 0.02, confidence: 0.95 };

  it('stops a noisy improvement that a primary keeps measuring; a regression never stops this way', () => {
    // copyAndAdd[size=10] of the measured main job, wall ns/op, its first 6 forks per side (−21%, not significant).
    const base = [2046, 1588, 2151, 1801, 1504, 4049];
    const cand = [1208, 1011, 1042, 1994, 1768, 1363];
    expect(
      decideLook(design, 0, { baseline: base, candidate: cand, logRatios: null }, [], primary).decision,
    ).toBe('continue');
    expect(
      decideLook(design, 0, { baseline: base, candidate: cand, logRatios: null }, [], guardrail).decision,
    ).toBe('equivalence');
    // The same forks with the sides swapped (+27%): a guardrail that may have regressed keeps running.
    expect(
      decideLook(design, 0, { baseline: cand, candidate: base, logRatios: null }, [], guardrail).decision,
    ).toBe('continue');
  });

  it('adds no false difference in A/A and keeps the power at +10%, with fewer forks', () => {
    // The interval at every look makes this slower than the pure-boundary simulations: 4,000 benchmarks.
    const aa = simulate(design, 4000, 21, 0, guardrail);
    expect(withinAlpha(aa.differences / 4000, 0.0125, 4000), `${aa.differences} of 4000`).toBe(true);
    const plain = simulate(design, 1000, 22, 0.1, primary);
    const guarded = simulate(design, 1000, 22, 0.1, guardrail);
    expect(guarded.differences).toBe(plain.differences);
    const aaPrimary = simulate(design, 1000, 23, 0, primary);
    const aaGuardrail = simulate(design, 1000, 23, 0, guardrail);
    expect(aaGuardrail.meanN).toBeLessThan(aaPrimary.meanN);
  }, 120_000);
});

describe('the futility stop (non-binding: it only removes chances to reject)', () => {
  const GAMMA = DEFAULT_FUTILITY;
  for (const alpha of [0.05, 0.00625]) {
    it(`keeps the spent alpha within alpha and the sequential p a p value: Pocock ${alpha}, ${RUNS} A/A`, () => {
      const spec = { looks: looksUpTo(20), alpha, spending: 'pocock' as const };
      const design = sequentialDesign({ ...spec, looks: reachableLooks(spec) });
      const futile = { ...NO_THRESHOLD, futility: GAMMA };
      const sim = simulate(design, RUNS, 31 + Math.round(alpha * 1e4), 0, futile);
      expect(withinAlpha(sim.differences / RUNS, alpha, RUNS), `${sim.differences} of ${RUNS}`).toBe(true);
      for (const [q, share] of sim.pAtMost)
        expect(withinAlpha(share, q, RUNS), `p ≤ ${q}: ${share}`).toBe(true);
      // The same benchmarks without it: never fewer forks, never fewer differences (the same seed, the same draws).
      const off = simulate(design, RUNS, 31 + Math.round(alpha * 1e4), 0, NO_THRESHOLD);
      expect(sim.differences).toBeLessThanOrEqual(off.differences);
      // Measured: 14.5 of 20 forks (design alpha 0.05, whose final boundary is easier to reach) and 11.7 (0.00625).
      expect(sim.meanN).toBeLessThan(off.meanN * 0.75);
    }, 180_000);
  }

  it('loses at most 2 points of power at +5% and +10% (8-benchmark design, threshold 2%), with ~60% of the A/A forks', () => {
    const spec = { looks: looksUpTo(20), alpha: 0.00625, spending: 'pocock' as const };
    const design = sequentialDesign({ ...spec, looks: reachableLooks(spec) });
    const rule = { threshold: 0.02, confidence: 0.95 };
    const futile = { ...rule, futility: GAMMA };
    // Noise of mean 3% (the simulations above) and 10% (closer to the main suite's forks: robust CV 10–35%).
    for (const [noise, shift] of [
      [0.03, 0.05],
      [0.1, 0.05],
      [0.1, 0.1],
    ] as const) {
      const on = simulate(design, 1000, 41, shift, futile, noise);
      const off = simulate(design, 1000, 41, shift, rule, noise);
      const lost = (off.differences - on.differences) / 1000;
      expect(
        lost,
        `noise ${noise}, +${shift * 100}%: ${off.differences} → ${on.differences}`,
      ).toBeLessThanOrEqual(0.02);
    }
    const aa = simulate(design, 1000, 43, 0, futile, 0.1);
    const aaOff = simulate(design, 1000, 43, 0, rule, 0.1);
    // 12.0 of 20 here; 11.98 over 4,000 benchmarks (scripts/simulate-futility.mjs), against 19.95 without the stop.
    expect(aa.meanN).toBeLessThan(0.65 * 20);
    expect(aaOff.meanN).toBeGreaterThan(0.95 * 20);
    expect(aa.differences).toBeLessThanOrEqual(aaOff.differences);
  }, 120_000);
});

describe('decideLook', () => {
  const design = sequentialDesign({ looks: looksUpTo(20), alpha: 0.05, spending: 'pocock' });
  const rule = { threshold: 0.02, confidence: 0.95 };

  it('stops complete separation at n = 5 with p = 2 / C(10, 5) = 0.0079 within its boundary', () => {
    const look = decideLook(
      design,
      0,
      { baseline: [10, 11, 12, 13, 14], candidate: [20, 21, 22, 23, 24], logRatios: null },
      [],
      rule,
    );
    expect(look.decision).toBe('difference');
    expect(look.p).toBeCloseTo(2 / 252, 10);
    expect(look.boundary).toBeCloseTo(4 / 252, 10);
    expect(look.pSequential).toBeCloseTo(2 / 252, 3);
  });

  it('keeps a significant change below the threshold running, and its p from the first crossing', () => {
    const x5 = [100, 100.1, 100.2, 100.3, 100.4];
    const y5 = [101, 101.1, 101.2, 101.3, 101.4];
    // With a 95% interval inside ±2% the 1% change stops as equivalent, and its p stays the crossing's.
    const equal = decideLook(design, 0, { baseline: x5, candidate: y5, logRatios: null }, [], rule);
    expect(equal.decision).toBe('equivalence');
    expect(sequentialPOf([equal])).toBeCloseTo(2 / 252, 3);
    // With a 99.9% interval (unbounded at n = 5) it continues, and the next look keeps the first crossing's p.
    const wide = { threshold: 0.02, confidence: 0.999 };
    const first = decideLook(design, 0, { baseline: x5, candidate: y5, logRatios: null }, [], wide);
    expect(first.decision).toBe('continue');
    expect(first.pSequential).not.toBeNull();
    const second = decideLook(
      design,
      1,
      { baseline: [...x5, ...x5], candidate: [...y5, ...x5], logRatios: null },
      [first],
      wide,
    );
    expect(second.pSequential).toBe(first.pSequential);
  });

  it('continues an undecided look and ends at the last one; refuses a side of the wrong size', () => {
    const noisy = decideLook(
      design,
      0,
      { baseline: [10, 30, 20, 50, 40], candidate: [12, 28, 45, 22, 35], logRatios: null },
      [],
      rule,
    );
    expect(noisy.decision).toBe('continue');
    expect(noisy.pSequential).toBeNull();
    expect(sequentialPOf([noisy])).toBeNull();
    const x = Array.from({ length: 20 }, (_, i) => 10 + ((i * 7) % 20));
    const y = Array.from({ length: 20 }, (_, i) => 10 + ((i * 11) % 20) + 0.5);
    const last = decideLook(design, 3, { baseline: x, candidate: y, logRatios: null }, [], rule);
    expect(last.decision).toBe('final');
    expect(last.pSequential).toBeGreaterThan(0.04);
    expect(() =>
      decideLook(design, 1, { baseline: [1, 2], candidate: [1, 2], logRatios: null }, [], rule),
    ).toThrow(/expected 10 samples at look 2/);
  });
});
