import { describe, expect, it } from 'vitest';
import { StatsInputError } from './errors.js';
import { adjustPValues, holmAdjust } from './holm.js';

describe('holmAdjust', () => {
  it("matches R's p.adjust(method = 'holm') in input order", () => {
    // R 4.x: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") = 0.03 0.06 0.06 0.02
    const got = holmAdjust([0.01, 0.04, 0.03, 0.005]);
    for (const [i, want] of [0.03, 0.06, 0.06, 0.02].entries()) expect(got[i]).toBeCloseTo(want, 12);
  });

  it('is monotone along the sorted order and capped at 1', () => {
    // Raw 0.02·3 = 0.06 would exceed the next one's 0.025·2 = 0.05: the step-down keeps 0.06 for both.
    expect(holmAdjust([0.02, 0.025, 0.9])).toEqual([0.06, 0.06, 0.9]);
    expect(holmAdjust([0.6, 0.7])).toEqual([1, 1]);
  });

  it('the A/A example of the notes: p 0.0115 among 8 benchmarks is no longer significant', () => {
    const ps = [0.0115, 0.2, 0.35, 0.5, 0.6, 0.7, 0.8, 0.9];
    expect(holmAdjust(ps)[0]).toBeCloseTo(0.092, 12);
  });

  it('a single test and an empty family are unchanged', () => {
    expect(holmAdjust([0.03])).toEqual([0.03]);
    expect(holmAdjust([])).toEqual([]);
  });

  it("'none' is the identity", () => {
    expect(adjustPValues([0.01, 0.04], 'none')).toEqual([0.01, 0.04]);
  });

  it('names a bad p value', () => {
    expect(() => holmAdjust([0.1, Number.NaN])).toThrow(StatsInputError);
    expect(() => holmAdjust([1.5])).toThrow(/element \[0\] is 1.5/);
  });
});
