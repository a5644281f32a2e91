import { describe, expect, it } from 'vitest';
import { formatDelta, formatPair, formatPValue, formatValue, verdictLine } from './format.js';
import { around, interleaved, record, verdictOf } from './test-fixtures.js';

const limits = { correction: 'holm' };

describe('number formats', () => {
  it("puts both medians of a line in one unit, chosen by the runner's formatter", () => {
    // The defect: `78048 cpu ns → 110 cpu µs` mixed units on one line.
    expect(formatPair(78048, 110_200, 'cpuNsPerOp')).toBe('78.048 → 110.2 cpu µs');
    expect(formatPair(3362.5, 9.02, 'nsPerOp')).toBe('3.3625 → 0.00902 µs');
    expect(formatPair(64, 2048, 'bytesPerOp')).toBe('0.0625 → 2 KiB');
    expect(formatValue(2_500_000, 'cpuNsPerOp')).toBe('2.5 cpu ms');
    expect(formatValue(12, 'instructionsPerOp')).toBe('12');
  });
  it("writes Δ and p as the runner's reports do", () => {
    expect(formatDelta(-99.7318)).toBe('−99.7%');
    expect(formatDelta(4.61)).toBe('+4.6%');
    expect(formatPValue(1.08251e-5)).toBe('1.1e-05');
    expect(formatPValue(0.0432)).toBe('0.043');
    expect(formatPValue(1)).toBe('1');
  });
});

describe('verdictLine', () => {
  it('prints a Won verdict as baseline → candidate, Δ, p and outcome', () => {
    const v = verdictOf(record('S.copy', interleaved(around(3362.5), around(9.02))));
    expect(v.outcome).toBe('Won');
    expect(verdictLine(v, limits)).toMatch(
      /^3\.36\d+ → 0\.0090\d+ µs {2}−99\.7% {2}p\(Holm\)=1\.1e-05 {2}Won$/,
    );
    // One p, named: the adjusted one when the run adjusted it, plain p for a verdict judged alone.
    expect(verdictLine(v, { ...limits, correction: null })).toContain('  p=1.1e-05  ');
  });
  it('prints ~ when the change is not significant', () => {
    const v = verdictOf(record('S.copy', interleaved(around(100), around(100.1))));
    expect(v.outcome).toBe('Unchanged');
    expect(verdictLine(v, limits)).toMatch(/^[\d.]+ → [\d.]+ ns {2}~ {2}p\(Holm\)=[\d.]+ {2}Unchanged$/);
  });
  it('prints ~ and Held for a guardrail whose change is within the threshold', () => {
    const v = verdictOf(record('S.g', interleaved(around(100), around(101)), 'guardrail'));
    expect(v.outcome).toBe('Held');
    expect(verdictLine(v, limits)).toContain('~');
    expect(verdictLine(v, limits)).toMatch(/Held$/);
  });
  it('shows the reason when a side has no values', () => {
    const v = verdictOf(
      record(
        'S.x',
        interleaved(around(100), around(100)).filter((s) => s.side === 'baseline'),
      ),
    );
    expect(verdictLine(v, limits)).toBe('Invalid: no nsPerOp values on the candidate side');
  });
});
