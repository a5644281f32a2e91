import {
  PROTOCOL_VERSION,
  type ProtocolCalibrationSummary,
  parseCalibrationSummary,
} from '@tombstone-lab/bench/protocol';
import { describe, expect, it } from 'vitest';
import { calibrationText } from './calibration.js';

const cost = { meanForksPerSide: 5, maxForksPerSide: 5, meanRunSeconds: 2 };
const summary: ProtocolCalibrationSummary = {
  protocol: PROTOCOL_VERSION,
  config: {
    metric: 'nsPerOp',
    alpha: 0.05,
    threshold: 0.02,
    confidence: 0.95,
    correction: 'holm',
    sequentialMax: null,
    outlierFactor: 3,
    maxOutlierShare: 0.2,
    maxSampleFactor: 10,
    maxRobustCv: 0.5,
    independenceAlpha: 0.01,
  },
  samplesPerSide: 5,
  sequential: null,
  aa: {
    runs: 3,
    comparisons: 6,
    falseVerdicts: 0,
    falseVerdictRate: 0,
    runsWithFalseVerdictRate: 0,
    rawSignificantRate: 1 / 6,
    inconclusive: 0,
    cost,
  },
  injected: [
    {
      slowdown: 0.1,
      clock: 'wall',
      runs: 1,
      cases: 2,
      lost: 1,
      power: 0.5,
      inconclusive: 0,
      conclusivePower: 0.5,
      readings: [],
      meanDeltaPercent: 9.8,
      withinTwoPoints: 2,
      cost,
    },
  ],
  detectable: [],
};

describe('calibration summary', () => {
  it("reports only the calibration's own comparisons, in the runner's counts", () => {
    expect(calibrationText(parseCalibrationSummary(JSON.stringify(summary)), 'a.bench.mjs')).toBe(
      'A/A calibration of a.bench.mjs: 3 runs, 6 comparisons, 0 false Won/Lost (0%); raw p < 0.05 in 16.7% ' +
        '(nominal 5%); injected +10%: Lost in 1 of 2 (power 50%).',
    );
  });
  it('gives the smallest detectable change, and the setting to raise when a slowdown was missed', () => {
    const detectable = [{ key: 'S.a', slowdown: 0.23, atN: [] }];
    expect(calibrationText({ ...summary, detectable }, 'a.bench.mjs')).toMatch(
      /\(power 50%\); smallest change detected with 80% power at n=5: \+23% — to detect smaller changes, raise tombstoneBench\.samplesPerSide \(now 5 forks per side\)\.$/,
    );
    const strong = { ...summary, injected: [{ ...summary.injected[0]!, power: 1 }], detectable };
    expect(calibrationText(strong, 'a.bench.mjs')).toMatch(/at n=5: \+23%\.$/);
    const two = [...detectable, { key: 'S.b', slowdown: null, atN: [] }];
    expect(calibrationText({ ...strong, detectable: two }, 'a.bench.mjs')).toContain(
      '+23% (S.a), not within +100% (S.b) — to detect smaller changes',
    );
  });
  it('writes — for a rate JSON could not carry (no comparison at all: 0/0 became null)', () => {
    const none = { ...summary, aa: { ...summary.aa, comparisons: 0, falseVerdictRate: null } };
    expect(calibrationText(parseCalibrationSummary(JSON.stringify(none)), 'a.bench.mjs')).toContain(
      '0 comparisons, 0 false Won/Lost (—)',
    );
  });
  it('names the bad field of a summary it cannot read', () => {
    const bad = { ...summary, aa: { ...summary.aa, comparisons: -1 } };
    expect(() => parseCalibrationSummary(JSON.stringify(bad))).toThrow('aa.comparisons');
  });
});
