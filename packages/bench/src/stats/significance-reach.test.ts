import { describe, expect, it } from 'vitest';
import { minimumSamplesPerSide, significanceReach } from './significance-reach.js';

const sizes = (count: number, n: number) =>
  Array.from({ length: count }, () => ({ baseline: n, candidate: n }));

describe('significanceReach', () => {
  it('n = 3 cannot reach 0.05 even alone (2/C(6,3) = 0.1); n = 4 can', () => {
    expect(significanceReach(sizes(1, 3), 0.05, 'holm')).toEqual({
      samplesPerSide: 3,
      family: 1,
      smallestP: 0.1,
      alpha: 0.05,
      reachable: false,
      minimumSamplesPerSide: 4,
    });
    expect(significanceReach(sizes(1, 4), 0.05, 'holm')?.reachable).toBe(true);
  });

  it('Holm multiplies the floor by the family: 8 benchmarks at n = 5 cannot reach 0.05 (8·2/252), n = 6 can', () => {
    const r = significanceReach(sizes(8, 5), 0.05, 'holm')!;
    expect(r.smallestP).toBeCloseTo(16 / 252, 12);
    expect(r).toMatchObject({ reachable: false, minimumSamplesPerSide: 6, family: 8 });
    expect(significanceReach(sizes(8, 6), 0.05, 'holm')?.reachable).toBe(true);
    expect(significanceReach(sizes(8, 5), 0.05, 'none')).toMatchObject({
      reachable: true,
      minimumSamplesPerSide: 4,
    });
  });

  it('the best-sized benchmark decides; sides without values are not in the family; none at all is null', () => {
    const mixed = [...sizes(1, 3), { baseline: 10, candidate: 10 }, { baseline: 0, candidate: 10 }];
    expect(significanceReach(mixed, 0.05, 'holm')).toMatchObject({
      family: 2,
      samplesPerSide: 3,
      reachable: true,
    });
    expect(significanceReach([{ baseline: 0, candidate: 3 }], 0.05, 'holm')).toBeNull();
    expect(minimumSamplesPerSide(0.01, 1, 'none')).toBe(5);
  });
});
