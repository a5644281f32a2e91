/**
 * The e2e's projects: a TypeScript one with the runner linked from this repository, and a fresh npm project in
 * JavaScript without TypeScript, the runner installed from its packed tarball, in a git repository of two commits
 * (the second slows one function) — what a user compares against `HEAD~1`.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const APP = resolve(__dirname, '..', '..');
const BENCH_PKG = resolve(APP, '..', '..', 'packages', 'bench');

/** The TypeScript workspace's bench file. */
export const TS_FILE = 'list-ops.bench.ts';
/** The JavaScript workspace's bench file. */
export const JS_FILE = 'lib.bench.mjs';

/** A workspace with the TypeScript bench file and the runner linked as a consumer would have it installed. */
export function makeTsWorkspace(scratch: string): string {
  const ws = join(scratch, 'workspace');
  mkdirSync(join(ws, 'node_modules', '@tombstone-lab'), { recursive: true });
  mkdirSync(join(ws, 'node_modules', '.bin'), { recursive: true });
  cpSync(join(APP, 'e2e', 'workspace', TS_FILE), join(ws, TS_FILE));
  symlinkSync(BENCH_PKG, join(ws, 'node_modules', '@tombstone-lab', 'bench'));
  symlinkSync(join(BENCH_PKG, 'dist', 'cli.js'), join(ws, 'node_modules', '.bin', 'tombstone-bench'));
  return ws;
}

const run = (cmd: string, args: string[], cwd: string) =>
  execFileSync(cmd, args, { cwd, stdio: 'pipe', env: { ...process.env, npm_config_fund: 'false' } });

/**
 * A fresh npm project (no TypeScript) with the runner from its `pnpm pack` tarball and two commits: the second
 * makes `slow` four times slower. Returns the folder.
 */
export function makeJsGitWorkspace(scratch: string): string {
  const ws = join(scratch, 'js-project');
  // Inside the project and committed: the lockfile's `file:vendor/…` then resolves in the baseline's worktree too.
  const tarballs = join(ws, 'vendor');
  mkdirSync(ws, { recursive: true });
  mkdirSync(tarballs, { recursive: true });
  run('pnpm', ['pack', '--pack-destination', tarballs], BENCH_PKG);
  const tgz = readdirSync(tarballs).find((n) => n.endsWith('.tgz'));
  if (!tgz) throw new Error('pnpm pack wrote no tarball');
  writeFileSync(
    join(ws, 'package.json'),
    `${JSON.stringify({ name: 'js-project', private: true, type: 'module' }, null, 2)}\n`,
  );
  run('npm', ['install', '--no-audit', '--no-fund', `./vendor/${tgz}`], ws);
  if (readdirSync(join(ws, 'node_modules')).includes('typescript'))
    throw new Error('typescript got installed');
  for (const f of ['lib.mjs', JS_FILE]) cpSync(join(APP, 'e2e', 'workspace-js', f), join(ws, f));
  writeFileSync(join(ws, '.gitignore'), 'node_modules/\n.tombstone-bench/\n');
  const git = (...args: string[]) =>
    run('git', ['-c', 'user.name=e2e', '-c', 'user.email=e2e@example.com', ...args], ws);
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'lib and its benchmarks');
  const lib = readFileSync(join(ws, 'lib.mjs'), 'utf8');
  const slowed = lib.replace(
    'for (const x of xs) total += x;',
    'for (let r = 0; r < 4; r++) for (const x of xs) total += x;',
  );
  if (slowed === lib) throw new Error('lib.mjs: nothing to slow down');
  writeFileSync(join(ws, 'lib.mjs'), slowed);
  git('commit', '-q', '-am', 'slow: four passes');
  return ws;
}
