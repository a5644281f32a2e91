import { describeValue } from './errors.js';

/**
 * The message for the first own key of `options` that is not in `allowed` (`null` when every key is known), e.g.
 * `unknown table option "gcGraceSecs" (allowed: comparator, gcGraceSeconds, …)`. Each package throws it as its own
 * typed error, so core and partition reject a misspelled option the same way.
 *
 * Hand-written rather than valibot's `strictObject`: core has no runtime dependencies, and this runs once per options
 * bag (a factory, a table, a compaction), never on a list's copy or write path.
 */
export function unknownOptionMessage(
  options: object,
  allowed: readonly string[],
  what: string,
): string | null {
  for (const key of Reflect.ownKeys(options)) {
    if (typeof key === 'string' && allowed.includes(key)) continue;
    const name = typeof key === 'symbol' ? key.toString() : describeValue(key);
    return `unknown ${what} ${name} (allowed: ${allowed.join(', ')})`;
  }
  return null;
}
