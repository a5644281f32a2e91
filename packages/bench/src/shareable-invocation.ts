/**
 * The run's command line as a report shows it to a reader (the RunReport's `reproduction`): a report is pasted into
 * issues and pull requests, and it printed the user's absolute working directory (`/home/alice/…`) and script path.
 * What a reader needs to rerun it is the command and the directory within the project to run it in, so:
 * - `cwd` is the run's directory relative to the root of the git work tree holding it (`packages/core`; `.` at the
 *   root, and when no work tree is known: a directory in none is run in as "the project");
 * - the script is how it is launched (`tombstone-bench` for an installed one, which `npx tombstone-bench` runs);
 * - an absolute path argument inside the work tree (or `cwd`) is made relative to `cwd`, one in the home directory
 *   relative or `~/…` (it names the same file, without the user's name); other absolute paths (`/tmp/…`) are kept.
 * The results file keeps the exact invocation: `--resume` continues a run with it.
 */
import { isAbsolute, normalize, relative } from 'node:path';
import type { RunInvocation } from './model.js';
import { launcherOf } from './shell-quote.js';

/** Where a run's private paths are: its git work tree (null outside one) and the user's home directory. */
export interface ShareRoots {
  workTree: string | null;
  home: string;
}

/** Whether `path` is `dir` or inside it. */
function within(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** Where a run's paths are private: its work tree (or directory) and the home directory, if any. */
interface Private {
  cwd: string;
  tree: string;
  home: string | null;
}

/**
 * One argument as a reader may see it: an absolute path in the work tree relative to `cwd`; one in the home
 * directory relative too when `cwd` is in it, else as `~/…` (a relative path from outside would climb to `/` and
 * name the home directory on the way down); any other argument as it was.
 */
function shareArg(arg: string, where: Private): string {
  const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
  if (eq > 0) return `${arg.slice(0, eq + 1)}${shareArg(arg.slice(eq + 1), where)}`;
  if (!isAbsolute(arg)) return arg;
  const { cwd, tree, home } = where;
  if (within(tree, arg) || (home !== null && within(home, cwd) && within(home, arg)))
    return relative(cwd, arg) || '.';
  if (home !== null && within(home, arg)) return `~/${relative(home, arg)}`;
  return arg;
}

/** {@link RunInvocation} as a report shows it (see the module comment); without `roots` only `cwd` is private. */
export function shareableInvocation(invocation: RunInvocation, roots?: ShareRoots): RunInvocation {
  const [script = 'tombstone-bench', ...args] = invocation.argv;
  const cwd = normalize(invocation.cwd);
  const tree = roots?.workTree && within(roots.workTree, cwd) ? normalize(roots.workTree) : null;
  // A home of `/` (a container's root user may have one) would make every path private.
  const home = roots?.home && normalize(roots.home) !== '/' ? normalize(roots.home) : null;
  const where: Private = { cwd, tree: tree ?? cwd, home };
  const launcher = launcherOf(script);
  const shownScript = launcher[0] === 'npx' && launcher[1] ? launcher[1] : shareArg(script, where);
  return {
    argv: [shownScript, ...args.map((a) => shareArg(a, where))],
    cwd: tree ? relative(tree, cwd) || '.' : '.',
  };
}
