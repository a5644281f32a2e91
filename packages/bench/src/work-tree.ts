/**
 * Finds a run's {@link ShareRoots} on this machine: the git work tree holding its directory (a `.git` directory, or
 * a worktree's `.git` file) and the home directory, so its report can show paths relative to them.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import type { ShareRoots } from './shareable-invocation.js';

/** The root of the git work tree holding `dir`, or null (also for a directory not on this machine). */
export function workTreeOf(dir: string): string | null {
  if (!isAbsolute(dir) || !existsSync(dir)) return null;
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, '.git'))) return d;
    if (dirname(d) === d) return null;
  }
}

/** The share roots of a run in `cwd`. */
export function shareRoots(cwd: string): ShareRoots {
  return { workTree: workTreeOf(cwd), home: homedir() };
}
