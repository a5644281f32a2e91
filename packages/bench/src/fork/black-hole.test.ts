import { describe, expect, it } from 'vitest';
import { BlackHole } from './black-hole.js';
import { measure } from './measure.js';

describe('black hole', () => {
  it('publishes a digest of consumed values on globalThis', () => {
    const bh = new BlackHole();
    for (let i = 0; i < 20; i++) bh.consume(i);
    const digest = bh.flush();
    expect((globalThis as Record<string, unknown>).__tombstoneBenchSink).toBe(digest);
    expect(new BlackHole().flush()).not.toBe(digest);
  });

  it('folds every numeric result into the digest, not only the rarely stored ones', () => {
    const digestOf = (last: number): number => {
      const bh = new BlackHole();
      for (let i = 0; i < 100_000; i++) bh.consume(i === 99_999 ? last : i);
      return bh.flush();
    };
    expect(digestOf(7)).not.toBe(digestOf(8));
  });

  it('does not let V8 eliminate an allocation whose result is only consumed', async () => {
    // A fresh 2-field object per op. The timed loop is the optimised code; had escape analysis removed the
    // allocation there, its millions of ops would trigger no scavenge at all (a no-op sink measured 0 GCs, this one
    // ~18). The bytes/op window cannot show it: that loop runs too few ops to be optimised the same way.
    const bh = new BlackHole();
    let i = 0;
    const m = await measure(() => ({ a: i++, b: 0 }), bh, {
      sampleMs: 20,
      warmupMaxMs: 30,
      warmupMinMs: 0,
      slowdown: 0,
      slowdownClock: 'wall',
      allocation: false,
    });
    expect(m.gcCount).toBeGreaterThan(0);
  });
});
