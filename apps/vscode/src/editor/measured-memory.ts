/**
 * The code each run measured (see measured-sources.ts), remembered per results file in the workspace's state, so a
 * run restored after Reload Window or reopened from its file is judged stale by content too.
 */
import type * as vscode from 'vscode';
import type { SourceDigests } from '../model/measured-sources.js';

const KEY = 'tombstoneBench.measuredSources';
/** Results files remembered at most, the newest kept (one entry is ~100 bytes per file measured). */
const LIMIT = 200;

let state: vscode.Memento | null = null;

/** Where to remember (the extension's workspace state), set once on activation. */
export function useMeasuredMemory(memento: vscode.Memento): void {
  state = memento;
}

function all(): Record<string, SourceDigests> {
  return state?.get<Record<string, SourceDigests>>(KEY) ?? {};
}

/** Remembers what the run of `resultsFile` measured. */
export function rememberSources(resultsFile: string, sources: SourceDigests): void {
  if (!state) return;
  const { [resultsFile]: _, ...rest } = all();
  const entries = Object.entries({ ...rest, [resultsFile]: sources });
  void state.update(KEY, Object.fromEntries(entries.slice(-LIMIT)));
}

/** What the run of `resultsFile` measured, when this workspace's editor started it. */
export function recallSources(resultsFile: string): SourceDigests | undefined {
  return all()[resultsFile];
}
