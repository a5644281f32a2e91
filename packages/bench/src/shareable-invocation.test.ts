import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shareableInvocation } from './shareable-invocation.js';
import { launcherOf } from './shell-quote.js';
import { FAST, runCli, tempProject } from './test-helpers.js';
import { workTreeOf } from './work-tree.js';

const ROOTS = { workTree: '/home/alice/repo', home: '/home/alice' };

describe('the Reproduction block names no directory of the user (a stranger: it printed /home/…/project)', () => {
  it('cwd is the directory from the git root; an installed script is `tombstone-bench`; paths are relative', () => {
    const shown = shareableInvocation(
      {
        argv: [
          '/home/alice/repo/packages/core/node_modules/.bin/tombstone-bench',
          'run',
          '/home/alice/repo/packages/core/bench/a.bench.ts',
          '--out',
          '/home/alice/results/r.json',
          '--events=/home/alice/repo/out/e.ndjson',
          '--cache-dir',
          '/tmp/cache',
          '--filter',
          'copy',
        ],
        cwd: '/home/alice/repo/packages/core',
      },
      ROOTS,
    );
    expect(shown).toEqual({
      argv: [
        'tombstone-bench',
        'run',
        'bench/a.bench.ts',
        '--out',
        '../../../results/r.json',
        '--events=../../out/e.ndjson',
        '--cache-dir',
        '/tmp/cache',
        '--filter',
        'copy',
      ],
      cwd: 'packages/core',
    });
    expect(JSON.stringify(shown)).not.toContain('alice');
  });

  it("pnpm's shim path (node_modules/.bin/../@tombstone-lab/bench/dist/cli.js) is `npx tombstone-bench` too", () => {
    const script = '/home/alice/repo/node_modules/.bin/../@tombstone-lab/bench/dist/cli.js';
    expect(launcherOf(script)).toEqual(['npx', 'tombstone-bench']);
    expect(shareableInvocation({ argv: [script, 'run'], cwd: '/home/alice/repo' }, ROOTS)).toEqual({
      argv: ['tombstone-bench', 'run'],
      cwd: '.',
    });
  });

  it('a run outside the home directory shows a home path as ~/…, not a relative path through /home/alice', () => {
    const shown = shareableInvocation(
      { argv: ['/opt/tb/dist/cli.js', 'run', '--out', '/home/alice/r.json'], cwd: '/srv/project' },
      { workTree: null, home: '/home/alice' },
    );
    expect(shown).toEqual({ argv: ['/opt/tb/dist/cli.js', 'run', '--out', '~/r.json'], cwd: '.' });
  });

  it('a script inside the work tree is shown relative (node ../bench/dist/cli.js)', () => {
    const shown = shareableInvocation(
      { argv: ['/home/alice/repo/packages/bench/dist/cli.js', 'run'], cwd: '/home/alice/repo/packages/core' },
      ROOTS,
    );
    expect(shown.argv[0]).toBe('../bench/dist/cli.js');
  });

  it('workTreeOf finds the directory holding .git (a directory, or a worktree file), null outside or elsewhere', () => {
    const dir = tempProject({ 'wt/.git': 'gitdir: /somewhere/.git/worktrees/wt\n' });
    mkdirSync(join(dir, 'wt', 'packages', 'core'), { recursive: true });
    writeFileSync(join(dir, 'wt', 'packages', 'core', 'package.json'), '{}');
    expect(workTreeOf(join(dir, 'wt', 'packages', 'core'))).toBe(join(dir, 'wt'));
    expect(workTreeOf('/no/such/directory')).toBeNull();
  });
});

describe('a run and its report print no absolute directory', () => {
  it('terminal and JSON: the directory from the git root, the --out path relative', async () => {
    const dir = tempProject({
      '.git/HEAD': 'ref: refs/heads/main\n',
      'pkg/t.bench.mjs': `import { defineSuite } from '@tombstone-lab/bench';
export default defineSuite({ name: 'T', compare: { factor: 'impl', baseline: 'a', candidate: 'b' }, setup: () => 3, benchmarks: { f: (s) => s * 2 } });
`,
    });
    const cwd = join(dir, 'pkg');
    const out = join(cwd, 'out', 'r.json');
    const run = await runCli(['run', 't.bench.mjs', '-n', '2', '--fixed-n', '--out', out, ...FAST], cwd);
    expect(run.stdout).toContain('• Directory (from the git root): pkg');
    expect(run.stdout).toContain('• Results File: out/r.json');
    expect(run.stdout).not.toContain(dir);
    const json = await runCli(['report', 'out/r.json', '--format', 'json'], cwd);
    const doc = JSON.parse(json.stdout) as { analysis: { reproduction: unknown } };
    expect(doc.analysis.reproduction).toEqual({
      argv: ['tombstone-bench', 'run', 't.bench.mjs', '-n', '2', '--fixed-n', '--out', 'out/r.json', ...FAST],
      cwd: 'pkg',
    });
  }, 60_000);
});
