import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GitError, UsageError } from '../errors.js';
import type { RunRecord } from '../model.js';
import { parseEvent } from '../protocol/parse.js';
import { FAST, processGone, runCli, tempProject } from '../test-helpers.js';
import { buildTree, isDirty, parseCommand, resolveCommit } from './git.js';

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8', shell: false });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

const work = (n: number): string =>
  `export function work(): number { let t = 0; for (let i = 0; i < ${n}; i++) t = (t * 31 + i) | 0; return t; }\n`;

const BENCH = `import { defineSuite } from '@tombstone-lab/bench';
import { work } from '../src/work.js';
export default defineSuite({ name: 'Work', benchmarks: { work: () => work() } });
`;

/** Two commits: HEAD~1 has a slow `work` and no bench file; HEAD a 3× faster one plus the bench file. */
function makeRepo(): string {
  const dir = tempProject({ 'src/work.ts': work(600) });
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'config', 'user.email', 'test@example.com');
  git(dir, 'config', 'user.name', 'Test');
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '-m', 'slow');
  writeFileSync(join(dir, 'src/work.ts'), work(200));
  spawnSync('mkdir', ['-p', join(dir, 'bench')]);
  writeFileSync(join(dir, 'bench/work.bench.ts'), BENCH);
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '-m', 'fast');
  return dir;
}

const NO_BUILD = ['--no-install', '--no-build'];
const PREVIOUS_VS_HEAD = ['compare', '--baseline', 'HEAD~1', '--candidate', 'HEAD'];

describe('git revision mode', () => {
  const repo = makeRepo();
  // Results files live beside the repository so they never make its working tree dirty.
  const resultsFile = (tag: string): string => join(repo, '..', `${repo.split('/').pop()}-${tag}.json`);

  it('compares HEAD~1 with HEAD in worktrees, the same bench file compiled against each, then cleans up', async () => {
    const out = resultsFile('r');
    const r = await runCli(
      [...PREVIOUS_VS_HEAD, '-n', '3', '--out', out, '--no-fail-on-lost', ...NO_BUILD, ...FAST],
      repo,
    );
    expect(r.stderr).not.toMatch(/tombstone-bench:/);
    expect(r.code).toBe(0);
    const run = JSON.parse(readFileSync(out, 'utf8')) as RunRecord;
    expect(run.comparison).toMatchObject({
      kind: 'revision',
      baseline: 'HEAD~1',
      candidate: 'HEAD',
      baselineCommit: git(repo, 'rev-parse', 'HEAD~1'),
      candidateCommit: git(repo, 'rev-parse', 'HEAD'),
    });
    const b = run.benchmarks[0];
    expect(b?.key).toBe('Work.work');
    expect(b?.labels.baseline).toMatch(/^git:HEAD~1 \([0-9a-f]{7}\)$/);
    expect(b?.samples).toHaveLength(6);
    // Only the main worktree remains.
    expect(git(repo, 'worktree', 'list').split('\n')).toHaveLength(1);
  }, 60_000);

  it('measures a dirty working tree as the candidate and labels it', async () => {
    writeFileSync(join(repo, 'src/work.ts'), work(100));
    const out = resultsFile('dirty');
    const r = await runCli(
      ['compare', '--baseline', 'HEAD', '-n', '2', '--out', out, '--no-fail-on-lost', ...NO_BUILD, ...FAST],
      repo,
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/uncommitted changes/);
    const run = JSON.parse(readFileSync(out, 'utf8')) as RunRecord;
    expect(run.benchmarks[0]?.labels.candidate).toBe('working tree (dirty)');
    expect(run.comparison).toMatchObject({ kind: 'revision', candidateCommit: null });
    git(repo, 'checkout', '--', 'src/work.ts');
  }, 60_000);

  it('a failing build on one side is recorded (kind build, log tail), exits 1, measures nothing', async () => {
    const out = resultsFile('build');
    const r = await runCli(
      [
        ...PREVIOUS_VS_HEAD,
        '--no-install',
        '--build-cmd',
        'node -e console.error("broken-build-marker");process.exit(3)',
        '--out',
        out,
        ...FAST,
      ],
      repo,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/baseline build failed/);
    const run = JSON.parse(readFileSync(out, 'utf8')) as RunRecord;
    const f = run.benchmarks[0]?.failures ?? [];
    expect(f.map((x) => [x.side, x.kind])).toEqual([
      ['baseline', 'build'],
      ['candidate', 'build'],
    ]);
    expect(f[0]?.logTail).toContain('broken-build-marker');
    expect(run.benchmarks[0]?.samples).toEqual([]);
    expect(git(repo, 'worktree', 'list').split('\n')).toHaveLength(1);
  }, 60_000);

  it('rejects unknown refs, option-like refs and shell metacharacters without running a shell', async () => {
    const marker = join(repo, 'pwned');
    for (const [ref, message] of [
      ['no-such-ref', /unknown git ref "no-such-ref"/],
      ['-rf', /invalid git ref "-rf"/],
      [`HEAD;touch ${marker}`, /unknown git ref/],
      [`$(touch ${marker})`, /unknown git ref/],
    ] as const) {
      const r = await runCli(['compare', `--baseline=${ref}`, ...NO_BUILD, ...FAST], repo);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
    }
    expect(existsSync(marker)).toBe(false);
    expect(() => resolveCommit(repo, '--all')).toThrow(UsageError);
    expect(() => resolveCommit(repo, 'nope')).toThrow(GitError);
    expect(resolveCommit(repo, 'HEAD')).toBe(git(repo, 'rev-parse', 'HEAD'));
    expect(isDirty(repo)).toBe(false);
  }, 30_000);

  it('Ctrl-C during the baseline install stops: no other alternative or build runs, worktrees removed, exit 130', async () => {
    const markers = tempProject({});
    const ac = new AbortController();
    const out = resultsFile('abort');
    const pending = runCli(
      [
        ...PREVIOUS_VS_HEAD,
        '--install-cmd',
        'sleep 30',
        '--install-cmd',
        `touch ${join(markers, 'second-alternative')}`,
        '--build-cmd',
        `touch ${join(markers, 'built')}`,
        '--out',
        out,
        '--json',
        ...FAST,
      ],
      repo,
      undefined,
      ac.signal,
    );
    setTimeout(() => ac.abort(), 1500);
    const r = await pending;
    expect(r.code).toBe(130);
    // The stream still ends: one typed run-cancelled event, and no run-started that would promise a run-finished.
    const events = r.stdout.split('\n').filter(Boolean).map(parseEvent);
    expect(events.map((e) => e.type)).toEqual(['run-cancelled']);
    expect(events[0]).toMatchObject({
      exitCode: 130,
      message: expect.stringMatching(/before measuring started/),
    });
    expect(r.stderr).not.toMatch(/building candidate/);
    // It says what it stops: the install command, not a fork (none ran).
    const said = r.stderr.indexOf('stopping before measuring… (Ctrl-C again to quit now)');
    expect(said).toBeGreaterThanOrEqual(0);
    expect(r.stderr.indexOf('stopping the baseline install: killing `sleep 30`')).toBeGreaterThan(said);
    expect(r.stderr).not.toMatch(/fork/);
    expect(existsSync(join(markers, 'second-alternative'))).toBe(false);
    expect(existsSync(join(markers, 'built'))).toBe(false);
    expect(existsSync(out)).toBe(false);
    expect(git(repo, 'worktree', 'list').split('\n')).toHaveLength(1);
  }, 30_000);

  it('parses commands into argument arrays', () => {
    expect(parseCommand(' pnpm  install --offline ')).toEqual(['pnpm', 'install', '--offline']);
    expect(() => parseCommand('  ')).toThrow(UsageError);
  });
});

