/**
 * `list`: what each bench file defines — its suite, each benchmark's source location, params, the compared factor,
 * and the cases a run would measure. The source locations come from the file's text; the rest from loading the
 * suite in a fork (as a run does), so a file that does not load is listed with its error instead of dropped.
 */
import { readFile } from 'node:fs/promises';
import { compileBench } from '../fork/compile.js';
import type { ListedSuite, ListOutput } from '../protocol/list.js';
import { locateBenchmarks } from '../protocol/locate.js';
import { PROTOCOL_VERSION } from '../protocol/version.js';
import { expandSuite } from '../suite/cases.js';
import { describeBundle, type PlanContext } from './cases.js';

async function listOne(file: string, ctx: Omit<PlanContext, 'selection' | 'kit'>): Promise<ListedSuite> {
  const found = locateBenchmarks(await readFile(file, 'utf8'));
  const benchmarks = found.benchmarks.map((b) => ({ name: b.name, file, line: b.line, column: b.column }));
  try {
    const bundle = await compileBench(file, ctx.cacheDir, 'shared');
    const shape = await describeBundle(file, bundle, ctx);
    const cases = expandSuite(file, shape).map((c) => ({
      key: c.key,
      benchmark: c.benchmark,
      params: c.params,
      role: c.role,
    }));
    return {
      file,
      suite: found.suite ?? shape.name,
      benchmarks,
      params: shape.params,
      compare: shape.compare,
      cases,
      loadError: null,
    };
  } catch (e) {
    const loadError = e instanceof Error ? e.message : String(e);
    return { file, suite: found.suite, benchmarks, params: null, compare: null, cases: null, loadError };
  }
}

/** Lists every file (in order). Never throws for a file that fails to load: its `loadError` says why. */
export async function listSuites(
  files: readonly string[],
  ctx: Omit<PlanContext, 'selection' | 'kit'>,
): Promise<ListOutput> {
  const suites: ListedSuite[] = [];
  for (const file of files) suites.push(await listOne(file, ctx));
  return { protocol: PROTOCOL_VERSION, suites };
}
