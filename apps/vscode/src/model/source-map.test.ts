import { describe, expect, it } from 'vitest';
import { casesOf, filterFor, isCaseOf, reconcile, sitesInText } from './source-map.js';

const SRC = `import { defineSuite } from '@tombstone-lab/bench';
export default defineSuite({
  name: 'ListBench',
  params: { size: [10, 1000] },
  benchmarks: {
    copy: (s) => s.xs.slice(),
    'copy.all': (s) => [...s.xs],
    async load(s) { return s; },
  },
});
`;

describe('source mapping', () => {
  it('finds the benchmarks of the live text with 1-based positions', () => {
    const sites = sitesInText('/ws/a.bench.ts', SRC);
    expect(sites.map((s) => [s.key, s.line, s.column])).toEqual([
      ['ListBench.copy', 6, 5],
      ['ListBench.copy.all', 7, 5],
      ['ListBench.load', 8, 11],
    ]);
    expect(sitesInText('/ws/b.bench.ts', 'export const x = 1;')).toEqual([]);
  });

  it('matches case keys to their benchmark, not to a benchmark sharing a prefix', () => {
    expect(isCaseOf('ListBench.copy[size=10]', 'ListBench.copy')).toBe(true);
    expect(isCaseOf('ListBench.copy', 'ListBench.copy')).toBe(true);
    expect(isCaseOf('ListBench.copy.all[size=10]', 'ListBench.copy')).toBe(false);
    expect(
      casesOf({ key: 'ListBench.copy' }, ['ListBench.copy[size=10]', 'ListBench.copyAll', 'X.copy']),
    ).toEqual(['ListBench.copy[size=10]']);
  });

  it('reconciles the listing with live text by file, live text winning', () => {
    const listed = [
      {
        file: '/ws/a.bench.ts',
        suite: 'ListBench',
        benchmarks: [{ name: 'copy', file: '/ws/a.bench.ts', line: 3, column: 5 }],
      },
      {
        file: '/ws/c.bench.ts',
        suite: 'Other',
        benchmarks: [{ name: 'op', file: '/ws/c.bench.ts', line: 9, column: 3 }],
      },
      { file: '/ws/d.bench.ts', suite: null, benchmarks: [] },
    ];
    const live = new Map([['/ws/a.bench.ts', sitesInText('/ws/a.bench.ts', SRC)]]);
    const sites = reconcile(listed, live);
    expect(sites.get('/ws/a.bench.ts')?.map((s) => s.line)).toEqual([6, 7, 8]);
    expect(sites.get('/ws/c.bench.ts')).toEqual([
      { key: 'Other.op', suite: 'Other', name: 'op', file: '/ws/c.bench.ts', line: 9, column: 3 },
    ]);
    expect(sites.has('/ws/d.bench.ts')).toBe(false);
  });

  it('builds a --filter that selects exactly the named benchmarks', () => {
    const re = new RegExp(filterFor(['ListBench.copy', 'A.b(c)']));
    expect(re.test('ListBench.copy[size=10]')).toBe(true);
    expect(re.test('ListBench.copy')).toBe(true);
    expect(re.test('A.b(c)[n=1]')).toBe(true);
    expect(re.test('ListBench.copy.all[size=10]')).toBe(false);
    expect(re.test('ListBenchXcopy')).toBe(false);
  });
});
