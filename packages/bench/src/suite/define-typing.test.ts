import { describe, expect, expectTypeOf, it } from 'vitest';
import { SuiteDefinitionError } from '../errors.js';
import { defineSuite, isSuite, validateSuite } from './define.js';

class List {
  constructor(
    readonly size: number,
    readonly cow: boolean,
  ) {}
  copy(): List {
    return new List(this.size, this.cow);
  }
}

describe('defineSuite typing', () => {
  it('gives setup the widened params plus the compared factor', () => {
    const suite = defineSuite({
      name: 'RangeTombstoneListBench',
      params: { size: [10, 1000] },
      compare: { factor: 'impl', baseline: 'eager', candidate: 'cow' },
      primary: 'benchCopyOnly[size=1000]',
      setup: (p: { size: number; impl: string }) => ({ list: new List(p.size, p.impl === 'cow') }),
      teardown: (state) => {
        expectTypeOf(state.list).toEqualTypeOf<List>();
      },
      benchmarks: {
        benchCopyOnly: (state) => state.list.copy(),
        benchCopyAndAdd: (state, bh) => {
          bh.consume(state.list.copy());
        },
      },
    });
    expect(isSuite(suite)).toBe(true);
    expect(suite.name).toBe('RangeTombstoneListBench');
  });

  it('infers params without an annotation', () => {
    defineSuite({
      name: 'Inferred',
      params: { size: [1, 2], mode: ['a', 'b'], flag: [true] },
      compare: { factor: 'impl', baseline: 'x', candidate: 'y' },
      setup: (p) => {
        expectTypeOf(p.size).toEqualTypeOf<number>();
        expectTypeOf(p.mode).toEqualTypeOf<string>();
        expectTypeOf(p.flag).toEqualTypeOf<boolean>();
        expectTypeOf(p.impl).toEqualTypeOf<string>();
        return { n: p.size };
      },
      benchmarks: { b: (s) => s.n + 1 },
    });
  });

  it('works with no params, no setup', () => {
    const s = defineSuite({ name: 'Bare', benchmarks: { noop: () => 1 } });
    expect(Object.keys(s.benchmarks)).toEqual(['noop']);
  });

  it('is pure: returns a frozen copy and does not call any hook', () => {
    let calls = 0;
    const s = defineSuite({
      name: 'Pure',
      setup: () => {
        calls++;
        return 1;
      },
      benchmarks: { b: () => calls++ },
    });
    expect(calls).toBe(0);
    expect(Object.isFrozen(s)).toBe(true);
  });
});

describe('validateSuite', () => {
  const ok = { name: 'S', benchmarks: { b: () => 0 } };
  const bad: Array<[string, unknown, RegExp]> = [
    ['not an object', 42, /must be an object/],
    ['bad name', { ...ok, name: 'a b' }, /suite name/],
    ['empty levels', { ...ok, params: { size: [] } }, /parameter size must be a non-empty array/],
    ['duplicate level', { ...ok, params: { size: [1, 1] } }, /lists level 1 twice/],
    ['NaN level', { ...ok, params: { size: [Number.NaN] } }, /finite number/],
    ['object level', { ...ok, params: { size: [{}] } }, /not a string/],
    [
      'factor in params',
      { ...ok, params: { impl: ['a'] }, compare: { factor: 'impl', baseline: 'a', candidate: 'b' } },
      /also listed in params/,
    ],
    ['same levels', { ...ok, compare: { factor: 'impl', baseline: 'a', candidate: 'a' } }, /both a/],
    ['no benchmarks', { name: 'S', benchmarks: {} }, /non-empty object/],
    [
      'a misspelled top-level key (a .js suite has no type check)',
      { ...ok, parms: { size: [1] } },
      /suite "S": unknown key "parms" \(allowed keys: name, params, compare, primary, sampling, setup, teardown, benchmarks\)/,
    ],
    [
      'a misspelled compare key',
      { ...ok, compare: { factor: 'impl', baseline: 'a', candidat: 'b' } },
      /unknown key compare\.candidat \(allowed keys: factor, baseline, candidate\)/,
    ],
    ['benchmark not fn', { name: 'S', benchmarks: { b: 3 } }, /benchmark b is not a function/],
    ['setup not fn', { ...ok, setup: 'x' }, /setup must be a function/],
    ['primary empty', { ...ok, primary: [] }, /primary must be/],
    [
      'sampling not an object',
      { ...ok, sampling: 1500 },
      /sampling must be an object like \{ warmupMs: 1500 \}, got 1500/,
    ],
    ['unknown sampling key', { ...ok, sampling: { warmup: 5 } }, /sampling\.warmup is not a setting/],
    [
      'negative warm-up',
      { ...ok, sampling: { warmupMs: -1 } },
      /sampling\.warmupMs must be a number of ms in \[0, 600000\], got -1/,
    ],
    [
      'negative warm-up minimum',
      { ...ok, sampling: { warmupMinMs: -1 } },
      /sampling\.warmupMinMs must be a number of ms in \[0, 600000\], got -1/,
    ],
    [
      'a warm-up minimum that is not a number',
      { ...ok, sampling: { warmupMinMs: '1500' } },
      /sampling\.warmupMinMs must be a number of ms in \[0, 600000\], got "1500"/,
    ],
    [
      'a misspelled warm-up minimum',
      { ...ok, sampling: { warmupMinMS: 1500 } },
      /sampling\.warmupMinMS is not a setting \(use warmupMs, warmupMinMs, sampleMs\)/,
    ],
    [
      'a warm-up minimum above its cap',
      { ...ok, sampling: { warmupMs: 1000, warmupMinMs: 1500 } },
      /sampling\.warmupMinMs 1500 is above sampling\.warmupMs 1000: the warm-up minimum cannot exceed its cap/,
    ],
    ['zero sample time', { ...ok, sampling: { sampleMs: 0 } }, /sampling\.sampleMs .* got 0/],
    ['NaN sample time', { ...ok, sampling: { sampleMs: Number.NaN } }, /sampling\.sampleMs .* got null/],
  ];
  for (const [label, def, re] of bad) {
    it(`rejects ${label}`, () => {
      expect(() => validateSuite(def)).toThrow(SuiteDefinitionError);
      expect(() => validateSuite(def)).toThrow(re);
    });
  }
  it('accepts a minimal suite', () => {
    expect(() => validateSuite(ok)).not.toThrow();
  });
  it('accepts a suite with its own sampling', () => {
    expect(() => validateSuite({ ...ok, sampling: { warmupMs: 1500, sampleMs: 300 } })).not.toThrow();
    expect(() => validateSuite({ ...ok, sampling: { warmupMs: 1500, warmupMinMs: 1500 } })).not.toThrow();
    expect(() => validateSuite({ ...ok, sampling: { warmupMinMs: 1500 } })).not.toThrow();
    expect(() => validateSuite({ ...ok, sampling: {} })).not.toThrow();
  });
});
