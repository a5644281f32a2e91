/**
 * What the plan stage hands the measure stage: each case ready to run (bundles, parameters, labels per side, its
 * effective sampling), and the fresh record they start from.
 */
import { randomUUID } from 'node:crypto';
import { UsageError } from '../errors.js';
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

/** A case's own recorded sampling (a results file's `sampling`): the minimum only when there is one. */
export type CaseSampling = NonNullable<BenchmarkRecord['sampling']>;

/** What a case's settings record and `--resume` checks: `warmupMinMs` only when above 0 (absent: none). */
export function caseSampling(sample: RunSampleSettings): CaseSampling {
  const { sampleMs, warmupMaxMs, warmupMinMs } = sample;
  return { sampleMs, warmupMaxMs, ...(warmupMinMs > 0 ? { warmupMinMs } : {}) };
}

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
    ...(c.sample ? { sampling: caseSampling(c.sample) } : {}),
  };
}

/** Which of the run's sampling settings were given explicitly (command line or options), and so win over a suite's. */
export interface ExplicitSampling {
  sampleMs: boolean;
  warmupMaxMs: boolean;
  warmupMinMs: boolean;
}

/**
 * Each case's effective measurement settings: the command line's `--sample-ms` / `--warmup-ms` / `--warmup-min-ms`
 * when given, else the suite's own `sampling`, else the run's defaults. Cases that end up with the run's settings
 * keep none of their own.
 * @throws {UsageError} when a case's warm-up minimum exceeds its cap, naming both values and where they came from.
 */
export function resolveSampling(
  cases: readonly PlannedCase[],
  run: RunSampleSettings,
  explicit: ExplicitSampling,
): PlannedCase[] {
  return cases.map((c) => {
    const sampleMs = explicit.sampleMs ? run.sampleMs : (c.sampling?.sampleMs ?? run.sampleMs);
    const warmupMaxMs = explicit.warmupMaxMs ? run.warmupMaxMs : (c.sampling?.warmupMs ?? run.warmupMaxMs);
    const warmupMinMs = explicit.warmupMinMs ? run.warmupMinMs : (c.sampling?.warmupMinMs ?? run.warmupMinMs);
    if (warmupMinMs > warmupMaxMs) throw minAboveCap(c, explicit, { warmupMinMs, warmupMaxMs });
    if (sampleMs === run.sampleMs && warmupMaxMs === run.warmupMaxMs && warmupMinMs === run.warmupMinMs)
      return c;
    return { ...c, sample: { ...run, sampleMs, warmupMaxMs, warmupMinMs } };
  });
}

/**
 * A minimum above the cap is refused rather than the cap raised to it: the cap is what bounds a run's time, and a
 * silently longer run (or a minimum the 4× stretched cap would cut short) is the surprise to avoid.
 */
function minAboveCap(
  c: PlannedCase,
  explicit: ExplicitSampling,
  v: { warmupMinMs: number; warmupMaxMs: number },
): UsageError {
  const suiteMin = !explicit.warmupMinMs && c.sampling?.warmupMinMs !== undefined;
  const suiteCap = !explicit.warmupMaxMs && c.sampling?.warmupMs !== undefined;
  const minFrom = suiteMin ? `its suite's sampling.warmupMinMs` : '--warmup-min-ms';
  const capFrom = suiteCap
    ? `its suite's sampling.warmupMs`
    : explicit.warmupMaxMs
      ? '--warmup-ms'
      : 'the default; set --warmup-ms or sampling.warmupMs';
  return new UsageError(
    `${c.bench.key}: the warm-up minimum ${v.warmupMinMs} ms (${minFrom}) is above the warm-up cap ` +
      `${v.warmupMaxMs} ms (${capFrom}); the minimum must not exceed the cap: raise the cap or lower the minimum`,
  );
}
