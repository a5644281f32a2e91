import type { BlackHoleLike } from '../suite/define.js';

const RING = 16;

/**
 * Sink for benchmark results, modelled on JMH's `Blackhole.consume(Object)`.
 *
 * A module-level `let sink` is a dead store V8 may drop (measurement notes), so a consumed value must be able to
 * reach memory that is read later. Storing EVERY result does that, but it is not free: the ring lives in old space
 * and each result is a young object, so every store runs V8's generational write barrier — measured at ~7 ns per op
 * (a 5-field allocation cost 8.9 ns/op with a store per op), which swamped ops that are themselves ~10 ns.
 * JMH faces the same problem on the JVM and stores only when a cheap pseudo-random draw hits a mask that doubles at
 * every hit, so stores become vanishingly rare while the store stays a real, executed path of the compiled code:
 * the value escapes, V8's escape analysis must keep its allocation (the bytes/op column shows it), and a pure value
 * cannot be scheduled into the rare branch because `consume` also folds it into `acc` on every call.
 */
export class BlackHole implements BlackHoleLike {
  private readonly ring: unknown[] = new Array<unknown>(RING).fill(undefined);
  private cursor = 0;
  private draw = 0x2545f491;
  private mask = 1;
  /** Folds primitive results on every call, so computing them can never be moved off the hot path. */
  private acc = 0;

  consume(value: unknown): void {
    if (typeof value === 'number') this.acc = (this.acc + value) | 0;
    // Numerical Recipes' LCG (as JMH): one multiply-add, no allocation.
    const draw = (Math.imul(this.draw, 1_664_525) + 1_013_904_223) | 0;
    this.draw = draw;
    if ((draw & this.mask) === 0) {
      this.ring[this.cursor] = value;
      this.cursor = (this.cursor + 1) & (RING - 1);
      // Doubling the mask makes the k-th store ~2^k draws after the previous one (JMH), but capped so a store
      // still happens every ~2^20 calls: the branch keeps being taken, so its type feedback stays warm.
      this.mask = this.mask >= 0xfffff ? this.mask : (this.mask << 1) | 1;
    }
  }

  /** Reads every retained value and publishes a digest on `globalThis`, making all consumed values observable. */
  flush(): number {
    let digest = this.acc;
    for (const v of this.ring) {
      digest = (digest * 31 + (v === undefined ? 0 : typeof v === 'number' ? v | 0 : 1)) | 0;
    }
    (globalThis as Record<string, unknown>).__tombstoneBenchSink = digest;
    this.ring.fill(undefined);
    this.acc = 0;
    return digest;
  }
}
