import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import type { DistributionSpec, WidthSpec } from './spec.js';
import { ScrambledZipfian, Zipfian } from './zipfian.js';

/**
 * Picks an index in [0, n) for op `k` from the op's own generator. Samplers are built once per workload and are
 * pure: the same (generator state, k) always gives the same index.
 */
export type IndexSampler = (rng: RandomGenerator, k: number) => number;

/**
 * Builds the sampler of a key distribution over [0, n):
 * - `uniform`; `sequential` (op k takes k mod n);
 * - `zipfian` (YCSB's scrambled zipfian unless `scrambled: false`);
 * - `latest` (YCSB's SkewedLatestGenerator: the most recent keys of a sequential cursor are the most popular);
 * - `hotSet` (`hotProbability` of ops go to `hotCount` keys, moved on every `rotateEvery` ops: "concentrated on one
 *   partition between flushes").
 */
export function indexSampler(spec: DistributionSpec, n: number): IndexSampler {
  switch (spec.kind) {
    case 'uniform':
      return (rng) => uniformInt(rng, 0, n - 1);
    case 'sequential':
      return (_rng, k) => k % n;
    case 'zipfian': {
      const z = spec.scrambled ? new ScrambledZipfian(n, spec.theta) : new Zipfian(n, spec.theta);
      return (rng) => z.sample(uniformFloat64(rng));
    }
    case 'latest': {
      const z = new Zipfian(n, spec.theta);
      return (rng, k) => (((k - z.sample(uniformFloat64(rng))) % n) + n) % n;
    }
    case 'hotSet': {
      const hot = Math.min(spec.hotCount, n);
      const { hotProbability, rotateEvery } = spec;
      return (rng, k) => {
        if (uniformFloat64(rng) < hotProbability) {
          const epoch = rotateEvery > 0 ? Math.floor(k / rotateEvery) : 0;
          return (epoch * hot + uniformInt(rng, 0, hot - 1)) % n;
        }
        return uniformInt(rng, 0, n - 1);
      };
    }
  }
}

/** Builds the sampler of a range width (≥ 1), capped at `max`. */
export function widthSampler(spec: WidthSpec): (rng: RandomGenerator) => number {
  switch (spec.kind) {
    case 'constant':
      return () => spec.value;
    case 'uniform': {
      const lo = Math.min(spec.min, spec.max);
      const hi = Math.max(spec.min, spec.max);
      return (rng) => uniformInt(rng, lo, hi);
    }
    case 'zipfian': {
      // Narrow ranges most often, an occasional wide one: the mix range-merge costs are sensitive to.
      const z = new Zipfian(spec.max, 0.99);
      return (rng) => 1 + z.sample(uniformFloat64(rng));
    }
  }
}
