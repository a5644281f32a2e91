import { describe, expect, it } from 'vitest';
import type { BenchmarkRecord } from '../../model.js';
import { analyzeRun } from '../analyze-run.js';
import { jitter, makeRecord, makeRun } from '../test-fixtures.js';
import { looksUpTo, sequentialDesign } from './design.js';
import { decideLook, type Look, stops } from './look.js';

const LOOKS = looksUpTo(20);
const config = (m: number) => ({
  samplesPerSide: 20,
  sequential: { looks: LOOKS, spending: 'pocock' as const, designAlpha: 0.05 / m },
});

/** A record as the runner leaves it: looked at with the design until a look stops, the samples up to there. */
function sequentialRecord(benchmark: string, base: number[], cand: number[], m: number): BenchmarkRecord {
  const design = sequentialDesign({ looks: LOOKS, alpha: 0.05 / m, spending: 'pocock' });
  const looks: Look[] = [];
  for (const [k, n] of LOOKS.entries()) {
    const look = decideLook(design, k, base.slice(0, n), cand.slice(0, n), looks, {
      threshold: 0.02,
      confidence: 0.95,
    });
    looks.push(look);
    if (stops(look)) break;
  }
  const n = looks.at(-1)!.n;
  return { ...makeRecord({ benchmark, baseline: base.slice(0, n), candidate: cand.slice(0, n) }), looks };
}

describe('verdicts of a sequential run', () => {
  it('Holm reads the sequential p; a benchmark stopped with a difference stays Lost; the reach counts the maximum', () => {
    const slow = sequentialRecord('slow', jitter(100, 20, 0.02, 1), jitter(150, 20, 0.02, 2), 2);
    const same = sequentialRecord('same', jitter(100, 20, 0.004, 3), jitter(100, 20, 0.004, 4), 2);
    // Two benchmarks: the design's alpha is 0.025, whose first-look share 0.025 · ln(1 + (e − 1)/4) = 0.0095 covers
    // complete separation at n = 5 (p = 2 / 252 = 0.0079).
    expect(slow.looks?.at(-1)).toMatchObject({ n: 5, decision: 'difference' });
    expect(same.looks?.at(-1)).toMatchObject({ n: 5, decision: 'equivalence' });
    const analysis = analyzeRun(makeRun([slow, same], config(2)));
    const [lost, unchanged] = analysis.verdicts;
    expect(lost?.outcome).toBe('Lost');
    expect(lost?.sequential).toMatchObject({ decidedAt: 5, maxN: 20, decision: 'difference' });
    // The stage-wise p of a first-look stop is the exact p; Holm doubles it (the other benchmark's p is 1).
    expect(lost?.sequential?.pSequential).toBeCloseTo(2 / 252, 12);
    expect(lost?.pAdjusted).toBeCloseTo(4 / 252, 12);
    expect(unchanged?.outcome).toBe('Unchanged');
    expect(unchanged?.sequential?.pSequential).toBe(1);
    // n = 5 alone could not reach alpha under Holm over 2 (2 · 0.0079 < 0.05 can, so use the recorded maximum).
    expect(analysis.summary.reach).toMatchObject({ samplesPerSide: 20, reachable: true });
  });

  it('a fixed-n run (no design in its config) reads the fixed-n p, as results files before protocol 5 do', () => {
    const rec = makeRecord({ baseline: jitter(100, 10, 0.02, 1), candidate: jitter(150, 10, 0.02, 2) });
    const v = analyzeRun(makeRun([rec])).verdicts[0]!;
    expect(v.sequential).toBeUndefined();
    expect(v.pAdjusted).toBe(v.stats?.p);
  });
});
