/**
 * A `compare` run: git mode plans the two revisions' worktrees (`git/`), then the engine plans their cases, measures
 * and analyses them like any run. A side that failed to build is recorded for every case (nothing is measured), so
 * the report and the checks say why.
 */

import { tail } from '../git/git.js';
import { type FailedBuild, planRevisions, type RevisionPlan } from '../git/git-compare.js';
import type { RunRecord } from '../model.js';
import { planRevisionRun } from './prepare.js';
import { writeRunAtomic } from './results-store.js';
import { benchFilesOf } from './resume-files.js';
import { createRecord, type PlannedCase } from './runner.js';
import { checkBenchTypes, EXIT, finished, measure, type RunResult, type Session } from './session.js';

/** Ctrl-C before measuring started: nothing was written, so there is nothing to resume. */
function interrupted(s: Session): RunResult {
  s.log('interrupted while preparing the git comparison; nothing was measured\n');
  return {
    exitCode: EXIT.interrupted,
    interrupted: true,
    resultsFile: null,
    record: null,
    skippedForks: 0,
    finished: null,
    analysed: null,
  };
}

/** Persists the cases with the build failures (no samples) and ends the run with exit 1. */
function buildFailed(
  s: Session,
  cases: readonly PlannedCase[],
  plan: RevisionPlan,
  failed: readonly FailedBuild[],
): RunResult {
  const record: RunRecord = createRecord(cases, {
    comparison: plan.comparison,
    config: s.settings.config,
    ...(s.settings.invocation ? { invocation: s.settings.invocation } : {}),
  });
  let seq = 0;
  for (const { side, message, log } of failed) {
    for (const entry of record.benchmarks)
      entry.failures.push({ seq: seq++, side, kind: 'build', message, logTail: tail(log) });
    s.events.emit({ type: 'error', errorName: 'BuildError', message: `${message}\n${tail(log, 15)}` });
    s.log(`tombstone-bench: ${message}\n${tail(log, 15)}\n`);
  }
  record.finishedAt = new Date().toISOString();
  writeRunAtomic(s.settings.outFile, record);
  return finished(s, record, { interrupted: false, exitCode: EXIT.failed, skippedForks: 0 });
}

/** Plans the revisions, then measures them; the worktrees are removed at the end, whatever happens. */
export async function runCompare(s: Session): Promise<RunResult> {
  const files = benchFilesOf(s.options, s.cwd);
  checkBenchTypes(s, files);
  const o = s.options;
  const plan = await planRevisions({
    cwd: s.cwd,
    baseline: o.baseline as string,
    ...(o.candidate !== undefined ? { candidate: o.candidate } : {}),
    files,
    ...(o.install !== undefined ? { install: o.install } : {}),
    ...(o.installCommands ? { installCommands: o.installCommands } : {}),
    ...(o.build !== undefined ? { build: o.build } : {}),
    ...(o.buildCommands ? { buildCommands: o.buildCommands } : {}),
    keepWorktrees: Boolean(o.keepWorktrees),
    log: s.log,
    signal: s.signal,
  });
  if (plan === null) return interrupted(s);
  try {
    const failed = plan.failedBuilds;
    const baselineFailed = failed.some((f) => f.side === 'baseline');
    const cases = await planRevisionRun(plan.files, plan.roots, plan.labels, s.ctx, baselineFailed);
    if (failed.length > 0) return buildFailed(s, cases, plan, failed);
    return await measure(s, cases, plan.comparison);
  } finally {
    plan.dispose();
  }
}
