/**
 * YCSB's zipfian generators, ported from the facts of YCSB's `ZipfianGenerator` and `ScrambledZipfianGenerator`
 * (no maintained npm package has the scrambled variant). Our own code: each sampler maps one uniform draw
 * `u ∈ [0, 1)` to an item, so it stays a pure function of the op's generator (Gray et al.'s "Quickly generating
 * billion-record synthetic databases", the algorithm YCSB implements).
 */

/** YCSB's default skew. */
export const YCSB_ZIPFIAN_CONSTANT = 0.99;
/** The item count YCSB's scrambled generator draws from before hashing onto the real key space. */
const SCRAMBLED_ITEMS = 10_000_000_000 + 1;
/** YCSB's precomputed zeta(10^10, 0.99): summing 10^10 terms per generator is not an option. */
const SCRAMBLED_ZETAN = 26.46902820178302;

/** ζ(n, θ) = Σ_{i=1..n} 1 / i^θ. O(n): computed once per sampler. */
export function zeta(n: number, theta: number): number {
  let sum = 0;
  for (let i = 1; i <= n; i++) sum += 1 / i ** theta;
  return sum;
}

/** A zipfian distribution over items [0, items): item 0 is the most popular, then 1, … */
export class Zipfian {
  readonly items: number;
  readonly #zetan: number;
  readonly #alpha: number;
  readonly #eta: number;
  readonly #twoThreshold: number;

  /** `zetan` may be given when precomputed (YCSB does so for its scrambled generator). */
  constructor(items: number, theta: number, zetan = zeta(items, theta)) {
    this.items = items;
    this.#zetan = zetan;
    this.#alpha = 1 / (1 - theta);
    const zeta2 = zeta(2, theta);
    this.#eta = (1 - (2 / items) ** (1 - theta)) / (1 - zeta2 / zetan);
    this.#twoThreshold = 1 + 0.5 ** theta;
  }

  /** The item for a uniform draw `u ∈ [0, 1)`. */
  sample(u: number): number {
    const uz = u * this.#zetan;
    if (uz < 1) return 0;
    if (uz < this.#twoThreshold) return 1;
    const item = Math.floor(this.items * (this.#eta * u - this.#eta + 1) ** this.#alpha);
    return item < this.items ? item : this.items - 1;
  }
}

const TWO_32 = 4294967296;

/**
 * YCSB's `fnvhash64` (FNV-1a over the 8 little-endian bytes of a long, then `Math.abs`) reduced modulo `n`, for a
 * non-negative integer `value < 2^53`, in 32-bit halves so it costs no BigInt.
 */
export function fnvHash64Mod(value: number, n: number): number {
  // Signed 32-bit halves throughout (`| 0`), so V8 keeps them small integers: unsigned halves above 2^31 became
  // heap numbers, one allocation per step (the loop cost ~75 ns per call that way).
  let lo = 0x84222325 | 0;
  let hi = 0xcbf29ce4 | 0;
  let vLo = value | 0;
  let vHi = Math.floor(value / TWO_32) | 0;
  for (let i = 0; i < 8; i++) {
    lo ^= vLo & 0xff;
    vLo = (vLo >>> 8) | (vHi << 24);
    vHi >>>= 8;
    // × FNV_PRIME_64 = 2^40 + 435, modulo 2^64, in 16-bit limbs so every step stays a small-integer operation.
    const t0 = (lo & 0xffff) * 435;
    const t1 = (lo >>> 16) * 435 + (t0 >>> 16);
    hi = (Math.imul(hi, 435) + (t1 >>> 16) + (lo << 8)) | 0;
    lo = (t1 << 16) | (t0 & 0xffff);
  }
  let uLo = lo >>> 0;
  let uHi = hi >>> 0;
  if (hi < 0) {
    // Math.abs of a negative long: two's complement negation.
    uLo = (~lo >>> 0) + 1;
    uHi = (~hi >>> 0) + (uLo === TWO_32 ? 1 : 0);
    uLo %= TWO_32;
    uHi %= TWO_32;
  }
  let r = uHi % n;
  r = (r * 65536 + (uLo >>> 16)) % n;
  return (r * 65536 + (uLo & 0xffff)) % n;
}

/**
 * YCSB's ScrambledZipfianGenerator: zipfian popularity, but the popular items are spread over the key space by
 * hashing. With YCSB's θ = 0.99 it draws from 10^10 items with the precomputed ζ, exactly as YCSB does; for another θ
 * it draws from `items` (ζ over 10^10 terms is out of reach) and hashes the same way.
 */
export class ScrambledZipfian {
  readonly items: number;
  readonly #base: Zipfian;
  // Hashes of the most popular base items, filled on first use (-1: not yet): about half of all draws land below
  // 2^16, and the hash is most of a draw's cost.
  readonly #hashes = new Int32Array(1 << 16).fill(-1);

  constructor(items: number, theta = YCSB_ZIPFIAN_CONSTANT) {
    this.items = items;
    this.#base =
      theta === YCSB_ZIPFIAN_CONSTANT
        ? new Zipfian(SCRAMBLED_ITEMS, theta, SCRAMBLED_ZETAN)
        : new Zipfian(items, theta);
  }

  /** The item for a uniform draw `u ∈ [0, 1)`. */
  sample(u: number): number {
    const item = this.#base.sample(u);
    if (item >= this.#hashes.length) return fnvHash64Mod(item, this.items);
    let h = this.#hashes[item]!;
    if (h < 0) {
      h = fnvHash64Mod(item, this.items);
      this.#hashes[item] = h;
    }
    return h;
  }
}
