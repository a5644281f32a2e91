import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { BENCH_EXTENSIONS, isBenchFile } from '../protocol/bench-files.js';

export { BENCH_EXTENSIONS, isBenchFile };

const SKIP = new Set(['node_modules', 'dist', 'coverage', '.git', '.turbo']);

const TYPESCRIPT_FILE = /\.[cm]?ts$/;

/** Whether a bench file is TypeScript (the only kind that is type-checked). */
export function isTypeScriptFile(name: string): boolean {
  return TYPESCRIPT_FILE.test(name);
}

/** The entries of a directory being searched; one it cannot list (`run /proc`: EACCES) is a usage error naming it. */
function entriesOf(dir: string) {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new UsageError(
      `cannot search ${dir} for bench files (${code}); name the bench files or their directory`,
    );
  }
}

function walk(dir: string, out: string[]): void {
  for (const entry of entriesOf(dir)) {
    if (entry.name.startsWith('.') || SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (entry.isFile() && isBenchFile(entry.name)) out.push(path);
  }
}

/**
 * Resolves the bench files to run: the given files, directories searched for bench files (`*.bench.ts`, `.mts`,
 * `.cts`, `.js`, `.mjs`, `.cjs`), or (none given) every bench file under `cwd` outside node_modules/dist. Missing
 * paths are a {@link UsageError}.
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
    const kinds = BENCH_EXTENSIONS.map((e) => `*.bench.${e}`).join(', ');
    throw new UsageError(
      `no bench files (${kinds}) found ${args.length ? `in ${args.join(', ')}` : `under ${cwd}`}`,
    );
  }
  return unique;
}
