import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { checkIndex } from './seed.js';

/**
 * Counter-based derivation of one op's random generator from (seed, stream, op index), so op k of any stream is
 * computed directly in O(1) instead of by drawing the k ops before it (the idea of Random123's Philox/Threefry).
 *
 * Why our own mixing and not pure-rand's `jump()` / `skipN`: jumps are O(log k) state updates per op and
 * `xoroshiro128plus(seed)` seeds only 32 bits; here (seed, stream, k) — up to 53 + 53 + 53 bits — are hashed into the
 * full 128-bit xoroshiro128+ state with murmur3's 32-bit finalizer (fmix32), and pure-rand's generator then draws
 * the op's values. Every state word depends on every input bit, so neighbouring streams and neighbouring ops get
 * unrelated generators (a stream is not `seed + i`).
 */

/** murmur3's fmix32 finalizer: a bijection on 32-bit words with full avalanche. */
function fmix32(h: number): number {
  let x = h;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x;
}

/** The per-stream key: four 32-bit words hashed from (seed, stream). */
export interface StreamKey {
  readonly k0: number;
  readonly k1: number;
  readonly k2: number;
  readonly k3: number;
}

/** Hashes (seed, stream) into a stream key; each word chains the previous ones so every input bit reaches all four. */
export function streamKey(seed: number, stream: number): StreamKey {
  checkIndex(seed, 'seed');
  checkIndex(stream, 'stream');
  const seedLo = seed >>> 0;
  const seedHi = Math.floor(seed / 2 ** 32) >>> 0;
  const streamLo = stream >>> 0;
  const streamHi = Math.floor(stream / 2 ** 32) >>> 0;
  const k0 = fmix32(seedLo ^ 0x243f6a88);
  const k1 = fmix32(seedHi ^ Math.imul(k0, 0x9e3779b1) ^ 0x85a308d3);
  const k2 = fmix32(streamLo ^ Math.imul(k1, 0x9e3779b1) ^ 0x13198a2e);
  const k3 = fmix32(streamHi ^ Math.imul(k2, 0x9e3779b1) ^ k0 ^ 0x03707344);
  return Object.freeze({ k0: fmix32(k0 ^ k3), k1, k2, k3 });
}

/** The 128-bit generator state of op `k` under a stream key (never all zero, which xoroshiro cannot leave). */
export function opState(key: StreamKey, k: number): [number, number, number, number] {
  return fillOpState(key, k, [0, 0, 0, 0]);
}

/** {@link opState} written into `out`. */
function fillOpState(
  key: StreamKey,
  k: number,
  out: [number, number, number, number],
): [number, number, number, number] {
  const lo = k >>> 0;
  const hi = (k / 4294967296) >>> 0;
  const a = fmix32(lo ^ key.k0);
  const b = fmix32(hi ^ key.k1 ^ Math.imul(a, 0x9e3779b1));
  out[0] = fmix32(a ^ key.k2);
  out[1] = fmix32(b ^ key.k3);
  out[2] = fmix32((a + Math.imul(b, 0x85ebca6b)) ^ key.k1);
  out[3] = fmix32(Math.imul(a ^ b, 0xc2b2ae35) ^ key.k0 ^ key.k2);
  if (out[0] === 0 && out[1] === 0 && out[2] === 0 && out[3] === 0) out[0] = 1;
  return out;
}

// pure-rand copies the state words into the generator, so one scratch state serves every op (one allocation less
// per op: garbage collection was a fifth of the generator's CPU profile).
const scratchState: [number, number, number, number] = [0, 0, 0, 0];

/** pure-rand's xoroshiro128+ generator for op `k` of the stream with this key. */
export function opGenerator(key: StreamKey, k: number): RandomGenerator {
  return xoroshiro128plusFromState(fillOpState(key, k, scratchState));
}
