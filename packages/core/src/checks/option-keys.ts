import { describeValue } from '../errors.js';

/**
 * The message for the first own key of `options` that is not in `allowed` (`null` when every key is known), e.g.
 * `unknown table option "gcGraceSecs" (allowed: comparator, gcGraceSeconds, …)`. Each package throws it as its own
 * typed error, so core and partition reject a misspelled option the same way.
 *
 * Hand-written rather than valibot's `strictObject`: core has no runtime dependencies, and this runs once per options
 * bag (a factory, a table, a compaction), never on a list's copy or write path — but once per partition read too,
 * for its query, so it is kept cheap.
 */
export function unknownOptionMessage(
  options: object,
  allowed: readonly string[],
  what: string,
): string | null {
  // Names, then symbols: the keys and order of Reflect.ownKeys, which took ~110 ns per call where these two take
  // ~50 (in-process) — a read checks its query on every call, so this showed as 9–14% of a point read's profile.
  const names = Object.getOwnPropertyNames(options);
  for (let i = 0; i < names.length; i++) {
    const key = names[i] as string;
    if (!allowed.includes(key)) return unknownKey(describeValue(key), allowed, what);
  }
  const symbols = Object.getOwnPropertySymbols(options);
  return symbols.length === 0 ? null : unknownKey((symbols[0] as symbol).toString(), allowed, what);
}

function unknownKey(name: string, allowed: readonly string[], what: string): string {
  return `unknown ${what} ${name} (allowed: ${allowed.join(', ')})`;
}
