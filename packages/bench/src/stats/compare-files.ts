/**
 * benchstat-style comparison of two results files: for every benchmark in both, the values of one side (or both) of
 * the old file against the same in the new file, with the exact U test, Holm across the benchmarks and the usual
 * Won/Lost/Unchanged rule. The two files were not co-measured, so machine drift between them reads as a change;
 * the comparison says so rather than running the pairing/independence checks that only a co-measured run can pass.
 * The checks that hold for any two samples (sample_sufficiency, measurements_sane) run, and the verdict is the one
 * `run` gives ({@link judge}): 4 vs 3 samples cannot reach alpha 0.05, so they are Inconclusive here too.
 */

import { type RunRecord, type Side, sameCode } from '../model.js';
import {
  type CheckName,
  type CheckResult,
  DEFAULT_CHECK_CONFIG,
  saneValues,
  sufficientSizes,
} from './checks.js';
import type { Equivalence } from './equivalence.js';
import { StatsInputError } from './errors.js';
import { adjustPValues, type Correction } from './holm.js';
import { type MetricName, sideValues } from './metric.js';
import { type ComparisonStats, compareSamples, judge, type Outcome, type VerdictBasis } from './verdict.js';

/** The checks that hold for two samples that were not co-measured, in report order (the only ones a row has). */
export const FILE_CHECKS: readonly CheckName[] = ['measurements_sane', 'sample_sufficiency'];

/** Which samples of each file stand for its code: one side, or both pooled (A/A and single-variant runs). */
export type FileSide = Side | 'both';

/** One benchmark present in both files. */
export interface FileComparisonRow {
  key: string;
  stats: ComparisonStats;
  pAdjusted: number;
  outcome: Outcome;
  basis: VerdictBasis;
  /** The interval held against ±threshold (see `equivalence.ts`). */
  equivalence: Equivalence;
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
  return sameCode(run) ? 'both' : 'candidate';
}

/** What the two sides of a run measured, for the message refusing to pool them. */
function twoCodes(run: RunRecord): string {
  const c = run.comparison;
  if (c.kind === 'factor') return `${c.factor}=${String(c.baseline)} vs ${c.factor}=${String(c.candidate)}`;
  if (c.kind === 'revision') return `${c.baseline} vs ${c.candidate}`;
  return `an A/A run with the candidate slowed down by ${(c.slowdown ?? 0) * 100}%`;
}

function values(run: RunRecord, key: string, side: FileSide, metric: MetricName): number[] {
  const b = run.benchmarks.find((x) => x.key === key);
  if (!b) return [];
  if (side !== 'both') return sideValues(b, side, metric);
  // Pooling two implementations gives a median of neither (189 ns and 41 ns pooled read 111 ns).
  if (!sameCode(run))
    throw new StatsInputError(
      'side',
      side,
      `--side both would pool two different implementations (${twoCodes(run)}) into one sample; ` +
        'compare one side at a time (--side baseline or --side candidate)',
    );
  return [...sideValues(b, 'baseline', metric), ...sideValues(b, 'candidate', metric)];
}

/**
 * Compares `old` with `next` benchmark by benchmark (old is the baseline).
 * @throws {StatsInputError} for `side: 'both'` on a file whose two sides measured different code.
 */
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
    // In FILE_CHECKS (report) order.
    const checks = [
      saneValues({ baseline: m.a, candidate: m.b }, { ...DEFAULT_CHECK_CONFIG, ...opts }),
      sufficientSizes(m.a.length, m.b.length, opts.alpha, {
        size: measured.length,
        correction: opts.correction,
      }),
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
