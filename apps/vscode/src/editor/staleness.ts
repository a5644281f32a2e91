import { existsSync, readFileSync, statSync } from 'node:fs';
import * as vscode from 'vscode';
import { importClosure } from '../model/imports.js';
import { changedSource } from '../model/measured-sources.js';
import type { RunLabel } from '../model/results-store.js';

/** The lens mark of results whose code changed since their run (its tooltip says what it means). */
export const STALE_MARK = 'stale';

/** A file's text from its open document (edits not saved yet count), else from disk; null when unreadable. */
function textOf(file: string): string | null {
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === file);
  if (doc) return doc.getText();
  return diskText(file);
}

/** A file's text on disk (what the runner reads), null when unreadable. */
export function diskText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** Modified after `since`: edited in the editor and not saved, or written on disk later (a save, a git checkout). */
function changedSince(file: string, since: Date): boolean {
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === file);
  if (doc?.isDirty) return true;
  try {
    return statSync(file).mtimeMs > since.getTime();
  } catch {
    return true; // deleted since: what was measured is gone
  }
}

/**
 * Whether a run's results for `file` may no longer hold: the bench file or a module it imports (relatively,
 * transitively) is not, now, the code the run measured — by content, open documents with their unsaved edits: an
 * edit is stale, and so is a `git checkout` that reverts an edit the run measured; writing the measured text back
 * (a checkout of it, a touch, an undo) is not. A run the editor did not start (a results file the command line
 * wrote) carries no record of its code: for it, a change after its start time counts.
 */
export function isStale(file: string, run: RunLabel): boolean {
  if (run.sources) return changedSource(file, run.sources, textOf, existsSync) !== null;
  return importClosure(file, textOf, existsSync).some((f) => changedSince(f, run.startedAt));
}
