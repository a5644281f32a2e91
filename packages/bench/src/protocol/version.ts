/**
 * The one version of everything the runner writes for other programs: the NDJSON events, `list --json`, and the
 * results file (`schemaVersion`). Bump it on any change of a payload's shape; `shape.test.ts` fails until you do.
 * 1: the first stream (analysis and summary untyped). 2: every payload typed and validated by `parseEvent`.
 */
export const PROTOCOL_VERSION = 2 as const;

/** Versions whose results files this runner still reads (their records are a subset of the current shape). */
export const READABLE_VERSIONS: readonly number[] = [1, PROTOCOL_VERSION];
