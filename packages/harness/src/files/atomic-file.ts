import { renameSync, rmSync, writeFileSync } from 'node:fs';

/**
 * Writes `text` to `file` atomically (a temp file beside it, then rename): readers never see half a file, and on a
 * failure the temp file is removed, never left behind. The directory must exist (see `checkOutputFile`).
 */
export function writeFileAtomic(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, file);
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
}
