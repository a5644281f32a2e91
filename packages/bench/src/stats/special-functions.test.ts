import { describe, expect, it } from 'vitest';
import {
  choose,
  incompleteBeta,
  lnChoose,
  lnGamma,
  normalUpperTail,
  studentTQuantile,
  studentTUpperTail,
} from './special-functions.js';

describe('special functions against known values', () => {
  it('lnGamma and binomials', () => {
    expect(lnGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(lnGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
    expect(choose(20, 10)).toBe(184756);
    expect(choose(5, 7)).toBe(0);
    expect(Math.exp(lnChoose(30, 15))).toBeCloseTo(155117520, 0);
  });

  it('normal tails, including far into the tail', () => {
    expect(normalUpperTail(0)).toBeCloseTo(0.5, 14);
    expect(normalUpperTail(1.959963984540054)).toBeCloseTo(0.025, 12);
    expect(normalUpperTail(-1.959963984540054)).toBeCloseTo(0.975, 12);
    // 1 − Φ(8) would underflow to 0 by subtraction; the erfc route keeps it.
    expect(normalUpperTail(8) / 6.22096057427178e-16).toBeCloseTo(1, 8);
  });

  it('incomplete beta and Student t', () => {
    expect(incompleteBeta(0.5, 2, 2)).toBeCloseTo(0.5, 12);
    expect(incompleteBeta(0.3, 1, 1)).toBeCloseTo(0.3, 12);
    expect(studentTUpperTail(0, 7)).toBeCloseTo(0.5, 12);
    expect(studentTQuantile(0.975, 10)).toBeCloseTo(2.228138851986, 8);
    expect(studentTQuantile(0.975, 1)).toBeCloseTo(12.70620473617, 7);
    expect(studentTQuantile(0.9995, 9)).toBeCloseTo(4.780912585933, 7);
    expect(studentTQuantile(0.025, 18)).toBeCloseTo(-2.10092204024, 8);
  });
});
