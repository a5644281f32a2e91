/**
 * The data model shared by the runner (which produces samples) and the analysis/report layer (which consumes them):
 * the results file's types under the runner's names. Each is inferred from the one results schema
 * (`protocol/records.ts`, via `protocol/types.ts`); none is declared here. Versioned: a results file carries
 * `schemaVersion`, the one protocol version (`protocol/version.ts`).
 */

export type {
  BenchmarkId,
  BenchmarkRecord,
  MeasurementSettings,
  ProtocolEnvironment as Environment,
  ProtocolParamValue as ParamValue,
  ProtocolRole as Role,
  ProtocolSample as Sample,
  ProtocolSampleFailure as SampleFailure,
  ProtocolSide as Side,
  RecordedRunError,
  RunInvocation,
  RunRecord,
} from './protocol/types.js';

import type { RunRecord } from './protocol/types.js';

/** The A/A comparison label of a single-variant `run` (suites without a factor): how reports recognise one. */
export const SINGLE_VARIANT_LABEL = 'single variant';

/**
 * Whether both sides of `run` measured the same code: an A/A or single-variant run without injected slowdown. Its
 * Won/Lost verdicts are false verdicts by construction (the A/A rates count them), never a regression.
 */
export function sameCode(run: Pick<RunRecord, 'comparison'>): boolean {
  return run.comparison.kind === 'aa' && !(run.comparison.slowdown ?? 0);
}

/** The clock an injected slowdown (A/A test hook) is booked on. */
export type SlowdownClock = 'wall' | 'cpu';

/**
 * The clock the injector books on for a run's metric: CPU time when the verdict reads CPU time, else wall time, so the
 * injected share is exact in the unit the verdict reads (slowdown-injector.ts has the measurements).
 */
export function slowdownClockOf(metric: RunRecord['config']['metric']): SlowdownClock {
  return metric === 'cpuNsPerOp' ? 'cpu' : 'wall';
}
