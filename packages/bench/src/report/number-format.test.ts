import { describe, expect, it } from 'vitest';
import { formatDeltaPercent, formatEffect, formatFull, formatGrouped, formatP } from './number-format.js';

describe('number formats of the seed reports', () => {
  it('medians at full precision', () => {
    expect(formatFull(3362.5156478614854)).toBe('3362.5156478614854');
    expect(formatFull(Number.NaN)).toBe('—');
  });

  it('Δ% with four decimals, trailing zeros dropped', () => {
    expect(formatDeltaPercent(((9.018492886907715 - 3362.5156478614854) / 3362.5156478614854) * 100)).toBe(
      '-99.7318%',
    );
    expect(formatDeltaPercent(((122.92588844176737 - 186.2202636628365) / 186.2202636628365) * 100)).toBe(
      '-33.989%',
    );
    expect(formatDeltaPercent(2.5)).toBe('+2.5%');
    expect(formatDeltaPercent(-0.00001)).toBe('0%');
  });

  it('p like %g: 1.08251e-05', () => {
    expect(formatP(1.0825088224469e-5)).toBe('1.08251e-05');
    expect(formatP(0.006841455757864)).toBe('0.00684146');
    expect(formatP(1)).toBe('1');
    expect(formatP(0.1)).toBe('0.1');
    expect(formatP(5.511463844797179e-7)).toBe('5.51146e-07');
    expect(formatP(1234567)).toBe('1.23457e+06');
    expect(formatP(0.0001)).toBe('0.0001');
    expect(formatP(1.0825088224469e-5, 3)).toBe('1.08e-05');
  });

  it('seed-004 cells and effects', () => {
    expect(formatGrouped(340201)).toBe('340,201');
    expect(formatEffect(((366330 - 344966) / 344966) * 100)).toBe('+6.2%');
    expect(formatEffect(((339252 - 340201) / 340201) * 100)).toBe('\u22120.3%');
    expect(formatEffect(-0.01)).toBe('+0.0%');
  });
});
