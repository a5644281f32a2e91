import { describe, expect, it } from 'vitest';
import type { BenchmarkRecord } from '../model.js';
import { checkReasonText } from '../protocol/check-text.js';
import {
  CHECK_NAMES,
  type CheckConfig,
  type CheckResult,
  checkBaselineValid,
  checkBenchmarkPassed,
  checkEnvironment,
  checkMeasurementsSane,
  checkMetricPresent,
  checkPairing,
  checkSampleIndependence,
  checkSampleSufficiency,
  DEFAULT_CHECK_CONFIG,
  runChecks,
} from './checks.js';
import { mannWhitneyU } from './mann-whitney.js';
import { env, jitter, makePairedRecord, makeRecord } from './test-fixtures.js';

// The wording is the report's (check-text.ts); these tests pin both the findings and how they read.
const reason = (r: CheckResult, metric = 'nsPerOp') =>
  checkReasonText(r, metric, metric === 'bytesPerOp' ? 'B/op' : 'ns/op');

const config: CheckConfig = { ...DEFAULT_CHECK_CONFIG, metric: 'nsPerOp', alpha: 0.05 };
// Stationary noise that none of the independence tests flags.
const noiseB = [100, 103, 99, 101, 98, 102, 100.5, 97, 101.5, 99.5];
const noiseC = [50, 49, 51.5, 50.5, 48.5, 50.2, 51, 49.5, 50.8, 49.2];
const good = makeRecord({ baseline: noiseB, candidate: noiseC });

describe('checks on a clean record', () => {
  it('all eight pass, in order, each with a reason', () => {
    const results = runChecks(good, config);
    expect(results.map((r) => r.name)).toEqual([...CHECK_NAMES]);
    for (const r of results) {
      expect(r.passed, `${r.name}: ${reason(r)}`).toBe(true);
      expect(reason(r).length).toBeGreaterThan(5);
    }
  });
});

describe('pairing', () => {
  it('fails on unequal n', () => {
    const r = checkPairing(makeRecord({ baseline: noiseB, candidate: noiseC.slice(0, 9) }));
    expect(r.passed).toBe(false);
    expect(reason(r)).toBe('unequal samples: baseline n=10, candidate n=9');
  });

  it('fails when the sides were run in blocks, not interleaved', () => {
    const r = checkPairing(makeRecord({ baseline: noiseB, candidate: noiseC, order: 'blocked' }));
    expect(r.passed).toBe(false);
    expect(reason(r)).toMatch(/not interleaved: pair 1 \(seq 0, 1\) is baseline twice/);
  });

  it('fails on duplicate seq', () => {
    const rec = makeRecord({ baseline: [1, 2], candidate: [1, 2] });
    rec.samples[1] = { ...rec.samples[1]!, seq: 0 };
    expect(reason(checkPairing(rec))).toMatch(/seq 0 is used by more than one fork/);
  });
});

describe('environment_consistent', () => {
  it('names the differing field and values', () => {
    const rec = makeRecord({
      baseline: noiseB,
      candidate: noiseC,
      envFor: (side) => env(side === 'candidate' ? { node: 'v20.20.0' } : {}),
    });
    const r = checkEnvironment(rec);
    expect(r.passed).toBe(false);
    expect(reason(r)).toBe('node differs: v20.19.0 (baseline) vs v20.20.0 (candidate)');
  });

  it('catches differing flags within one side', () => {
    const rec = makeRecord({
      baseline: noiseB,
      candidate: noiseC,
      envFor: (_side, i) => env(i === 3 ? { execArgv: ['--jitless'] } : {}),
    });
    expect(reason(checkEnvironment(rec))).toMatch(/execArgv differs: \[\] .* vs \[--jitless\]/);
  });

  it('ignores load average, which legitimately varies', () => {
    const rec = makeRecord({
      baseline: noiseB,
      candidate: noiseC,
      envFor: (_s, i) => env({ loadAverage: [i, i, i] }),
    });
    expect(checkEnvironment(rec).passed).toBe(true);
  });
});

