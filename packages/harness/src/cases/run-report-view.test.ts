import { describe, expect, it } from 'vitest';
import { guardrailNote, type MeasuredPair, unresolvedNotes, verdictCells } from './run-report-view.js';

const pair = (key: string, role: MeasuredPair['role'], verdict: MeasuredPair['verdict']): MeasuredPair => ({
  key,
  params: {},
  baseline: { level: 'eager', samples: 5, cpuNsPerOp: 1.57e8, bytesPerOp: null },
  candidate: { level: 'deferred', samples: 5, cpuNsPerOp: 1e8, bytesPerOp: null },
  timeRatio: 1 / 1.57,
  p: 0.0079,
  pAdjusted: 0.0079,
  verdict,
  role,
  failedChecks: [],
  unresolved: null,
});

describe('a pair’s verdict as the case reports print it', () => {
  it('marks a guardrail’s verdict and says under the table what Held means and which row decides', () => {
    const pairs = [
      pair('C.compact[otherRuns=100]', 'guardrail', 'Held'),
      pair('C.compact[otherRuns=1000]', 'primary', 'Won'),
    ];
    expect(pairs.map((p) => verdictCells(p)[2])).toEqual(['Held (guardrail)', 'Won']);
    expect(guardrailNote(pairs)).toEqual([
      expect.stringMatching(
        /Held means "not slower beyond the threshold".*the primary, C\.compact\[otherRuns=1000\], carries the verdict/,
      ),
    ]);
  });

  it('says so when only a guardrail was measured, and adds nothing when every pair is a primary', () => {
    expect(guardrailNote([pair('C.x', 'guardrail', 'Held')])[0]).toMatch(
      /the primary was not measured in this run/,
    );
    expect(guardrailNote([pair('C.x', 'primary', 'Won')])).toEqual([]);
  });

  it('an Inconclusive whose interval is open does not read "all passed": the line under says what resolves it', () => {
    const open = (samplesPerSide: number): MeasuredPair => ({
      ...pair('C.compact[otherRuns=10]', 'primary', 'Inconclusive'),
      unresolved: {
        read: 'Unchanged',
        lowerPercent: -3.517,
        upperPercent: 1.294,
        samplesPerSide,
        thresholdPercent: 2,
      },
    });
    expect(verdictCells(open(24)).slice(2)).toEqual(['Inconclusive', 'passed; interval open']);
    expect(verdictCells(pair('C.x', 'primary', 'Unchanged'))[3]).toBe('all passed');
    expect(unresolvedNotes([open(24), pair('C.x', 'primary', 'Won')])).toEqual([
      'C.compact[otherRuns=10]: Inconclusive — its interval [-3.52%, +1.29%] reaches past ±2%, so Unchanged is not shown; about 24 samples per side (--samples 24) would resolve it',
    ]);
    expect(unresolvedNotes([open(80)])[0]).toMatch(
      /about 80 samples per side would resolve it, more than --samples takes \(50\)$/,
    );
  });
});
