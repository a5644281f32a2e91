import type { RangeStoreName } from '../workloads/range-stores.js';
import type { StressTarget } from './stress-run.js';

/** What a stress run drives: the workload spec's op stream applied to a fresh engine table. */
export interface StressTargetRequest {
  /** Absolute path of the workload spec (JSON). */
  readonly specFile: string;
  readonly seed: number;
  readonly stream: number;
  readonly rangeStore: RangeStoreName;
  /** `--ops N`: the target refuses a count past the spec's last valid op index before anything runs. */
  readonly ops?: number;
}

/** Builds the target of a run; also names the spec for the report. */
export type StressTargetFactory = (
  request: StressTargetRequest,
) => Promise<{ target: StressTarget; specName: string }>;