describe('baseline_valid and benchmark_passed', () => {
  const buildFailure: BenchmarkRecord = makeRecord({
    baseline: [],
    candidate: noiseC,
    failures: [
      { side: 'baseline', kind: 'build', message: 'tsc exited 2', logTail: 'line1\nline2\nerror TS2304' },
    ],
  });

  it('baseline_valid fails on a baseline build failure, with the log tail', () => {
    const r = checkBaselineValid(buildFailure);
    expect(r.passed).toBe(false);
    expect(reason(r)).toContain('baseline build failed: tsc exited 2');
    expect(reason(r)).toContain('error TS2304');
  });

  it('baseline_valid fails when the baseline produced no samples', () => {
    const r = checkBaselineValid(makeRecord({ baseline: [], candidate: [1] }));
    expect(reason(r)).toBe('baseline produced no samples (0 failed forks)');
  });

  it('benchmark_passed fails on any fork failure and names the first', () => {
    const rec = makeRecord({
      baseline: noiseB,
      candidate: noiseC,
      failures: [{ side: 'candidate', kind: 'timeout', message: 'exceeded 60000 ms', logTail: '' }],
    });
    const r = checkBenchmarkPassed(rec);
    expect(r.passed).toBe(false);
    expect(reason(r)).toBe('1 fork(s) failed; first: candidate seq 20 timeout: exceeded 60000 ms');
    expect(checkBaselineValid(rec).passed).toBe(true);
  });
});

describe('measurements_sane', () => {
  const finding = (r: ReturnType<typeof checkMeasurementsSane>, q: string, side: string) =>
    r.findings.find((f) => f.quantity === q && f.side === side);

  it('catches a repeated host stall: 3 of 10 samples at 4× the median', () => {
    const stalled = [...noiseC.slice(0, 7), 203, 204, 202];
    const r = checkMeasurementsSane(makeRecord({ baseline: noiseB, candidate: stalled }), config);
    expect(r.passed).toBe(false);
    expect(reason(r)).toBe('candidate: 3 samples beyond 3× from the median > 1 tolerated');
    expect(finding(r, 'outliers', 'candidate')).toMatchObject({
      passed: false,
      value: 3,
      limit: { relation: '<=', value: 1 },
    });
  });

  it('catches two outliers in ten, above or below the median', () => {
    const two = [...noiseB.slice(0, 8), 420, 30];
    const r = checkMeasurementsSane(makeRecord({ baseline: two, candidate: noiseC }), config);
    expect(r.passed).toBe(false);
    expect(reason(r)).toBe('baseline: 2 samples beyond 3× from the median > 1 tolerated');
  });

  it('catches a single broken sample no load explains (> 10× the median)', () => {
    const broken = [...noiseC.slice(0, 9), 50 * 12];
    const r = checkMeasurementsSane(makeRecord({ baseline: noiseB, candidate: broken }), config);
    expect(r.passed).toBe(false);
    expect(reason(r)).toMatch(
      /^candidate: farthest sample 1[12]\.\d+× from the median > 10× \(a broken sample\)$/,
    );
    // A sample 10× too fast is as broken as one 10× too slow.
    const fast = [...noiseC.slice(0, 9), 4];
    expect(checkMeasurementsSane(makeRecord({ baseline: noiseB, candidate: fast }), config).passed).toBe(
      false,
    );
  });

  it('passes ordinary load noise: one preempted fork, measured in wall time at load 10–23 (max/min 4.6)', () => {
    // Real samples of an A/A calibration run (copyOnly N=1000, eager), in time order; the old max/min > 3 rule
    // failed it, as it did 37 of 368 sides of that calibration.
    const measured = [12670, 32350, 7105, 7313, 8255, 9187, 8927, 8230, 7391, 7142];
    const r = checkMeasurementsSane(makeRecord({ baseline: noiseB, candidate: measured }), config);
    expect(r.passed).toBe(true);
    expect(reason(r)).toMatch(/candidate farthest sample 3\.9\d*× from the median, 1 beyond 3×/);
  });

  it('tolerates one outlier per ten samples: two in twenty pass, three do not', () => {
    const twenty = [...noiseB, ...noiseB];
    const withTwo = [...twenty.slice(0, 18), 400, 25];
    expect(checkMeasurementsSane(makeRecord({ baseline: withTwo, candidate: twenty }), config).passed).toBe(
      true,
    );
    const withThree = [...twenty.slice(0, 17), 400, 25, 500];
    expect(checkMeasurementsSane(makeRecord({ baseline: withThree, candidate: twenty }), config).passed).toBe(
      false,
    );
  });

  it('catches a wide robust spread', () => {
    const wide = [10, 30, 12, 35, 11, 32, 13, 34, 12, 31];
    const r = checkMeasurementsSane(makeRecord({ baseline: wide, candidate: wide }), config);
    expect(r.passed).toBe(false);
    expect(reason(r)).toMatch(/robust CV .*% > 50%/);
  });

  it('rejects impossible values', () => {
    const r = checkMeasurementsSane(makeRecord({ baseline: [0, 1], candidate: [1, 1] }), config);
    expect(reason(r)).toMatch(/baseline: impossible value 0 ns\/op/);
  });
});

