/**
 * A `compare` run's plan: git mode checks out, installs and builds the two revisions' worktrees (`git/`), then their
 * bench files are compiled and described like any run's. Git mode only plans; the engine measures what it planned.
 */
import { planRevisions, type RevisionPlan } from '../git/git-compare.js';
import { benchFilesOf } from './bench-files.js';
import { planRevisionRun } from './cases.js';
import { checkBenchTypes, type RunSetup } from './plan-run.js';
import type { PlannedCase } from './planned-case.js';

/** Two revisions' worktrees and the cases planned from them (every case when a side failed to build). */
export interface PlannedRevisions {
  revisions: RevisionPlan;
  cases: PlannedCase[];
}

/**
 * Plans the revisions and their cases; null when interrupted before they were ready. The caller disposes of
 * `revisions` (its worktrees) once it is done with them; a planning error disposes of them here.
 */
export async function planCompare(setup: RunSetup, signal: AbortSignal): Promise<PlannedRevisions | null> {
  const files = benchFilesOf(setup.options, setup.cwd);
  checkBenchTypes(setup, files);
  const o = setup.options;
  const revisions = await planRevisions({
    cwd: setup.cwd,
    baseline: o.baseline as string,
    ...(o.candidate !== undefined ? { candidate: o.candidate } : {}),
    files,
    ...(o.install !== undefined ? { install: o.install } : {}),
    ...(o.installCommands ? { installCommands: o.installCommands } : {}),
    ...(o.build !== undefined ? { build: o.build } : {}),
    ...(o.buildCommands ? { buildCommands: o.buildCommands } : {}),
    keepWorktrees: Boolean(o.keepWorktrees),
    log: setup.log,
    signal,
  });
  if (revisions === null) return null;
  try {
    const baselineFailed = revisions.failedBuilds.some((f) => f.side === 'baseline');
    const { files: planned, roots, labels } = revisions;
    const cases = await planRevisionRun(planned, roots, labels, setup.ctx, baselineFailed);
    return { revisions, cases };
  } catch (e) {
    revisions.dispose();
    throw e;
  }
}
