/**
 * `list` as an engine operation: what each bench file defines — its suite, each benchmark's source location, params,
 * the compared factor, and the cases a run would measure — loaded in a fork as a run loads it.
 */
import * as v from 'valibot';
import { workerScript } from '../fork/compile.js';
import { listSuites } from '../plan/list-suites.js';
import { cacheDirFor } from '../plan/plan-run.js';
import { checkNumber, checkOptions, NUMBER_LIMITS } from '../plan/run-options.js';
import type { ListOutput } from '../protocol/list.js';
import { findBenchFiles } from '../suite/discover.js';

/** What to list. */
export interface ListOptions {
  /** Project directory: bench files are found and relative paths resolved against it (default `process.cwd()`). */
  cwd?: string;
  /** Bench files or directories (default: every bench file under `cwd`). */
  files?: readonly string[];
  /** Time limit for loading each file in its fork, ms (default 60000). */
  timeoutMs?: number;
  /** Where compiled bundles are cached (default: a temp directory of this call, removed after it). */
  cacheDir?: string;
}

const ListOptionsSchema = v.strictObject({
  cwd: v.optional(v.string()),
  files: v.optional(v.array(v.string())),
  timeoutMs: v.optional(v.number()),
  cacheDir: v.optional(v.string()),
});

/**
 * Lists the bench files' suites (in file order) in the protocol's {@link ListOutput} form (what `list --json` prints).
 * A file that fails to load is listed with its `loadError` rather than dropped.
 * @throws {UsageError} for an unknown option, a bad value or a bench path that does not exist.
 */
export async function listBenchmarks(options: ListOptions = {}): Promise<ListOutput> {
  checkOptions(ListOptionsSchema, options, 'listBenchmarks');
  const timeoutMs = checkNumber('timeoutMs', options.timeoutMs ?? 60_000, NUMBER_LIMITS.timeoutMs);
  const cwd = options.cwd ?? process.cwd();
  const files = findBenchFiles(options.files ?? [], cwd);
  const cache = cacheDirFor(cwd, options.cacheDir);
  try {
    return await listSuites(files, { cacheDir: cache.dir, worker: await workerScript(cache.dir), timeoutMs });
  } finally {
    cache.dispose();
  }
}
