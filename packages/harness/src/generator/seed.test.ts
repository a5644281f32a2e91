import { describe, expect, it } from 'vitest';
import { HarnessArgumentError } from '../errors.js';
import { parseIndex, randomSeed } from './seed.js';

describe('seeds', () => {
  it('parses decimal only and names anything else', () => {
    expect(parseIndex('0', 'seed')).toBe(0);
    expect(parseIndex('9007199254740991', 'seed')).toBe(2 ** 53 - 1);
    for (const bad of ['', '-1', '1e3', '0x10', '12abc', ' 1', '9007199254740992']) {
      expect(() => parseIndex(bad, '--seed')).toThrow(HarnessArgumentError);
    }
    expect(() => parseIndex('1e3', '--seed')).toThrow(
      '--seed must be a non-negative integer in decimal, got "1e3"',
    );
  });

  it('names the maximum when a seed overflows', () => {
    for (const big of ['9007199254740992', '18446744073709551616', '99999999999999999999999']) {
      expect(() => parseIndex(big, '--seed')).toThrow(
        `--seed must be at most 9007199254740991 (2^53 − 1, the largest safe integer), got "${big}"`,
      );
    }
  });

  it('draws fresh seeds in the safe-integer range', () => {
    const seeds = Array.from({ length: 50 }, randomSeed);
    for (const s of seeds) expect(Number.isSafeInteger(s) && s >= 0).toBe(true);
    expect(new Set(seeds).size).toBe(50);
  });
});
