/**
 * One look of a sequential comparison: whether a benchmark stops with a difference, stops with equivalence, or
 * continues, decided from the first n samples per side (in time order) against the design's boundary.
 */

import type { Look } from '../../protocol/types.js';
import { median } from '../describe.js';
import { StatsInputError } from '../errors.js';
import { hodgesLehmannRatio } from '../hodges-lehmann.js';
import { uStatistic } from '../mann-whitney.js';
import { pairedRatio, signedRankTest } from '../signed-rank.js';
import { gridDeviation, type SequentialDesign, stageWiseP, topDeviation } from './design.js';
import { lookPredictivePower } from './futility.js';

/**
 * What a look decided: stop with a difference (the boundary was crossed and |Δ| ≥ threshold), stop with equivalence
 * (the Hodges-Lehmann interval lies within ±threshold), stop for futility (no difference reachable by the maximum:
 * predictive power below gamma), continue, or stop because the maximum n was reached.
 */
export type LookDecision = Look['decision'];

/** One look as recorded (the protocol's `Look`). */
export type { Look };

/**
 * What a look reads: the first n values per side in time order, and for paired forks their n log ratios (the
 * signed-rank design's data; null for one-side forks).
 */
export interface LookData {
  baseline: readonly number[];
  candidate: readonly number[];
  logRatios: readonly number[] | null;
}

/** What a look decides with besides the samples. */
export interface LookRule {
  /** Minimum |Δ| as a fraction for a difference, and the half-width of the equivalence region (0.02 = ±2%). */
  threshold: number;
  /** Confidence of the Hodges-Lehmann interval the equivalence stop reads. */
  confidence: number;
  /**
   * A guardrail (it can only be Held or Lost): it stops with equivalence once the interval's upper end is within
   * +threshold, whatever its lower end, because no regression beyond the threshold is left to find.
   */
  guardrail?: boolean;
  /**
   * Gamma of the non-binding futility stop (`futility.ts`): a look before the last whose predictive power of reaching
   * the final boundary is below it stops, claiming nothing. 0 or absent: no futility stop.
   */
  futility?: number;
}

/**
 * Whether a look stops with equivalence: the Hodges-Lehmann ratio interval lies within ±threshold, or for a guardrail
 * its upper end is within +threshold (one-sided: an improvement of any size is Held). Why the guardrail rule: the
 * main job's `copyAndAdd[size=10]` (−21%, robust CV up to 58% on wall time) never reached the difference boundary
 * and ran every time to the maximum, 40 of the run's forks for a guardrail the fixed design calls Held at n = 10
 * (its 95% interval at n = 6 already ended below +2%; docs/bench-sequential-sampling.md). A stop that claims no
 * difference never adds a false Won/Lost, so the design's alpha holds (the A/A simulation in look.test.ts).
 */
function equivalent(data: LookData, rule: LookRule): boolean {
  const { baseline, candidate, logRatios } = data;
  if (!(rule.threshold > 0)) return false;
  if (Math.min(...baseline, ...candidate) <= 0) return false; // no ratio of 0 B/op: never stop for equivalence
  const hl = logRatios
    ? pairedRatio(logRatios, rule.confidence)
    : hodgesLehmannRatio(baseline, candidate, rule.confidence);
  const notWorse = hl.upper <= 1 + rule.threshold;
  return rule.guardrail ? notWorse : notWorse && hl.lower >= 1 - rule.threshold;
}

/**
 * Decides look `index` of `design` from the first n samples per side (`earlier` = the looks before it, in order).
 * A difference needs the boundary crossed at this look or an earlier one (the stage-wise p is fixed at the first
 * crossing) and |median Δ| ≥ threshold, in either direction (a guardrail that improved has Held: decided too).
 * @throws {StatsInputError} for a look the design does not have or sides of the wrong size.
 */
export function decideLook(
  design: SequentialDesign,
  index: number,
  data: LookData,
  earlier: readonly Look[],
  rule: LookRule,
): Look {
  const b = design.boundaries[index];
  if (!b) throw new StatsInputError('index', index, `the design has ${design.boundaries.length} looks`);
  const { baseline, candidate, logRatios } = data;
  for (const [name, side] of [
    ['baseline', baseline],
    ['candidate', candidate],
    ...(logRatios ? [['logRatios', logRatios] as const] : []),
  ] as const) {
    if (side.length !== b.n)
      throw new StatsInputError(name, side.length, `expected ${b.n} samples at look ${index + 1}`);
  }
  if ((design.test === 'signed-rank') !== Boolean(logRatios))
    throw new StatsInputError(
      'data',
      design.test,
      'a signed-rank design reads log ratios, a Mann-Whitney one none',
    );
  const u = logRatios ? signedRankTest(logRatios).wPlus : uStatistic(baseline, candidate);
  const top = topDeviation(design.test, b.n);
  const deviation = gridDeviation(Math.abs(2 * u - top), b.n, design.test);
  const crossedBefore = earlier.find((l) => l.pSequential !== null && l.decision !== 'final');
  const crossed = deviation >= b.critical;
  const last = index === design.boundaries.length - 1;
  const pSequential =
    crossedBefore?.pSequential ?? (crossed || last ? stageWiseP(design, index, deviation) : null);
  const mb = median(baseline);
  const deltaPercent = logRatios
    ? (pairedRatio(logRatios, rule.confidence).estimate - 1) * 100
    : ((median(candidate) - mb) / mb) * 100;
  const beyond = Math.abs(deltaPercent) >= rule.threshold * 100;
  const look = {
    n: b.n,
    u,
    p: b.marginalTail[Math.max(0, deviation)] ?? 0,
    boundary: b.nominalP,
    deltaPercent,
  };
  if ((crossedBefore || crossed) && beyond) return { ...look, pSequential, decision: 'difference' };
  if (last) return { ...look, pSequential, decision: 'final' };
  if (equivalent(data, rule)) return { ...look, pSequential, decision: 'equivalence' };
  // Futility only before any crossing: a crossed benchmark has its p, only the threshold keeps it running.
  if (rule.futility && pSequential === null) {
    const predictivePower = lookPredictivePower(design, index, u, rule.guardrail ?? false);
    const decision = predictivePower < rule.futility ? 'futility' : 'continue';
    return { ...look, pSequential, decision, predictivePower };
  }
  return { ...look, pSequential, decision: 'continue' };
}

/** Whether a look ends its benchmark. */
export function stops(look: Look): boolean {
  return look.decision !== 'continue';
}

/**
 * The sequential p of a benchmark from its looks, as Holm across the run reads it: the p of its first crossing; at
 * the final look the stage-wise p of the last deviation; 1 for a stop with equivalence before any crossing or for
 * futility (the design never looks at it again, so it claims nothing; a p of 1 keeps Holm valid); null while it is
 * still running.
 */
export function sequentialPOf(looks: readonly Look[]): number | null {
  const last = looks[looks.length - 1];
  if (!last || last.decision === 'continue') return null;
  if (last.decision === 'equivalence' || last.decision === 'futility') return last.pSequential ?? 1;
  return last.pSequential;
}
