import * as vscode from 'vscode';
import { caseHover } from '../model/hover-text.js';
import type { ResultsStore } from '../model/results-store.js';
import { isBenchDocument, sitesWithCases } from './site-cases.js';

/** The full statistics of a benchmark's cases when hovering its definition line. */
export class BenchHoverProvider implements vscode.HoverProvider {
  constructor(private readonly store: ResultsStore) {}

  provideHover(doc: vscode.TextDocument, pos: vscode.Position): vscode.Hover | undefined {
    if (!isBenchDocument(doc)) return undefined;
    const hit = sitesWithCases(doc, this.store).find((s) => s.site.line - 1 === pos.line);
    if (!hit || hit.cases.length === 0) return undefined;
    // The primary case first: it is the one that can be Won.
    const cases = [...hit.cases].sort((a, b) => Number(b.role === 'primary') - Number(a.role === 'primary'));
    const md = new vscode.MarkdownString(cases.map(caseHover).join('\n\n---\n\n'));
    md.supportThemeIcons = false;
    return new vscode.Hover(md, doc.lineAt(pos.line).range);
  }
}
