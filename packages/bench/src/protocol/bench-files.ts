/**
 * Which files are bench files: one list for the runner's discovery and for clients (the VS Code extension's
 * lenses, commands, Test Explorer and file watcher), so the two can never disagree on what a bench file is.
 */

/** The extensions a bench file may have: TypeScript and JavaScript alike (esbuild compiles each). */
export const BENCH_EXTENSIONS = ['ts', 'mts', 'cts', 'js', 'mjs', 'cjs'] as const;

const BENCH_FILE = new RegExp(`\\.bench\\.(?:${BENCH_EXTENSIONS.join('|')})$`);

/** Whether a file name or path names a bench file (`*.bench.ts`, `*.bench.mjs`, … — see {@link BENCH_EXTENSIONS}). */
export function isBenchFile(name: string): boolean {
  return BENCH_FILE.test(name);
}
