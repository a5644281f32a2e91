/**
 * The stages of a run after its cases are planned, in order and each once: plan its measurement (design, resume,
 * checks) → measure → analyse → finish. Each stage's product is handed to the next; none hands anything back.
 */
import { analyseRun, caseVerdict } from '../analyse/analyse-run.js';
import type { EventSink } from '../events/event-sink.js';
import { type FinishTarget, finishRun, type RunResult } from '../finish/finish-run.js';
import { measureRun } from '../measure/measure-run.js';
import type { RunRecord } from '../model.js';
import { planMeasurement } from '../plan/measurement-plan.js';
import type { RunSetup } from '../plan/plan-run.js';
import type { PlannedCase } from '../plan/planned-case.js';

/** Where a run's events go and how it is stopped. */
export interface StageControl {
  events: EventSink;
  signal: AbortSignal;
}

/** What the finish stage needs of a run set up with `setup`. */
export function finishTarget(setup: RunSetup, events: EventSink): FinishTarget {
  return {
    cwd: setup.cwd,
    outFile: setup.settings.outFile,
    publish: setup.settings.publish,
    events,
    log: setup.log,
    mode: setup.options.mode,
    invocation: setup.settings.invocation,
    ...(setup.options.failOnLost !== undefined ? { failOnLost: setup.options.failOnLost } : {}),
  };
}

/** Measures the planned cases, analyses the measured run once (unless interrupted) and finishes it. */
export async function measureAnalyseFinish(
  setup: RunSetup,
  planned: readonly PlannedCase[],
  comparison: RunRecord['comparison'],
  control: StageControl,
): Promise<RunResult> {
  const plan = planMeasurement(setup, planned, comparison);
  const overrides = setup.output.overrides;
  const outcome = await measureRun(setup, plan, {
    ...control,
    caseVerdict: (entry, run) => caseVerdict(entry, run, overrides),
  });
  const analysed = outcome.interrupted ? undefined : analyseRun(outcome.record, setup.output);
  return finishRun({ ...finishTarget(setup, control.events), outFile: outcome.outFile }, outcome, analysed);
}
