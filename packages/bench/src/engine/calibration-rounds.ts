/**
 * The measuring side of `tombstone-bench calibrate`: repeated A/A runs and runs with an injected slowdown on the
 * candidate, interleaved round by round (A/A, then each slowdown) so slow drifts of the machine's load hit every kind
 * alike. Each run is written to its own results file as it goes, so an interrupted calibration keeps what it measured.
 */

import { join } from 'node:path';
import { EXIT } from '../finish/finish-run.js';
import { runPlan } from '../measure/interleaved-forks.js';
import type { RunRecord } from '../model.js';
import { planAaRun } from '../plan/cases.js';
import { designRun } from '../plan/measurement-plan.js';
import type { RunSetup } from '../plan/plan-run.js';
import type { StageControl } from './pipeline.js';

/** What to measure. */
export interface CalibrationPlan {
  files: readonly string[];
  /** Rounds; each round is one A/A run plus one run per slowdown. */
  rounds: number;
  /** Injected slowdowns as fractions (0.1 = 10%). */
  slowdowns: readonly number[];
  /** Rounds that include the injected runs (the first ones; default all): A/A needs more runs than power does. */
  slowdownRounds?: number;
  /** Directory for the per-run results files. */
  dir: string;
  /** Called after each run (progress on stderr). */
  onRun?: (label: string, index: number, total: number) => void;
}

/** The measured runs: A/A ones and, per slowdown, the injected ones. */
export interface CalibrationRuns {
  aa: RunRecord[];
  injected: Map<number, RunRecord[]>;
  interrupted: boolean;
}

async function measureOne(
  setup: RunSetup,
  control: StageControl,
  files: readonly string[],
  slowdown: number,
  outFile: string,
) {
  const planned = await planAaRun([...files], setup.ctx, setup.cwd, slowdown);
  // The same design as `run` (sequential unless --fixed-n): calibrate measures what a run does.
  const plan = designRun(setup, planned.cases, planned.comparison);
  const outcome = await runPlan(plan.cases, {
    ...setup.settings,
    config: plan.config,
    ...(plan.design ? { design: plan.design } : {}),
    outFile,
    measurement: plan.measurement,
    comparison: plan.comparison,
    events: control.events,
    signal: control.signal,
  });
  // Each run of the calibration ends with its own run-finished, as every run-started does.
  control.events.emit({
    type: 'run-finished',
    runId: outcome.record.runId,
    resultsFile: outFile,
    interrupted: outcome.interrupted,
    exitCode: outcome.interrupted ? EXIT.interrupted : EXIT.ok,
    skippedForks: outcome.skippedForks,
  });
  return outcome;
}

/** Runs the calibration plan; stops early (interrupted) on the control's abort signal. */
export async function measureCalibration(
  setup: RunSetup,
  control: StageControl,
  plan: CalibrationPlan,
): Promise<CalibrationRuns> {
  const out: CalibrationRuns = {
    aa: [],
    injected: new Map(plan.slowdowns.map((x) => [x, []])),
    interrupted: false,
  };
  const injectedRounds = Math.min(plan.rounds, plan.slowdownRounds ?? plan.rounds);
  const kindsOf = (round: number) => (round <= injectedRounds ? [0, ...plan.slowdowns] : [0]);
  const total = plan.rounds + injectedRounds * plan.slowdowns.length;
  let index = 0;
  for (let round = 1; round <= plan.rounds; round++) {
    for (const slowdown of kindsOf(round)) {
      const label = slowdown === 0 ? `aa-${round}` : `slowdown-${slowdown}-${round}`;
      const result = await measureOne(setup, control, plan.files, slowdown, join(plan.dir, `${label}.json`));
      if (result.interrupted) return { ...out, interrupted: true };
      if (slowdown === 0) out.aa.push(result.record);
      else out.injected.get(slowdown)!.push(result.record);
      plan.onRun?.(label, ++index, total);
    }
  }
  return out;
}
