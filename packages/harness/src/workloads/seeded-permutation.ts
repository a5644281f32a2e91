import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/** A seeded Fisher–Yates permutation of 0 … n−1 (pure-rand's xoroshiro128+): same seed, same order. */
export function seededPermutation(n: number, seed: number): number[] {
  const rng = xoroshiro128plus(seed);
  const out = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = uniformInt(rng, 0, i);
    const t = out[i]!;
    out[i] = out[j]!;
    out[j] = t;
  }
  return out;
}
