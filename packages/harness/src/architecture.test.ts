import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sources } from './test-sources.js';

// Data flows one way: the workload generator (generator/) → its encodings (encode/) → the model checker (check/)
// → stress runs (stress/) and case studies (cases/) → their pictures (pictures/) → the command line (cli/), which
// maps argv to options and writes the files. report/ (text tables) and files/ (atomic writes, output paths) are
// leaves the layers above share. Each folder imports only the layers below it, so no two folders import each other
// (pictures ↔ stress and pictures ↔ cases once did: stress-html and case-command drew and wrote in one place).
const SRC = fileURLToPath(new URL('.', import.meta.url));

/** `folder/file.ts` → what it imports from src, statically or with `import()`, as paths under src. */
function importsOf(file: string, root: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:from |import\()'(\.[^']+)'/g)].map((m) => m[1] as string);
  return specs.map((spec) => relative(root, join(file, '..', spec)));
}

/** The top-level folder (or root file, or package) of a path under src. */
const top = (target: string) => target.split('/')[0] as string;

/**
 * The layers, lowest first. A folder may import a folder of a lower layer (and root files of layer 0), never one of
 * its own layer or above. Root files: errors.js (the typed errors every part throws) and pacer.js (Ctrl-C and
 * progress turns for long loops), shared; index.js and cli.js, the entry points.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['errors.js'],
  ['pacer.js', 'report', 'files'],
  ['generator'],
  ['encode', 'workloads'],
  ['check'],
  ['stress', 'cases'],
  ['pictures'],
  ['cli'],
];

const layerOf = (name: string) => LAYERS.findIndex((layer) => layer.includes(name));

/** A part of src: its top folder, or a root file named as it is imported (`errors.js`). */
const partOf = (path: string) => top(path).replace(/\.ts$/, '.js');

/** Every import from one part of src to another that goes sideways or up a layer: `file → target`. */
function layerViolations(root = SRC): string[] {
  return sources(root).flatMap((file) => {
    const from = partOf(relative(root, file));
    if (from === 'index.js' || from === 'cli.js') return [];
    return importsOf(file, root)
      .filter((t) => partOf(t) !== from && layerOf(partOf(t)) >= layerOf(from))
      .map((t) => `${relative(root, file)} → ${t}`);
  });
}

/** Folder → the folders it imports, and any cycle in that graph (as `a → b → a`). */
function folderCycles(root = SRC): string[] {
  const edges = new Map<string, Set<string>>();
  for (const file of sources(root)) {
    const from = top(relative(root, file));
    if (!from.includes('.')) {
      for (const t of importsOf(file, root)) {
        const to = top(t);
        if (to !== from && !to.includes('.')) edges.set(from, (edges.get(from) ?? new Set()).add(to));
      }
    }
  }
  const cycles: string[] = [];
  const walk = (path: readonly string[]) => {
    for (const next of edges.get(path[path.length - 1] as string) ?? []) {
      if (next === path[0]) cycles.push([...path, next].join(' → '));
      else if (!path.includes(next) && next > (path[0] as string)) walk([...path, next]);
    }
  };
  for (const start of [...edges.keys()].sort()) walk([start]);
  return cycles;
}

/** What the entry file `name.ts` imports from the folders in `denied`. */
function entryImports(name: string, denied: readonly string[], root = SRC): string[] {
  return importsOf(join(root, `${name}.ts`), root)
    .filter((t) => denied.includes(top(t)))
    .map((t) => `${name}.ts → ${t}`);
}

function plantedTree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'harness-arch-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, dirname(path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('architecture', () => {
  it('every folder and shared root file of src has a layer (a new part must be placed)', () => {
    const parts = sources(SRC).map((f) => partOf(relative(SRC, f)));
    const entries = ['index.js', 'cli.js'];
    expect([...new Set(parts)].filter((p) => layerOf(p) === -1 && !entries.includes(p))).toEqual([]);
  });

  it('each part imports only the layers below it: generator → encode → check → stress/cases → pictures → cli', () => {
    expect(layerViolations()).toEqual([]);
    const root = plantedTree({
      'generator/workload.ts':
        "import { opLine } from '../encode/ndjson.js';\nimport { x } from 'valibot';\n",
      'stress/stress-html.ts': "import { stressHtmlReport } from '../pictures/stress-pictures.js';\n",
      'cases/case.ts': "import { runStress } from '../stress/stress-run.js';\n",
      'check/check-run.ts':
        "const m = await import('../cli/main.js');\nimport { Pacer } from '../pacer.js';\n",
      'errors.ts': "import { x } from './report/text-report.js';\n",
      'files/atomic-file.ts': "import { formatP } from '../report/text-report.js';\n",
    });
    expect(layerViolations(root).sort()).toEqual(
      [
        'generator/workload.ts → encode/ndjson.js',
        'stress/stress-html.ts → pictures/stress-pictures.js',
        'cases/case.ts → stress/stress-run.js',
        'check/check-run.ts → cli/main.js',
        'errors.ts → report/text-report.js',
        'files/atomic-file.ts → report/text-report.js',
      ].sort(),
    );
  });

  it('no two folders import each other, directly or round a loop', () => {
    expect(folderCycles()).toEqual([]);
    const root = plantedTree({
      'pictures/stress-pictures.ts': "import type { StressOutcome } from '../stress/stress-run.js';\n",
      'stress/stress-html.ts': "import { stressHtmlReport } from '../pictures/stress-pictures.js';\n",
      'cases/a.ts': "import { b } from '../check/b.js';\n",
      'check/b.ts': "import { c } from '../encode/c.js';\n",
      'encode/c.ts': "import { a } from '../cases/a.js';\n",
    });
    expect(folderCycles(root)).toEqual(['cases → check → encode → cases', 'pictures → stress → pictures']);
  });

  it('only the bin (cli.ts) imports cli/: the public API (index.ts) is the library without the command line', () => {
    expect(entryImports('index', ['cli'])).toEqual([]);
    const root = plantedTree({ 'index.ts': "export { runCli } from './cli/main.js';\n" });
    expect(entryImports('index', ['cli'], root)).toEqual(['index.ts → cli/main.js']);
  });

  it('the bin is only the entry: cli.ts imports cli/ and nothing else of src', () => {
    const others = LAYERS.flat().filter((f) => f !== 'cli');
    expect(entryImports('cli', others)).toEqual([]);
    const root = plantedTree({ 'cli.ts': "import { workload } from './generator/workload.js';\n" });
    expect(entryImports('cli', others, root)).toEqual(['cli.ts → generator/workload.js']);
  });
});
