import { describe, expect, it } from 'vitest';
import { calibrationText, parseCalibration } from './calibration.js';

const summary = {
  config: { alpha: 0.05, threshold: 0.02, metric: 'nsPerOp', correction: 'holm' },
  samplesPerSide: 5,
  aa: {
    runs: 3,
    comparisons: 6,
    falseVerdicts: 0,
    falseVerdictRate: 0,
    runsWithFalseVerdictRate: 0,
    rawSignificantRate: 1 / 6,
    inconclusive: 0,
  },
  injected: [{ slowdown: 0.1, runs: 1, cases: 2, lost: 1, power: 0.5, inconclusive: 0 }],
  detectable: [],
};

describe('calibration summary', () => {
  it("reports only the calibration's own comparisons, in the runner's counts", () => {
    expect(calibrationText(parseCalibration(summary), 'a.bench.mjs')).toBe(
      'A/A calibration of a.bench.mjs: 3 runs, 6 comparisons, 0 false Won/Lost (0%); raw p < 0.05 in 16.7% ' +
        '(nominal 5%); injected +10%: Lost in 1 of 2 (power 50%).',
    );
  });
  it('names the bad field of a summary it cannot read', () => {
    expect(() => parseCalibration({ ...summary, aa: { ...summary.aa, comparisons: -1 } })).toThrow(
      'aa.comparisons',
    );
  });
});
