import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

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
