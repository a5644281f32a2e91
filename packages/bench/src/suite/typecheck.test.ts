import { existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BenchTypeError } from '../errors.js';
import { FAST, runCli, tempProject } from '../test-helpers.js';
import { parseTscOutput } from './tsc-output.js';
import { loadCompiler, typecheckBenchFiles } from './typecheck.js';

// Each test starts a TypeScript compiler over a temp project: 21 s alone, and one run passed the suite's 30 s
// limit at load 6 (s3-merges, 2026-12-01). A compiler that really hangs still fails at 2 minutes.
const TSC_TIMEOUT_MS = 120_000;

const GOOD = `import { defineSuite } from '@tombstone-lab/bench';
export default defineSuite({ name: 'Ok', setup: () => ({ n: 3 }), benchmarks: { f: (s) => s.n * 2 } });
`;
const BAD = `import { defineSuite } from '@tombstone-lab/bench';
export default defineSuite({
  name: 'Typo',
  setup: () => ({ n: 3 }),
  benchmarks: { f: (s) => s.count * 2 },
});
`;

describe('typecheckBenchFiles', { timeout: TSC_TIMEOUT_MS }, () => {
  it('passes a well-typed suite (the runner resolves @tombstone-lab/bench itself)', () => {
    const dir = tempProject({ 'ok.bench.ts': GOOD });
    expect(() => typecheckBenchFiles([join(dir, 'ok.bench.ts')], dir)).not.toThrow();
  });

  it('reports a type error with file:line:column', () => {
    const dir = tempProject({ 'typo.bench.ts': BAD });
    let err: unknown;
    try {
      typecheckBenchFiles([join(dir, 'typo.bench.ts')], dir);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(BenchTypeError);
    expect((err as Error).message).toMatch(
      /^typo\.bench\.ts:5:29 - error TS2339: Property 'count' does not exist on type '\{ n: number; \}'\./m,
    );
  });
});

describe('run: type errors stop the run, --no-typecheck measures anyway', { timeout: TSC_TIMEOUT_MS }, () => {
  it('exit 2 naming file:line, nothing measured; --no-typecheck runs it', async () => {
    const dir = tempProject({ 'typo.bench.ts': BAD });
    const r = await runCli(['aa', 'typo.bench.ts', '-n', '1', '--sample-ms', '5', '--warmup-ms', '5'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/typo\.bench\.ts:5:29 - error TS2339/);
    expect(r.stderr).toContain('--no-typecheck');
    const off = await runCli(
      [
        'aa',
        'typo.bench.ts',
        '-n',
        '2',
        '--sample-ms',
        '5',
        '--warmup-ms',
        '5',
        '--no-typecheck',
        '--out',
        'r.json',
      ],
      dir,
    );
    expect(off.stderr).not.toMatch(/error TS/);
    expect(off.stdout).toContain('Typo.f');
  }, 60_000);
});

const REPO_TSC = join(
  dirname(createRequire(import.meta.url).resolve('typescript/package.json')),
  'bin',
  'tsc',
);
const TS7 = '/tmp/ts7/node_modules/typescript';

describe('parseTscOutput', () => {
  it('reads file(line,col): error TSnnnn lines with their indented continuations, skipping the rest', () => {
    const text = [
      "bench/a.bench.ts(5,29): error TS2339: Property 'count' does not exist.",
      "src/x.ts(1,1): error TS2322: Type 'A' is not assignable to type 'B'.",
      "  Types of property 'n' are incompatible.",
      'error TS5083: Cannot read file tsconfig.base.json.',
      '',
      'Found 2 errors in 2 files.',
    ].join('\n');
    expect(parseTscOutput(text)).toEqual([
      {
        file: 'bench/a.bench.ts',
        line: 5,
        column: 29,
        code: 2339,
        message: "Property 'count' does not exist.",
      },
      {
        file: 'src/x.ts',
        line: 1,
        column: 1,
        code: 2322,
        message: "Type 'A' is not assignable to type 'B'.\nTypes of property 'n' are incompatible.",
      },
    ]);
  });
});

describe('typecheckBenchFiles through a tsc binary (the TypeScript 7 path)', {
  timeout: TSC_TIMEOUT_MS,
}, () => {
  it("the repo's tsc binary gives the API path's message and leaves no temp config", () => {
    const dir = tempProject({ 'typo.bench.ts': BAD, 'ok.bench.ts': GOOD });
    const tsc = { kind: 'tsc', bin: REPO_TSC } as const;
    expect(() => typecheckBenchFiles([join(dir, 'ok.bench.ts')], dir, tsc)).not.toThrow();
    expect(() => typecheckBenchFiles([join(dir, 'typo.bench.ts')], dir, tsc)).toThrow(
      /^typo\.bench\.ts:5:29 - error TS2339: Property 'count' does not exist on type '\{ n: number; \}'\./m,
    );
    expect(readdirSync(dir).filter((f) => f.startsWith('.tombstone-bench-typecheck'))).toEqual([]);
  });

  it('keeps the project tsconfig options (strict off: an implicit any passes)', () => {
    const loose = `import { defineSuite } from '@tombstone-lab/bench';
function twice(x) { return x * 2; }
export default defineSuite({ name: 'Loose', setup: () => 3, benchmarks: { f: (s) => twice(s) } });
`;
    const dir = tempProject({
      'tsconfig.json': '{ "compilerOptions": { "strict": false } }',
      'l.bench.ts': loose,
    });
    const strict = tempProject({ 'l.bench.ts': loose });
    const tsc = { kind: 'tsc', bin: REPO_TSC } as const;
    expect(() => typecheckBenchFiles([join(dir, 'l.bench.ts')], dir, tsc)).not.toThrow();
    expect(() => typecheckBenchFiles([join(strict, 'l.bench.ts')], strict, tsc)).toThrow(
      /l\.bench\.ts:2:16 - error TS7006/,
    );
  });

  it('a typescript with neither the API nor a tsc binary: one line naming its version and --no-typecheck, exit 2', async () => {
    const dir = tempProject({
      'typo.bench.ts': BAD,
      'node_modules/typescript/package.json':
        '{ "name": "typescript", "version": "9.9.9", "main": "index.js" }',
      'node_modules/typescript/index.js': "module.exports = { version: '9.9.9' };",
    });
    const r = await runCli(
      ['run', 'typo.bench.ts', '-n', '3', ...FAST.filter((a) => a !== '--no-typecheck')],
      dir,
    );
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /typescript 9\.9\.9 .*has neither the compiler API nor a tsc binary.*--no-typecheck/,
      ),
    ]);
  });

  it('Ctrl-C during the type-check (tsc dies of SIGINT too): exit 130, "interrupted", run-cancelled, no results file', async () => {
    // A typescript with only a tsc binary (the TypeScript 7 path) that is killed by SIGINT, as the terminal's Ctrl-C
    // kills it: this printed `<path>/typescript/bin/tsc failed (exit SIGINT):` and exited 2.
    const dir = tempProject({
      'x.bench.ts': GOOD,
      'node_modules/typescript/package.json':
        '{ "name": "typescript", "version": "7.0.2", "main": "index.js", "bin": { "tsc": "bin/tsc" } }',
      'node_modules/typescript/index.js': "module.exports = { version: '7.0.2' };",
      'node_modules/typescript/bin/tsc': "process.kill(process.pid, 'SIGINT');",
    });
    const typecheckOn = FAST.filter((a) => a !== '--no-typecheck');
    const r = await runCli(
      ['run', 'x.bench.ts', '-n', '3', '--json', '--out', 'r.json', ...typecheckOn],
      dir,
    );
    expect(r.code).toBe(130);
    expect(r.stderr.trim()).toBe('interrupted while type-checking the bench files; nothing was measured');
    const events = r.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { type: string });
    expect(events.map((e) => e.type)).toEqual(['run-cancelled']);
    expect(existsSync(join(dir, 'r.json'))).toBe(false);
    const calibrate = await runCli(['calibrate', 'x.bench.ts', '--out', 'cal', ...typecheckOn], dir);
    expect(calibrate.code).toBe(130);
    expect(calibrate.stderr).toMatch(/^tombstone-bench: interrupted while type-checking the bench files/m);
    expect(calibrate.stderr).not.toMatch(/failed \(exit/);
  });

  it.skipIf(!existsSync(join(TS7, 'bin', 'tsc')))(
    'TypeScript 7 (from /tmp/ts7, skipped when absent: nothing is installed from the network) reports file:line:col, exit 2',
    async () => {
      const dir = tempProject({ 'typo.bench.ts': BAD, 'package.json': '{ "type": "module" }' });
      mkdirSync(join(dir, 'node_modules'));
      symlinkSync(TS7, join(dir, 'node_modules', 'typescript'));
      expect(loadCompiler(dir)?.kind).toBe('tsc');
      const r = await runCli(
        ['run', 'typo.bench.ts', '-n', '3', ...FAST.filter((a) => a !== '--no-typecheck')],
        dir,
      );
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/typo\.bench\.ts:5:29 - error TS2339: Property 'count' does not exist/);
      expect(r.stderr).not.toMatch(/TypeError|\n\s+at /);
    },
    60_000,
  );
});
