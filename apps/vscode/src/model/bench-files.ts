/**
 * Which files are bench files: the extensions the runner accepts (`*.bench.ts`, `.mts`, `.cts`, `.js`, `.mjs`,
 * `.cjs` — the runner's discovery in @tombstone-lab/bench's `suite/discover.ts`, which the extension cannot bundle:
 * it reads the file system). One list for discovery, lenses, commands, the Test Explorer and the file watcher.
 */

/** The bench file extensions, without the dot. */
export const BENCH_EXTENSIONS = ['ts', 'mts', 'cts', 'js', 'mjs', 'cjs'] as const;

/** A glob matching every bench file: `**∕*.bench.{ts,mts,cts,js,mjs,cjs}`. */
export const BENCH_GLOB = `**/*.bench.{${BENCH_EXTENSIONS.join(',')}}`;

const BENCH_FILE = new RegExp(`\\.bench\\.(?:${BENCH_EXTENSIONS.join('|')})$`);

/** Whether `path` names a bench file. */
export function isBenchPath(path: string): boolean {
  return BENCH_FILE.test(path);
}

/** `*.bench.ts / .mjs / …`, for messages. */
export const BENCH_FILES_TEXT = `a *.bench.{${BENCH_EXTENSIONS.join(',')}} file`;
