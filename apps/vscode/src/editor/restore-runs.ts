import { readRun } from '@tombstone-lab/bench/runner';
import type * as vscode from 'vscode';
import { newestSavedRuns, type SavedHeader } from '../model/newest-saved.js';
import { savedRun } from '../model/protocol.js';
import type { ResultsStore } from '../model/results-store.js';
import { analyseSavedFile } from '../model/saved-results.js';
import { recallSources } from './measured-memory.js';

/**
 * After a reload (or on opening a folder), the newest saved run of each benchmark comes back on every surface,
 * marked as saved: the verdicts are in `.tombstone-bench/*.json`, and a reload showed none of them. Read by the
 * bundled engine (pure statistics), so it works in an untrusted workspace too; a file it cannot read is skipped.
 */
export async function restoreSavedRuns(
  store: ResultsStore,
  uris: readonly vscode.Uri[],
  log: (line: string) => void,
): Promise<void> {
  const headers: SavedHeader[] = [];
  for (const uri of uris) {
    try {
      const run = readRun(uri.fsPath);
      headers.push({
        file: uri.fsPath,
        startedAt: Date.parse(run.startedAt),
        keys: run.benchmarks.map((b) => b.key),
      });
    } catch (e) {
      log(`[extension] not restored: ${uri.fsPath}: ${(e as Error).message.split('\n')[0]}`);
    }
  }
  for (const file of newestSavedRuns(headers)) {
    try {
      const sources = recallSources(file);
      store.load({ ...savedRun(analyseSavedFile(file), file), saved: true, ...(sources ? { sources } : {}) });
    } catch (e) {
      log(`[extension] not restored: ${file}: ${(e as Error).message.split('\n')[0]}`);
    }
    // One file at a time, the editor stays responsive between analyses.
    await new Promise((r) => setImmediate(r));
  }
}
