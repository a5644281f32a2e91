import { describeValue, ImmutableStateError, PartitionArgumentError } from '../errors.js';

/**
 * The two 32-bit base hashes of a partition key. Computed once per key and reused for every filter probed,
 * the way ScyllaDB hashes a key once (lazily) and then checks it against each sstable's filter.
 */
export interface KeyHash {
  readonly h1: number;
  readonly h2: number;
}

const encoder = new TextEncoder();
// Reused UTF-8 scratch buffer: hashing is on compaction's hot path and must not allocate per key.
let scratch = new Uint8Array(256);

// MurmurHash3 x86_32. Hand-written rather than a dependency: it is 25 lines, the filter needs the raw 32-bit
// output (not a digest string), and no well-kept npm package exposes it without pulling in a larger library.
function murmur3(bytes: Uint8Array, length: number, seed: number): number {
  let h = seed >>> 0;
  const blocks = length & ~3;
  for (let i = 0; i < blocks; i += 4) {
    let k = bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24);
    k = Math.imul(k, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  const tail = length & 3;
  if (tail > 0) {
    let k = bytes[blocks]!;
    if (tail > 1) k |= bytes[blocks + 1]! << 8;
    if (tail > 2) k |= bytes[blocks + 2]! << 16;
    k = Math.imul(k, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    h ^= k;
  }
  h ^= length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Hashes a partition key (its UTF-8 bytes) for {@link BloomFilter}. */
export function hashKey(key: string): KeyHash {
  if (key.length * 3 > scratch.length) scratch = new Uint8Array(key.length * 3);
  const { written } = encoder.encodeInto(key, scratch);
  const h1 = murmur3(scratch, written, 0);
  // Forcing the step odd keeps it non-zero, so the k positions are not all the same bit.
  const h2 = murmur3(scratch, written, 0x9747b28c) | 1;
  return { h1, h2 };
}

/**
 * @internal The unchecked probe and range check of compaction's max-purgeable loop (not exported from the package):
 * with the argument checks on every probe, TombstoneHeavyCompactionBench.compact[otherRuns=1000,purgeOrder=eager]
 * (1000 runs probed per partition) read +4.45% [+1.85%, +8.09%] against cf70673 (2026-12-02).
 */
export const PROBE: unique symbol = Symbol('probe');

/**
 * The hash of a key given as a string or a precomputed {@link KeyHash}. Anything else (a number, `null`, `{}`) hashed
 * to `NaN` bits or failed reading `null`: `add(5)` set bit 0 and `mightContain(5)` answered for it, silently.
 */
function hashOf(key: unknown): KeyHash {
  if (typeof key === 'string') return hashKey(key);
  if (typeof key === 'object' && key !== null) {
    const { h1, h2 } = key as Partial<KeyHash>;
    if (typeof h1 === 'number' && typeof h2 === 'number') return key as KeyHash;
  }
  throw new PartitionArgumentError(
    `a bloom filter key must be a string or a KeyHash, got ${describeValue(key)}`,
  );
}

/**
 * The smallest false-positive rate a filter (and the `bloomFalsePositiveRate` table option) takes: Cassandra's
 * (`bloom_filter_fp_chance must be larger than 6.71E-5`, BloomCalculations' 20 bits per key). Below it each key costs
 * more bits and hash positions per probe for no measurable gain: `1e-300` asked for ~1.8 GB at 10^7 keys.
 */
export const MIN_FALSE_POSITIVE_RATE = 6.71e-5;

/** The most bits a filter holds: its positions are 32-bit (`(h1 + i·h2) >>> 0`), so bits past 2^32 are never set. */
const MAX_BITS = 2 ** 32;

/**
 * A classic Bloom filter over partition keys: `k` bit positions per key from double hashing
 * (Kirsch–Mitzenmacher, `h1 + i·h2 mod m`) into a bit array sized for an expected key count and false-positive rate.
 * Never answers "absent" for a key that was added. Every membership check increments {@link BloomFilter.probes},
 * which compaction tests and benchmarks read to count the cost the ScyllaDB regression was about.
 */
export class BloomFilter {
  /** Number of bits in the filter. */
  readonly bitCount: number;
  /** Number of hash positions per key. */
  readonly hashCount: number;
  readonly #bits: Uint32Array;
  #probes = 0;
  #sealed = false;

  /**
   * @param expectedKeys how many keys will be added (≥ 0; 0 gives a minimal filter)
   * @param falsePositiveRate target false-positive probability, in [{@link MIN_FALSE_POSITIVE_RATE}, 1)
   * @throws PartitionArgumentError for a bad count or rate, or a filter needing more than 2^32 bits (what its 32-bit
   *   positions reach; `new BloomFilter(2 ** 40)` failed with a plain RangeError allocating the array)
   */
  constructor(expectedKeys: number, falsePositiveRate = 0.01) {
    if (!Number.isSafeInteger(expectedKeys) || expectedKeys < 0) {
      throw new PartitionArgumentError(
        `expectedKeys must be a non-negative safe integer, got ${describeValue(expectedKeys)}`,
      );
    }
    if (
      typeof falsePositiveRate !== 'number' ||
      !(falsePositiveRate >= MIN_FALSE_POSITIVE_RATE && falsePositiveRate < 1)
    ) {
      throw new PartitionArgumentError(
        `falsePositiveRate must be in [${MIN_FALSE_POSITIVE_RATE}, 1), got ${describeValue(falsePositiveRate)}`,
      );
    }
    const n = Math.max(1, expectedKeys);
    const m = Math.max(64, Math.ceil((-n * Math.log(falsePositiveRate)) / (Math.LN2 * Math.LN2)));
    if (m > MAX_BITS) {
      throw new PartitionArgumentError(
        `a BloomFilter of ${expectedKeys} keys at false-positive rate ${falsePositiveRate} needs ${m} bits, more than its 32-bit positions reach (${MAX_BITS})`,
      );
    }
    this.bitCount = Math.ceil(m / 32) * 32;
    this.hashCount = Math.max(1, Math.round((this.bitCount / n) * Math.LN2));
    this.#bits = new Uint32Array(this.bitCount / 32);
  }

  /**
   * Adds a key (by its string or a precomputed {@link KeyHash}).
   * @throws ImmutableStateError once the filter is {@link seal}ed; PartitionArgumentError for a key that is neither.
   */
  add(key: string | KeyHash): void {
    if (this.#sealed) throw new ImmutableStateError('cannot add to a sealed BloomFilter');
    const { h1, h2 } = hashOf(key);
    for (let i = 0; i < this.hashCount; i++) {
      const bit = (h1 + Math.imul(i, h2)) >>> 0;
      const pos = bit % this.bitCount;
      this.#bits[pos >>> 5]! |= 1 << (pos & 31);
    }
  }

  /** Makes the filter read-only (flushed runs seal theirs so a published run never changes). */
  seal(): this {
    this.#sealed = true;
    return this;
  }

  /**
   * True if the key may have been added; false means it certainly was not. Counts one probe.
   * @throws PartitionArgumentError for a key that is neither a string nor a {@link KeyHash} (nothing counted).
   */
  mightContain(key: string | KeyHash): boolean {
    return this[PROBE](hashOf(key));
  }

  /**
   * @internal {@link mightContain} of a hash the caller computed with {@link hashKey}, unchecked: compaction's
   * max-purgeable loop probes every overlapping run per partition (see {@link PROBE}).
   */
  [PROBE]({ h1, h2 }: KeyHash): boolean {
    this.#probes++;
    for (let i = 0; i < this.hashCount; i++) {
      const pos = ((h1 + Math.imul(i, h2)) >>> 0) % this.bitCount;
      if ((this.#bits[pos >>> 5]! & (1 << (pos & 31))) === 0) return false;
    }
    return true;
  }

  /** Number of {@link mightContain} calls so far. */
  get probes(): number {
    return this.#probes;
  }

  /** Resets the probe counter (the filter contents are unaffected). */
  resetProbes(): void {
    this.#probes = 0;
  }
}
