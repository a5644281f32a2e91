import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

// Every workspace library is resolved to its TypeScript source, so tests never need a prior build: each export
// (`@tombstone-lab/bench`, `@tombstone-lab/bench/runner` …) maps to the file its `@tombstone-lab/source`
// condition names — the same condition tsc and esbuild use.
const libraries = readdirSync(`${root}packages`).filter((name) =>
  existsSync(`${root}packages/${name}/src/index.ts`),
);
const sourceAliases = libraries.flatMap((name) => {
  const manifest = JSON.parse(readFileSync(`${root}packages/${name}/package.json`, 'utf8')) as {
    exports?: Record<string, string | Record<string, string>>;
  };
  return Object.entries(manifest.exports ?? {}).flatMap(([subpath, target]) => {
    const source = typeof target === 'object' ? target['@tombstone-lab/source'] : undefined;
    if (source === undefined) return [];
    const specifier = `@tombstone-lab/${name}${subpath.slice(1)}`.replace(/[/.]/g, (c) => `\\${c}`);
    return [
      { find: new RegExp(`^${specifier}$`), replacement: `${root}packages/${name}/${source.slice(2)}` },
    ];
  });
});

export default defineConfig({
  resolve: {
    alias: sourceAliases,
  },
  test: {
    projects: [
      ...libraries.map((name) => ({
        extends: true as const,
        test: { name, root: `${root}packages/${name}`, include: ['src/**/*.test.ts', 'bench/**/*.test.ts'] },
      })),
      {
        extends: true as const,
        test: { name: 'vscode', root: `${root}apps/vscode`, include: ['src/**/*.test.ts'] },
      },
      { extends: true as const, test: { name: 'repo', root, include: ['tests/**/*.test.ts'] } },
    ],
    testTimeout: 30_000,
  },
});
