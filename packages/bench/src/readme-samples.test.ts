import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { tempProject } from './test-helpers.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const README = join(HERE, '..', 'README.md');
const EXTRACT = join(HERE, '..', '..', '..', '.ci', 'bench-walkthrough', 'readme-file.mjs');
const WALKTHROUGH = join(HERE, '..', '..', '..', '.ci', 'bench-walkthrough', 'run.sh');

const extract = (readme: string, name: string) =>
  spawnSync(process.execPath, [EXTRACT, readme, name], { encoding: 'utf8' });

describe('README samples are the files CI runs', () => {
  // The walkthrough (run.sh, a consumer check) takes every file from the packed README with readme-file.mjs.
  const wanted = [...readFileSync(WALKTHROUGH, 'utf8').matchAll(/\breadme (?:'([^']+)'|([^\s<]\S*)) /g)].map(
    (m) => (m[1] ?? m[2])!,
  );

  it('the walkthrough takes the suite, its code, both sum commits and the Engine and Protocol samples', () => {
    expect(new Set(wanted)).toEqual(
      new Set([
        'src/lookup.ts',
        'bench/lookup.bench.ts',
        'src/sum.ts',
        'bench/sum.bench.ts',
        'src/sum.ts (commit 2)',
        'examples/engine.ts',
        'examples/events.ts',
      ]),
    );
  });

  it.each(wanted)('the README has exactly one ```ts block "// %s"', (name) => {
    const r = extract(README, name);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.startsWith(`// ${name}\n`)).toBe(true);
  });

  it('every import of ../src/… in a README sample is a file the README shows', () => {
    const text = readFileSync(README, 'utf8');
    const imported = [...text.matchAll(/from '\.\.\/(src\/[\w-]+)\.js'/g)].map((m) => `${m[1]}.ts`);
    expect(imported.length).toBeGreaterThan(0);
    for (const file of imported) expect(extract(README, file).status).toBe(0);
  });

  it('the extractor refuses a missing block (exit 2, naming it)', () => {
    const r = extract(README, 'src/nothing.ts');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/0 ```ts blocks start with "\/\/ src\/nothing\.ts"/);
  });
});

describe('the Engine sample works as copied into an .mjs (a stranger trial: it exited 1, then threw on a rerun)', () => {
  it('run twice in the walkthrough project: each time exit 0, one benchmark, in out/engine.json', async () => {
    const block = (name: string) => {
      const r = extract(README, name);
      expect(r.status).toBe(0);
      return r.stdout;
    };
    const dir = tempProject({
      'src/lookup.ts': block('src/lookup.ts'),
      'bench/lookup.bench.ts': block('bench/lookup.bench.ts'),
    });
    // As copied, but for the project directory (a test cannot chdir) and no type-check (no typescript in the project).
    const sample = block('examples/engine.ts').replace(
      'cwd: process.cwd(),',
      `cwd: ${JSON.stringify(dir)}, typecheck: false,`,
    );
    expect(sample).toContain(`cwd: ${JSON.stringify(dir)}`);
    mkdirSync(join(dir, 'examples'));
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
    try {
      for (const k of [1, 2]) {
        // Each import is a fresh module (a new file), as each `node examples/engine.mjs` would be.
        const file = join(dir, 'examples', `engine-${k}.mjs`);
        writeFileSync(file, sample);
        await import(file);
        expect(printed.at(-1)).toBe(`exit 0: 1 benchmark(s) in ${join(dir, 'out', 'engine.json')}`);
      }
    } finally {
      log.mockRestore();
    }
  }, 120_000);
});

describe('the README says how to run examples/*.ts on Node 20 (a stranger: `node examples/events.ts` fails there)', () => {
  it('a ```sh block compiles both samples and runs them, and the walkthrough runs exactly its lines', () => {
    const blocks = [...readFileSync(README, 'utf8').matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map(
      (m) => m[1] ?? '',
    );
    const block = blocks.find((b) => b.includes('examples/engine.ts examples/events.ts'));
    expect(block).toBeDefined();
    const lines = (block ?? '').trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/^npx tsc .*--outDir out\/examples examples\/engine\.ts examples\/events\.ts$/),
      'node out/examples/engine.js',
      'node out/examples/events.js',
    ]);
    const walkthrough = readFileSync(WALKTHROUGH, 'utf8').split('\n');
    for (const line of lines)
      expect(walkthrough.some((w) => w === line || w.startsWith(`${line} |`))).toBe(true);
  });
});
