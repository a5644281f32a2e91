/**
 * Seeded 32-bit PRNG (mulberry32) for the per-pair order coin flips. Hand-written rather than a dependency: one coin
 * flip per pair needs no statistical quality beyond "not correlated with anything the benchmark does", and the
 * schedule must be reproducible from the run id so a resumed run continues the same order.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit seed derived from a string (FNV-1a), e.g. the run id. */
export function seedFrom(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
