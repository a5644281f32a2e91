import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchCommand, loadWithBench } from './bench-peer.js';

const SRC = dirname(import.meta.dirname);
const PACKAGE = dirname(SRC);

/** The modules a file imports at load time (`import type` and inline-type-only imports are erased by tsc). */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(?!type\b)([^;]*?)\s*from\s+'([^']+)';/gms)) {
    const names = m[1] ?? '';
    const onlyTypes =
      /^\{[^}]*\}$/s.test(names) &&
      names
        .slice(1, -1)
        .split(',')
        .every((n) => /^\s*(type\s|$)/.test(n));
    if (!onlyTypes) found.push(m[2]!);
  }
  return found;
}

/** Every package a module reaches through load-time imports, with the first path that reaches each. */
function reachablePackages(entry: string): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const visit = (file: string, path: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of staticImports(file)) {
      if (spec.startsWith('.')) visit(resolve(dirname(file), spec.replace(/\.js$/, '.ts')), [...path, spec]);
      else if (!packages.has(spec)) packages.set(spec, [...path, spec]);
    }
  };
  visit(join(SRC, entry), [entry]);
  return packages;
}

describe('bench is an optional peer (issue 23: installing the harness pulled esbuild, 11 of 20 MB)', () => {
  it.each(['index.ts', 'cli.ts'])(
    '%s loads without @tombstone-lab/bench (no load-time import reaches it)',
    (entry) => {
      const reached = [...reachablePackages(entry)].filter(([spec]) =>
        spec.startsWith('@tombstone-lab/bench'),
      );
      expect(reached.map(([, path]) => path.join(' → '))).toEqual([]);
    },
  );

  it('the graph walk does see bench where it is imported (stress and case reach it)', () => {
    expect(reachablePackages('cli/stress-command.ts').has('@tombstone-lab/bench/format')).toBe(true);
    expect(reachablePackages('cli/case-command.ts').has('@tombstone-lab/bench/runner')).toBe(true);
  });

  it('the built CLI without bench: generate works; stress and list-cases say how to install it (exit 2, one line)', () => {
    // An install as npm lays it out without the optional peer: the harness's files and its dependencies, no bench.
    const root = mkdtempSync(join(tmpdir(), 'harness-peer-'));
    try {
      const pkg = join(root, 'node_modules', '@tombstone-lab', 'harness');
      mkdirSync(pkg, { recursive: true });
      for (const f of ['dist', 'specs', 'package.json']) symlinkSync(join(PACKAGE, f), join(pkg, f));
      const manifest = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')) as {
        dependencies: Record<string, string>;
      };
      for (const dep of Object.keys(manifest.dependencies)) {
        mkdirSync(dirname(join(root, 'node_modules', dep)), { recursive: true });
        symlinkSync(realpathSync(join(PACKAGE, 'node_modules', dep)), join(root, 'node_modules', dep));
      }
      const cli = (...args: string[]) =>
        spawnSync(
          process.execPath,
          ['--preserve-symlinks', '--preserve-symlinks-main', join(pkg, 'dist', 'cli.js'), ...args],
          {
            cwd: root,
            encoding: 'utf8',
          },
        );
      const generate = cli('generate', '--spec', 'mixed', '--seed', '1', '--ops', '2');
      expect(generate.stderr).not.toMatch(/bench/);
      expect(generate.status).toBe(0);
      expect(generate.stdout.trim().split('\n')).toHaveLength(2);
      for (const args of [['stress', '--spec', 'mixed', '--ops', '10'], ['list-cases']]) {
        const r = cli(...args);
        expect(r.status).toBe(2);
        expect(r.stderr).toMatch(
          new RegExp(
            `^tombstone-harness: ${args[0]} needs @tombstone-lab/bench, which is not installed .*: npm install @tombstone-lab/bench\n$`,
          ),
        );
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 30_000);

  it('any other load failure is not mistaken for a missing bench', async () => {
    const broken = Object.assign(new Error("Cannot find package 'pure-rand'"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    await expect(loadWithBench('case', () => Promise.reject(broken))).rejects.toBe(broken);
  });

  it('a bench command keeps its help and options and loads its code only when run', async () => {
    let loads = 0;
    const command = benchCommand({ name: 'x', summary: 's', usage: 'u', options: {} }, async () => {
      loads++;
      return { name: 'x', summary: 's', usage: 'u', options: {}, run: () => 7 };
    });
    expect(loads).toBe(0);
    await expect(
      command.run({ values: {}, positionals: [], io: { stdout() {}, stderr() {}, cwd: '.' } }),
    ).resolves.toBe(7);
    expect(loads).toBe(1);
  });
});
