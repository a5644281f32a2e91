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

/**
 * Walks up from `startDir` to `workspaceRoot` (inclusive).
 * @throws {RunnerNotFoundError} naming both folders when no runner is installed there.
 */
export function findRunner(
  startDir: string,
  workspaceRoot: string,
  isExecutable: (path: string) => boolean,
): RunnerLocation {
  let dir = startDir;
  while (inside(workspaceRoot, dir)) {
    const bin = join(dir, 'node_modules', '.bin', 'tombstone-bench');
    if (isExecutable(bin)) return { bin, cwd: dir };
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  throw new RunnerNotFoundError(
    `no node_modules/.bin/tombstone-bench between ${startDir} and ${workspaceRoot}: ` +
      'add @tombstone-lab/bench to the package (pnpm add -D @tombstone-lab/bench) and install',
  );
}
