/**
 * Everything a run is analysed into: the verdicts and summary, and on request the growth and factorial fits. Part
 * of the analyse stage (`analyse-run.ts` projects it into the RunReport): the engine and `report` reach it only
 * through `analyseRun`, so a run is analysed once.
 */

import type { RunRecord } from '../model.js';
import type { ShareRoots } from '../shareable-invocation.js';
import { analyzeRun, type RunAnalysis } from '../stats/analyze-run.js';
import { StatsInputError } from '../stats/errors.js';
import type { RunFactorial } from '../stats/factorial.js';
import type { GrowthComparison } from '../stats/growth.js';
import type { NotFittable } from '../stats/not-fittable.js';
import type { AnalysisConfig } from '../stats/verdict.js';
import { factorialOption, growthOption } from './option-analyses.js';

/** What to analyse besides the verdicts. */
export interface OutputOptions {
  overrides?: Partial<AnalysisConfig>;
  growth?: string;
  factorial?: string;
  /** Where the run's private paths are, so the report's `reproduction` shows them relative (work-tree.ts). */
  share?: ShareRoots;
}

/** The optional analyses of a run. */
export interface RunExtras {
  growth?: readonly GrowthComparison[];
  factorials?: readonly RunFactorial[];
  /** Growth/factorial groups that could not be fitted, each with its reason. */
  notFittable?: readonly NotFittable[];
}

/** A run with its analyses. */
export interface RunAnalyses extends RunExtras {
  run: RunRecord;
  analysis: RunAnalysis;
}

/**
 * Rejects analyses that contradict each other: a parameter is either the growth axis (its values are sizes to fit an
 * exponent over) or the factorial factor (its levels are compared at each combination of the others), never both.
 * @throws {StatsInputError} naming the parameter.
 */
export function checkAnalysisOptions(opts: Pick<OutputOptions, 'growth' | 'factorial'>): void {
  if (opts.growth !== undefined && opts.growth === opts.factorial)
    throw new StatsInputError(
      '--growth/--factorial',
      opts.growth,
      `parameter ${JSON.stringify(opts.growth)} cannot be both the growth axis and the factorial factor; pick one`,
    );
}

/**
 * Analyses a run: verdicts, summary, and the growth and factorial analyses asked for. Growth and factorial are
 * fitted per group: a group that cannot be fitted is listed in `notFittable` and the rest still reported.
 * @throws {StatsInputError} for an invalid override.
 */
export function analyze(run: RunRecord, opts: OutputOptions = {}): RunAnalyses {
  checkAnalysisOptions(opts);
  const analysis = analyzeRun(run, opts.overrides ?? {});
  const metric = analysis.config.metric;
  const growth = opts.growth ? growthOption(run, opts.growth, metric) : undefined;
  const factorial = opts.factorial ? factorialOption(run, opts.factorial, metric) : undefined;
  const notFittable = [...(growth?.notFittable ?? []), ...(factorial?.notFittable ?? [])];
  return {
    run,
    analysis,
    ...(growth ? { growth: growth.comparisons } : {}),
    ...(factorial ? { factorials: factorial.tables } : {}),
    ...(notFittable.length > 0 ? { notFittable } : {}),
  };
}
