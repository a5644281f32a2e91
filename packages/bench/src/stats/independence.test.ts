import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StatsInputError } from './errors.js';
import { lag1Autocorrelation, mannKendall, runsTest } from './independence.js';

const TREND = [100, 101, 101.5, 102, 103, 103.2, 104, 104.5, 105, 106];

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((p) =>
    Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]),
  );
}

describe('independence: the trend vector from measurement-notes', () => {
  it('lag-1 r1 = 0.6515, flagged against 2/sqrt(10)', () => {
    const r = lag1Autocorrelation(TREND);
    expect(r.r1).toBeCloseTo(0.6515, 4);
    expect(r.threshold).toBeCloseTo(2 / Math.sqrt(10), 12);
    expect(r.flagged).toBe(true);
  });

  it('runs test R = 2, p = 0.015873 (exact)', () => {
    const r = runsTest(TREND);
    expect(r.runs).toBe(2);
    expect(r.p).toBeCloseTo(0.015873, 6);
  });

  it('Mann-Kendall tau = 1, p = 5.51e-7: the exact 2/10!, not the normal approximation (8.3e-5)', () => {
    const r = mannKendall(TREND);
    expect(r.tau).toBe(1);
    expect(r.s).toBe(45);
    expect(r.exact).toBe(true);
    expect(r.p).toBeCloseTo(2 / 3628800, 12);
    expect(Number(r.p.toPrecision(3))).toBe(5.51e-7);
  });
});

describe('independence: brute force', () => {
  it('Mann-Kendall exact p matches enumeration of all permutations (n ≤ 6)', () => {
    for (let n = 3; n <= 6; n++) {
      const all = permutations(n);
      const sOf = (xs: number[]) => {
        let s = 0;
        for (let i = 0; i < xs.length; i++)
          for (let j = i + 1; j < xs.length; j++) s += Math.sign(xs[j]! - xs[i]!);
        return s;
      };
      for (const perm of all.slice(0, 40)) {
        const s = sOf(perm);
        const le = all.filter((p) => sOf(p) <= s).length / all.length;
        const ge = all.filter((p) => sOf(p) >= s).length / all.length;
        expect(mannKendall(perm).p).toBeCloseTo(Math.min(1, 2 * Math.min(le, ge)), 12);
      }
    }
  });

  it('runs test exact p matches enumeration of all arrangements', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 2, maxLength: 12 }), (bits) => {
        // Values 0/1 cannot work (ties at the median); use distinct values above/below a median split.
        const hi = bits.filter(Boolean).length;
        const lo = bits.length - hi;
        if (hi === 0 || lo === 0 || hi !== lo) return;
        const xs = bits.map((b, i) => (b ? 100 + i : i));
        const countRuns = (bs: boolean[]) =>
          bs.reduce((r, b, i) => r + (i > 0 && b !== bs[i - 1] ? 1 : 0), 1);
        const observed = countRuns(bits);
        // Enumerate every placement of `hi` trues among bits.length positions.
        let total = 0;
        let le = 0;
        let ge = 0;
        const n = bits.length;
        for (let mask = 0; mask < 1 << n; mask++) {
          let c = 0;
          for (let i = 0; i < n; i++) if (mask & (1 << i)) c++;
          if (c !== hi) continue;
          const arr = Array.from({ length: n }, (_, i) => (mask & (1 << i)) !== 0);
          const r = countRuns(arr);
          total++;
          if (r <= observed) le++;
          if (r >= observed) ge++;
        }
        const result = runsTest(xs);
        expect(result.runs).toBe(observed);
        expect(result.p).toBeCloseTo(Math.min(1, (2 * Math.min(le, ge)) / total), 12);
      }),
      { numRuns: 100 },
    );
  });
});

describe('independence: edge cases', () => {
  it('an alternating series has negative r1 and many runs', () => {
    const xs = [1, 9, 1, 9, 1, 9, 1, 9, 1, 9];
    expect(lag1Autocorrelation(xs).r1).toBeLessThan(-0.8);
    expect(runsTest(xs).runs).toBe(10);
    expect(runsTest(xs).p).toBeLessThan(0.05);
  });

  it('a constant series is neither correlated nor trending', () => {
    const xs = [5, 5, 5, 5, 5];
    expect(lag1Autocorrelation(xs)).toMatchObject({ r1: 0, flagged: false });
    expect(runsTest(xs).p).toBe(1);
    expect(mannKendall(xs).p).toBe(1);
  });

  it('Mann-Kendall with ties uses the tie-corrected normal approximation', () => {
    const r = mannKendall([1, 2, 2, 3, 4, 4, 5, 6, 7, 8]);
    expect(r.exact).toBe(false);
    // tau-b: S = 43 of 45 pairs (2 tied), normalised by sqrt(45 · 43).
    expect(r.s).toBe(43);
    expect(r.tau).toBeCloseTo(Math.sqrt(43 / 45), 12);
    expect(r.p).toBeLessThan(0.001);
  });

  it('rejects series shorter than 2 and non-finite values', () => {
    expect(() => lag1Autocorrelation([1])).toThrow(StatsInputError);
    expect(() => runsTest([1, Number.NaN])).toThrow(/xs: element \[1\] is NaN/);
  });
});
