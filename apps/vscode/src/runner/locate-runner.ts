/**
 * Which `tombstone-bench` runs a bench file: the workspace's own, the nearest `node_modules/.bin/tombstone-bench`
 * from the file's folder up to the workspace folder (how `pnpm exec` finds it in that package). Never a path from a
 * setting: a workspace's settings could otherwise make the editor execute any program.
 */
import { dirname, join, relative, sep } from 'node:path';

/** The runner to spawn and the folder to run it in (the package that has it installed). */
export interface RunnerLocation {
  bin: string;
  cwd: string;
}

/** No runner installed between the file and the workspace root. */
export class RunnerNotFoundError extends Error {
  override name = 'RunnerNotFoundError';
}

const inside = (root: string, dir: string) => {
  const rel = relative(root, dir);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !rel.startsWith(sep));
};

/** Lockfiles, each with the command that adds a dev dependency with its package manager. */
const MANAGERS: readonly [string, string][] = [
  ['pnpm-lock.yaml', 'pnpm add -D'],
  ['yarn.lock', 'yarn add -D'],
  ['bun.lockb', 'bun add -d'],
  ['bun.lock', 'bun add -d'],
  ['package-lock.json', 'npm install -D'],
];

/** `npm install -D @tombstone-lab/bench`, with the package manager whose lockfile is nearest (npm without one). */
export function installCommand(dirs: readonly string[], exists: (path: string) => boolean): string {
  for (const dir of dirs)
    for (const [lockfile, add] of MANAGERS)
      if (exists(join(dir, lockfile))) return `${add} @tombstone-lab/bench`;
  return 'npm install -D @tombstone-lab/bench';
}

/**
 * Walks up from `startDir` to `workspaceRoot` (inclusive).
 * @throws {RunnerNotFoundError} saying how to install it (first: a notification shows the start of a long message
 * only) and naming both folders, when no runner is installed there.
 */
export function findRunner(
  startDir: string,
  workspaceRoot: string,
  isExecutable: (path: string) => boolean,
  exists: (path: string) => boolean = () => false,
): RunnerLocation {
  const dirs: string[] = [];
  let dir = startDir;
  while (inside(workspaceRoot, dir)) {
    const bin = join(dir, 'node_modules', '.bin', 'tombstone-bench');
    if (isExecutable(bin)) return { bin, cwd: dir };
    dirs.push(dir);
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  throw new RunnerNotFoundError(
    `install the runner first: ${installCommand(dirs, exists)} ` +
      `(no node_modules/.bin/tombstone-bench between ${startDir} and ${workspaceRoot})`,
  );
}
