import { describe, expect, it } from 'vitest';
import { SlowdownInjector, SlowdownSettingError } from './slowdown-injector.js';

/** Drives the injector against a simulated batch clock: op time per batch from `opNs`, spin at `trueSpinNs`/iter. */
function simulate(
  injector: SlowdownInjector,
  opNs: readonly number[],
  trueSpinNs = injector.spinNsPerIter,
): { injected: number; op: number; iters: number[] } {
  let injected = 0;
  let op = 0;
  const iters: number[] = [];
  for (const o of opNs) {
    const n = injector.next();
    iters.push(n);
    injector.record(o + n * trueSpinNs, n, n * trueSpinNs);
    injected += n * trueSpinNs;
    op += o;
  }
  return { injected, op, iters };
}

describe('SlowdownInjector', () => {
  it('never spins when the slowdown is 0, whatever the batches cost', () => {
    const inj = new SlowdownInjector(0, 5, 1e6);
    const { iters } = simulate(inj, [1e6, 3e6, 2e5, 9e6]);
    expect(iters).toEqual([0, 0, 0, 0]);
    expect(inj.ratio).toBe(0);
  });

  it('starts from the prior batch cost', () => {
    expect(new SlowdownInjector(0.1, 5, 1e6).next()).toBe(20_000);
  });

  it('injects the fraction of the measured op time when the prior underestimates it (warm-up vs timed phase)', () => {
    // The prior says 11.6 ns/op, the timed batches really cost 13 ns/op: a fixed amount would give ~8.9%.
    const batch = 400_000;
    const inj = new SlowdownInjector(0.1, 4.87, 11.6 * batch);
    const { injected, op } = simulate(
      inj,
      Array.from({ length: 20 }, () => 13 * batch),
    );
    expect(injected / op).toBeGreaterThan(0.099);
    expect(injected / op).toBeLessThan(0.101);
    expect(inj.ratio).toBeCloseTo(injected / op, 6);
  });

  it('makes up for an earlier outlier batch with later ones', () => {
    const inj = new SlowdownInjector(0.1, 5, 1e6);
    const ops = [1e6, 8e6, 1e6, 1e6, 1e6, 1e6, 1e6, 1e6, 1e6, 1e6];
    const { injected, op, iters } = simulate(inj, ops);
    expect(iters[2]).toBeGreaterThan(iters[1] ?? 0);
    // Only the last batch is estimated (as the mean of the ones before): the total is off by 10% of its deviation.
    const meanBeforeLast = (op - 1e6) / (ops.length - 1);
    expect(Math.abs(injected - 0.1 * op)).toBeLessThanOrEqual(0.1 * (meanBeforeLast - 1e6) + 5);
    expect(Math.abs(injected - 0.1 * op)).toBeGreaterThan(0.1 * (meanBeforeLast - 1e6) - 5);
  });

  it('books a batch as op time minus the spin time measured in it', () => {
    const inj = new SlowdownInjector(0.5, 2, 0);
    inj.record(1000, 100, 200);
    expect(inj.ratio).toBeCloseTo(200 / 800, 12);
    // The next batch is expected to cost 800 of op time; owed = 0.5 × 1600 − 200 = 600 ns = 300 iterations.
    expect(inj.next()).toBe(300);
  });

  it('injects the fraction even when the spin costs far more in the batches than the probe said (load)', () => {
    // Measured on this VM: a probe of 4.89 ns/iter while the contended timed phase ran the spin at 8.64 ns/iter.
    // Booking iterations × the probe injected 18% for 10% asked; booking the timed spin injects 10%.
    const inj = new SlowdownInjector(0.1, 4.89, 5e6);
    const { injected, op } = simulate(
      inj,
      Array.from({ length: 20 }, () => 5e6),
      8.64,
    );
    expect(injected / op).toBeGreaterThan(0.099);
    expect(injected / op).toBeLessThan(0.101);
    expect(inj.nsPerIter).toBeCloseTo(8.64, 9);
  });

  it('does not spin while ahead of the target, and a batch without spin books no injected time', () => {
    const inj = new SlowdownInjector(0.1, 1, 0);
    inj.record(2000, 1000, 1000); // 1000 injected on 1000 of op time: far ahead of 10%
    expect(inj.next()).toBe(0);
    inj.record(1000, 0, 40); // the middle timer read of a spin-free batch is op-side time
    expect(inj.ratio).toBeCloseTo(1000 / 2000, 12);
  });

  it('is on target within a tolerance of the slowdown, and always without one', () => {
    const inj = new SlowdownInjector(0.1, 1, 0);
    expect(inj.onTarget(0.05)).toBe(false); // nothing booked yet: 0 of 10%
    inj.record(1100, 100, 104); // 104 injected on 996 of op time: 10.44%
    expect(inj.onTarget(0.05)).toBe(true);
    inj.record(1000, 0, 0); // 104 on 1996: 5.2%
    expect(inj.onTarget(0.05)).toBe(false);
    expect(new SlowdownInjector(0, 1, 0).onTarget(0)).toBe(true);
  });

  it('rejects settings it cannot honour, naming the value', () => {
    expect(() => new SlowdownInjector(-0.1, 5, 1)).toThrow(SlowdownSettingError);
    expect(() => new SlowdownInjector(Number.NaN, 5, 1)).toThrow(/NaN/);
    expect(() => new SlowdownInjector(0.1, 0, 1)).toThrow(/spinNsPerIter.*0/);
    expect(() => new SlowdownInjector(0.1, 5, Number.POSITIVE_INFINITY)).toThrow(/Infinity/);
  });
});
