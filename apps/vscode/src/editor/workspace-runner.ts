import { accessSync, constants, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import * as vscode from 'vscode';
import { findRunner, type RunnerLocation } from '../runner/locate-runner.js';

const isExecutable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The runner for a bench file: the workspace's own. @throws {RunnerNotFoundError}. */
export function runnerFor(file: string): RunnerLocation {
  const folder = vscode.workspace.getWorkspaceFolder(vscode.Uri.file(file));
  return findRunner(dirname(file), folder?.uri.fsPath ?? dirname(file), isExecutable, existsSync);
}