describe('metric_present', () => {
  it('lists the samples missing the metric', () => {
    const r = checkMetricPresent(
      makeRecord({ baseline: [1, null, 3], candidate: [1, 2, null] }),
      'bytesPerOp',
    );
    expect(r.passed).toBe(false);
    expect(reason(r, 'bytesPerOp')).toBe('bytesPerOp missing in 2 of 6 samples (seq 3, 5)');
  });
});

describe('sample_sufficiency', () => {
  it('fails at n = 3: p can never be below 0.05', () => {
    const r = checkSampleSufficiency(makeRecord({ baseline: [1, 2, 3], candidate: [4, 5, 6] }), config);
    expect(r.passed).toBe(false);
    expect(reason(r)).toBe('n=3 vs 3: smallest achievable p 0.1 ≥ alpha 0.05: no result can be significant');
    // Statistics hand over numbers: the measured value, the limit it is held to, and the outcome.
    expect(r.findings).toContainEqual({
      quantity: 'min_achievable_p',
      side: null,
      value: 0.1,
      limit: { relation: '<', value: 0.05 },
      passed: false,
      note: null,
    });
  });

  it('passes at n = 10 with the seed p', () => {
    expect(reason(checkSampleSufficiency(good, config))).toBe(
      'n=10 vs 10: smallest achievable p 1.08251e-05 < alpha 0.05',
    );
  });

  it('passes at n = 4 only for a looser alpha', () => {
    const rec = makeRecord({ baseline: [1, 2, 3, 4], candidate: [5, 6, 7, 8] });
    expect(checkSampleSufficiency(rec, config).passed).toBe(true);
    expect(checkSampleSufficiency(rec, { ...config, alpha: 0.01 }).passed).toBe(false);
  });
});

describe('sample_independence', () => {
  it('fails on the drifting trend vector', () => {
    const trend = [100, 101, 101.5, 102, 103, 103.2, 104, 104.5, 105, 106];
    const r = checkSampleIndependence(makeRecord({ baseline: trend, candidate: noiseC }), config);
    expect(r.passed).toBe(false);
    expect(reason(r)).toContain('baseline: r1=0.6515');
    expect(reason(r)).toContain('runs R=2 p=0.015873');
    expect(reason(r)).toContain('Mann-Kendall tau=1 p=5.51146e-07 → drift');
  });

  it('a drift of one side only also shows in the pairs, and fails', () => {
    const trend = [100, 101, 101.5, 102, 103, 103.2, 104, 104.5, 105, 106];
    const r = checkSampleIndependence(makeRecord({ baseline: noiseB, candidate: trend }), config);
    expect(r.passed).toBe(false);
    expect(reason(r)).toMatch(/candidate: .* → drift → serial correlation;/);
    expect(reason(r)).toMatch(/pairs \(candidate ÷ baseline\): .* → drift$/);
  });

  it('passes a drift common to both sides (the host slowing down over the run), kept as facts', () => {
    // Both sides' forks of each pair slow down alike, by up to 9% over the run; the pairs' ratios are noise.
    const level = [1, 1.01, 1.02, 1.03, 1.04, 1.05, 1.06, 1.07, 1.08, 1.09];
    const rec = makeRecord({
      baseline: level.map((l, i) => l * noiseB[i]!),
      candidate: level.map((l, i) => l * noiseC[i]!),
    });
    const r = checkSampleIndependence(rec, config);
    expect(r.passed).toBe(true);
    const sideMk = r.findings.filter((f) => f.quantity === 'mann_kendall_p' && f.side !== null);
    expect(sideMk.some((f) => f.limit === null)).toBe(true);
    expect(reason(r)).toMatch(/baseline: .* → drift common to both sides/);
    expect(reason(r)).toMatch(
      /pairs \(candidate ÷ baseline\): .*: none, so the interleaved pairs cancel it$/,
    );
  });

  it('the U test stays within alpha under such a common drift (why it is exempt)', () => {
    // 2,000 A/A runs of 10 pairs on a host drifting by up to ±20% over the run: with no difference between the
    // sides the exact two-sided p is < 0.05 in 1.9% of them (4.4% without a drift, 0.8% at ±50%): conservative.
    let significant = 0;
    for (let run = 0; run < 2000; run++) {
      const noise = jitter(1, 40, 0.2, run + 1);
      const drift = (0.2 * ((run % 5) - 2)) / 2;
      const level = (i: number) => 1 + (drift * i) / 9;
      const a = Array.from({ length: 10 }, (_, i) => level(i) * noise[2 * i]!);
      const b = Array.from({ length: 10 }, (_, i) => level(i) * noise[2 * i + 1]!);
      if (mannWhitneyU(a, b).p < 0.05) significant++;
    }
    expect(significant / 2000).toBeLessThanOrEqual(0.05);
  });

  it('fails on alternating (serially anti-correlated) samples', () => {
    const alt = [10, 20, 10.5, 20.5, 10.2, 20.2, 10.1, 20.3, 10.4, 20.1];
    const r = checkSampleIndependence(makeRecord({ baseline: noiseB, candidate: alt }), config);
    expect(r.passed).toBe(false);
    expect(reason(r)).toMatch(/candidate: .*serial correlation/);
  });

  it('fails when too few samples to test', () => {
    const r = checkSampleIndependence(makeRecord({ baseline: [1, 2, 3], candidate: [1, 2, 3] }), config);
    expect(reason(r)).toMatch(/n=3 < 4/);
  });

  it('passes most seeded noise series (false failure rate well below 20%)', () => {
    let failures = 0;
    for (let seed = 1; seed <= 100; seed++) {
      const rec = makeRecord({
        baseline: jitter(100, 10, 0.1, seed),
        candidate: jitter(50, 10, 0.1, seed + 1000),
      });
      if (!checkSampleIndependence(rec, config).passed) failures++;
    }
    expect(failures).toBeLessThan(20);
  });
});

