import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The extension starts processes from one module, `runner/processes.ts`, which takes a program and an argument
// array and never a shell. These rules keep it so; each is shown catching a planted violation.
const SRC = fileURLToPath(new URL('.', import.meta.url));
const SPAWNER = 'runner/processes.ts';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') ? [relative(SRC, path)] : [];
  });
}

/** `import … from`, `export … from`, `import(…)` and `require(…)` of child_process, with or without `node:`. */
const CHILD_PROCESS = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)['"](?:node:)?child_process['"]/;
const isTest = (file: string) => file.includes('.test.');

/**
 * What breaks the rules in `files` (path under src → text): child_process outside runner/, or in runner/ code other
 * than the spawner (tests in runner/ may start helper processes of their own); a shell turned on anywhere.
 */
function violations(files: ReadonlyMap<string, string>): string[] {
  return [...files].flatMap(([file, text]) => {
    const found: string[] = [];
    if (CHILD_PROCESS.test(text) && file !== SPAWNER && !(file.startsWith('runner/') && isTest(file)))
      found.push(`${file} imports child_process (start processes through ${SPAWNER})`);
    if (/\bshell\s*:(?!\s*false\b)/.test(text)) found.push(`${file} passes a shell option other than false`);
    return found;
  });
}

/** Every source file but this one (its planted examples are text, not imports). */
const tree = () =>
  new Map(
    sources(SRC)
      .filter((f) => f !== 'architecture.test.ts')
      .map((f) => [f, readFileSync(join(SRC, f), 'utf8')]),
  );

describe('architecture: processes', () => {
  it(`only ${SPAWNER} starts processes, and never through a shell`, () => {
    const files = tree();
    expect(files.has(SPAWNER)).toBe(true);
    expect(violations(files)).toEqual([]);
  });

  it('catches planted violations: each form of importing child_process outside runner/, and a shell', () => {
    const planted: [string, string][] = [
      ['editor/a.ts', "import { execFile } from 'node:child_process';\n"],
      ['model/b.ts', "import * as cp from 'child_process';\n"],
      ['editor/c.ts', "const cp = await import('node:child_process');\n"],
      ['panel/d.ts', "const { spawn } = require('child_process');\n"],
      ['e.ts', "export { spawn } from 'node:child_process';\n"],
      ['runner/f.ts', "import { fork } from 'node:child_process';\n"],
      ['model/g.test.ts', "import { spawn } from 'node:child_process';\n"],
    ];
    for (const [file, text] of planted) {
      const files = new Map([...tree(), [file, text]]);
      expect(violations(files)).toEqual([
        `${file} imports child_process (start processes through ${SPAWNER})`,
      ]);
    }
    const shell = new Map([
      ...tree(),
      [SPAWNER, `${tree().get(SPAWNER)}\nspawn('x', [], { shell: true });\n`],
    ]);
    expect(violations(shell)).toEqual([`${SPAWNER} passes a shell option other than false`]);
  });
});
