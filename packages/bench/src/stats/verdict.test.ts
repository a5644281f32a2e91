import { describe, expect, it } from 'vitest';
import { checkReasonText } from '../protocol/check-text.js';
import { verdictReasonText } from '../protocol/verdict-text.js';
import { analyzeRun } from './analyze-run.js';
import { StatsInputError } from './errors.js';
import { aroundMedian, makeRecord, makeRun, SEED_000 } from './test-fixtures.js';
import {
  type AnalysisConfig,
  analysisConfigFromRun,
  compareSamples,
  decideOutcome,
  verdictFor,
} from './verdict.js';

const run = makeRun([]);
const config: AnalysisConfig = analysisConfigFromRun(run);

describe('verdictFor: the seed-000 headline', () => {
  const record = makeRecord({
    params: { size: 1000 },
    baseline: aroundMedian(SEED_000.copyOnly1000.baseline),
    candidate: aroundMedian(SEED_000.copyOnly1000.candidate),
  });
  const v = verdictFor(record, config);

  it('medians at full precision, Δ% -99.7318, p = 2/C(20,10): Won', () => {
    expect(v.stats!.baseline.median).toBe(3362.5156478614854);
    expect(v.stats!.candidate.median).toBe(9.018492886907715);
    expect(v.stats!.deltaPercent.toFixed(4)).toBe('-99.7318');
    expect(v.stats!.p).toBeCloseTo(1.0825088224469e-5, 15);
    expect(v.outcome).toBe('Won');
    expect(verdictReasonText(v)).toBe('improvement: p 1.08251e-05 < 0.05, -99.7318% beyond ±2%');
    expect(v.unit).toBe('ns/op');
  });

  it('an editor asks for fewer digits: p to 3 significant digits, Δ% to 3 (at most two decimals)', () => {
    const precision = { pDigits: 3, deltaDigits: 3 };
    expect(verdictReasonText(v, precision)).toBe('improvement: p 1.08e-05 < 0.05, -99.7% beyond ±2%');
    const at = (p: number, deltaPercent: number) =>
      verdictReasonText({ ...v, pAdjusted: null, stats: { ...v.stats!, p, deltaPercent } }, precision);
    expect(at(0.444444, 27.4635)).toBe('improvement: p 0.444 < 0.05, +27.5% beyond ±2%');
    expect(at(0.444444, 4158.2122)).toBe('improvement: p 0.444 < 0.05, +4160% beyond ±2%');
    expect(at(0.01234, 0.123456)).toBe('improvement: p 0.0123 < 0.05, +0.12% beyond ±2%');
    expect(at(0.5, 0.001)).toBe('improvement: p 0.5 < 0.05, 0% beyond ±2%');
    // Without it, the runner's own digits (its reports and CLI): unchanged.
    expect(
      verdictReasonText({
        ...v,
        pAdjusted: null,
        stats: { ...v.stats!, p: 0.444444, deltaPercent: 27.4635 },
      }),
    ).toBe('improvement: p 0.444444 < 0.05, +27.4635% beyond ±2%');
  });

  it('the HL ratio CI sits around the median ratio', () => {
    const ratio = v.stats!.ratio!;
    expect(ratio.estimate).toBeCloseTo(9.018492886907715 / 3362.5156478614854, 4);
    expect(ratio.lower).toBeLessThan(ratio.estimate);
    expect(ratio.upper).toBeGreaterThan(ratio.estimate);
    expect(v.stats!.shift.estimate).toBeLessThan(0);
  });

  it('all eight checks pass on the fixture', () => {
    expect(v.checks.filter((c) => !c.passed)).toEqual([]);
  });
});

