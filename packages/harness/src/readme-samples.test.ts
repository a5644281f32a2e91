import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), '..');
const README = readFileSync(join(PACKAGE, 'README.md'), 'utf8');

/** Every fenced block of the README with its language and the line it starts on. */
function blocks(text: string): { lang: string; code: string; line: number }[] {
  return [...text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({
    lang: m[1] ?? '',
    code: m[2] ?? '',
    line: text.slice(0, m.index).split('\n').length,
  }));
}

/**
 * `tsc` on `code` as a `.mts` file in `dir`: strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes, Node's
 * module resolution, `@tombstone-lab/harness` resolving to this package's build. Returns tsc's output ('' when clean).
 */
function typeCheck(dir: string, code: string): string {
  writeFileSync(join(dir, 'sample.mts'), code);
  const config = {
    compilerOptions: {
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      module: 'nodenext',
      moduleResolution: 'nodenext',
      target: 'es2022',
      lib: ['es2023', 'dom'],
      types: [],
      noEmit: true,
      skipLibCheck: true,
      paths: { '@tombstone-lab/harness': [join(PACKAGE, 'dist', 'index.d.ts')] },
    },
    files: ['sample.mts'],
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(config));
  const tsc = createRequire(join(PACKAGE, 'package.json')).resolve('typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8' });
  return `${r.stdout}${r.stderr}`.trim();
}

const scripts = blocks(README).filter((b) => ['js', 'mjs', 'ts'].includes(b.lang));
const shells = blocks(README).filter((b) => ['sh', 'bash', 'shell'].includes(b.lang));

describe('the README’s code blocks, as a user copies them', () => {
  it('has script and shell blocks (the extraction finds what a reader sees)', () => {
    expect(scripts.length).toBeGreaterThan(0);
    expect(shells.length).toBeGreaterThan(0);
    expect(blocks('```js\nlet a = 1;\n```\n')).toEqual([{ lang: 'js', code: 'let a = 1;\n', line: 1 }]);
  });

  it.each(scripts.map((b) => [b.line, b] as const))(
    'the script block at line %i is JavaScript (a .mjs in a project without TypeScript) and runs',
    (_, block) => {
      const dir = mkdtempSync(join(tmpdir(), 'harness-readme-'));
      const file = join(dir, 'sample.mjs');
      writeFileSync(file, block.code);
      const check = spawnSync(process.execPath, ['--check', file], { encoding: 'utf8' });
      expect(check.stderr).toBe('');
      expect(check.status).toBe(0);
      // Run from inside the package, where `@tombstone-lab/harness` resolves to its build (the self-reference).
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', block.code], {
        cwd: PACKAGE,
        encoding: 'utf8',
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
    },
  );

  it.each(scripts.map((b) => [b.line, b] as const))(
    'the script block at line %i type-checks as TypeScript in the strictest settings users have',
    (_, block) => {
      const dir = mkdtempSync(join(tmpdir(), 'harness-readme-ts-'));
      expect(typeCheck(dir, block.code)).toBe('');
    },
  );

  it('the type check fails on what noUncheckedIndexedAccess refuses (the README once passed an Op | undefined)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'harness-readme-ts-'));
    const unchecked =
      "import { encodeOp, workload, parseWorkloadSpec } from '@tombstone-lab/harness';\n" +
      'declare const spec: Parameters<typeof parseWorkloadSpec>[0];\n' +
      'const w = workload(parseWorkloadSpec(spec), 1);\n' +
      'const ops = [...w.ops(0, 0, 2)];\n' +
      'console.log(encodeOp(ops[0]));\n';
    expect(typeCheck(dir, unchecked)).toMatch(/TS2345/);
  });

  it.each(shells.map((b) => [b.line, b] as const))(
    'the shell block at line %i parses (bash -n)',
    (_, block) => {
      const r = spawnSync('bash', ['-n'], { input: block.code, encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
    },
  );
});
