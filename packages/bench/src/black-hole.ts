import type { BlackHoleLike } from './define.js';

const RING = 16;

/**
 * Sink for benchmark results. A module-level `let sink` is a dead store V8 may drop (see measurement notes); a small
 * ring buffer that is read back at the end (into a `globalThis` property) is observable, so the work stays. The ring
 * is small so it keeps at most 16 results alive: retaining many would change the GC behaviour being measured.
 */
export class BlackHole implements BlackHoleLike {
  private readonly ring: unknown[] = new Array<unknown>(RING).fill(undefined);
  private cursor = 0;

  consume(value: unknown): void {
    this.ring[this.cursor] = value;
    this.cursor = (this.cursor + 1) & (RING - 1);
  }

  /** Reads every retained value and publishes a digest on `globalThis`, making all consumed values observable. */
  flush(): number {
    let digest = 0;
    for (const v of this.ring) {
      digest = (digest * 31 + (v === undefined ? 0 : typeof v === 'number' ? v | 0 : 1)) | 0;
    }
    (globalThis as Record<string, unknown>).__tombstoneBenchSink = digest;
    this.ring.fill(undefined);
    return digest;
  }
}
