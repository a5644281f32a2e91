/**
 * The measure stage of one run: its planned cases' forks (with instruction counting when asked for), the results
 * file rewritten after each; a resumed record continued. It analyses nothing: each finished case's verdict comes from
 * the `caseVerdict` it is handed, and the run is analysed once it was measured.
 */
import type { EventSink } from '../events/event-sink.js';
import { instructionCounter } from '../fork/instructions.js';
import type { BenchmarkRecord, RunRecord } from '../model.js';
import type { MeasurePlan } from '../plan/measurement-plan.js';
import type { RunSetup } from '../plan/plan-run.js';
import { type CaseAnalysis, type RunOutcome, runPlan } from './interleaved-forks.js';

/** Where a measured run's events go, how it is stopped, and the verdict each finished case's event carries. */
export interface MeasureControl {
  events: EventSink;
  signal: AbortSignal;
  caseVerdict?: (entry: BenchmarkRecord, run: RunRecord) => CaseAnalysis;
}

/** Resumes or starts the planned run and measures it; `interrupted` when the signal stopped it. */
export async function measureRun(
  setup: RunSetup,
  plan: MeasurePlan,
  control: MeasureControl,
): Promise<RunOutcome> {
  const { ctx } = setup;
  const countInstructions = setup.options.instructions
    ? instructionCounter({
        worker: ctx.worker,
        kit: ctx.kit,
        cacheDir: ctx.cacheDir,
        timeoutMs: Math.max(ctx.timeoutMs, 120_000),
        signal: control.signal,
      })
    : undefined;
  return runPlan(plan.cases, {
    ...(countInstructions ? { countInstructions } : {}),
    ...setup.settings,
    config: plan.config,
    measurement: plan.measurement,
    comparison: plan.comparison,
    events: control.events,
    signal: control.signal,
    ...(control.caseVerdict ? { caseVerdict: control.caseVerdict } : {}),
    ...(plan.resume ? { resume: plan.resume } : {}),
    ...(plan.design ? { design: plan.design } : {}),
  });
}
