import type { Role, RunRecord, Sample, SampleFailure, Side } from '../model.js';

/** Version of the NDJSON event protocol; every event carries it. */
export const PROTOCOL_VERSION = 1 as const;

interface Base {
  protocol: typeof PROTOCOL_VERSION;
  /** ISO timestamp of the event. */
  time: string;
}

/** A run began; lists every benchmark case with its role and source location. */
export interface RunStartedEvent extends Base {
  type: 'run-started';
  runId: string;
  resultsFile: string;
  comparison: RunRecord['comparison'];
  samplesPerSide: number;
  totalForks: number;
  benchmarks: {
    key: string;
    role: Role;
    labels: Record<Side, string>;
    location?: { file: string; line: number; column: number };
  }[];
}

/** One fork finished: either a sample or a failure. */
export interface SampleFinishedEvent extends Base {
  type: 'sample-finished';
  key: string;
  side: Side;
  seq: number;
  completed: number;
  total: number;
  sample?: Sample;
  failure?: SampleFailure;
}

/** All forks of one benchmark case finished; `analysis` is the verdict when statistics were computed. */
export interface BenchmarkFinishedEvent extends Base {
  type: 'benchmark-finished';
  key: string;
  samples: Record<Side, number>;
  failures: number;
  analysis?: unknown;
}

/** The run ended (completed, interrupted or failed) with this exit code. */
export interface RunFinishedEvent extends Base {
  type: 'run-finished';
  runId: string;
  resultsFile: string;
  interrupted: boolean;
  exitCode: number;
  summary?: unknown;
}

/** A user-facing error (bad input, compile error, build failure …). */
export interface ErrorEvent extends Base {
  type: 'error';
  errorName: string;
  message: string;
  key?: string;
}

/** Every event of the protocol. */
export type BenchEvent =
  | RunStartedEvent
  | SampleFinishedEvent
  | BenchmarkFinishedEvent
  | RunFinishedEvent
  | ErrorEvent;

/** An event as emitted by the runner, before the sink stamps `protocol` and `time`. */
export type Payload<E> = E extends BenchEvent ? Omit<E, 'protocol' | 'time'> : never;
