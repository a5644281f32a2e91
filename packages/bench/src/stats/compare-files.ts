/**
 * benchstat-style comparison of two results files: for every benchmark in both, the values of one side (or both) of
 * the old file against the same in the new file, with the exact U test, Holm across the benchmarks and the usual
 * Won/Lost/Unchanged rule. The two files were not co-measured, so machine drift between them reads as a change;
 * the comparison says so rather than running the pairing/independence checks that only a co-measured run can pass.
 * The checks that hold for any two samples (sample_sufficiency, measurements_sane) run, and the verdict is the one
 * `run` gives ({@link judge}): 4 vs 3 samples cannot reach alpha 0.05, so they are Inconclusive here too.
 */

import type { RunRecord, Side } from '../model.js';
import { type CheckResult, DEFAULT_CHECK_CONFIG, saneValues, sufficientSizes } from './checks.js';
import { adjustPValues, type Correction } from './holm.js';
import { type MetricName, sideValues } from './metric.js';
import { type ComparisonStats, compareSamples, judge, type Outcome, type VerdictBasis } from './verdict.js';

/** Which samples of each file stand for its code: one side, or both pooled (A/A and single-variant runs). */
export type FileSide = Side | 'both';

/** One benchmark present in both files. */
export interface FileComparisonRow {
  key: string;
  stats: ComparisonStats;
  pAdjusted: number;
  outcome: Outcome;
  basis: VerdictBasis;
  /** The checks that apply to samples that were not co-measured. */
  checks: CheckResult[];
}

/** The rows, plus the benchmarks found in only one file. */
export interface FileComparison {
  metric: MetricName;
  side: FileSide;
  rows: FileComparisonRow[];
  onlyOld: string[];
  onlyNew: string[];
}

/** The side that stands for a file's code by default: both for same-code runs, else the candidate. */
export function defaultSide(run: RunRecord): FileSide {
  return run.comparison.kind === 'aa' ? 'both' : 'candidate';
}

function values(run: RunRecord, key: string, side: FileSide, metric: MetricName): number[] {
  const b = run.benchmarks.find((x) => x.key === key);
  if (!b) return [];
  if (side !== 'both') return sideValues(b, side, metric);
  return [...sideValues(b, 'baseline', metric), ...sideValues(b, 'candidate', metric)];
}

/** Compares `old` with `next` benchmark by benchmark (old is the baseline). */
export function compareFiles(
  old: RunRecord,
  next: RunRecord,
  opts: { metric: MetricName; alpha: number; threshold: number; correction: Correction; side?: FileSide },
): FileComparison {
  const oldKeys = old.benchmarks.map((b) => b.key);
  const newKeys = new Set(next.benchmarks.map((b) => b.key));
  const side = opts.side ?? defaultSide(next);
  const measured = oldKeys.flatMap((key) => {
    if (!newKeys.has(key)) return [];
    const a = values(old, key, opts.side ?? defaultSide(old), opts.metric);
    const b = values(next, key, side, opts.metric);
    return a.length > 0 && b.length > 0 ? [{ key, a, b, stats: compareSamples(a, b) }] : [];
  });
  const adjusted = adjustPValues(
    measured.map((m) => m.stats.p),
    opts.correction,
  );
  const rows = measured.map((m, i): FileComparisonRow => {
    const pAdjusted = adjusted[i]!;
    const checks = [
      sufficientSizes(m.a.length, m.b.length, opts.alpha),
      saneValues({ baseline: m.a, candidate: m.b }, { ...DEFAULT_CHECK_CONFIG, ...opts }),
    ];
    const verdict = judge('primary', { ...m.stats, pAdjusted }, checks, opts);
    return { key: m.key, stats: m.stats, pAdjusted, ...verdict, checks };
  });
  return {
    metric: opts.metric,
    side,
    rows,
    onlyOld: oldKeys.filter((k) => !newKeys.has(k)),
    onlyNew: [...newKeys].filter((k) => !oldKeys.includes(k)),
  };
}
