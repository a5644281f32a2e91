/**
 * Where benchmarks are in the source, and which result cases belong to each. Two sources, reconciled by key
 * (`Suite.benchmark`): the runner's `list --json` for the whole workspace, and the runner's own syntactic
 * scanner (`locateBenchmarks`, bundled from @tombstone-lab/bench) run on the live editor text, so lenses appear
 * before the first run and follow edits before the file is saved.
 */
import { locateBenchmarks } from '@tombstone-lab/bench/protocol';
import type { ListedSuite } from './protocol.js';

/** One benchmark definition in a file (1-based line and column, as the runner reports them). */
export interface BenchmarkSite {
  /** `Suite.benchmark`, the prefix of every case key of this benchmark. */
  key: string;
  suite: string;
  name: string;
  file: string;
  line: number;
  column: number;
}

/** Benchmarks defined in `text` (a bench file's current contents, TypeScript or JavaScript). */
export function sitesInText(file: string, text: string): BenchmarkSite[] {
  const found = locateBenchmarks(text);
  if (found.suite === null) return [];
  const suite = found.suite;
  return found.benchmarks.map((b) => ({
    key: `${suite}.${b.name}`,
    suite,
    name: b.name,
    file,
    line: b.line,
    column: b.column,
  }));
}

/** True when `caseKey` (`Suite.bench[size=10]`) is a case of the benchmark `siteKey` (`Suite.bench`). */
export function isCaseOf(caseKey: string, siteKey: string): boolean {
  return caseKey === siteKey || (caseKey.startsWith(siteKey) && caseKey[siteKey.length] === '[');
}

/** The case keys among `keys` that belong to `site`, in the given order. */
export function casesOf(site: Pick<BenchmarkSite, 'key'>, keys: Iterable<string>): string[] {
  return [...keys].filter((k) => isCaseOf(k, site.key));
}

/**
 * Sites per file: the listed ones, with the live text's positions winning for files open in the editor (the
 * listing reflects the saved file; the editor may be ahead of it).
 */
export function reconcile(
  listed: readonly ListedSuite[],
  live: ReadonlyMap<string, BenchmarkSite[]>,
): Map<string, BenchmarkSite[]> {
  const out = new Map<string, BenchmarkSite[]>();
  for (const s of listed) {
    if (s.suite === null) continue;
    const suite = s.suite;
    out.set(
      s.file,
      s.benchmarks.map((b) => ({ key: `${suite}.${b.name}`, suite, ...b })),
    );
  }
  for (const [file, sites] of live) out.set(file, sites);
  return out;
}

/** A `--filter` regular expression selecting exactly the cases of these benchmarks (names regex-escaped). */
export function filterFor(siteKeys: readonly string[]): string {
  const escaped = siteKeys.map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return `^(?:${escaped.join('|')})(?:\\[|$)`;
}
