import { describe, expect, it } from 'vitest';
import { HarnessArgumentError } from '../errors.js';
import { opGenerator, opState, streamKey } from './op-random.js';

describe('counter-based op generators', () => {
  it('derives the same generator for the same (seed, stream, k) every time', () => {
    const a = opGenerator(streamKey(42, 3), 1_000_000_007);
    const b = opGenerator(streamKey(42, 3), 1_000_000_007);
    const draws = (g: typeof a) => Array.from({ length: 8 }, () => g.next());
    expect(draws(a)).toEqual(draws(b));
  });

  it('gives unrelated states to neighbouring seeds, streams and ops (no seed + i)', () => {
    const states = new Set<string>();
    for (const seed of [0, 1, 2, 2 ** 32, 2 ** 53 - 1])
      for (const stream of [0, 1, 2])
        for (const k of [0, 1, 2, 2 ** 32, 2 ** 32 + 1])
          states.add(opState(streamKey(seed, stream), k).join());
    expect(states.size).toBe(5 * 3 * 5);
    // Stream s + 1 of seed x is not stream s of seed x + 1.
    expect(opState(streamKey(1, 0), 0)).not.toEqual(opState(streamKey(0, 1), 0));
  });

  it('flips about half of the first draw bits when one input bit changes (avalanche)', () => {
    let flipped = 0;
    let total = 0;
    for (let k = 0; k < 2000; k++) {
      const a = opGenerator(streamKey(7, 0), k).next();
      const b = opGenerator(streamKey(7, 0), k + 1).next();
      let x = (a ^ b) >>> 0;
      while (x) {
        flipped += x & 1;
        x >>>= 1;
      }
      total += 32;
    }
    expect(flipped / total).toBeGreaterThan(0.45);
    expect(flipped / total).toBeLessThan(0.55);
  });

  it('rejects seeds and streams that are not non-negative safe integers, naming them', () => {
    expect(() => streamKey(-1, 0)).toThrow(HarnessArgumentError);
    expect(() => streamKey(1.5, 0)).toThrow(
      /seed must be a non-negative safe integer \(0 … 9007199254740991\), got 1.5/,
    );
    expect(() => streamKey(0, 2 ** 53)).toThrow(/stream .* got 9007199254740992/);
  });
});
