import type * as vscode from 'vscode';
import { isBenchPath } from '../model/bench-files.js';
import type { CaseState, ResultsStore } from '../model/results-store.js';
import { type BenchmarkSite, isCaseOf, sitesInText } from '../model/source-map.js';

/** A benchmark in an open document with the cases the store knows for it. */
export interface SiteWithCases {
  site: BenchmarkSite;
  cases: CaseState[];
}

/** The document's benchmarks (scanned from its live text) and their cases from the newest run that measured them. */
export function sitesWithCases(doc: vscode.TextDocument, store: ResultsStore): SiteWithCases[] {
  return sitesInText(doc.uri.fsPath, doc.getText()).map((site) => ({
    site,
    cases: store.newestCases((key) => isCaseOf(key, site.key)),
  }));
}

/** Whether a document is a bench file. */
export const isBenchDocument = (doc: vscode.TextDocument) =>
  doc.uri.scheme === 'file' && isBenchPath(doc.uri.fsPath);
