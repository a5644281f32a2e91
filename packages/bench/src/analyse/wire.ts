/**
 * The protocol's view of the engine's values: explicit projections, so a field added to a statistics type does not
 * leak onto the wire unversioned, and the wire form (JSON has no NaN or ±Infinity: they become null) is what
 * in-process consumers see too.
 */
import type { BenchmarkRecord, Side } from '../model.js';
import type {
  ProtocolFactorial,
  ProtocolGrowth,
  ProtocolRunSummary,
  RecordedError,
  SideSummary,
  Verdict,
} from '../protocol/types.js';
import type { RunSummary } from '../stats/analyze-run.js';
import type { CheckResult } from '../stats/checks.js';
import { median } from '../stats/describe.js';
import type { RunFactorial } from '../stats/factorial.js';
import type { GrowthComparison, GrowthPoint } from '../stats/growth.js';
import type { NotFittable } from '../stats/not-fittable.js';
import type { BenchmarkVerdict, ComparisonStats } from '../stats/verdict.js';

/** `value` as a JSON round trip returns it (non-finite numbers → null, undefined fields dropped). */
export function toWire<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

const statsPayload = (s: ComparisonStats) => ({
  baseline: s.baseline,
  candidate: s.candidate,
  deltaPercent: s.deltaPercent,
  shift: s.shift,
  ratio: s.ratio,
  u: s.u,
  p: s.p,
  exact: s.exact,
  design: s.design,
  wPlus: s.wPlus,
});

const checkPayload = (c: CheckResult) => ({ name: c.name, passed: c.passed, findings: c.findings });

/** The protocol verdict of a statistics verdict. */
export function verdictPayload(v: BenchmarkVerdict): Verdict {
  return toWire({
    key: v.key,
    role: v.role,
    metric: v.metric,
    unit: v.unit,
    labels: v.labels,
    stats: v.stats && statsPayload(v.stats),
    pAdjusted: v.pAdjusted,
    outcome: v.outcome,
    basis: v.basis,
    equivalence: v.equivalence,
    checks: v.checks.map(checkPayload),
    ...(v.sequential ? { sequential: v.sequential } : {}),
  });
}

/** The protocol run summary. */
export function summaryPayload(s: RunSummary): ProtocolRunSummary {
  return toWire(s);
}

/** A benchmark's forks: its samples and failures. */
type Forks = Pick<BenchmarkRecord, 'samples' | 'failures'>;

/** A side stops after this many failed forks unless the run says otherwise (what `skipped` is counted against). */
export const DEFAULT_MAX_FAILURES = 2;

/** Forks a side will not run: once it reached the failure limit, the rest of its `n`. */
export function skippedOn(entry: Forks, side: Side, n: number, maxFailures: number): number {
  const failures = entry.failures.filter((f) => f.side === side).length;
  if (failures < maxFailures) return 0;
  const done = entry.samples.filter((s) => s.side === side).length + failures;
  return Math.max(0, n - done);
}

const medianOrNull = (xs: readonly number[]): number | null => (xs.length === 0 ? null : median(xs));

/** One side's counts and the allocation, GC and warm-up figures of its samples. */
export function sideSummary(entry: Forks, side: Side, n: number, maxFailures: number): SideSummary {
  const samples = entry.samples.filter((s) => s.side === side);
  const bytes = samples.flatMap((s) => (s.bytesPerOp === null ? [] : [s.bytesPerOp]));
  return toWire({
    samples: samples.length,
    failures: entry.failures.filter((f) => f.side === side).length,
    skipped: skippedOn(entry, side, n, maxFailures),
    bytesPerOp: medianOrNull(bytes),
    gcCount: medianOrNull(samples.map((s) => s.gcCount)),
    gcTimeMs: medianOrNull(samples.map((s) => s.gcTimeMs)),
    warmupCapped: samples.filter((s) => s.warmupStable === false).length,
  });
}

const pointsPayload = (points: readonly GrowthPoint[]) =>
  points.map((p) => ({ n: p.n, values: [...p.values] }));

/** The protocol growth analysis, with the samples each fit was made on (the growth plot draws them). */
export function growthPayload(
  param: string,
  comparisons: readonly GrowthComparison[],
  notFittable: readonly NotFittable[],
): ProtocolGrowth {
  return toWire({
    param,
    comparisons: comparisons.map((c) => ({
      key: c.key,
      suite: c.suite,
      benchmark: c.benchmark,
      param: c.param,
      fixedParams: c.fixedParams,
      values: c.values,
      baseline: c.baseline,
      candidate: c.candidate,
      changed: c.changed,
      points: { baseline: pointsPayload(c.points.baseline), candidate: pointsPayload(c.points.candidate) },
    })),
    notFittable: notFittable.filter((n) => n.analysis === 'growth'),
  });
}

/** The protocol factorial analysis. */
export function factorialPayload(
  param: string,
  tables: readonly RunFactorial[],
  notFittable: readonly NotFittable[],
): ProtocolFactorial {
  return toWire({
    param,
    tables: [...tables],
    notFittable: notFittable.filter((n) => n.analysis === 'factorial'),
  });
}

/** An error as recorded in results and events: its class name and message. */
export function recordedError(e: unknown): RecordedError {
  const err = e instanceof Error ? e : new Error(String(e));
  return { errorName: err.name, message: err.message };
}
