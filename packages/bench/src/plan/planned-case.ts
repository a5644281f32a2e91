/**
 * What the plan stage hands the measure stage: each case ready to run (bundles, parameters, labels per side, its
 * effective sampling), and the fresh record they start from.
 */
import { randomUUID } from 'node:crypto';
import type { SampleSettings } from '../fork/fork-protocol.js';
import type {
  BenchmarkRecord,
  MeasurementSettings,
  ParamValue,
  RunInvocation,
  RunRecord,
  Side,
} from '../model.js';
import { PROTOCOL_VERSION } from '../protocol/version.js';
import type { BenchCase } from '../suite/cases.js';
import type { SuiteSampling } from '../suite/define.js';

/** A run's sample settings: the slowdown and its clock are per side and per metric (measureOnce). */
export type RunSampleSettings = Omit<SampleSettings, 'slowdown' | 'slowdownClock'>;

/** One case ready to run: what each side's forks load and with which parameters. */
export interface PlannedCase {
  bench: BenchCase;
  location?: { file: string; line: number; column: number };
  /** Compiled bundle per side (the same file for factor and A/A runs). */
  bundles: Record<Side, string>;
  /** Parameters handed to `setup` per side (the compared factor differs). */
  params: Record<Side, Record<string, ParamValue>>;
  labels: Record<Side, string>;
  /** Injected slowdown per side (A/A test hook). */
  slowdown: Record<Side, number>;
  /** The suite's measurement defaults; {@link resolveSampling} turns them into {@link PlannedCase.sample}. */
  sampling?: SuiteSampling;
  /** This case's measurement settings when they differ from the run's (a suite's own `sampling`). */
  sample?: RunSampleSettings;
}

/** A fresh record with an empty entry per case (also used to persist build failures before anything runs). */
export function createRecord(
  cases: readonly PlannedCase[],
  settings: {
    comparison: RunRecord['comparison'];
    config: RunRecord['config'];
    invocation?: RunInvocation;
    measurement?: MeasurementSettings;
  },
): RunRecord {
  return {
    schemaVersion: PROTOCOL_VERSION,
    runId: randomUUID(),
    startedAt: new Date().toISOString(),
    finishedAt: null,
    comparison: settings.comparison,
    config: settings.config,
    ...(settings.measurement ? { measurement: settings.measurement } : {}),
    benchmarks: cases.map(entryFor),
    ...(settings.invocation ? { invocation: settings.invocation } : {}),
  };
}

/** The empty entry of a case in a record (a resumed record gains one per case it lacks). */
export function entryFor(c: PlannedCase): BenchmarkRecord {
  const { suite, benchmark, params } = c.bench;
  return {
    id: { suite, benchmark, params },
    key: c.bench.key,
    role: c.bench.role,
    labels: c.labels,
    samples: [],
    failures: [],
    ...(c.location ? { location: c.location } : {}),
    ...(c.sample ? { sampling: { sampleMs: c.sample.sampleMs, warmupMaxMs: c.sample.warmupMaxMs } } : {}),
  };
}

/**
 * Each case's effective measurement settings: the command line's `--sample-ms` / `--warmup-ms` when given, else the
 * suite's own `sampling`, else the run's defaults. Cases that end up with the run's settings keep none of their own.
 */
export function resolveSampling(
  cases: readonly PlannedCase[],
  run: RunSampleSettings,
  explicit: { sampleMs: boolean; warmupMaxMs: boolean },
): PlannedCase[] {
  return cases.map((c) => {
    const sampleMs = explicit.sampleMs ? run.sampleMs : (c.sampling?.sampleMs ?? run.sampleMs);
    const warmupMaxMs = explicit.warmupMaxMs ? run.warmupMaxMs : (c.sampling?.warmupMs ?? run.warmupMaxMs);
    if (sampleMs === run.sampleMs && warmupMaxMs === run.warmupMaxMs) return c;
    return { ...c, sample: { ...run, sampleMs, warmupMaxMs } };
  });
}
