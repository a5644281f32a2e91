import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAST, runCli, tempProject } from '../test-helpers.js';
import { BENCH_EXTENSIONS, findBenchFiles } from './discover.js';
import { loadCompiler, typecheckBenchFiles } from './typecheck.js';

const ESM = (name: string) => `import { defineSuite } from '@tombstone-lab/bench';
export default defineSuite({ name: '${name}', setup: () => ({ n: 3 }), benchmarks: { f: (s) => s.n * 2 } });
`;
const CJS = (name: string) => `const { defineSuite } = require('@tombstone-lab/bench');
module.exports = defineSuite({ name: '${name}', setup: () => ({ n: 3 }), benchmarks: { f: (s) => s.n * 2 } });
`;
/** The runner's type-check, without the flag that turns it off: a JS project passes no flag. */
const CHECKED = FAST.filter((a) => a !== '--no-typecheck');

describe('a JavaScript project', () => {
  it('discovers every bench file kind (ts, mts, cts, js, mjs, cjs) and nothing else', () => {
    const files: Record<string, string> = { 'x.test.mjs': '', 'bench.mjs': '', 'a.bench.tsx.txt': '' };
    for (const ext of BENCH_EXTENSIONS) files[`sub/s.bench.${ext}`] = '';
    const dir = tempProject(files);
    const found = findBenchFiles([], dir).map((f) => f.slice(dir.length + 1));
    expect(found).toEqual(BENCH_EXTENSIONS.map((e) => `sub/s.bench.${e}`).sort());
  });

  it('JavaScript bench files are never type-checked (no compiler is even started)', () => {
    const dir = tempProject({ 'a.bench.mjs': ESM('A'), 'b.bench.cjs': CJS('B'), 'c.bench.js': ESM('C') });
    const noCompiler = { kind: 'tsc' as const, bin: join(dir, 'no-such-tsc') };
    const files = ['a.bench.mjs', 'b.bench.cjs', 'c.bench.js'].map((f) => join(dir, f));
    expect(typecheckBenchFiles(files, dir, noCompiler)).toBeUndefined();
  });

  it('TypeScript files without a resolvable typescript: skipped with a one-line note naming them', () => {
    const dir = tempProject({ 'a.bench.ts': ESM('A'), 'b.bench.mts': ESM('B'), 'c.bench.mjs': ESM('C') });
    expect(loadCompiler(dir, [join(dir, 'package.json')])).toBeNull();
    const note = typecheckBenchFiles(
      ['a.bench.ts', 'b.bench.mts', 'c.bench.mjs'].map((f) => join(dir, f)),
      dir,
      null,
    );
    expect(note?.split('\n')).toEqual([
      expect.stringMatching(/^note: a\.bench\.ts, b\.bench\.mts not type-checked: no `typescript`/),
    ]);
  });

  it('run measures .bench.mjs, .bench.cjs and .bench.js suites found by a directory walk, with no flag', async () => {
    const dir = tempProject({
      'bench/a.bench.mjs': ESM('Esm'),
      'bench/b.bench.cjs': CJS('Cjs'),
      'bench/c.bench.js': ESM('Plain'),
    });
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }');
    const r = await runCli(['run', 'bench', '-n', '1', ...CHECKED, '--out', 'r.json'], dir);
    expect(r.stderr).not.toMatch(/typescript|error/i);
    for (const key of ['Esm.f', 'Cjs.f', 'Plain.f']) expect(r.stdout).toContain(key);
    const list = await runCli(['list', '--json'], dir);
    expect(list.code).toBe(0);
    const suites = (JSON.parse(list.stdout) as { suites: { suite: string }[] }).suites.map((s) => s.suite);
    expect(suites.sort()).toEqual(['Cjs', 'Esm', 'Plain']);
  }, 60_000);
});
