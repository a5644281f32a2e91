import { writeFileSync } from 'node:fs';
import { getPriority } from 'node:os';

/**
 * Gives the fork's scheduling group the fork's own nice when that is raised (below 0), so a runner started at a raised
 * priority (`nice -n -10 tombstone-bench …`) measures at it. Forks are spawned `detached` (their own process group, so
 * a timeout or Ctrl-C kills whatever the benchmark started), and Node's `detached` starts a new session. On Linux with
 * autogroup scheduling (`kernel.sched_autogroup_enabled = 1`) every session is a scheduling group of nice 0, and a
 * process's own nice weighs only inside its group: measured on this project's shared 2-core VM (2026-12-02, load
 * 15–20), forks of a run started under `nice -n -10` sat in the run queue ~75% of the time and got 0.27–0.34 of a core
 * (CPU ÷ wall of the timed phase), each in a group of its own at nice 0 (docs/bench-calibration.md).
 * A lowered priority is not passed on: forks have time limits, and test suites and CI jobs that run the runner at
 * `nice 19` would starve them behind every nice-0 session; they keep the default group's fair share, as before.
 * Best effort: without autogroup (other systems, autogroup off) there is no file, and a raised nice needs
 * CAP_SYS_NICE, as for `nice` itself; either way the fork runs as it did before.
 */
export function keepRaisedPriority(): void {
  const nice = getPriority();
  if (nice >= 0) return;
  try {
    writeFileSync('/proc/self/autogroup', String(nice));
  } catch {
    // No autogroup, or not permitted: the group keeps nice 0.
  }
}
