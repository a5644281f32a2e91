import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Data flows one way: suite → fork → plan → measure → analyse (stats → RunReport) → finish → report → cli, with
// engine/ the one place that runs the stages in order (each stage's product goes forward, nothing comes back to a
// hub). These are the import rules that keep it so; each is shown catching a planted violation.
const SRC = fileURLToPath(new URL('.', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.includes('.test.') && !e.name.startsWith('test-') ? [path] : [];
  });
}

/** `folder/file.ts` → what it imports: a path under src (`plan/cases.js`) or a package (`node:fs`, `valibot`). */
function importsOf(file: string, root: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/from '([^']+)'/g)].map((m) => m[1] as string);
  return specs.map((spec) => (spec.startsWith('.') ? relative(root, join(file, '..', spec)) : spec));
}

/** The top-level folder (or file, or package) of an import. */
const top = (target: string) => target.split('/')[0] as string;

/** An import rule: files under `folder` import nothing `denied` says no to. */
interface Rule {
  name: string;
  folder: string;
  /** Called with each import's path under src (or its package name). */
  denied: (target: string) => boolean;
  /** A file that breaks the rule: `[path under src, text]`, and the violations it must be reported as. */
  planted: [string, string, ...string[]];
}

function violations(rule: Pick<Rule, 'folder' | 'denied'>, root = SRC): string[] {
  return sources(join(root, rule.folder)).flatMap((file) =>
    importsOf(file, root)
      .filter((t) => top(t) !== rule.folder && rule.denied(t))
      .map((t) => `${relative(root, file)} → ${t}`),
  );
}

const anyOf =
  (...folders: string[]) =>
  (t: string) =>
    folders.includes(top(t));

/** The engine's stages and the shared parts they write through. */
const STAGES = ['plan', 'measure', 'finish', 'engine'];

