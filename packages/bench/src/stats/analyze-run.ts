/**
 * Run-level analysis: a verdict per benchmark and a summary over all of them (outcome counts, checks passed
 * across the run, the CI gate, and for A/A runs the false-verdict rate).
 */

import { type RunRecord, sameCode } from '../model.js';
import { CHECK_NAMES, type CheckFinding, type CheckName } from './checks.js';
import type { Correction } from './holm.js';
import { type SignificanceReach, significanceReach } from './significance-reach.js';
import {
  type AnalysisConfig,
  analysisConfigFromRun,
  type BenchmarkVerdict,
  OUTCOMES,
  type Outcome,
  verdictsFor,
} from './verdict.js';

/** One check summarised over all benchmarks. */
export interface CheckSummary {
  name: CheckName;
  passed: boolean;
  /** Benchmarks on which it passed. */
  passedCount: number;
  /** The failing benchmarks with what was measured on each. */
  failures: { key: string; findings: CheckFinding[] }[];
}

/** Summary of a whole run. */
export interface RunSummary {
  benchmarks: number;
  outcomes: Record<Outcome, number>;
  checks: CheckSummary[];
  /** Every check passed on every benchmark. */
  allChecksPassed: boolean;
  /**
   * 'fail' when any benchmark is Invalid; and, unless both sides ran the same code (A/A), when any is Lost, or Inconclusive while its statistics alone read a regression (an
   * unconfirmed regression must not pass a CI gate: measured on this VM at load 10, a 13× slowdown with p 1.1e-5
   * was Inconclusive only because one fork ran 3.5× the fastest), or when the sample sizes cannot reach alpha under
   * the correction (`reach`): such a run could not have failed, so it must not pass.
   */
  gate: 'pass' | 'fail';
  /** Benchmarks with p < alpha regardless of direction or threshold. */
  significant: number;
  /**
   * A/A runs only (both sides the same code): share of benchmarks with a Won/Lost verdict, and share with
   * p < alpha — the latter estimates the machine's real false-positive rate against the nominal alpha.
   */
  aa: { falseVerdictRate: number; falsePositiveRate: number } | null;
  /** Whether the sample sizes can reach alpha at all under the correction; null without comparable benchmarks. */
  reach: SignificanceReach | null;
}

/** The analysis block written next to a run. */
export interface RunAnalysis {
  config: AnalysisConfig;
  verdicts: BenchmarkVerdict[];
  summary: RunSummary;
}

/** An Inconclusive benchmark whose adjusted p and median change alone would make it Lost. */
export function unconfirmedRegression(v: BenchmarkVerdict, alpha: number, threshold: number): boolean {
  return (
    v.outcome === 'Inconclusive' &&
    v.stats !== null &&
    v.pAdjusted !== null &&
    v.pAdjusted < alpha &&
    v.stats.deltaPercent > 0 &&
    v.stats.deltaPercent >= threshold * 100
  );
}

/**
 * The samples per side of each verdict with statistics (its family under the correction). A benchmark of a
 * sequential run counts with its maximum: one that stopped at n = 5 with equivalence could have gone on.
 */
function sizesOf(verdicts: readonly BenchmarkVerdict[]) {
  return verdicts.flatMap((v) => {
    if (!v.stats) return [];
    const n = v.sequential?.maxN;
    return [{ baseline: n ?? v.stats.baseline.n, candidate: n ?? v.stats.candidate.n }];
  });
}

/**
 * The CI gate. A same-code run (A/A, or a single-variant `run`) fails only on an Invalid benchmark: both sides ran the
 * same code, so a Won/Lost there is a false verdict (counted in `aa`), not a regression. A `run` of a 20 ms suite
 * on a CI box at load 2.4 once read 1.66× between its two halves at n = 5 and exited 1 as "Lost".
 */
function gateOf(
  verdicts: readonly BenchmarkVerdict[],
  outcomes: Record<Outcome, number>,
  reach: SignificanceReach | null,
  o: { alpha: number; threshold: number; isAa: boolean },
): RunSummary['gate'] {
  if (o.isAa) return outcomes.Invalid > 0 ? 'fail' : 'pass';
  const failed =
    outcomes.Lost > 0 ||
    outcomes.Invalid > 0 ||
    // A run whose sizes cannot reach alpha could not have caught a regression: it passes nothing.
    (reach !== null && !reach.reachable) ||
    verdicts.some((v) => unconfirmedRegression(v, o.alpha, o.threshold));
  return failed ? 'fail' : 'pass';
}

/**
 * Summarises verdicts (pure; `isAa`, both sides the same code, turns on the false-verdict rates and gates on Invalid only; `checkNames` are the checks that were run —
 * `compare-files` runs only those that hold for samples that were not co-measured).
 */
export function summarize(
  verdicts: readonly BenchmarkVerdict[],
  alpha: number,
  isAa: boolean,
  threshold = 0,
  correction: Correction = 'holm',
  checkNames: readonly CheckName[] = CHECK_NAMES,
): RunSummary {
  const outcomes = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;
  for (const v of verdicts) outcomes[v.outcome]++;
  const checks = checkNames.map((name): CheckSummary => {
    const failures: CheckSummary['failures'] = [];
    let passedCount = 0;
    for (const v of verdicts) {
      const c = v.checks.find((x) => x.name === name);
      if (c?.passed) passedCount++;
      else failures.push({ key: v.key, findings: c?.findings ?? [] });
    }
    return { name, passed: failures.length === 0, passedCount, failures };
  });
  const significant = verdicts.filter((v) => v.stats !== null && v.stats.p < alpha).length;
  const n = verdicts.length;
  const reach = significanceReach(sizesOf(verdicts), alpha, correction);
  return {
    benchmarks: n,
    outcomes,
    checks,
    allChecksPassed: checks.every((c) => c.passed),
    gate: gateOf(verdicts, outcomes, reach, { alpha, threshold, isAa }),
    significant,
    aa:
      isAa && n > 0
        ? { falseVerdictRate: (outcomes.Won + outcomes.Lost) / n, falsePositiveRate: significant / n }
        : null,
    reach,
  };
}

/**
 * Analyses a whole run: a verdict per benchmark (in run order) and the run summary.
 * @throws {StatsInputError} for an invalid config or override.
 */
export function analyzeRun(run: RunRecord, overrides: Partial<AnalysisConfig> = {}): RunAnalysis {
  const config = analysisConfigFromRun(run, overrides);
  const verdicts = verdictsFor(run.benchmarks, config);
  return {
    config,
    verdicts,
    summary: summarize(verdicts, config.alpha, sameCode(run), config.threshold, config.correction),
  };
}
