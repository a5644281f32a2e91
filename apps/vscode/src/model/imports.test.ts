import { describe, expect, it } from 'vitest';
import { importClosure, relativeSpecifiers, resolveSpecifier } from './imports.js';

describe('imports', () => {
  it('finds relative imports, re-exports, dynamic imports and requires; not packages', () => {
    const text = [
      "import { a } from './a.js';",
      "import './side-effect';",
      "export * from '../b';",
      "const c = await import('./c.mjs');",
      "const d = require('./d');",
      "import { defineSuite } from '@tombstone-lab/bench';",
    ].join('\n');
    expect(relativeSpecifiers(text)).toEqual(['./a.js', './side-effect', '../b', './c.mjs', './d']);
  });

  it('resolves .js written for a .ts source and index files, and follows imports transitively', () => {
    const files: Record<string, string> = {
      '/p/x.bench.ts': "import { f } from './lib.js';",
      '/p/lib.ts': "export * from './util';",
      '/p/util/index.ts': 'export const f = 1;',
    };
    const exists = (f: string) => f in files;
    expect(resolveSpecifier('/p/x.bench.ts', './lib.js', exists)).toBe('/p/lib.ts');
    expect(importClosure('/p/x.bench.ts', (f) => files[f] ?? null, exists)).toEqual([
      '/p/x.bench.ts',
      '/p/lib.ts',
      '/p/util/index.ts',
    ]);
  });
});
