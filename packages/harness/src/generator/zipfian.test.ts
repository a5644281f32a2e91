import { describe, expect, it } from 'vitest';
import { fnvHash64Mod, ScrambledZipfian, Zipfian, zeta } from './zipfian.js';

/** YCSB's fnvhash64, written with BigInt as the reference. */
function fnvReference(value: bigint): bigint {
  const mask = (1n << 64n) - 1n;
  let h = 0xcbf29ce484222325n;
  let v = value;
  for (let i = 0; i < 8; i++) {
    h ^= v & 0xffn;
    v >>= 8n;
    h = (h * 1099511628211n) & mask;
  }
  const signed = h >= 1n << 63n ? h - (1n << 64n) : h;
  return signed < 0n ? -signed : signed;
}

describe('YCSB zipfian', () => {
  it('hashes like YCSB fnvhash64, modulo n', () => {
    for (const value of [0, 1, 2, 255, 256, 65_535, 2 ** 31, 2 ** 32 + 7, 9_999_999_999, 2 ** 53 - 1]) {
      for (const n of [1, 7, 1000, 65_536, 2 ** 31]) {
        expect(fnvHash64Mod(value, n)).toBe(Number(fnvReference(BigInt(value)) % BigInt(n)));
      }
    }
  });

  it('sums zeta like the definition', () => {
    expect(zeta(1, 0.99)).toBe(1);
    expect(zeta(2, 0.5)).toBeCloseTo(1 + 1 / Math.SQRT2, 12);
  });

  it('makes item 0 the most popular, and rank 1 about 2^θ times as popular as rank 2', () => {
    const z = new Zipfian(1000, 0.99);
    const counts = new Array<number>(1000).fill(0);
    const n = 200_000;
    for (let i = 0; i < n; i++) counts[z.sample((i + 0.5) / n)]!++;
    expect(counts[0]! / counts[1]!).toBeCloseTo(2 ** 0.99, 1);
    expect(counts[0]! / n).toBeCloseTo(1 / zeta(1000, 0.99), 2);
    for (const c of counts) expect(c).toBeLessThanOrEqual(counts[0]!);
  });

  it('scrambles the popular items over the key space, staying in range', () => {
    const s = new ScrambledZipfian(100);
    const counts = new Array<number>(100).fill(0);
    const n = 100_000;
    let outOfRange = 0;
    for (let i = 0; i < n; i++) {
      const item = s.sample((i + 0.5) / n);
      if (!(item >= 0 && item < 100)) outOfRange++;
      else counts[item]!++;
    }
    expect(outOfRange).toBe(0);
    const sorted = [...counts].sort((a, b) => b - a);
    expect(counts.indexOf(sorted[0]!)).not.toBe(0); // the hottest item is not item 0
    expect(sorted[0]! / n).toBeGreaterThan(1 / 26.47); // but the skew is still there: ≥ YCSB's P(item 0)
    expect(sorted[99]! / n).toBeLessThan(0.01);
  });
});