const RULES: Rule[] = [
  {
    name: 'statistics compute numbers: no report, engine stage, analyse, fork, git, suite or cli code',
    folder: 'stats',
    denied: anyOf('report', ...STAGES, 'analyse', 'fork', 'git', 'cli', 'suite', 'results', 'events'),
    planted: [
      'stats/x.ts',
      "import { render } from '../report/output.js';\n",
      'stats/x.ts → report/output.js',
    ],
  },
  {
    name: 'the analyse stage (records → RunReport) uses statistics and the protocol only: no other stage, fork or IO',
    folder: 'analyse',
    denied: (t) =>
      anyOf('report', ...STAGES, 'fork', 'git', 'cli', 'suite', 'results', 'events')(t) ||
      t.startsWith('node:'),
    planted: [
      'analyse/x.ts',
      "import { readFileSync } from 'node:fs';\nimport { runPlan } from '../measure/interleaved-forks.js';\n",
      'analyse/x.ts → node:fs',
      'analyse/x.ts → measure/interleaved-forks.js',
    ],
  },
  {
    name: 'the plan stage plans only: it imports no measure, finish or engine code',
    folder: 'plan',
    denied: anyOf('measure', 'finish', 'engine', 'report', 'cli'),
    planted: [
      'plan/cases.ts',
      "import { runPlan } from '../measure/interleaved-forks.js';\n",
      'plan/cases.ts → measure/interleaved-forks.js',
    ],
  },
  {
    name: 'the measure stage analyses nothing (a case verdict is handed in) and finishes nothing',
    folder: 'measure',
    // analyse/wire.ts is the protocol's projection of a side's counts (the benchmark-finished event), not analysis.
    denied: (t) =>
      anyOf('finish', 'engine', 'report', 'cli', 'git', 'suite')(t) ||
      (top(t) === 'analyse' && t !== 'analyse/wire.js'),
    planted: [
      'measure/x.ts',
      "import { analyseRun } from '../analyse/analyse-run.js';\n",
      'measure/x.ts → analyse/analyse-run.js',
    ],
  },
  {
    name: 'the finish stage takes what the stages before it hand over: no plan, measure, fork or git code',
    folder: 'finish',
    denied: anyOf('plan', 'measure', 'engine', 'fork', 'git', 'suite', 'report', 'cli'),
    planted: [
      'finish/finish-run.ts',
      "import { planMeasurement } from '../plan/measurement-plan.js';\n",
      'finish/finish-run.ts → plan/measurement-plan.js',
    ],
  },
  ...['results', 'events'].map(
    (folder): Rule => ({
      name: `${folder}/ is written through by the stages and imports none of them`,
      folder,
      denied: anyOf(...STAGES, 'report', 'cli', 'git', 'fork'),
      planted: [
        `${folder}/x.ts`,
        "import { EXIT } from '../finish/finish-run.js';\n",
        `${folder}/x.ts → finish/finish-run.js`,
      ],
    }),
  ),
  ...[
    'plan',
    'measure',
    'analyse',
    'finish',
    'results',
    'events',
    'git',
    'fork',
    'suite',
    'stats',
    'report',
  ].map(
    (folder): Rule => ({
      name: `only the engine runs the stages in order: ${folder}/ does not import engine/ (no hub to return to)`,
      folder,
      denied: anyOf('engine'),
      planted: [
        `${folder}/x.ts`,
        "import { startRun } from '../engine/engine.js';\n",
        `${folder}/x.ts → engine/engine.js`,
      ],
    }),
  ),
  {
    name: 'the command line drives the engine (engine/): it takes no plan/ code but the options, and no measure, fork or git',
    folder: 'cli',
    denied: (t) => anyOf('measure', 'fork', 'git')(t) || (top(t) === 'plan' && t !== 'plan/run-options.js'),
    planted: [
      'cli/main.ts',
      "import { setUpRun } from '../plan/plan-run.js';\nimport { workerScript } from '../fork/compile.js';\n" +
        "import { NUMBER_LIMITS } from '../plan/run-options.js';\n",
      'cli/main.ts → plan/plan-run.js',
      'cli/main.ts → fork/compile.js',
    ],
  },
  {
    name: 'protocol imports only itself, the number forms and valibot (clients bundle it)',
    folder: 'protocol',
    denied: (t) => t !== 'valibot' && top(t) !== 'format',
    planted: [
      'protocol/x.ts',
      "import { median } from '../stats/describe.js';\n",
      'protocol/x.ts → stats/describe.js',
    ],
  },
  {
    name: 'the number forms (format/) import nothing: `@tombstone-lab/bench/format` pulls in nothing else',
    folder: 'format',
    denied: () => true,
    planted: [
      'format/x.ts',
      "import { median } from '../stats/describe.js';\n",
      'format/x.ts → stats/describe.js',
    ],
  },
  {
    name: 'git mode only plans worktrees: git/ imports no stage code (git-compare once imported four run/ modules)',
    folder: 'git',
    denied: anyOf(...STAGES, 'report', 'analyse'),
    planted: [
      'git/git-compare.ts',
      "import { measureRun } from '../measure/measure-run.js';\n",
      'git/git-compare.ts → measure/measure-run.js',
    ],
  },
  {
    name: 'reports render a RunReport: report/ reaches into no stage, fork or git code, and writes no files',
    folder: 'report',
    denied: anyOf(...STAGES, 'results', 'events', 'fork', 'git'),
    planted: [
      'report/output.ts',
      "import { ensureDirectory } from '../results/directories.js';\n",
      'report/output.ts → results/directories.js',
    ],
  },
  ...[
    'suite',
    'fork',
    ...STAGES,
    'results',
    'events',
    'git',
    'stats',
    'analyse',
    'report',
    'protocol',
    'format',
  ].map(
    (folder): Rule => ({
      name: `only the command line (and the entry points) import cli/: ${folder}/ does not`,
      folder,
      denied: anyOf('cli'),
      planted: [`${folder}/x.ts`, "import { main } from '../cli/main.js';\n", `${folder}/x.ts → cli/main.js`],
    }),
  ),
];

function plantedTree(path: string, text: string): string {
  const root = mkdtempSync(join(tmpdir(), 'arch-'));
  mkdirSync(join(root, dirname(path)), { recursive: true });
  writeFileSync(join(root, path), text);
  return root;
}

/**
 * Files that analyse a run (call `analyze(` or `analyzeRun(`; defining one is not a call) anywhere but the analyse
 * stage: the statistics included (stats/calibration.ts once analysed its runs itself), and the entry files.
 */
