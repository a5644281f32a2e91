import { existsSync, readFileSync, statSync } from 'node:fs';
import * as vscode from 'vscode';
import { importClosure } from '../model/imports.js';

/** The lens mark of results whose code changed since their run (its tooltip says what it means). */
export const STALE_MARK = 'stale';

/** A file's text from its open document (edits not saved yet count), else from disk; null when unreadable. */
function textOf(file: string): string | null {
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === file);
  if (doc) return doc.getText();
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
 * transitively) changed after the run started. An edit and a `git checkout` that reverted it both count (the lens
 * said `−99.9% Won` for code no longer in the file); what the runner measured is not re-read.
 */
export function isStale(file: string, since: Date): boolean {
  return importClosure(file, textOf, existsSync).some((f) => changedSince(f, since));
}
