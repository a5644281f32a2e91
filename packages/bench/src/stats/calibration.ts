/**
 * Calibration of the verdicts on this machine, from repeated A/A runs and runs with an injected slowdown: the
 * measured false-verdict rate, the measured power at each injected change, how far the reading of an injected change
 * lands from what was injected, and the smallest change detected with 80% power at the run's n.
 */

import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { type BenchmarkRecord, type RunRecord, type SlowdownClock, slowdownClockOf } from '../model.js';
import { median } from './describe.js';
import { uStatistic } from './mann-whitney.js';
import { sideValues } from './metric.js';
import { cdfAtLeast, cdfAtMost, exactUDistribution, type UDistribution } from './u-distribution.js';
import type { AnalysisConfig, BenchmarkVerdict } from './verdict.js';

/** What a kind of calibration run cost: forks and wall time (what sequential sampling saves). */
export interface RunCost {
  /** Mean forks per side of one benchmark (samples and failed forks), over every benchmark of every run. */
  meanForksPerSide: number;
  /** The most forks per side a run could take: its -n (a sequential run's maximum). */
  maxForksPerSide: number;
  /** Mean wall time of a finished run (started → finished), in seconds; null when no run finished. */
  meanRunSeconds: number | null;
  /**
   * How the benchmarks of sequential runs stopped, by their deciding look (all 0 for fixed-n runs): with a
   * difference, with equivalence, for futility (no difference reachable by the maximum), at the maximum, or not at
   * all (an interrupted run's last benchmark).
   */
  stops: Record<'difference' | 'equivalence' | 'futility' | 'final' | 'undecided', number>;
}

/** The A/A side of a calibration: how often same-code comparisons got a verdict. */
export interface FalseVerdictSummary {
  runs: number;
  /** Benchmark comparisons with statistics (Invalid ones excluded). */
  comparisons: number;
  /** Won or Lost although both sides ran the same code. */
  falseVerdicts: number;
  falseVerdictRate: number;
  /** Runs with at least one false verdict, as a share of runs. */
  runsWithFalseVerdictRate: number;
  /** Raw (uncorrected) p < alpha, as a share of comparisons: the machine's false-positive rate vs nominal alpha. */
  rawSignificantRate: number;
  inconclusive: number;
  cost: RunCost;
}

/** Per benchmark: the reading of one injected change over the runs. */
export interface InjectedReading {
  key: string;
  runs: number;
  /** Mean of the per-run median Δ%. */
  meanDeltaPercent: number;
  /** Standard error of that mean (sd / √runs; 0 for one run). */
  standardError: number;
  lost: number;
  /**
   * Mean over the runs of the injected share the candidate's forks measured on the metric's clock (median over a
   * run's samples), in percent: what was really injected. Null for a metric without one (bytes, instructions).
   */
  injectedPercent: number | null;
  /** Mean over the runs of (1 + Δ) / (1 + injected) − 1, in percent: how much slower the op itself ran. */
  opDeltaPercent: number | null;
}

/** One injected change over all its runs. */
export interface InjectedSummary {
  slowdown: number;
  /**
   * The clock the injector booked on (the run's metric: CPU time for cpuNsPerOp, else wall time): runs booked on
   * different clocks are summarised apart.
   */
  clock: SlowdownClock;
  runs: number;
  cases: number;
  lost: number;
  /** Lost / cases: the measured power at this change. */
  power: number;
  inconclusive: number;
  /** Lost / (cases − Inconclusive): the power where the checks passed (null when none did). */
  conclusivePower: number | null;
  readings: InjectedReading[];
  /** Mean of the readings' mean Δ%, over the benchmarks. */
  meanDeltaPercent: number;
  /** Benchmarks whose mean Δ lies within ±2 points of the injected slowdown. */
  withinTwoPoints: number;
  cost: RunCost;
}

/** Per benchmark: the smallest slowdown detected in ≥ 80% of simulated comparisons at the run's n. */
export interface DetectableChange {
  key: string;
  /** As a fraction (0.05 = 5%); null when even a doubling is not detected (too few A/A samples or too noisy). */
  slowdown: number | null;
  /** The same at other samples per side (`calibrate --detect-n`), resampled from the same A/A noise. */
  atN: { n: number; slowdown: number | null }[];
}

