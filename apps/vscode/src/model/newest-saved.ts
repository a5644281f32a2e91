/**
 * Which saved runs to restore after a reload: for every benchmark, the newest saved run that measured it. Loaded
 * oldest first, they leave each benchmark showing its newest run, as before the reload. Pure: headers in, files out.
 */

/** What the choice needs of a saved results file. */
export interface SavedHeader {
  file: string;
  startedAt: number;
  keys: readonly string[];
}

/** The files to load, oldest first: each the newest saved run of at least one benchmark. */
export function newestSavedRuns(headers: readonly SavedHeader[]): string[] {
  const newest = new Map<string, SavedHeader>();
  for (const h of headers)
    for (const key of h.keys) {
      const known = newest.get(key);
      if (!known || h.startedAt > known.startedAt) newest.set(key, h);
    }
  const chosen = [...new Set(newest.values())];
  return chosen.sort((a, b) => a.startedAt - b.startedAt).map((h) => h.file);
}
