import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors.js';
import { caseKey, expandSuite, parseParamFilter, type SuiteShape, selectCases } from './cases.js';

const shape: SuiteShape = {
  name: 'RTL',
  params: { size: [10, 1000], impl: ['eager', 'cow'] },
  compare: null,
  primary: ['benchCopyOnly[size=1000]'],
  benchmarks: ['benchCopyOnly', 'benchCopyAndAdd'],
};

describe('cases', () => {
  it('formats keys like the seed reports', () => {
    expect(caseKey('S', 'b', {})).toBe('S.b');
    expect(caseKey('S', 'b', { size: 10, impl: 'cow' })).toBe('S.b[size=10,impl=cow]');
  });

  it('expands the cartesian product; a primary selector matches by listed params only', () => {
    const cases = expandSuite('f.bench.ts', shape);
    expect(cases).toHaveLength(8);
    expect(cases.filter((c) => c.role === 'primary').map((c) => c.key)).toEqual([
      'RTL.benchCopyOnly[size=1000,impl=eager]',
      'RTL.benchCopyOnly[size=1000,impl=cow]',
    ]);
    const all = expandSuite('f', { ...shape, primary: null });
    expect(all.every((c) => c.role === 'primary')).toBe(true);
    const prefixed = expandSuite('f', { ...shape, primary: ['RTL.benchCopyAndAdd'] });
    expect(prefixed.filter((c) => c.role === 'primary')).toHaveLength(4);
  });

  it('rejects a primary selector that matches nothing', () => {
    expect(() => expandSuite('f', { ...shape, primary: ['benchCopyOnly[size=5]'] })).toThrow(UsageError);
    expect(() => expandSuite('f', { ...shape, primary: ['nope'] })).toThrow(/primary "nope" matches no case/);
  });

  it('parses --param lists', () => {
    expect([...parseParamFilter(['size=10,1000,impl=cow'])]).toEqual([
      ['size', ['10', '1000']],
      ['impl', ['cow']],
    ]);
    expect([...parseParamFilter(['size=10', 'size=1000'])]).toEqual([['size', ['10', '1000']]]);
    expect(() => parseParamFilter(['10'])).toThrow(/expected name=value/);
    expect(() => parseParamFilter(['=3'])).toThrow(/empty parameter name/);
  });

  it('selects by filter and params, with clear errors', () => {
    const shapes = [{ file: 'f', shape }];
    const picked = selectCases(shapes, { filter: 'CopyOnly', params: parseParamFilter(['impl=cow']) });
    expect(picked.map((c) => c.key)).toEqual([
      'RTL.benchCopyOnly[size=10,impl=cow]',
      'RTL.benchCopyOnly[size=1000,impl=cow]',
    ]);
    expect(() => selectCases(shapes, { params: parseParamFilter(['n=1']) })).toThrow(
      /unknown parameter "n" \(known: size, impl\)/,
    );
    expect(() => selectCases(shapes, { params: parseParamFilter(['size=7']) })).toThrow(/levels: 10, 1000/);
    expect(() => selectCases(shapes, { filter: 'zzz' })).toThrow(/zero benchmarks matched/);
  });
});

describe('duplicate case keys', () => {
  const suite = (name: string, benchmarks: string[]): SuiteShape => ({
    name,
    params: {},
    compare: null,
    primary: null,
    benchmarks,
  });

  it('rejects two suites of one name defining the same benchmark, naming both files', () => {
    const shapes = [
      { file: '/p/a.bench.ts', shape: suite('S', ['a']) },
      { file: '/p/b.bench.ts', shape: suite('S', ['a', 'z']) },
    ];
    expect(() => selectCases(shapes, {})).toThrow(UsageError);
    expect(() => selectCases(shapes, {})).toThrow(
      /S\.a is defined twice: in \/p\/a\.bench\.ts .* in \/p\/b\.bench\.ts/,
    );
  });

  it('rejects keys that collide through a dot in a suite or benchmark name', () => {
    const shapes = [
      { file: '/p/x.bench.ts', shape: suite('A.b', ['c']) },
      { file: '/p/y.bench.ts', shape: suite('A', ['b.c']) },
    ];
    expect(() => selectCases(shapes, {})).toThrow(/A\.b\.c is defined twice/);
  });

  it('accepts a duplicate that the filter leaves out of the run', () => {
    const shapes = [
      { file: '/p/a.bench.ts', shape: suite('S', ['a']) },
      { file: '/p/b.bench.ts', shape: suite('S', ['a', 'z']) },
    ];
    expect(selectCases(shapes, { filter: 'z$' }).map((c) => c.key)).toEqual(['S.z']);
  });
});
