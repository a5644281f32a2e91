import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from '../errors.js';

const SKIP = new Set(['node_modules', 'dist', 'coverage', '.git', '.turbo']);

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (entry.isFile() && entry.name.endsWith('.bench.ts')) out.push(path);
  }
}

/**
 * Resolves the bench files to run: the given files, directories searched for `*.bench.ts`, or (none given) every
 * `*.bench.ts` under `cwd` outside node_modules/dist. Missing paths are a {@link UsageError}.
 */
export function findBenchFiles(args: readonly string[], cwd: string): string[] {
  const out: string[] = [];
  if (args.length === 0) walk(cwd, out);
  for (const arg of args) {
    const path = resolve(cwd, arg);
    if (!existsSync(path)) throw new UsageError(`bench file or directory not found: ${arg}`);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
  const unique = [...new Set(out)].sort();
  if (unique.length === 0) {
    throw new UsageError(
      `no *.bench.ts files found ${args.length ? `in ${args.join(', ')}` : `under ${cwd}`}`,
    );
  }
  return unique;
}
