import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle.js';

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('calls at once when idle, then at most once per interval, and always once after the last ask', () => {
    const fn = vi.fn();
    const t = throttle(fn, 1000);
    t.call();
    expect(fn).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 50; i++) {
      vi.advanceTimersByTime(50); // an event every 50 ms for 2.5 s
      t.call();
    }
    // 2.5 s of asks: the first call plus one per elapsed interval, never one per ask.
    expect(fn).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(4); // the trailing call carries the last state
    vi.advanceTimersByTime(5000);
    expect(fn).toHaveBeenCalledTimes(4);
    t.call();
    expect(fn).toHaveBeenCalledTimes(5);
  });

  it('calls nothing after dispose', () => {
    const fn = vi.fn();
    const t = throttle(fn, 1000);
    t.call();
    t.call();
    t.dispose();
    vi.advanceTimersByTime(2000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
