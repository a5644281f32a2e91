import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Data flows one way: suite → fork → run (plan, measure) → analyse (stats → RunReport) → report → cli. These are the
// import rules that keep it so; each is shown catching a planted violation.
const SRC = fileURLToPath(new URL('.', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.includes('.test.') && !e.name.startsWith('test-') ? [path] : [];
  });
}

/** `folder/file.ts` → the top-level folders (or packages) it imports. */
function importsOf(file: string, root: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/from '([^']+)'/g)].map((m) => m[1] as string);
  return specs.map((spec) =>
    spec.startsWith('.') ? (relative(root, join(file, '..', spec)).split('/')[0] as string) : spec,
  );
}

/** An import rule: files under `folder` import nothing `denied` says no to. */
interface Rule {
  name: string;
  folder: string;
  denied: (target: string) => boolean;
  /** A file that breaks the rule: `[path under src, text]`, and the violation it must be reported as. */
  planted: [string, string, string];
}

function violations(rule: Pick<Rule, 'folder' | 'denied'>, root = SRC): string[] {
  return sources(join(root, rule.folder)).flatMap((file) =>
    importsOf(file, root)
      .filter((t) => t !== rule.folder && rule.denied(t))
      .map((t) => `${relative(root, file)} → ${t}`),
  );
}

const anyOf =
  (...folders: string[]) =>
  (t: string) =>
    folders.includes(t);

const RULES: Rule[] = [
  {
    name: 'statistics compute numbers: no report, run, analyse, fork, git, suite or cli code',
    folder: 'stats',
    denied: anyOf('report', 'run', 'analyse', 'fork', 'git', 'cli', 'suite'),
    planted: ['stats/x.ts', "import { render } from '../report/output.js';\n", 'stats/x.ts → report'],
  },
  {
    name: 'the analyse stage (records → RunReport) uses statistics and the protocol only: no run, report or cli',
    folder: 'analyse',
    denied: anyOf('report', 'run', 'fork', 'git', 'cli', 'suite'),
    planted: ['analyse/x.ts', "import { runPlan } from '../run/runner.js';\n", 'analyse/x.ts → run'],
  },
  {
    name: 'the engine (run/) never reaches into report or cli code (the engine once took analyze() from report/)',
    folder: 'run',
    denied: anyOf('report', 'cli'),
    planted: [
      'run/session.ts',
      "import { analyze } from '../report/output.js';\n",
      'run/session.ts → report',
    ],
  },
  {
    name: 'the protocol imports only itself, the number forms and valibot (clients bundle it)',
    folder: 'protocol',
    denied: (t) => t !== 'valibot' && t !== 'format',
    planted: ['protocol/x.ts', "import { median } from '../stats/describe.js';\n", 'protocol/x.ts → stats'],
  },
  {
    name: 'the number forms (format/) import nothing: `@tombstone-lab/bench/format` pulls in nothing else',
    folder: 'format',
    denied: () => true,
    planted: ['format/x.ts', "import { median } from '../stats/describe.js';\n", 'format/x.ts → stats'],
  },
  {
    name: 'git mode only plans worktrees: git/ imports no engine (run/) code (git-compare once imported four)',
    folder: 'git',
    denied: anyOf('run', 'report', 'analyse'),
    planted: [
      'git/git-compare.ts',
      "import { measure } from '../run/session.js';\n",
      'git/git-compare.ts → run',
    ],
  },
  {
    name: 'reports render a RunReport: report/ reaches into no engine (run/) code (output.ts once did)',
    folder: 'report',
    denied: anyOf('run', 'fork', 'git'),
    planted: [
      'report/output.ts',
      "import { ensureDirectory } from '../run/directories.js';\n",
      'report/output.ts → run',
    ],
  },
  ...['suite', 'fork', 'run', 'git', 'stats', 'analyse', 'report', 'protocol', 'format'].map(
    (folder): Rule => ({
      name: `only the command line (and the entry points) import cli/: ${folder}/ does not`,
      folder,
      denied: anyOf('cli'),
      planted: [`${folder}/x.ts`, "import { main } from '../cli/main.js';\n", `${folder}/x.ts → cli`],
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

/** What the entry file `name.ts` at the root of `root` imports outside `allowed` folders. */
function entryViolations(name: string, allowed: readonly string[], root = SRC): string[] {
  return importsOf(join(root, `${name}.ts`), root)
    .filter((t) => !allowed.includes(t) && t !== 'valibot')
    .map((t) => `${name}.ts → ${t}`);
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

  for (const rule of RULES) {
    it(rule.name, () => {
      expect(violations(rule)).toEqual([]);
      const [path, text, expected] = rule.planted;
      expect(violations(rule, plantedTree(path, text))).toEqual([expected]);
    });
  }

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
