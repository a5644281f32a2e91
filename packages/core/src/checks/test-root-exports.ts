// Test-only (excluded from the build): where each runtime name a package's root exports is used outside its own
// sources — another package's code, tests or benchmarks, the repository's consumer checks, or a README. Shared by
// core's and partition's index tests, which pin their root exports to exactly the used ones.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const SKIP = new Set(['node_modules', 'dist', '.git', '.turbo', 'CHANGELOG.md']);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.(ts|mts|mjs|js|md)$/.test(name) ? [path] : [];
  });
}

/** For each name, the repository files (relative) that import it from `@tombstone-lab/<pkg>` or name it in a README. */
export function usesOutside(pkg: string, names: readonly string[]): Map<string, string[]> {
  const own = join(REPO, 'packages', pkg, 'src');
  const files = [
    ...filesUnder(join(REPO, 'packages')),
    ...filesUnder(join(REPO, 'apps')),
    ...filesUnder(join(REPO, '.ci')),
  ]
    .concat([join(REPO, 'README.md')])
    .filter((f) => !f.startsWith(own));
  const uses = new Map(names.map((n) => [n, [] as string[]]));
  const importRe = new RegExp(`import\\s+(?:type\\s+)?\\{([^}]*)\\}\\s*from\\s*'@tombstone-lab/${pkg}'`, 'g');
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const found = new Set<string>();
    for (const m of text.matchAll(importRe)) {
      for (const part of (m[1] ?? '').split(','))
        found.add(
          part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0] ?? '',
        );
    }
    if (file.endsWith('README.md')) {
      // Named in code: inline code or a fenced block (text between two backticks), not a word of prose.
      for (const n of names) if (new RegExp(`\`[^\`]*\\b${n}\\b[^\`]*\``).test(text)) found.add(n);
    }
    for (const n of found) uses.get(n)?.push(relative(REPO, file));
  }
  return uses;
}
