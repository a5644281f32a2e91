import { describe, expect, it } from 'vitest';
import { changedSource, digestOf, measuredSources } from './measured-sources.js';

/** An in-memory project: path → text. */
function project(files: Record<string, string>) {
  const fs = { ...files };
  return {
    fs,
    read: (f: string) => fs[f] ?? null,
    exists: (f: string) => f in fs,
  };
}

const BENCH = '/p/x.bench.ts';
const LIB = '/p/lib.ts';

describe('stale by content', () => {
  it('records the bench file and what it imports, transitively', () => {
    const p = project({
      [BENCH]: "import { f } from './lib.js';",
      [LIB]: "import './util';",
      '/p/util.ts': 'u',
    });
    const m = measuredSources([BENCH], p.read, p.exists);
    expect(Object.keys(m)).toEqual([BENCH, LIB, '/p/util.ts']);
    expect(m[LIB]).toBe(digestOf("import './util';"));
  });

  it('an edit is stale; writing the measured text back (a checkout, a touch) is not', () => {
    const p = project({ [BENCH]: "import './lib';\nexport default 1;", [LIB]: 'export const a = 1;' });
    const m = measuredSources([BENCH], p.read, p.exists);
    expect(changedSource(BENCH, m, p.read, p.exists)).toBeNull();
    p.fs[LIB] = 'export const a = 2;';
    expect(changedSource(BENCH, m, p.read, p.exists)).toBe(LIB);
    p.fs[LIB] = 'export const a = 1;'; // `git checkout lib.ts`: the measured text again
    expect(changedSource(BENCH, m, p.read, p.exists)).toBeNull();
  });

  it('a checkout that reverts an edit the run measured is stale', () => {
    const p = project({ [BENCH]: 'export default 1; // edited, then measured' });
    const m = measuredSources([BENCH], p.read, p.exists);
    p.fs[BENCH] = 'export default 1;'; // the committed text, not the measured one
    expect(changedSource(BENCH, m, p.read, p.exists)).toBe(BENCH);
  });

  it('an import added since, or a measured module deleted, is stale', () => {
    const p = project({ [BENCH]: 'export default 1;', [LIB]: 'x' });
    const m = measuredSources([BENCH], p.read, p.exists);
    p.fs[BENCH] = "import './lib';\nexport default 1;";
    expect(changedSource(BENCH, m, p.read, p.exists)).toBe(BENCH);
    const q = project({ [BENCH]: "import './lib';", [LIB]: 'x' });
    const n = measuredSources([BENCH], q.read, q.exists);
    delete q.fs[LIB];
    expect(changedSource(BENCH, n, q.read, q.exists)).toBe(LIB);
    q.fs[LIB] = 'x';
    expect(changedSource(BENCH, n, q.read, q.exists)).toBeNull();
    delete q.fs[BENCH];
    expect(changedSource(BENCH, n, q.read, q.exists)).toBe(BENCH);
  });
});
