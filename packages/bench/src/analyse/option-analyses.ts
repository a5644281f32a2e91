/**
 * The growth and factorial analyses a user asked for with `--growth <param>` / `--factorial <param>` (`growth` /
 * `factorial` from code). The statistics name their own argument (`param: no benchmark has a numeric parameter named
 * "nope"`), a word the user never typed; these name the option and the parameters the run has instead.
 */
import type { RunRecord } from '../model.js';
import { StatsInputError } from '../stats/errors.js';
import { type FactorialAnalysis, factorialAnalysis } from '../stats/factorial.js';
import { type GrowthAnalysis, growthAnalysis } from '../stats/growth.js';
import type { MetricName } from '../stats/metric.js';

/** The parameter names of a run's benchmarks (only the numeric ones with `numeric`), sorted. */
function paramNames(run: RunRecord, numeric: boolean): string[] {
  const names = new Set<string>();
  for (const b of run.benchmarks)
    for (const [k, v] of Object.entries(b.id.params)) if (!numeric || typeof v === 'number') names.add(k);
  return [...names].sort();
}

/** Runs `analysis`; its refusal of `param` is re-thrown naming `option` and what the run has. */
function asOption<T>(option: string, param: string, known: string[], analysis: () => T): T {
  try {
    return analysis();
  } catch (e) {
    if (!(e instanceof StatsInputError) || e.argument !== 'param' || e.value !== param) throw e;
    const reason = e.message.slice(`${e.argument}: `.length);
    const has = known.length > 0 ? `; the benchmarks have ${known.join(', ')}` : '; the benchmarks have none';
    throw new StatsInputError(option, param, `${reason}${has}`);
  }
}

/**
 * {@link growthAnalysis} of `--growth <param>`.
 * @throws {StatsInputError} `--growth: no benchmark has a numeric parameter named "nope"; the benchmarks have size`.
 */
export function growthOption(run: RunRecord, param: string, metric?: MetricName): GrowthAnalysis {
  return asOption('--growth', param, paramNames(run, true), () => growthAnalysis(run, param, metric));
}

/**
 * {@link factorialAnalysis} of `--factorial <param>`.
 * @throws {StatsInputError} `--factorial: no benchmark has a parameter named "nope"; the benchmarks have size`.
 */
export function factorialOption(run: RunRecord, param: string, metric?: MetricName): FactorialAnalysis {
  return asOption('--factorial', param, paramNames(run, false), () => factorialAnalysis(run, param, metric));
}
