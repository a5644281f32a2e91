/** `list` on a terminal: the human form of the engine's listing. */

import type { ListOutput } from '../protocol/list.js';
import { displayPath } from '../shell-quote.js';

/**
 * The human form of {@link listSuites}: per suite its file, params and case count, then each benchmark's location;
 * paths relative to `cwd` (as a user types them; `--json` keeps them absolute for programs).
 */
export function renderList(list: ListOutput, cwd: string): string {
  const lines: string[] = [];
  const shown = (path: string) => displayPath(cwd, path);
  for (const s of list.suites) {
    lines.push(`${s.suite ?? '(no defineSuite found)'}  ${shown(s.file)}`);
    if (s.loadError !== null)
      lines.push(`  ${(s.loadError.split('\n')[0] ?? '').split(`${cwd}/`).join('').replace(/:$/, '')}`);
    const params = Object.entries(s.params ?? {}).map(([k, vs]) => `${k}=${vs.map(String).join(',')}`);
    if (s.compare) params.push(`${s.compare.factor}: ${s.compare.baseline} vs ${s.compare.candidate}`);
    if (params.length > 0) lines.push(`  params: ${params.join('  ')}`);
    for (const b of s.benchmarks) lines.push(`  ${b.name}  ${shown(b.file)}:${b.line}:${b.column}`);
    if (s.cases) {
      lines.push(`  ${s.cases.length} case(s):`);
      for (const c of s.cases) lines.push(`    ${c.key}${c.role === 'guardrail' ? '  (guardrail)' : ''}`);
    }
  }
  return lines.map((l) => `${l}\n`).join('');
}