describe('measurements_sane for allocation', () => {
  it('accepts 0 and slightly negative B/op (baseline-subtracted noise)', () => {
    const bytes = [0, -0.2, 0.1, 0, 0.3, -0.1, 0, 0.2, 0, -0.3];
    const r = checkMeasurementsSane(makeRecord({ baseline: bytes, candidate: bytes }), {
      ...config,
      metric: 'bytesPerOp',
    });
    expect(r.passed).toBe(true);
  });
});

describe('sample_independence of paired forks (the log ratios the test reads)', () => {
  const paired = (b: readonly number[], c: readonly number[]) =>
    makePairedRecord({ forks: b.map((x, i) => ({ baseline: [x], candidate: [c[i]!] })) });

  it('passes a drift of the host common to both sides of every fork', () => {
    const level = [1, 1.02, 1.04, 1.06, 1.08, 1.1, 1.12, 1.14, 1.16, 1.18];
    const rec = paired(
      level.map((l, i) => 100 * l * (noiseB[i]! / 100)),
      level.map((l, i) => 100 * l * (noiseB[i]! / 100) * (noiseC[i]! / 50)),
    );
    expect(checkSampleIndependence(rec, config).passed).toBe(true);
  });

  it('fails a drift of the candidate alone (the log ratios trend)', () => {
    // The candidate slows by 12% over the run; within-fork noise of ±3% on top.
    const trend = noiseB.map((x, i) => x * (1 + (0.12 * i) / 9) * (noiseC[i]! / 50));
    const r = checkSampleIndependence(paired(noiseB, trend), config);
    expect(r.passed).toBe(false);
    expect(reason(r)).toMatch(/→ drift/);
  });

  it('holds the trend of white-noise log ratios to independenceAlpha: 1 false failure in 200, not 1 in 40', () => {
    // Measured over 2,000 seeds of 9 forks: 0.5% at independenceAlpha (0.01), 2.45% at alpha (0.05; Mann-Kendall is
    // discrete and conservative at n = 9). At alpha the main job's −92% guardrail was Inconclusive on a Mann-Kendall
    // p of 0.045 over 9 forks.
    let failures = 0;
    for (let seed = 1; seed <= 1000; seed++) {
      const b = jitter(100, 9, 0.1, seed);
      const c = jitter(100, 9, 0.1, seed + 5000);
      if (!checkSampleIndependence(paired(b, c), config).passed) failures++;
    }
    expect(failures / 1000).toBeLessThan(0.015);
  });
});
