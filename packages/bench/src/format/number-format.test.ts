import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatDeltaPercent,
  formatEffect,
  formatFixed,
  formatGrouped,
  formatHuman,
  formatMs,
  formatP,
  formatPercentRange,
  formatRate,
  formatRatio,
  growthLabel,
  humanScale,
} from './number-format.js';

describe('number formats of the seed reports', () => {
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

  it('human units: five significant digits, scaled', () => {
    expect(formatHuman(3362.5156478614854, 'time')).toBe('3.3625 µs');
    expect(formatHuman(9.018492886907715, 'time')).toBe('9.0185 ns');
    expect(formatHuman(77355.83333333334, 'time')).toBe('77.356 µs');
    expect(formatHuman(999.996, 'time')).toBe('1 µs');
    expect(formatHuman(2.5e9, 'time')).toBe('2.5 s');
    expect(formatHuman(1536, 'bytes')).toBe('1.5 KiB');
    expect(formatHuman(0, 'bytes')).toBe('0 B');
    expect(formatHuman(104038.5, 'count')).toBe('104.04 k');
    expect(formatHuman(Number.NaN, 'time')).toBe('—');
  });

  it('percent ranges with signs', () => {
    expect(formatPercentRange(8.1234, 12.0345)).toBe('[+8.12%, +12%]');
    expect(formatPercentRange(-3.456, 0)).toBe('[-3.46%, 0%]');
  });
});

describe('growthLabel', () => {
  it('labels like the issue: O(N^1.98)', () => {
    expect(growthLabel({ exponent: 1.9812 })).toBe('O(N^1.98)');
    expect(growthLabel({ exponent: -0.001 })).toBe('O(N^0.00)');
  });
});

describe('humanScale', () => {
  it('prints both medians of a line in the unit of the larger (one unit per line)', () => {
    const s = humanScale([78048, 110_200], 'time');
    expect(s.unit).toBe('µs');
    expect([s.format(78048), s.format(110_200)]).toEqual(['78.048', '110.2']);
  });
  it('chooses the scale formatHuman chooses for the larger value', () => {
    expect(humanScale([9.018492886907715, 3362.5156478614854], 'time').unit).toBe('µs');
    expect(humanScale([999.996], 'time').unit).toBe('µs');
    expect(humanScale([1536, 10], 'bytes').unit).toBe('KiB');
    expect(humanScale([42], 'count').unit).toBe('');
    expect(humanScale([Number.NaN], 'time').format(Number.NaN)).toBe('—');
  });
});

describe('formatMs and formatBytes (one unit down a column)', () => {
  it('prints ms below a second and seconds from one up, three digits', () => {
    expect([formatMs(41_234_567), formatMs(873_456), formatMs(1_094_000_000), formatMs(Number.NaN)]).toEqual([
      '41.2 ms',
      '0.873 ms',
      '1.09 s',
      '—',
    ]);
  });
  it('prints whole bytes below 1 KiB and binary units with three digits above', () => {
    expect([formatBytes(812.4), formatBytes(1023), formatBytes(1024), formatBytes(2.36 * 2 ** 20)]).toEqual([
      '812 B',
      '1023 B',
      '1.00 KiB',
      '2.36 MiB',
    ]);
    expect([formatBytes(402 * 2 ** 20), formatBytes(null), formatBytes(Number.POSITIVE_INFINITY)]).toEqual([
      '402 MiB',
      '—',
      '—',
    ]);
  });
});

describe('exact counts, rates and ratios (the stress table of seed 004)', () => {
  it('counts stay exact where formatGrouped keeps six significant digits', () => {
    expect(formatFixed(14541576)).toBe('14,541,576');
    expect(formatGrouped(14541576)).toBe('14,541,600');
    expect(formatFixed(220.149, 1)).toBe('220.1');
    expect(formatFixed(0)).toBe('0');
    expect(formatFixed(-0.2)).toBe('0');
    expect(formatFixed(-1234.5, 1)).toBe('-1,234.5');
    expect(formatFixed(null)).toBe('—');
    expect(formatFixed(Number.NaN)).toBe('—');
  });

  it('rates: whole and grouped from 100 up, three significant digits below (a slow rate is not "0")', () => {
    expect(formatRate(344966.4)).toBe('344,966');
    expect(formatRate(100)).toBe('100');
    expect(formatRate(99.96)).toBe('100');
    expect(formatRate(42.53)).toBe('42.5');
    expect(formatRate(0.4213)).toBe('0.421');
    expect(formatRate(0)).toBe('0');
    expect(formatRate(Number.POSITIVE_INFINITY)).toBe('—');
  });

  it('ratios with three significant digits and ×', () => {
    expect(formatRatio(1.5)).toBe('1.50×');
    expect(formatRatio(39.51)).toBe('39.5×');
    expect(formatRatio(0.004567)).toBe('0.00457×');
    expect(formatRatio(null)).toBe('—');
  });
});
