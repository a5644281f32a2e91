import { isAbsolute, resolve } from 'node:path';
import type { BenchDiagnostic } from '@tombstone-lab/bench/protocol';
import * as vscode from 'vscode';

/**
 * The runner's type and syntax errors in the Problems panel, every one at its line (the toast has room for the
 * first only). They stay until the next run starts: that run checks the files again.
 */
export class BenchProblems implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('tombstone-bench');

  /** Shows `list`; relative paths are the runner's, relative to the directory it ran in (`cwd`). */
  show(list: readonly BenchDiagnostic[], cwd: string): void {
    const byFile = new Map<string, vscode.Diagnostic[]>();
    for (const d of list) {
      const file = isAbsolute(d.file) ? d.file : resolve(cwd, d.file);
      const at = new vscode.Position(Math.max(d.line - 1, 0), Math.max(d.column - 1, 0));
      const kind = d.kind === 'syntax' ? 'syntax error' : d.kind === 'type' ? 'type error' : 'compile error';
      const diagnostic = new vscode.Diagnostic(new vscode.Range(at, at), `${kind}: ${d.message}`);
      diagnostic.source = 'tombstone-bench';
      if (d.code) diagnostic.code = d.code;
      byFile.set(file, [...(byFile.get(file) ?? []), diagnostic]);
    }
    this.collection.clear();
    for (const [file, diagnostics] of byFile) this.collection.set(vscode.Uri.file(file), diagnostics);
  }

  clear(): void {
    this.collection.clear();
  }

  dispose(): void {
    this.collection.dispose();
  }
}
