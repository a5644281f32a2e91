/**
 * The one version of everything the runner writes for other programs: the NDJSON events, `list --json`, and the
 * results file (`schemaVersion`). Bump it on any change of a payload's shape; `shape.test.ts` fails until you do.
 * 1: the first stream (analysis and summary untyped). 2: every payload typed and validated by `parseEvent`.
 * 3: verdict and check reasons are structured (`basis`, `findings`: measured value and limit, no text), and the
 * summary says whether the sample sizes can reach alpha (`reach`); a run cancelled before measuring ends with a
 * `run-cancelled` event.
 * 4: a sample of an injected-slowdown run carries the injected share it measured on each clock (`injected`).
 */
export const PROTOCOL_VERSION = 4 as const;

/**
 * Versions whose results files this runner still reads: a results file holds the run's records (samples,
 * failures, settings), whose shape is the same in 1–4 (4 adds an optional field); the analysis is recomputed from them.
 */
export const READABLE_VERSIONS: readonly number[] = [1, 2, 3, PROTOCOL_VERSION];
