/**
 * What a case shows of a co-measured run: bench's own results, quoted from its RunReport — the verdict of each
 * benchmark (exact Mann-Whitney p, Holm across the run, the checks), the per-side medians, the growth fits and the
 * 2×2 — never recomputed here, so a case report and `tombstone-bench report` of the same run cannot disagree.
 */
import type { RunReport, VerdictOutcome } from '@tombstone-lab/bench/protocol';
import type { ParamValue } from '@tombstone-lab/bench/runner';
import { formatP } from '../report/text-report.js';
import { checksCell, type Unresolved, unresolvedNote, unresolvedOf } from '../report/unresolved-text.js';
import type { CASE_METRIC, MeasuredRun } from './bench-driver.js';
import { MAX_SAMPLES_PER_SIDE } from './case-limits.js';

/** One side of one benchmark: its level of the compared factor and its medians. */
export interface MeasuredSide {
  /** The compared factor's level, e.g. `eager`. */
  readonly level: string;
  readonly samples: number;
  /** Median CPU ns per op (bench's statistics of the judged metric; NaN when the side has no values). */
  readonly cpuNsPerOp: number;
  /** Median allocated bytes per op; null when not measured. */
  readonly bytesPerOp: number | null;
}

/** Baseline vs candidate of one benchmark case and bench's verdict on it. */
export interface MeasuredPair {
  readonly key: string;
  readonly params: Readonly<Record<string, ParamValue>>;
  readonly baseline: MeasuredSide;
  readonly candidate: MeasuredSide;
  /** Candidate median CPU ns/op ÷ baseline median CPU ns/op. */
  readonly timeRatio: number;
  /** bench's exact two-sided Mann-Whitney p of the CPU ns/op samples (null without values). */
  readonly p: number | null;
  /** The p bench decided on: `p` after its correction across the run's benchmarks (Holm). */
  readonly pAdjusted: number | null;
  /** bench's verdict: Won, Lost, Unchanged, Inconclusive (a check failed), Invalid … */
  readonly verdict: VerdictOutcome;
  /**
   * The suite's role for this pair: `primary` (judged Won / Lost / Unchanged) or `guardrail` (judged only for a
   * regression: Held however much it improved).
   */
  readonly role: 'primary' | 'guardrail';
  /** The checks bench found failed on this benchmark (empty when all passed). */
  readonly failedChecks: readonly string[];
  /** An Inconclusive with every check passed: the read its interval does not show; null otherwise. */
  readonly unresolved: Unresolved | null;
}

/** "eager" from a side label "store=eager". */
const levelOf = (label: string) => (label.includes('=') ? label.slice(label.indexOf('=') + 1) : label);

/** Each benchmark of the run with bench's verdict, medians and per-side figures, in run order. */
export function measuredPairs({ record, report }: MeasuredRun): MeasuredPair[] {
  return report.verdicts.map((v) => {
    const sides = report.benchmarks.find((b) => b.key === v.key)?.sides;
    const side = (s: 'baseline' | 'candidate'): MeasuredSide => ({
      level: levelOf(v.labels[s]),
      samples: sides?.[s].samples ?? 0,
      cpuNsPerOp: v.stats?.[s].median ?? Number.NaN,
      bytesPerOp: sides?.[s].bytesPerOp ?? null,
    });
    const baseline = side('baseline');
    const candidate = side('candidate');
    return {
      key: v.key,
      params: record.benchmarks.find((b) => b.key === v.key)?.id.params ?? {},
      baseline,
      candidate,
      timeRatio: candidate.cpuNsPerOp / baseline.cpuNsPerOp,
      p: v.stats?.p ?? null,
      pAdjusted: v.pAdjusted,
      verdict: v.outcome,
      role: v.role,
      failedChecks: v.checks.filter((c) => !c.passed).map((c) => c.name),
      unresolved: unresolvedOf(v.outcome, v.basis),
    };
  });
}

/** One side's growth fit over the run's growth parameter, for one group of the other parameters. */
export interface SideGrowth {
  /** The other parameters of the group, e.g. `{ arrival: 'tail' }`. */
  readonly fixed: Readonly<Record<string, ParamValue>>;
  /** The compared factor's level of this side. */
  readonly level: string;
  readonly fit: RunReport['growth'][number]['baseline'];
}

/**
 * bench's growth fits (metric ≈ a·N^b per side and group) of the run's judged metric ({@link CASE_METRIC}), as its
 * RunReport carries them. The RunReport fits one metric; the record is never analysed a second time for another.
 * @throws Error when the run was not analysed for growth.
 */
export function growthOf(run: MeasuredRun): SideGrowth[] {
  if (run.report.growthParam === null) throw new Error('the run was not analysed for growth');
  const labels = run.report.verdicts[0]?.labels;
  return run.report.growth.flatMap((g) =>
    (['baseline', 'candidate'] as const).map((s) => ({
      fixed: g.fixedParams,
      level: labels ? levelOf(labels[s]) : s,
      fit: g[s],
    })),
  );
}

/**
 * bench's 2×2 of the run (code × its factorial parameter), levels without their `name=` prefix.
 * @throws Error with bench's reason when the run has no table.
 */
export function factorialOf(run: MeasuredRun): RunReport['factorials'][number] {
  const table = run.report.factorials[0];
  if (table === undefined || run.report.factorials.length !== 1) {
    const why = run.report.notFittable.find((n) => n.analysis === 'factorial')?.reason;
    throw new Error(`bench found no single 2×2 in the run${why ? `: ${why}` : ''}`);
  }
  const strip = (f: typeof table.code) => ({
    ...f,
    levels: [levelOf(f.levels[0]), levelOf(f.levels[1])] as [string, string],
  });
  return { ...table, code: strip(table.code), config: strip(table.config) };
}

/** The columns quoting bench's verdict of a pair, after a table's own: raw p, p after Holm, verdict, checks. */
export const VERDICT_COLUMNS: readonly string[] = ['p', 'p (Holm)', 'verdict', 'checks'];

/**
 * What `(guardrail)` in a verdict cell means, for the line under a table that has one: a 1.57× faster guardrail read
 * a bare `Held` in `case purge-order --quick`, which looked like "no change".
 */
export function guardrailNote(pairs: readonly MeasuredPair[]): string[] {
  const primary = pairs.find((p) => p.role === 'primary');
  if (!pairs.some((p) => p.role === 'guardrail')) return [];
  return [
    '(guardrail): bench only asks whether it got slower — Held means "not slower beyond the threshold", whatever ' +
      `the speed-up; ${primary ? `the primary, ${primary.key}, carries the verdict` : 'the primary was not measured in this run'}`,
  ];
}

/** A pair's cells under {@link VERDICT_COLUMNS}. */
export function verdictCells(p: MeasuredPair): string[] {
  return [
    formatP(p.p ?? Number.NaN),
    formatP(p.pAdjusted ?? Number.NaN),
    p.role === 'guardrail' ? `${p.verdict} (guardrail)` : p.verdict,
    checksCell(p.failedChecks, p.unresolved),
  ];
}

/** The lines under a verdict table for its unresolved rows (Inconclusive, every check passed): what would resolve each. */
export function unresolvedNotes(pairs: readonly MeasuredPair[]): string[] {
  return pairs.flatMap((p) =>
    p.unresolved === null
      ? []
      : [
          unresolvedNote(p.key, p.unresolved, {
            name: '--samples',
            noun: 'samples',
            max: MAX_SAMPLES_PER_SIDE,
          }),
        ],
  );
}
