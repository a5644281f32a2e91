/**
 * A `compare` run: git mode plans the two revisions (plan/revisions.ts), then their cases go through the same stages
 * as any run. A side that failed to build is recorded for every case (nothing is measured), so the report and the
 * checks say why; the worktrees are removed at the end, whatever happens.
 */
import { finishBuildFailed, notStarted, type RunResult } from '../finish/finish-run.js';
import { tail } from '../git/git.js';
import type { RunSetup } from '../plan/plan-run.js';
import { createRecord } from '../plan/planned-case.js';
import { planCompare } from '../plan/revisions.js';
import { finishTarget, measureAnalyseFinish, type StageControl } from './pipeline.js';

/** Plans the revisions, then measures, analyses and finishes them (or records their build failures). */
export async function runCompare(setup: RunSetup, control: StageControl): Promise<RunResult> {
  const planned = await planCompare(setup, control.signal);
  if (planned === null) return notStarted(setup.log);
  const { revisions, cases } = planned;
  try {
    const failed = revisions.failedBuilds;
    if (failed.length === 0) return await measureAnalyseFinish(setup, cases, revisions.comparison, control);
    const record = createRecord(cases, {
      comparison: revisions.comparison,
      config: setup.settings.config,
      invocation: setup.settings.invocation,
    });
    const failures = failed.map(({ side, message, log }) => ({
      side,
      message,
      logTail: tail(log),
      shortTail: tail(log, 15),
    }));
    return finishBuildFailed(finishTarget(setup, control.events), record, failures);
  } finally {
    revisions.dispose();
  }
}
