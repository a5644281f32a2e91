/** The code under test: find a key's value in a list of entries, or in a Map built from them. */
export type Entries = ReadonlyArray<readonly [string, number]>;

export function findInArray(entries: Entries, key: string): number {
  for (const [k, v] of entries) if (k === key) return v;
  return -1;
}

export function findInMap(index: ReadonlyMap<string, number>, key: string): number {
  return index.get(key) ?? -1;
}
