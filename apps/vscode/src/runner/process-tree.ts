/**
 * The runner's process tree, so cancelling leaves nothing behind: the runner kills its running fork's process
 * group on SIGINT, but a fork stuck past that, or the pnpm shim's children, must not outlive a cancel.
 * Linux `/proc` only (what the extension host runs on here); elsewhere only the process group is signalled.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Parent pid of each process, from `/proc/<pid>/stat` (field 4, after the parenthesised command name). */
export function readParents(proc = '/proc'): Map<number, number> {
  const parents = new Map<number, number>();
  let entries: string[];
  try {
    entries = readdirSync(proc);
  } catch {
    return parents;
  }
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`${proc}/${name}/stat`, 'utf8');
      const ppid = parseStatParent(stat);
      if (ppid !== null) parents.set(Number(name), ppid);
    } catch {
      // The process exited while being read.
    }
  }
  return parents;
}

/** The parent pid in one `/proc/<pid>/stat` line (the command name may itself contain spaces and parens). */
export function parseStatParent(stat: string): number | null {
  const close = stat.lastIndexOf(')');
  if (close < 0) return null;
  const fields = stat.slice(close + 2).split(' ');
  const ppid = Number(fields[1]);
  return Number.isInteger(ppid) ? ppid : null;
}

/** Every descendant of `root` (not `root` itself), parents before children. */
export function descendants(root: number, parents: ReadonlyMap<number, number>): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of parents) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const out: number[] = [];
  const queue = [...(children.get(root) ?? [])];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    out.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return out;
}

/** Sends `signal` to each pid, ignoring the ones already gone. */
export function signalAll(pids: readonly number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // Already exited.
    }
  }
}
