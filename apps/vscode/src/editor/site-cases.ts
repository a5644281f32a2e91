import type * as vscode from 'vscode';
import type { CaseState, ResultsStore } from '../model/results-store.js';
import { type BenchmarkSite, casesOf, sitesInText } from '../model/source-map.js';

/** A benchmark in an open document with the cases the store knows for it. */
export interface SiteWithCases {
  site: BenchmarkSite;
  cases: CaseState[];
}

/** The document's benchmarks (scanned from its live text) and their cases. */
export function sitesWithCases(doc: vscode.TextDocument, store: ResultsStore): SiteWithCases[] {
  const all = store.all();
  const keys = all.map((c) => c.key);
  return sitesInText(doc.uri.fsPath, doc.getText()).map((site) => {
    const mine = new Set(casesOf(site, keys));
    return { site, cases: all.filter((c) => mine.has(c.key)) };
  });
}

/** Whether a document is a bench file. */
export const isBenchDocument = (doc: vscode.TextDocument) =>
  doc.uri.scheme === 'file' && doc.uri.fsPath.endsWith('.bench.ts');