describe('decideOutcome', () => {
  const sig = { p: 0.001 };
  it('primary: Won / Lost / Unchanged', () => {
    expect(decideOutcome('primary', { ...sig, deltaPercent: -10 }, 0.05, 0.02).outcome).toBe('Won');
    expect(decideOutcome('primary', { ...sig, deltaPercent: 10 }, 0.05, 0.02).outcome).toBe('Lost');
    expect(decideOutcome('primary', { ...sig, deltaPercent: -1 }, 0.05, 0.02).outcome).toBe('Unchanged');
    expect(decideOutcome('primary', { p: 0.2, deltaPercent: -50 }, 0.05, 0.02).outcome).toBe('Unchanged');
  });

  it('guardrail: Held unless significantly regressed beyond the threshold', () => {
    expect(decideOutcome('guardrail', { ...sig, deltaPercent: -37.9661 }, 0.05, 0.02).outcome).toBe('Held');
    expect(decideOutcome('guardrail', { ...sig, deltaPercent: 1.5 }, 0.05, 0.02).outcome).toBe('Held');
    expect(decideOutcome('guardrail', { p: 0.06, deltaPercent: 30 }, 0.05, 0.02).outcome).toBe('Held');
    const lost = decideOutcome('guardrail', { ...sig, deltaPercent: 10 }, 0.05, 0.02);
    expect(lost).toEqual({ outcome: 'Lost', significant: true, beyond: true });
  });
});

describe('verdictFor: injected 10% slowdown and no-change', () => {
  const base = [100, 103, 99, 101, 98, 102, 100.5, 97, 101.5, 99.5];
  it('a 10% slowdown of a guardrail is Lost', () => {
    const v = verdictFor(
      makeRecord({ role: 'guardrail', baseline: base, candidate: base.map((x) => x * 1.1) }),
      config,
    );
    expect(v.outcome).toBe('Lost');
    expect(v.stats!.ratio!.estimate).toBeCloseTo(1.1, 2);
  });

  it('the same samples on both sides are Unchanged with p = 1', () => {
    const v = verdictFor(makeRecord({ baseline: base, candidate: base }), config);
    expect(v.outcome).toBe('Unchanged');
    expect(v.stats!.p).toBe(1);
  });

  it('a side without values is Invalid and says which', () => {
    const v = verdictFor(makeRecord({ baseline: base, candidate: [] }), config);
    expect(v).toMatchObject({ outcome: 'Invalid', stats: null, basis: { emptySide: 'candidate' } });
    expect(verdictReasonText(v)).toBe('no nsPerOp values on the candidate side');
  });

  it('a ratio is not computed for zero values (0 B/op)', () => {
    const s = compareSamples([0, 0, 0], [8, 8, 8]);
    expect(s.ratio).toBeNull();
    expect(s.shift.estimate).toBe(8);
  });
});

describe('analysisConfigFromRun: bad config', () => {
  it('names the bad value', () => {
    expect(() => analysisConfigFromRun(run, { alpha: 2 })).toThrow(/alpha: .*got 2/);
    expect(() => analysisConfigFromRun(run, { threshold: -1 })).toThrow(StatsInputError);
    expect(() => analysisConfigFromRun(run, { metric: 'furlongs' as never })).toThrow(
      /unknown metric "furlongs"/,
    );
  });
});

describe('sample_sufficiency counts the Holm family', () => {
  // -n 4: one benchmark reaches alpha (2/C(8,4) = 0.0286 < 0.05); under Holm two cannot (2 · 0.0286 = 0.057).
  const four = (m: number) => aroundMedian(m).slice(0, 4);
  const big = (benchmark: string) => makeRecord({ benchmark, baseline: four(100), candidate: four(800) });

  it('two benchmarks at n = 4, +700%: Inconclusive with the family named, not Held/Unchanged; gate fails', () => {
    const a = analyzeRun(makeRun([big('a'), big('b')], { samplesPerSide: 4 }));
    expect(a.verdicts.map((v) => v.outcome)).toEqual(['Inconclusive', 'Inconclusive']);
    const check = a.verdicts[0]!.checks.find((c) => c.name === 'sample_sufficiency')!;
    expect(check.passed).toBe(false);
    expect(checkReasonText(check, 'nsPerOp', 'ns')).toBe(
      'n=4 vs 4: smallest achievable p 0.0571429 (0.0286 × 2 benchmarks, Holm) ≥ alpha 0.05: no result can be significant',
    );
    expect(a.summary.gate).toBe('fail');
  });

  it('one benchmark at n = 4 is decided (Lost); --no-holm decides both', () => {
    expect(analyzeRun(makeRun([big('a')], { samplesPerSide: 4 })).verdicts[0]!.outcome).toBe('Lost');
    const none = analyzeRun(makeRun([big('a'), big('b')], { samplesPerSide: 4 }), { correction: 'none' });
    expect(none.verdicts.map((v) => v.outcome)).toEqual(['Lost', 'Lost']);
  });
});
