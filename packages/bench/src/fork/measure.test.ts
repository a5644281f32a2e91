import { describe, expect, it } from 'vitest';
import { BlackHole } from './black-hole.js';
import { measure } from './measure.js';

/** A ~µs op that allocates, like the main suite's copies. */
function copyOp(): () => number[] {
  const src = Array.from({ length: 300 }, (_, i) => i);
  return () => src.slice();
}

describe('measure with an injected slowdown', () => {
  const inject = (slowdownClock: 'wall' | 'cpu') =>
    measure(copyOp(), new BlackHole(), {
      sampleMs: 60,
      warmupMaxMs: 40,
      slowdown: 0.1,
      slowdownClock,
      allocation: false,
    });

  it('books the injected work on CPU time to within 2 points (median of 5 forks), and measures its wall share', () => {
    // The median, as a reading takes it over a side's forks: in 800 candidate forks of a calibration (load 6–14)
    // the booked CPU share was within ±5.6% of the target in 90% of them, but 20 were > 20% off (a helper
    // thread's burst in the last spin window); in a loaded test run one fork read 0.467 for 0.1.
    const ms = Array.from({ length: 5 }, () => inject('cpu'));
    const cpu = ms.map((m) => m.injected?.cpuNsPerOp ?? 0).sort((a, b) => a - b);
    expect(cpu[2]).toBeGreaterThan(0.08);
    expect(cpu[2]).toBeLessThan(0.12);
    for (const m of ms) expect(m.injected?.nsPerOp).toBeGreaterThan(0);
  });

  it('books it on wall time when asked', () => {
    // Only loose bounds: under a loaded test run one preempted spin window moves a 60 ms fork's wall share by tens
    // of points (0.45 seen at load 11); the bookkeeping itself is unit-tested in slowdown-injector.test.ts.
    const m = inject('wall');
    expect(m.injected?.nsPerOp).toBeGreaterThan(0.02);
    expect(m.injected?.nsPerOp).toBeLessThan(1);
    expect(m.injected?.cpuNsPerOp).toBeGreaterThan(0);
  });

  it('records no injected share without a slowdown', () => {
    const m = measure(copyOp(), new BlackHole(), {
      sampleMs: 20,
      warmupMaxMs: 20,
      slowdown: 0,
      slowdownClock: 'cpu',
      allocation: false,
    });
    expect(m.injected).toBeUndefined();
  });
});
