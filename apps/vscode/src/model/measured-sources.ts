/**
 * What a run measured, by content: the SHA-256 of the bench file and of every module it imports (relatively,
 * transitively) as they were on disk when the run started — the runner reads them from disk. Results are stale once
 * that code differs from the code now, and only then: a `git checkout` that rewrites a file with the measured text
 * (or a touch) leaves them fresh, one that reverts an edit the run measured makes them stale. Modification times
 * said the opposite of both (issue 36).
 */
import { createHash } from 'node:crypto';
import { importClosure } from './imports.js';

/** File → SHA-256 (hex) of its text. */
export type SourceDigests = Readonly<Record<string, string>>;

/** The SHA-256 of a text, hex. */
export function digestOf(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The digests of `files` and every module they import, as `read` gives them (null: unreadable, left out). */
export function measuredSources(
  files: readonly string[],
  read: (f: string) => string | null,
  exists: (f: string) => boolean,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const file of files)
    for (const f of importClosure(file, read, exists)) {
      if (f in out) continue;
      const text = read(f);
      if (text !== null) out[f] = digestOf(text);
    }
  return out;
}

/**
 * The first file of `file`'s import closure, as `read` gives it now (open documents with their unsaved edits, else
 * disk), whose text differs from what was measured, or that was not measured (an import added since) or is gone;
 * null when the code now is the code measured.
 */
export function changedSource(
  file: string,
  measured: SourceDigests,
  read: (f: string) => string | null,
  exists: (f: string) => boolean,
): string | null {
  // A measured module still resolves when it is gone, so its deletion counts as a change.
  for (const f of importClosure(file, read, (f) => exists(f) || f in measured)) {
    const was = measured[f];
    const text = read(f);
    if (was === undefined || text === null || digestOf(text) !== was) return f;
  }
  return null;
}
