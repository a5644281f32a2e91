import { describe, expect, it } from 'vitest';
import { formatDelta, formatNumber, formatPValue, formatValue, verdictLine } from './format.js';
import { around, interleaved, record, verdictOf } from './test-fixtures.js';

const limits = { alpha: 0.05, threshold: 0.02 };

describe('number formats', () => {
  it('keeps three significant digits without exponents', () => {
    expect(formatNumber(3362.5156)).toBe('3363');
    expect(formatNumber(9.018492)).toBe('9.02');
    expect(formatNumber(45.26)).toBe('45.3');
    expect(formatNumber(0.012345)).toBe('0.0123');
    expect(formatNumber(0)).toBe('0');
  });
  it('scales large values and strips /op', () => {
    expect(formatValue(3362.5, 'ns/op')).toBe('3363 ns');
    expect(formatValue(123_456, 'ns/op')).toBe('123 µs');
    expect(formatValue(2_500_000, 'cpu ns/op')).toBe('2.50 cpu ms');
    expect(formatValue(64, 'B/op')).toBe('64.0 B');
    expect(formatValue(12, 'instr/op')).toBe('12.0 instr');
  });
  it('writes Δ with a real minus sign and p compactly', () => {
    expect(formatDelta(-99.7318)).toBe('−99.7%');
    expect(formatDelta(4.61)).toBe('+4.6%');
    expect(formatDelta(0.04)).toBe('+0.04%');
    expect(formatPValue(1.08251e-5)).toBe('1.1e-5');
    expect(formatPValue(0.0432)).toBe('0.043');
    expect(formatPValue(1)).toBe('1');
  });
});

describe('verdictLine', () => {
  it('prints a Won verdict as baseline → candidate, Δ, p and outcome', () => {
    const v = verdictOf(record('S.copy', interleaved(around(3362.5), around(9.02))));
    expect(v.outcome).toBe('Won');
    expect(verdictLine(v, limits)).toMatch(/^336\d ns → 9\.0\d ns {2}−99\.7% {2}p=1\.1e-5 {2}Won$/);
  });
  it('prints ~ when the change is not significant', () => {
    const v = verdictOf(record('S.copy', interleaved(around(100), around(100.1))));
    expect(v.outcome).toBe('Unchanged');
    expect(verdictLine(v, limits)).toMatch(/^\d+(\.\d)? ns → \d+(\.\d)? ns {2}~ {2}p=[\d.]+ {2}Unchanged$/);
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
