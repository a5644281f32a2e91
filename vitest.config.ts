import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

// Every workspace library is resolved to its TypeScript source, so tests never need a prior build.
// (The packages' `@tombstone-lab/source` export condition does the same for tsc and esbuild.)
const libraries = readdirSync(`${root}packages`).filter((name) =>
  existsSync(`${root}packages/${name}/src/index.ts`),
);

export default defineConfig({
  resolve: {
    alias: libraries.map((name) => ({
      find: new RegExp(`^@tombstone-lab/${name}$`),
      replacement: `${root}packages/${name}/src/index.ts`,
    })),
  },
  test: {
    projects: [
      ...libraries.map((name) => ({
        extends: true as const,
        test: { name, root: `${root}packages/${name}`, include: ['src/**/*.test.ts', 'bench/**/*.test.ts'] },
      })),
      { extends: true as const, test: { name: 'repo', root, include: ['tests/**/*.test.ts'] } },
    ],
    testTimeout: 30_000,
  },
});
