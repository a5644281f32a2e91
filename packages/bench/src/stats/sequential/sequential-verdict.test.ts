import { describe, expect, it } from 'vitest';
import type { BenchmarkRecord } from '../../model.js';
import { verdictSentence } from '../../report/report-model.js';
import { analyzeRun } from '../analyze-run.js';
import { jitter, makeRecord, makeRun } from '../test-fixtures.js';
import { looksUpTo, reachableLooks, sequentialDesign } from './design.js';
import { DEFAULT_FUTILITY } from './futility.js';
import { decideLook, type Look, stops } from './look.js';

/** The runner's looks for m benchmarks under Holm: 5, 10, 15, 20, the first moved to 6 from 3 benchmarks on. */
const looksFor = (m: number) => reachableLooks({ looks: looksUpTo(20), alpha: 0.05 / m, spending: 'pocock' });
const config = (m: number) => ({
  samplesPerSide: 20,
  sequential: { looks: looksFor(m), spending: 'pocock' as const, designAlpha: 0.05 / m },
});

/** A record as the runner leaves it: looked at with the design until a look stops, the samples up to there. */
function sequentialRecord(
  benchmark: string,
  base: number[],
  cand: number[],
  m: number,
  role: 'primary' | 'guardrail' = 'primary',
  futility?: number,
): BenchmarkRecord {
  const design = sequentialDesign({ looks: looksFor(m), alpha: 0.05 / m, spending: 'pocock' });
  const looks: Look[] = [];
  for (const [k, n] of design.looks.entries()) {
    const look = decideLook(
      design,
      k,
      { baseline: base.slice(0, n), candidate: cand.slice(0, n), logRatios: null },
      looks,
      {
        threshold: 0.02,
        confidence: 0.95,
        guardrail: role === 'guardrail',
        ...(futility ? { futility } : {}),
      },
    );
    looks.push(look);
    if (stops(look)) break;
  }
  const n = looks.at(-1)!.n;
  const record = makeRecord({ benchmark, role, baseline: base.slice(0, n), candidate: cand.slice(0, n) });
  return { ...record, looks };
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
    // Stopped for equivalence: its interval is within ±threshold, so Unchanged is shown.
    expect(unchanged?.equivalence).toMatchObject({ withinThreshold: true });
    // n = 5 alone could not reach alpha under Holm over 2 (2 · 0.0079 < 0.05 can, so use the recorded maximum).
    expect(analysis.summary.reach).toMatchObject({ samplesPerSide: 20, reachable: true });
  });

  it('a guardrail that improved with a wide interval stops early as Held, and says why', () => {
    // The measured main job's copyAndAdd[size=10] (wall ns/op, −21%, robust CV up to 58%): never significant.
    const base = [2046, 1588, 2151, 1801, 1504, 4049, 2371, 1970, 1868, 2995];
    const cand = [1208, 1011, 1042, 1994, 1768, 1363, 1381, 2738, 2535, 2189];
    const more = [930, 1473, 1624, 1048, 1830, 1557, 1645, 1419, 1101, 839];
    const moreCand = [1481, 1026, 2174, 996, 850, 845, 725, 859, 1659, 702];
    const [b, c] = [
      [...base, ...more],
      [...cand, ...moreCand],
    ];
    const guard = sequentialRecord('guard', b, c, 4, 'guardrail');
    expect(guard.looks?.at(-1)).toMatchObject({ n: 6, decision: 'equivalence' });
    const v = analyzeRun(makeRun([guard], config(4))).verdicts[0]!;
    expect(v.outcome).toBe('Held');
    expect(verdictSentence(v)).toMatch(/decided at n = 6 of 20, no regression beyond the threshold/);
    // Not within ±2% (it improved by about 20%), but below +2%: a guardrail's Held is shown.
    expect(v.equivalence).toMatchObject({
      withinThreshold: false,
      belowThreshold: true,
    });
    // As a primary the same forks run to the maximum without a decision.
    const primary = sequentialRecord('primary', b, c, 4);
    expect(primary.looks?.map((l) => l.decision)).toEqual(['continue', 'continue', 'continue', 'final']);
  });

  it('a futility stop claims nothing: Unchanged for a primary, Held for a guardrail, sequential p 1, and says why', () => {
    // +1% with forks spread ±20% (the main suite's A/A noise is a robust CV of 10–35%): far from the final boundary.
    const base = jitter(100, 20, 0.4, 11);
    const cand = jitter(101, 20, 0.4, 12);
    const primary = sequentialRecord('primary', base, cand, 8, 'primary', DEFAULT_FUTILITY);
    const guard = sequentialRecord('guard', base, cand, 8, 'guardrail', DEFAULT_FUTILITY);
    const last = primary.looks?.at(-1);
    expect(last?.decision).toBe('futility');
    expect(last?.predictivePower).toBeLessThan(DEFAULT_FUTILITY);
    const [p, g] = analyzeRun(makeRun([primary, guard], config(8))).verdicts;
    expect(p?.basis.statisticalOutcome).toBe('Unchanged');
    expect(p?.sequential).toMatchObject({ decision: 'futility', pSequential: 1 });
    // A futility stop shows no equivalence: not Unchanged, Inconclusive with the interval that would not resolve.
    expect(p?.equivalence?.withinThreshold).toBe(false);
    expect(p?.outcome).toBe('Inconclusive');
    expect(p?.basis.unresolved).not.toBeNull();
    expect(p?.pAdjusted).toBe(1);
    expect(g?.basis.statisticalOutcome).toBe('Held');
    expect(verdictSentence(p!)).toMatch(
      new RegExp(`stopped at n = ${last?.n} of 20: no difference reachable \\(predictive power [\\d.]+%\\)`),
    );
    // Without the futility stop the same forks run to the maximum and end with the same outcome.
    const full = sequentialRecord('primary', base, cand, 8);
    expect(full.looks?.at(-1)).toMatchObject({ n: 20, decision: 'final' });
    expect(analyzeRun(makeRun([full], config(8))).verdicts[0]?.basis.statisticalOutcome).toBe('Unchanged');
  });

  it('a fixed-n run (no design in its config) reads the fixed-n p, as results files before protocol 5 do', () => {
    const rec = makeRecord({ baseline: jitter(100, 10, 0.02, 1), candidate: jitter(150, 10, 0.02, 2) });
    const v = analyzeRun(makeRun([rec])).verdicts[0]!;
    expect(v.sequential).toBeUndefined();
    expect(v.pAdjusted).toBe(v.stats?.p);
  });
});
