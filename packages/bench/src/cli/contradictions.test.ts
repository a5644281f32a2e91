import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAST, runCli, tempProject } from '../test-helpers.js';

const TINY = `import { defineSuite } from '@tombstone-lab/bench';
export default defineSuite({ name: 'Tiny', setup: () => ({ n: 3 }), benchmarks: { f: (s) => s.n * 2 } });
`;

function git(cwd: string, ...args: string[]): void {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8', shell: false });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
}

/** HEAD~1 has src/work.mjs only; HEAD adds src/extra.mjs and a bench file importing both. */
function repo(): string {
  const dir = tempProject({ 'src/work.mjs': 'export const work = () => 1;\n' });
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'config', 'user.email', 't@example.com');
  git(dir, 'config', 'user.name', 'T');
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '-m', 'one');
  writeFileSync(join(dir, 'src/extra.mjs'), 'export const extra = () => 2;\n');
  mkdirSync(join(dir, 'bench'));
  writeFileSync(
    join(dir, 'bench/w.bench.mjs'),
    `import { defineSuite } from '@tombstone-lab/bench';
import { work } from '../src/work.mjs';
import { extra } from '../src/extra.mjs';
export default defineSuite({ name: 'W', benchmarks: { f: () => work() + extra() } });
`,
  );
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '-m', 'two');
  return dir;
}

/** Exit 2 with one line on stderr matching `pattern`. */
function expectOneLine(r: { code: number; stderr: string }, pattern: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(pattern)]);
}

describe('contradictions are refused, not ignored', () => {
  it('calibrate FILE --from DIR: --from measures nothing', async () => {
    const dir = tempProject({ 'tiny.bench.mjs': TINY });
    mkdirSync(join(dir, 'cal'));
    const r = await runCli(['calibrate', 'tiny.bench.mjs', '--from', 'cal'], dir);
    expectOneLine(
      r,
      /calibrate --from re-summarises measured runs and measures nothing; drop tiny\.bench\.mjs/,
    );
  });

  it('run --json --format markdown: both would print on stdout', async () => {
    const dir = tempProject({ 'tiny.bench.mjs': TINY });
    const r = await runCli(['run', 'tiny.bench.mjs', '--json', '--format', 'markdown', ...FAST], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--json writes the run's events to stdout, where --format markdown would print/);
  });

  it('compare --baseline HEAD --candidate HEAD: the same commit', async () => {
    const dir = repo();
    const r = await runCli(['compare', '--baseline', 'HEAD', '--candidate', 'main', ...FAST], dir);
    expectOneLine(
      r,
      /--baseline HEAD and --candidate main are the same commit \([0-9a-f]{7}\): there is nothing to compare/,
    );
  });
});

describe('run --help', () => {
  it("prints the command's own usage and options, not the global help", async () => {
    const r = await runCli(['run', '--help'], tempProject({}));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage:\n {2}tombstone-bench run \[files…\]/);
    expect(r.stdout).toContain('--force');
    expect(r.stdout).not.toContain('tombstone-bench report');
    expect(r.stdout).not.toContain('--install-cmd');
    const report = await runCli(['report', '--help'], tempProject({}));
    expect(report.stdout).toMatch(/^Usage:\n {2}tombstone-bench report <results\.json>/);
    expect(report.stdout).not.toContain('--sample-ms');
  });
});

describe('compile errors say why on their first line', () => {
  it('a syntax error: file:line:column and the reason (list showed "does not compile:" and nothing more)', async () => {
    const dir = tempProject({
      'x.bench.mjs':
        "import { defineSuite } from '@tombstone-lab/bench';\nexport default defineSuite({ name: 'X', benchmarks: { f: () => 1 +* 2 } });\n",
    });
    const list = await runCli(['list'], dir);
    expect(list.code).toBe(2); // bad input, as for run below (list exited 1)
    expect(list.stdout).toMatch(
      /^ {2}bench file x\.bench\.mjs does not compile: x\.bench\.mjs:2:67: Unexpected "\*"$/m,
    );
    const run = await runCli(['run', 'x.bench.mjs', ...FAST], dir);
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toMatch(/does not compile: .*x\.bench\.mjs:2:67: Unexpected "\*":$/);
  });

  it('a baseline without a file the bench file imports: named as missing at that ref, no temp worktree path', async () => {
    const dir = repo();
    const r = await runCli(
      ['compare', '--baseline', 'HEAD~1', '-n', '1', '--no-install', '--no-build', ...FAST],
      dir,
    );
    expect(r.code).toBe(2);
    const first = r.stderr.split('\n').find((l) => l.startsWith('tombstone-bench:')) as string;
    expect(first).toMatch(
      /^tombstone-bench: bench file bench\/w\.bench\.mjs does not compile: bench\/w\.bench\.mjs:3:23: Could not resolve "\.\.\/src\/extra\.mjs" \(the file it imports does not exist at the baseline git:HEAD~1 \([0-9a-f]{7}\)\):$/,
    );
    expect(r.stderr.slice(r.stderr.indexOf('tombstone-bench:'))).not.toMatch(/tombstone-bench-wt-/);
  }, 60_000);
});
