import { type BenchmarkRecord, mannWhitneyU, type ParamValue, type Side } from '@tombstone-lab/bench';

/** The per-sample metrics the case reports read from a bench results record. */
export type CaseMetric = 'nsPerOp' | 'cpuNsPerOp' | 'bytesPerOp';

/** One side of one benchmark: its level of the compared factor and its medians. */
export interface MeasuredSide {
  /** The compared factor's level, e.g. `eager`. */
  readonly level: string;
  readonly samples: number;
  readonly nsPerOp: number;
  readonly bytesPerOp: number | null;
}

/** Baseline vs candidate of one benchmark case, from a co-measured run. */
export interface MeasuredPair {
  readonly key: string;
  readonly params: Readonly<Record<string, ParamValue>>;
  readonly baseline: MeasuredSide;
  readonly candidate: MeasuredSide;
  /** Candidate median ns/op ÷ baseline median ns/op. */
  readonly timeRatio: number;
  /** Exact two-sided Mann-Whitney p of the ns/op samples. */
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
    bytesPerOp: bytes.length > 0 ? medianOf(bytes) : null,
  };
}

/** Medians of both sides, their ratio and the exact p of one benchmark record. */
export function measuredPair(record: BenchmarkRecord): MeasuredPair {
  const baseline = sideOf(record, 'baseline');
  const candidate = sideOf(record, 'candidate');
  const p = mannWhitneyU(sideValues(record, 'baseline', 'nsPerOp'), sideValues(record, 'candidate', 'nsPerOp')).p;
  return {
    key: record.key,
    params: record.id.params,
    baseline,
    candidate,
    timeRatio: candidate.nsPerOp / baseline.nsPerOp,
    p,
  };
}

/** A duration in ns as ms with three significant digits: "41.2 ms", "0.873 ms". */
export function formatMs(ns: number): string {
  return `${(ns / 1e6).toPrecision(3)} ms`;
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
