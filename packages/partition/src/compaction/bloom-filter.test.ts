import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PartitionArgumentError } from '../errors.js';
import { BloomFilter, hashKey } from './bloom-filter.js';

describe('BloomFilter', () => {
  it('never answers "absent" for an added key', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 200 }), (keys) => {
        const filter = new BloomFilter(keys.length, 0.01);
        for (const k of keys) filter.add(k);
        for (const k of keys) expect(filter.mightContain(k)).toBe(true);
        for (const k of keys) expect(filter.mightContain(hashKey(k))).toBe(true);
      }),
    );
  });

  it('sizes bits and hashes from n and p, and keeps the false-positive rate near p', () => {
    const filter = new BloomFilter(10_000, 0.01);
    // m = -n ln p / ln²2 ≈ 95,851 bits (rounded up to words), k = round(m/n ln 2) = 7.
    expect(filter.bitCount).toBe(95_872);
    expect(filter.hashCount).toBe(7);
    for (let i = 0; i < 10_000; i++) filter.add(`key-${i}`);
    let falsePositives = 0;
    for (let i = 0; i < 20_000; i++) if (filter.mightContain(`other-${i}`)) falsePositives++;
    expect(falsePositives / 20_000).toBeLessThan(0.02);
    expect(falsePositives).toBeGreaterThan(0); // a real filter, not an exact set
  });

  it('counts every probe and only probes', () => {
    const filter = new BloomFilter(4);
    filter.add('a');
    expect(filter.probes).toBe(0);
    filter.mightContain('a');
    filter.mightContain('b');
    expect(filter.probes).toBe(2);
    filter.resetProbes();
    expect(filter.probes).toBe(0);
  });

  it('refuses additions once sealed and bad sizing arguments', () => {
    const filter = new BloomFilter(1).seal();
    expect(() => filter.add('x')).toThrow(TypeError);
    expect(() => new BloomFilter(-1)).toThrow(PartitionArgumentError);
    expect(() => new BloomFilter(1.5)).toThrow(/1\.5/);
    expect(() => new BloomFilter(10, 0)).toThrow(/falsePositiveRate/);
    expect(() => new BloomFilter(10, 1)).toThrow(PartitionArgumentError);
    expect(new BloomFilter(0).mightContain('x')).toBe(false);
  });

  it('hashes the UTF-8 bytes: equal strings hash equal, different ones (almost always) differ', () => {
    expect(hashKey('héllo')).toEqual(hashKey('héllo'));
    expect(hashKey('a')).not.toEqual(hashKey('b'));
    expect(hashKey('a').h2 % 2).toBe(1);
  });
});