function analysesOutsideTheStage(root = SRC): string[] {
  const folders = readdirSync(root, { withFileTypes: true }).filter(
    (e) => e.isDirectory() && e.name !== 'analyse',
  );
  return [
    ...folders.flatMap((e) => sources(join(root, e.name))),
    ...sources(root).filter((f) => dirname(f) === root),
  ]
    .filter((file) => /(?<!function )\banalyze(Run)?\(/.test(readFileSync(file, 'utf8')))
    .map((file) => relative(root, file))
    .sort();
}

/** Entry files that export an analysis other than the analyse stage's `analyseRun` (`/runner` once exported analyzeRun). */
function analysisExports(root = SRC): string[] {
  return sources(root)
    .filter((f) => dirname(f) === root)
    .filter((f) => /export\s*(type\s*)?\{[^}]*\banalyze(Run)?\b[^}]*\}/.test(readFileSync(f, 'utf8')))
    .map((f) => relative(root, f));
}

/** What the entry file `name.ts` at the root of `root` imports outside `allowed` folders. */
function entryViolations(name: string, allowed: readonly string[], root = SRC): string[] {
  return importsOf(join(root, `${name}.ts`), root)
    .filter((t) => !allowed.includes(top(t)) && t !== 'valibot')
    .map((t) => `${name}.ts → ${top(t)}`);
}

describe('architecture', () => {
  it('the `protocol` entry is pure: types, schemas, parse and wording from protocol/ (no report/ or suite/)', () => {
    expect(entryViolations('protocol', ['protocol'])).toEqual([]);
    const root = plantedTree('protocol.ts', "export { checkReasonText } from './report/check-text.js';\n");
    expect(entryViolations('protocol', ['protocol'], root)).toEqual(['protocol.ts → report']);
  });

  it('the `format` entry takes only format/', () => {
    expect(entryViolations('format', ['format'])).toEqual([]);
    const root = plantedTree('format.ts', "export { formatP } from './report/number-format.js';\n");
    expect(entryViolations('format', ['format'], root)).toEqual(['format.ts → report']);
  });

  it('the `runner` entry is the engine, not the command line: it exports nothing from cli/', () => {
    const engine = [
      'analyse',
      'engine',
      'finish',
      'plan',
      'results',
      'stats',
      'errors.js',
      'model.js',
      'shell-quote.js',
    ];
    expect(entryViolations('runner', engine)).toEqual([]);
    const root = plantedTree('runner.ts', "export { main } from './cli/main.js';\n");
    expect(entryViolations('runner', engine, root)).toEqual(['runner.ts → cli']);
  });

  for (const rule of RULES) {
    it(rule.name, () => {
      expect(violations(rule)).toEqual([]);
      const [path, text, ...expected] = rule.planted;
      expect(violations(rule, plantedTree(path, text))).toEqual(expected);
    });
  }

  it('clients analyse through the analyse stage: no entry point exports analyze or analyzeRun', () => {
    expect(analysisExports()).toEqual([]);
    const root = plantedTree('runner.ts', "export { analyseRun } from './analyse/analyse-run.js';\n");
    writeFileSync(
      join(root, 'index.ts'),
      "export { analyzeRun, type RunAnalysis } from './stats/analyze-run.js';\n",
    );
    expect(analysisExports(root)).toEqual(['index.ts']);
  });

  it('a run is analysed in one place: no analyze( or analyzeRun( call outside analyse/', () => {
    expect(analysesOutsideTheStage()).toEqual([]);
    const root = plantedTree('cli/report-output.ts', 'const input = analyze(run, output);\n');
    writeFileSync(join(root, 'runner.ts'), 'export { x } from "./y.js";\n');
    mkdirSync(join(root, 'stats'));
    writeFileSync(join(root, 'stats', 'calibration.ts'), 'const a = runs.map((r) => analyzeRun(r));\n');
    writeFileSync(join(root, 'stats', 'analyze-run.ts'), 'export function analyzeRun(run) {}\n');
    mkdirSync(join(root, 'analyse'));
    writeFileSync(join(root, 'analyse', 'run-analyses.ts'), 'const analysis = analyzeRun(run);\n');
    expect(analysesOutsideTheStage(root)).toEqual(['cli/report-output.ts', 'stats/calibration.ts']);
  });
});
