import { describe, expect, it } from 'vitest';
import { observeGcPauses, tallyWithin } from './gc-pauses.js';

describe('GC pauses of the timed phase', () => {
  it('sees every scavenge a synchronous allocation loop causes, timed inside the loop', async () => {
    let keep: unknown = null;
    let startMs = 0;
    let endMs = 0;
    const { value, pauses } = await observeGcPauses(() => {
      startMs = performance.now();
      // ~80 MB of short-lived arrays: dozens of scavenges whatever the young generation's size.
      for (let i = 0; i < 40_000; i++) keep = new Array<number>(256).fill(i);
      endMs = performance.now();
      return 7;
    });
    expect(value).toBe(7);
    expect(keep).not.toBeNull();
    // The observer sees the whole process (the test runner's own GCs too); the window keeps the loop's.
    const inside = tallyWithin(pauses, [{ startMs, endMs }]);
    expect(inside.gcCount).toBeGreaterThan(5);
    expect(inside.gcCount).toBeLessThanOrEqual(pauses.length);
    expect(inside.gcTimeMs).toBeGreaterThan(0);
    expect(inside.gcTimeMs).toBeLessThan(endMs - startMs);
  });

  it('tells each pause to the window it started in, and none to the gaps between windows', () => {
    const pauses = [
      { startMs: 1, durationMs: 0.5 },
      { startMs: 4, durationMs: 2 },
      { startMs: 10, durationMs: 1 },
      { startMs: 12, durationMs: 0.25 },
    ];
    const windows = [
      { startMs: 0, endMs: 2 },
      { startMs: 9, endMs: 11 },
    ];
    expect(tallyWithin(pauses, windows)).toEqual({ gcCount: 2, gcTimeMs: 1.5 });
    expect(tallyWithin(pauses, [])).toEqual({ gcCount: 0, gcTimeMs: 0 });
  });
});
