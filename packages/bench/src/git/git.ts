import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GitError, UsageError } from '../errors.js';
import { killProcessGroup } from '../fork/fork.js';
import { shellQuote } from '../shell-quote.js';

function git(cwd: string, args: readonly string[]): { ok: boolean; out: string; err: string } {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8', shell: false, maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw new GitError(`cannot run git: ${r.error.message}`);
  return { ok: r.status === 0, out: r.stdout.trim(), err: r.stderr.trim() };
}

/** Top-level directory of the repository containing `cwd`. */
export function repoRoot(cwd: string): string {
  const r = git(cwd, ['rev-parse', '--show-toplevel']);
  if (!r.ok) throw new GitError(`${cwd} is not inside a git repository: ${r.err}`);
  return r.out;
}

/**
 * Resolves a ref to a commit id. Refs beginning with '-' are rejected before git sees them (they would be read as
 * options); everything is passed as an argument array, never through a shell.
 */
export function resolveCommit(root: string, ref: string): string {
  if (ref === '' || ref.startsWith('-') || /[\0\n]/.test(ref)) {
    throw new UsageError(`invalid git ref ${JSON.stringify(ref)}`);
  }
  const r = git(root, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]);
  if (!r.ok || !/^[0-9a-f]{40,64}$/.test(r.out))
    throw new GitError(`unknown git ref ${JSON.stringify(ref)} in ${root}`);
  return r.out;
}

/** Whether the working tree has uncommitted changes (tracked or untracked files). */
export function isDirty(root: string): boolean {
  const r = git(root, ['status', '--porcelain', '--untracked-files=normal']);
  if (!r.ok) throw new GitError(`git status failed in ${root}: ${r.err}`);
  return r.out !== '';
}

/** A detached worktree of one commit in a fresh temp directory. */
export interface Worktree {
  path: string;
  commit: string;
  remove(): void;
}

/** `git worktree add --detach <tmp> <commit>`; `remove()` runs `git worktree remove --force` and deletes the dir. */
export function addWorktree(root: string, commit: string): Worktree {
  const parent = mkdtempSync(join(tmpdir(), 'tombstone-bench-wt-'));
  const path = join(parent, 'tree');
  const r = git(root, ['worktree', 'add', '--detach', path, commit]);
  if (!r.ok) {
    rmSync(parent, { recursive: true, force: true });
    throw new GitError(`git worktree add for ${commit} failed: ${r.err}`);
  }
  let removed = false;
  return {
    path,
    commit,
    remove() {
      if (removed) return;
      removed = true;
      git(root, ['worktree', 'remove', '--force', path]);
      rmSync(parent, { recursive: true, force: true });
      git(root, ['worktree', 'prune']);
    },
  };
}

/** One command as an argument array, e.g. `['pnpm', 'build']`. */
export type Command = readonly string[];

/** Splits a command line on whitespace into an argument array (no shell, no quoting: flags only). */
export function parseCommand(text: string): Command {
  const parts = text.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) throw new UsageError(`empty command ${JSON.stringify(text)}`);
  return parts;
}

/** How a revision is installed and built; each step is a list of alternatives tried in order until one succeeds. */
export interface BuildRecipe {
  install: Command[];
  build: Command[];
  timeoutMs: number;
}

/** The repository's own commands: offline frozen install, falling back to online; then `pnpm build`. */
export const DEFAULT_RECIPE: BuildRecipe = {
  install: [
    ['pnpm', 'install', '--frozen-lockfile', '--offline'],
    ['pnpm', 'install', '--frozen-lockfile'],
  ],
  build: [['pnpm', 'build']],
  timeoutMs: 15 * 60_000,
};

/** Result of building one side; `log` is the combined output of every attempted command. */
export interface BuildResult {
  ok: boolean;
  log: string;
  failedCommand?: string;
}

function runLogged(
  cmd: Command,
  cwd: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<{ ok: boolean; log: string }> {
  return new Promise((resolve) => {
    const [command, ...args] = cmd as [string, ...string[]];
    let log = `$ ${cmd.join(' ')}\n`;
    // An abort that came before the spawn must not start the command at all.
    if (signal?.aborted) return resolve({ ok: false, log: `${log}[interrupted before start]\n` });
    // Its own process group, so a kill reaches the whole build (pnpm → node → tsc …), not just the top process.
    const child = spawn(command, args, {
      cwd,
      shell: false,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, CI: '1' },
    });
    const keep = (b: Buffer): void => {
      log = (log + b.toString('utf8')).slice(-200_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => {
      log += `\n[killed after ${timeoutMs} ms]\n`;
      killProcessGroup(child);
    }, timeoutMs);
    const onAbort = (): void => {
      log += '\n[interrupted]\n';
      killProcessGroup(child);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    let done = false;
    const finish = (code: number | null): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      child.stdout.destroy();
      child.stderr.destroy();
      resolve({ ok: code === 0 && !signal?.aborted, log: `${log}[exit ${code}]\n` });
    };
    child.on('error', (e) => {
      log += `\n${e.message}\n`;
      if (child.pid === undefined) finish(null);
    });
    // Settled on 'exit' plus a grace period for buffered output: a daemon the build leaves behind (a watcher,
    // a compile server) may hold the pipes open and must not hang the run.
    child.on('exit', (code) => {
      clearTimeout(timer);
      killProcessGroup(child);
      const grace = setTimeout(() => finish(code), EXIT_GRACE_MS);
      child.once('close', () => {
        clearTimeout(grace);
        finish(code);
      });
    });
  });
}

const EXIT_GRACE_MS = 500;

/** Result of building one side, plus whether the build stopped because of an abort (Ctrl-C). */
export interface BuildOutcome extends BuildResult {
  interrupted: boolean;
}

/**
 * Installs then builds a tree with the recipe, each step trying its alternatives in order. An abort stops at once:
 * no further alternative or step is started, the running command is killed (`onStop` is told which) and the result
 * says `interrupted`.
 */
export async function buildTree(
  cwd: string,
  recipe: BuildRecipe,
  signal?: AbortSignal,
  onStop?: (step: 'install' | 'build', command: string) => void,
): Promise<BuildOutcome> {
  let log = '';
  for (const [name, step] of [
    ['install', recipe.install],
    ['build', recipe.build],
  ] as const) {
    if (step.length === 0) continue;
    let ok = false;
    for (const cmd of step) {
      if (signal?.aborted) return { ok: false, log, failedCommand: cmd.join(' '), interrupted: true };
      // Ctrl-C says what it stops: the user sees this step's command killed, not a fork that never ran.
      const stopping = () => onStop?.(name, shellQuote(cmd));
      signal?.addEventListener('abort', stopping, { once: true });
      const r = await runLogged(cmd, cwd, recipe.timeoutMs, signal);
      signal?.removeEventListener('abort', stopping);
      log += r.log;
      // A killed command is no reason to try the next alternative: the user asked to stop.
      if (signal?.aborted) return { ok: false, log, failedCommand: cmd.join(' '), interrupted: true };
      if (r.ok) {
        ok = true;
        break;
      }
    }
    if (!ok) return { ok: false, log, failedCommand: (step.at(-1) ?? []).join(' '), interrupted: false };
  }
  return { ok: true, log, interrupted: false };
}

/** The last `lines` lines of a log. */
export function tail(log: string, lines = 40): string {
  return log.trimEnd().split('\n').slice(-lines).join('\n');
}
