import { describe, expect, it } from 'vitest';
import { locateBenchmarks } from './locate.js';

describe('locateBenchmarks', () => {
  it('finds suite name and benchmark keys with 1-based positions', () => {
    const src = [
      "import { defineSuite } from '@tombstone-lab/bench';",
      'export default defineSuite({',
      "  name: 'RangeTombstoneListBench',",
      '  params: { size: [10, 1000] },',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the scanned source deliberately holds a template literal
      '  setup: (p) => ({ list: build(p.size), label: `x${p.size}${{ a: 1 }.a}` }),',
      '  benchmarks: {',
      '    // a comment: fake: () => 1,',
      '    benchCopyOnly: (state) => state.list.copy(),',
      "    'quoted': (s) => ({ inner: 1, other: '}' }),",
      '    benchCopyAndAdd(state, bh) { const c = { nested: 1 }; bh.consume(c); },',
      '    async later(s) { return s; },',
      '  },',
      '});',
    ].join('\n');
    const found = locateBenchmarks(src);
    expect(found.suite).toBe('RangeTombstoneListBench');
    expect(found.benchmarks).toEqual([
      { name: 'benchCopyOnly', line: 8, column: 5 },
      { name: 'quoted', line: 9, column: 5 },
      { name: 'benchCopyAndAdd', line: 10, column: 5 },
      { name: 'later', line: 11, column: 11 },
    ]);
  });

  it('returns nothing for a file without defineSuite', () => {
    expect(locateBenchmarks('export const x = { benchmarks: { a: 1 } };')).toEqual({
      suite: null,
      benchmarks: [],
    });
  });

  it('ignores keys of nested objects named benchmarks', () => {
    const src =
      "defineSuite({ name: 'S', setup: () => ({ benchmarks: { no: 1 } }), benchmarks: { yes: () => 1 } })";
    expect(locateBenchmarks(src).benchmarks.map((b) => b.name)).toEqual(['yes']);
  });
});
