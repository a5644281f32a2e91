/**
 * The relative modules a JavaScript or TypeScript file imports (`import … from './x'`, `export … from`, `import('./x')`,
 * `require('./x')`), and where they resolve: what a bench file's results depend on besides the file itself.
 * Bare specifiers (packages) are left out: they change with an install, not with an edit or a checkout.
 */
import { dirname, resolve } from 'node:path';

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)(['"])(\.{1,2}\/[^'"]+)\1/gm;

/** The relative specifiers in `text`, in order, each once. */
export function relativeSpecifiers(text: string): string[] {
  return [...new Set([...text.matchAll(SPECIFIER)].map((m) => m[2]!))];
}

const EXTENSIONS = ['', '.ts', '.mts', '.cts', '.tsx', '.js', '.mjs', '.cjs'];

/**
 * The file a specifier names, as Node and TypeScript's bundler resolution find it: as written, with an extension,
 * `.js` written for a `.ts` source, or an index file; null when none exists.
 */
export function resolveSpecifier(from: string, spec: string, exists: (f: string) => boolean): string | null {
  const base = resolve(dirname(from), spec);
  const swapped = base.replace(/\.([mc]?)js$/, '.$1ts');
  for (const f of [
    ...EXTENSIONS.map((e) => base + e),
    swapped,
    ...EXTENSIONS.slice(1).map((e) => `${base}/index${e}`),
  ])
    if (exists(f)) return f;
  return null;
}

/** `file` and every file it imports relatively, transitively (at most `limit` files). */
export function importClosure(
  file: string,
  read: (f: string) => string | null,
  exists: (f: string) => boolean,
  limit = 64,
): string[] {
  const seen = new Set([file]);
  const queue = [file];
  while (queue.length > 0 && seen.size < limit) {
    const f = queue.shift()!;
    const text = read(f);
    if (text === null) continue;
    for (const spec of relativeSpecifiers(text)) {
      const hit = resolveSpecifier(f, spec, exists);
      if (hit && !seen.has(hit)) {
        seen.add(hit);
        queue.push(hit);
      }
    }
  }
  return [...seen];
}
