import { classNameOf, describeValue } from './describe-value.js';
import type { ErrorType } from './error-type.js';

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

/**
 * Throws `error` unless `options` is an object whose own keys are all in `allowed`, naming the first unknown key and
 * the allowed ones (a misspelled option would otherwise be silently ignored). `what` names one key (`table option`).
 */
export function checkOptionsBag(
  options: unknown,
  allowed: readonly string[],
  what: string,
  error: ErrorType,
): void {
  if (options === null || typeof options !== 'object') {
    throw new error(`${what}s must be an object, got ${describeValue(options)}`);
  }
  const unknown = unknownOptionMessage(options, allowed, what);
  if (unknown !== null) throw new error(unknown);
}

/**
 * `value` when it is a boolean, `fallback` when it is `undefined`; anything else (`'no'`, `null`, 0) throws: an optional
 * flag. `'false'` is truthy, so coercing a flag would silently read it as `true`.
 */
export function checkFlag(value: unknown, fallback: boolean, what: string, error: ErrorType): boolean {
  return value === undefined ? fallback : checkBoolean(value, what, error);
}

/** `value` when it is a boolean; anything else (`undefined`, `'no'`, `null`, 0) throws: a required flag. */
export function checkBoolean(value: unknown, what: string, error: ErrorType): boolean {
  if (typeof value !== 'boolean') throw new error(`${what} must be a boolean, got ${describeValue(value)}`);
  return value;
}

/**
 * Throws `error` unless `value` is a plain object (a literal, `Object.create(null)`, or an object inheriting from
 * one): a Map, Date, array or class instance keeps its data where `Object.keys` does not look, so reading it as a
 * record would silently drop that data (a Map became a row with no cells) or invent keys (an array's indices).
 * An object whose prototype refuses inspection (a revoked Proxy) is read as a record, by its own keys.
 */
export function checkPlainObject(value: unknown, what: string, error: ErrorType): void {
  if (value === null || typeof value !== 'object')
    throw new error(`${what} must be a plain object, got ${describeValue(value)}`);
  const proto: unknown = Object.getPrototypeOf(value);
  // The common case, first and cheap: a row write checks its values so.
  if ((proto === Object.prototype || proto === null) && !Array.isArray(value)) return;
  let className: string | null;
  try {
    className = classNameOf(value);
  } catch {
    return;
  }
  if (className !== null) throw new error(`${what} must be a plain object, got ${describeValue(value)}`);
}
