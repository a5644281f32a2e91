/**
 * Which files are bench files: the runner's own list (`@tombstone-lab/bench/protocol`), for discovery, lenses,
 * commands, the Test Explorer and the file watcher.
 */
import { BENCH_EXTENSIONS } from '@tombstone-lab/bench/protocol';

/** `BENCH_EXTENSIONS`, and `isBenchPath(path)`: whether a path names a bench file. */
export { BENCH_EXTENSIONS, isBenchFile as isBenchPath } from '@tombstone-lab/bench/protocol';

/** A glob matching every bench file: `**∕*.bench.{ts,mts,cts,js,mjs,cjs}`. */
export const BENCH_GLOB = `**/*.bench.{${BENCH_EXTENSIONS.join(',')}}`;

/** `*.bench.ts / .mjs / …`, for messages. */
export const BENCH_FILES_TEXT = `a *.bench.{${BENCH_EXTENSIONS.join(',')}} file`;
