import { describe, expect, it } from 'vitest';
import { BENCH_GLOB, isBenchPath } from './bench-files.js';

describe('bench files', () => {
  it('are TypeScript and JavaScript files of every extension the runner accepts', () => {
    for (const ext of ['ts', 'mts', 'cts', 'js', 'mjs', 'cjs'])
      expect(isBenchPath(`/w/a.bench.${ext}`)).toBe(true);
    for (const p of ['/w/a.ts', '/w/a.bench.tsx', '/w/a.bench.json', '/w/bench.mjs', '/w/a.bench.mjs.map'])
      expect(isBenchPath(p)).toBe(false);
    expect(BENCH_GLOB).toBe('**/*.bench.{ts,mts,cts,js,mjs,cjs}');
  });
});
