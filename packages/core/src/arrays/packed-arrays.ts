/**
 * Templates for the plain arrays both storages slice their free slots from. V8 keeps a plain array fast only while
 * its elements kind stays packed and unchanged, so the templates are built with the kind every later write keeps.
 */

/** A packed array of `n` copies of `value` (object or SMI elements, as `value` dictates). */
export function packedFill<T>(n: number, value: T): T[] {
  const a: T[] = [];
  for (let i = 0; i < n; i++) a.push(value);
  return a;
}

/**
 * A packed array of `n` zeros with double elements: built from a non-integer so markedForDeleteAt values past 2^31
 * (heap numbers) never change its elements kind when written.
 */
export function doubleZeros(n: number): number[] {
  const a = [0.5];
  a[0] = 0;
  for (let i = 1; i < n; i++) a.push(0);
  if (n === 0) a.pop();
  return a;
}