/** Everything `calibrate` prints. */
export interface CalibrationSummary {
  config: AnalysisConfig;
  /** Forks per side: the maximum of a sequential design, the fixed count otherwise. */
  samplesPerSide: number;
  /** The runs' sequential design (looks, spending, design alpha); null for fixed-n runs. */
  sequential: NonNullable<RunRecord['config']['sequential']> | null;
  aa: FalseVerdictSummary;
  injected: InjectedSummary[];
  detectable: DetectableChange[];
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

/** Forks per benchmark and side, and wall time per finished run, over `runs`. */
export function runCost(runs: readonly RunRecord[]): RunCost {
  const forks = runs.flatMap((r) =>
    r.benchmarks.flatMap((b) =>
      (['baseline', 'candidate'] as const).map(
        (side) => [...b.samples, ...b.failures].filter((x) => x.side === side).length,
      ),
    ),
  );
  const seconds = runs.flatMap((r) =>
    r.finishedAt ? [(Date.parse(r.finishedAt) - Date.parse(r.startedAt)) / 1000] : [],
  );
  const stops = { difference: 0, equivalence: 0, futility: 0, final: 0, undecided: 0 };
  for (const b of runs.flatMap((r) => (r.config.sequential ? r.benchmarks : []))) {
    const decision = b.looks?.at(-1)?.decision;
    stops[decision === undefined || decision === 'continue' ? 'undecided' : decision]++;
  }
  return {
    meanForksPerSide: mean(forks),
    maxForksPerSide: Math.max(0, ...runs.map((r) => r.config.samplesPerSide)),
    meanRunSeconds: seconds.length > 0 ? mean(seconds) : null,
    stops,
  };
}

function falseVerdicts(
  analyses: readonly BenchmarkVerdict[][],
  alpha: number,
  runs: readonly RunRecord[],
): FalseVerdictSummary {
  const all = analyses.flat().filter((v) => v.stats !== null);
  const isVerdict = (v: BenchmarkVerdict) => v.outcome === 'Won' || v.outcome === 'Lost';
  const falseCount = all.filter(isVerdict).length;
  const n = Math.max(1, all.length);
  return {
    runs: analyses.length,
    comparisons: all.length,
    falseVerdicts: falseCount,
    falseVerdictRate: falseCount / n,
    runsWithFalseVerdictRate: analyses.filter((r) => r.some(isVerdict)).length / Math.max(1, analyses.length),
    rawSignificantRate: all.filter((v) => v.stats!.p < alpha).length / n,
    inconclusive: all.filter((v) => v.outcome === 'Inconclusive').length,
    cost: runCost(runs),
  };
}

/** The injected share one run's candidate forks measured on `metric`'s clock (median of its samples), or null. */
function injectedShare(record: BenchmarkRecord, metric: AnalysisConfig['metric']): number | null {
  if (metric !== 'nsPerOp' && metric !== 'cpuNsPerOp') return null;
  const shares: number[] = [];
  for (const s of record.samples) if (s.side === 'candidate' && s.injected) shares.push(s.injected[metric]);
  return shares.length > 0 ? median(shares) : null;
}

interface InjectedCase {
  verdict: BenchmarkVerdict;
  share: number | null;
}

function reading(key: string, cases: readonly InjectedCase[]): InjectedReading {
  const ds = cases.map((c) => c.verdict.stats!.deltaPercent);
  const m = mean(ds);
  const sd = ds.length > 1 ? Math.sqrt(ds.reduce((a, d) => a + (d - m) ** 2, 0) / (ds.length - 1)) : 0;
  const shares = cases.flatMap((c) => (c.share === null ? [] : [c.share]));
  const ops = cases.flatMap((c) =>
    c.share === null ? [] : [((1 + c.verdict.stats!.deltaPercent / 100) / (1 + c.share) - 1) * 100],
  );
  return {
    key,
    runs: cases.length,
    meanDeltaPercent: m,
    standardError: sd / Math.sqrt(ds.length),
    lost: cases.filter((c) => c.verdict.outcome === 'Lost').length,
    injectedPercent: shares.length === cases.length ? mean(shares) * 100 : null,
    opDeltaPercent: ops.length === cases.length ? mean(ops) : null,
  };
}

function injectedSummary(
  slowdown: number,
  clock: SlowdownClock,
  runs: readonly RunRecord[],
  analyses: readonly BenchmarkVerdict[][],
  metric: AnalysisConfig['metric'],
): InjectedSummary {
  const byKey = new Map<string, InjectedCase[]>();
  analyses.forEach((verdicts, i) => {
    for (const v of verdicts) {
      if (!v.stats) continue;
      const record = runs[i]!.benchmarks.find((b) => b.key === v.key);
      const share = record ? injectedShare(record, metric) : null;
      byKey.set(v.key, [...(byKey.get(v.key) ?? []), { verdict: v, share }]);
    }
  });
  const readings = [...byKey].map(([key, cases]) => reading(key, cases));
  const cases = readings.reduce((a, r) => a + r.runs, 0);
  const lost = readings.reduce((a, r) => a + r.lost, 0);
  const inconclusive = analyses.flat().filter((v) => v.outcome === 'Inconclusive').length;
  return {
    slowdown,
    clock,
    runs: analyses.length,
    cases,
    lost,
    power: lost / Math.max(1, cases),
    inconclusive,
    conclusivePower: cases - inconclusive > 0 ? lost / (cases - inconclusive) : null,
    readings,
    meanDeltaPercent: mean(readings.map((r) => r.meanDeltaPercent)),
    withinTwoPoints: readings.filter((r) => Math.abs(r.meanDeltaPercent - slowdown * 100) <= 2).length,
    cost: runCost(runs),
  };
}

const clocksFirst = (first: SlowdownClock): SlowdownClock[] =>
  first === 'cpu' ? ['cpu', 'wall'] : ['wall', 'cpu'];

/**
 * The clock a run's injector booked on: its metric's (runner.ts). Files written before the injector could book CPU
 * time carry no measured share in their samples, and were all booked on wall time.
 */
export function bookedClock(run: RunRecord): SlowdownClock {
  const measured = run.benchmarks.some((b) => b.samples.some((s) => s.injected !== undefined));
  return measured ? slowdownClockOf(run.config.metric) : 'wall';
}

/**
 * Each benchmark's A/A values relative to their own run's median (both sides pooled): the machine's noise for that
 * benchmark, with run-to-run level shifts removed because a comparison only ever sees one run.
 */
function relativeNoise(runs: readonly RunRecord[], metric: AnalysisConfig['metric']): Map<string, number[]> {
  const pools = new Map<string, number[]>();
  for (const run of runs) {
    for (const b of run.benchmarks) {
      const xs = [...sideValues(b, 'baseline', metric), ...sideValues(b, 'candidate', metric)];
      if (xs.length === 0) continue;
      const m = median(xs);
      if (!(m > 0)) continue;
      pools.set(b.key, [...(pools.get(b.key) ?? []), ...xs.map((x) => x / m)]);
    }
  }
  return pools;
}

function draw(rng: RandomGenerator, pool: readonly number[], n: number, scale: number): number[] {
  return Array.from({ length: n }, () => pool[uniformInt(rng, 0, pool.length - 1)]! * scale);
}

/**
 * Share of simulated comparisons (n vs n drawn from `pool`, the candidate scaled by 1 + slowdown) that the verdict
 * rule calls Lost at `alpha` and `threshold`.
 */
export function simulatedPower(
  pool: readonly number[],
  n: number,
  slowdown: number,
  rule: { alpha: number; threshold: number },
  trials = 300,
  seed = 1,
): number {
  const rng = xoroshiro128plus(seed);
  const dist = noTiesDistribution(n);
  let hits = 0;
  for (let t = 0; t < trials; t++) {
    const b = draw(rng, pool, n, 1);
    const c = draw(rng, pool, n, 1 + slowdown);
    const delta = (median(c) - median(b)) / median(b);
    if (delta >= rule.threshold && twoSidedP(dist, uStatistic(b, c)) < rule.alpha) hits++;
  }
  return hits / trials;
}

const distributions = new Map<number, UDistribution>();

/**
 * The exact U null distribution of n vs n without ties, computed once per n: the simulation runs ~10^4 tests, and
 * the tie-aware DP per test (resampled values do tie) made n = 30 take > 30 s. Ties from resampling then get the
 * no-ties p, slightly conservative-or-liberal by at most their share of the pooled ranks.
 */
function noTiesDistribution(n: number): UDistribution {
  let dist = distributions.get(n);
  if (!dist) {
    dist = exactUDistribution(new Array<number>(2 * n).fill(1), n, n);
    distributions.set(n, dist);
  }
  return dist;
}

function twoSidedP(dist: UDistribution, u: number): number {
  const twoU = Math.round(2 * u);
  return Math.min(1, 2 * Math.min(cdfAtMost(dist, twoU), cdfAtLeast(dist, twoU)));
}

/**
 * The smallest slowdown (bisection to 0.1 percentage points, up to 100%) with simulated power ≥ `power`. The rule
 * uses alpha / m, Holm's first step, when `family` benchmarks share the correction: the level a single real
 * regression among m unchanged benchmarks must reach.
 */
export function smallestDetectable(
  pool: readonly number[],
  n: number,
  rule: { alpha: number; threshold: number },
  power = 0.8,
): number | null {
  if (pool.length < 4) return null;
  if (simulatedPower(pool, n, 1, rule) < power) return null;
  let lo = 0;
  let hi = 1;
  while (hi - lo > 0.001) {
    const mid = (lo + hi) / 2;
    if (simulatedPower(pool, n, mid, rule) >= power) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** One analysed calibration run: its record and its run's verdicts (from the analyse stage). */
export interface AnalysedCalibrationRun {
  run: RunRecord;
  verdicts: readonly BenchmarkVerdict[];
}

/**
 * Summarises a calibration from analysed runs: `aa` measured the same code on both sides, `injected` maps each
 * injected slowdown (0.1 = 10%) to its runs; `config` is the rule they were judged with. `detectNs` adds the
 * smallest detectable change at other samples per side (what raising `-n` would buy). The runs are analysed by the
 * analyse stage (`analyse/calibration-summary.ts`), never here.
 */
export function calibrationSummary(
  aa: readonly AnalysedCalibrationRun[],
  injected: ReadonlyMap<number, readonly AnalysedCalibrationRun[]>,
  config: AnalysisConfig,
  detectNs: readonly number[] = [],
): CalibrationSummary {
  const first = aa[0]?.run ?? [...injected.values()][0]?.[0]?.run;
  if (!first) throw new RangeError('calibration needs at least one run');
  const aaRuns = aa.map((a) => a.run);
  const family = Math.max(1, first.benchmarks.length);
  const alpha = config.correction === 'holm' ? config.alpha / family : config.alpha;
  const n = first.config.samplesPerSide;
  const noise = relativeNoise(aaRuns, config.metric);
  return {
    config,
    samplesPerSide: n,
    sequential: first.config.sequential ?? null,
    aa: falseVerdicts(
      aa.map((a) => [...a.verdicts]),
      config.alpha,
      aaRuns,
    ),
    // Largest slowdown first; per slowdown, the runs booked on the analysed metric's clock first.
    injected: [...injected]
      .sort(([a], [b]) => b - a)
      .flatMap(([s, runs]) =>
        clocksFirst(slowdownClockOf(config.metric)).flatMap((clock) => {
          const booked = runs.filter((r) => bookedClock(r.run) === clock);
          if (booked.length === 0) return [];
          const verdicts = booked.map((b) => [...b.verdicts]);
          return [
            injectedSummary(
              s,
              clock,
              booked.map((b) => b.run),
              verdicts,
              config.metric,
            ),
          ];
        }),
      ),
    detectable: [...noise].map(([key, pool]) => {
      const at = (m: number) => smallestDetectable(pool, m, { alpha, threshold: config.threshold });
      return { key, slowdown: at(n), atN: detectNs.map((m) => ({ n: m, slowdown: at(m) })) };
    }),
  };
}