describe('buildTree', () => {
  it('spawns nothing when the signal is already aborted', async () => {
    const dir = tempProject({});
    const ac = new AbortController();
    ac.abort();
    const r = await buildTree(
      dir,
      { install: [['touch', 'installed']], build: [['touch', 'built']], timeoutMs: 10_000 },
      ac.signal,
    );
    expect(r).toMatchObject({ ok: false, interrupted: true });
    expect(existsSync(join(dir, 'installed'))).toBe(false);
    expect(existsSync(join(dir, 'built'))).toBe(false);
  });

  it('kills the whole command process group on abort and tries no further alternative', async () => {
    const dir = tempProject({});
    const ac = new AbortController();
    const pending = buildTree(
      dir,
      {
        // The shell starts a grandchild and waits, like a package manager running a build script.
        install: [
          ['sh', '-c', 'sleep 30 & echo $! > grandchild.pid; wait'],
          ['touch', 'fallback'],
        ],
        build: [['touch', 'built']],
        timeoutMs: 60_000,
      },
      ac.signal,
    );
    for (let i = 0; i < 200 && !existsSync(join(dir, 'grandchild.pid')); i++)
      await new Promise((r) => setTimeout(r, 25));
    ac.abort();
    const r = await pending;
    expect(r).toMatchObject({ ok: false, interrupted: true });
    expect(r.log).toContain('[interrupted]');
    expect(existsSync(join(dir, 'fallback'))).toBe(false);
    expect(existsSync(join(dir, 'built'))).toBe(false);
    const pid = Number(readFileSync(join(dir, 'grandchild.pid'), 'utf8'));
    expect(await processGone(pid)).toBe(true);
  }, 20_000);

  it('a build that exits while a leftover process holds its pipes still finishes', async () => {
    const dir = tempProject({});
    const r = await buildTree(dir, {
      install: [],
      build: [['sh', '-c', 'sleep 30 & echo done']],
      timeoutMs: 10_000,
    });
    expect(r).toMatchObject({ ok: true, interrupted: false });
    expect(r.log).toContain('done');
  }, 20_000);
});
