import {
  type FactorialResult,
  factorial2x2,
  fitGrowth,
  type GrowthFit,
  mannWhitneyU,
  type ParamValue,
} from '@tombstone-lab/bench';
import type { BenchmarkRecord, RunRecord, Side } from '@tombstone-lab/bench/runner';

/** The per-sample metrics the case reports read from a bench results record. */
export type CaseMetric = 'nsPerOp' | 'cpuNsPerOp' | 'bytesPerOp';

/** One side of one benchmark: its level of the compared factor and its medians. */
export interface MeasuredSide {
  /** The compared factor's level, e.g. `eager`. */
  readonly level: string;
  readonly samples: number;
  /** Median wall-clock ns per op. */
  readonly nsPerOp: number;
  /**
   * Median CPU ns per op — what the case reports compare: on this shared machine CPU time was ~15× steadier than
   * wall time across fresh processes (measurement notes: CV 1.3% vs 20.3%).
   */
  readonly cpuNsPerOp: number;
  readonly bytesPerOp: number | null;
}

/** Baseline vs candidate of one benchmark case, from a co-measured run. */
export interface MeasuredPair {
  readonly key: string;
  readonly params: Readonly<Record<string, ParamValue>>;
  readonly baseline: MeasuredSide;
  readonly candidate: MeasuredSide;
  /** Candidate median CPU ns/op ÷ baseline median CPU ns/op. */
  readonly timeRatio: number;
  /** Exact two-sided Mann-Whitney p of the CPU ns/op samples. */
  readonly p: number;
}

/** Samples of one side's metric, in time order (null allocation figures dropped). */
export function sideValues(record: BenchmarkRecord, side: Side, metric: CaseMetric): number[] {
  const out: number[] = [];
  for (const s of record.samples) {
    const v = s.side === side ? s[metric] : null;
    if (typeof v === 'number' && Number.isFinite(v)) out.push(v);
  }
  return out;
}

/** The median of a non-empty sample (NaN for an empty one). */
export function medianOf(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function sideOf(record: BenchmarkRecord, side: Side): MeasuredSide {
  const bytes = sideValues(record, side, 'bytesPerOp');
  const label = record.labels[side];
  return {
    level: label.includes('=') ? label.slice(label.indexOf('=') + 1) : label,
    samples: record.samples.filter((s) => s.side === side).length,
    nsPerOp: medianOf(sideValues(record, side, 'nsPerOp')),
    cpuNsPerOp: medianOf(sideValues(record, side, 'cpuNsPerOp')),
    bytesPerOp: bytes.length > 0 ? medianOf(bytes) : null,
  };
}

/** Medians of both sides, their ratio and the exact p of one benchmark record. */
export function measuredPair(record: BenchmarkRecord): MeasuredPair {
  const baseline = sideOf(record, 'baseline');
  const candidate = sideOf(record, 'candidate');
  const p = mannWhitneyU(
    sideValues(record, 'baseline', 'nsPerOp'),
    sideValues(record, 'candidate', 'nsPerOp'),
  ).p;
  return {
    key: record.key,
    params: record.id.params,
    baseline,
    candidate,
    timeRatio: candidate.cpuNsPerOp / baseline.cpuNsPerOp,
    p,
  };
}

/** One side's growth fit over a numeric parameter, for one group of the other parameters. */
export interface SideGrowth {
  /** The other parameters of the group, e.g. `{ arrival: 'tail' }`. */
  readonly fixed: Readonly<Record<string, ParamValue>>;
  /** The compared factor's level of this side. */
  readonly level: string;
  readonly fit: GrowthFit;
}

/**
 * Fits metric ≈ a·N^b per side over the numeric parameter `param`, per group of the other parameters (bench's
 * `fitGrowth` over the samples of the run record).
 */
export function growthOf(run: RunRecord, param: string, metric: CaseMetric): SideGrowth[] {
  const groups = new Map<string, BenchmarkRecord[]>();
  for (const r of run.benchmarks) {
    if (typeof r.id.params[param] !== 'number') continue;
    const key = JSON.stringify(Object.entries(r.id.params).filter(([k]) => k !== param));
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const out: SideGrowth[] = [];
  for (const records of groups.values()) {
    const first = records[0]!;
    const fixed = Object.fromEntries(Object.entries(first.id.params).filter(([k]) => k !== param));
    for (const side of ['baseline', 'candidate'] as const) {
      const points = records.map((r) => ({
        n: r.id.params[param] as number,
        values: sideValues(r, side, metric),
      }));
      if (points.some((p) => p.values.length === 0 || p.values.some((v) => v <= 0))) continue;
      if (new Set(points.map((p) => p.n)).size < 2) continue;
      out.push({ fixed, level: sideOf(first, side).level, fit: fitGrowth(points) });
    }
  }
  return out;
}

/**
 * The 2×2 of a run whose compared factor is the code and whose parameter `param` takes two levels (bench's
 * `factorial2x2` over the samples: cells[code level][configuration level], every effect with its exact p).
 * @throws Error unless exactly two benchmarks with two levels of `param` are in the run.
 */
export function factorialOf(
  run: RunRecord,
  param: string,
  metric: CaseMetric,
  unit: string,
): FactorialResult {
  const records = run.benchmarks.filter((r) => param in r.id.params);
  const levels = [...new Set(records.map((r) => String(r.id.params[param])))];
  if (records.length !== 2 || levels.length !== 2)
    throw new Error(
      `a 2×2 needs two benchmarks with two levels of ${param}, got ${records.length} (${levels.join(', ')})`,
    );
  const [r0, r1] = records as [BenchmarkRecord, BenchmarkRecord];
  return factorial2x2({
    unit,
    code: { name: 'code', levels: [sideOf(r0, 'baseline').level, sideOf(r0, 'candidate').level] },
    config: { name: param, levels: [levels[0]!, levels[1]!] },
    cells: [
      [sideValues(r0, 'baseline', metric), sideValues(r1, 'baseline', metric)],
      [sideValues(r0, 'candidate', metric), sideValues(r1, 'candidate', metric)],
    ],
  });
}

/** A duration in ns with three significant digits, in ms below a second: "41.2 ms", "0.873 ms", "1.09 s". */
export function formatMs(ns: number): string {
  return ns >= 1e9 ? `${(ns / 1e9).toPrecision(3)} s` : `${(ns / 1e6).toPrecision(3)} ms`;
}

/** Bytes with binary units: "402 MiB", "2.36 MiB", "812 B". */
export function formatBytes(bytes: number | null): string {
  if (bytes === null || !Number.isFinite(bytes)) return '—';
  const units = ['B', 'KiB', 'MiB', 'GiB'];
  let v = bytes;
  let u = 0;
  while (Math.abs(v) >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${u === 0 ? Math.round(v) : v.toPrecision(3)} ${units[u]}`;
}
