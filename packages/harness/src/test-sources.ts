/** What the source-scanning tests share (not shipped: `test-*.ts`): the package's shipped TypeScript files. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The `.ts` files under `dir` that the build ships: no tests, no `test-*` helpers, no fixtures. */
export function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'fixtures' ? [] : sources(path);
    return e.name.endsWith('.ts') && !e.name.includes('.test.') && !e.name.startsWith('test-') ? [path] : [];
  });
}
