/**
 * `calibration.json` (and `calibrate --json`): what a calibration of the machine measured — the A/A false-verdict
 * rate, the power at each injected slowdown, the smallest detectable change per benchmark. Numbers JSON cannot
 * carry (a rate over zero comparisons) are null.
 */
import * as v from 'valibot';
import { Count, SequentialConfigSchema, WireNumber } from './records.js';
import { AnalysisConfigSchema } from './run-report.js';
import { PROTOCOL_VERSION } from './version.js';

/** What a kind of calibration run cost: mean forks per side (of the maximum) and mean wall time per run. */
export const RunCostSchema = v.object({
  meanForksPerSide: WireNumber,
  maxForksPerSide: Count,
  meanRunSeconds: WireNumber,
  /**
   * How the benchmarks of sequential runs stopped, by their deciding look (all 0 for fixed-n runs); `futility`: no
   * difference was reachable by the maximum. Absent in summaries before protocol 7.
   */
  stops: v.optional(
    v.object({ difference: Count, equivalence: Count, futility: Count, final: Count, undecided: Count }),
  ),
});

/** The A/A side: how often same-code comparisons got a Won or Lost verdict. */
export const FalseVerdictSummarySchema = v.object({
  runs: Count,
  comparisons: Count,
  falseVerdicts: Count,
  falseVerdictRate: WireNumber,
  runsWithFalseVerdictRate: WireNumber,
  /** Raw (uncorrected) p < alpha as a share of comparisons. */
  rawSignificantRate: WireNumber,
  inconclusive: Count,
  cost: RunCostSchema,
});

/** One benchmark's reading of one injected slowdown over its runs. */
export const InjectedReadingSchema = v.object({
  key: v.string(),
  runs: Count,
  meanDeltaPercent: WireNumber,
  standardError: WireNumber,
  lost: Count,
  injectedPercent: WireNumber,
  opDeltaPercent: WireNumber,
});

/** One injected slowdown over all its runs: its power and readings. */
export const InjectedSummarySchema = v.object({
  slowdown: v.number(),
  /** The clock the slowdown was booked on. */
  clock: v.picklist(['wall', 'cpu']),
  runs: Count,
  cases: Count,
  lost: Count,
  power: WireNumber,
  inconclusive: Count,
  conclusivePower: WireNumber,
  readings: v.array(InjectedReadingSchema),
  meanDeltaPercent: WireNumber,
  withinTwoPoints: Count,
  cost: RunCostSchema,
});

/** A benchmark's smallest slowdown detected with 80% power (null: not even a doubling), at n and other n. */
export const DetectableChangeSchema = v.object({
  key: v.string(),
  slowdown: WireNumber,
  atN: v.array(v.object({ n: Count, slowdown: WireNumber })),
});

/**
 * Everything `calibrate` prints and writes to `calibration.json`, under the protocol's version (`protocol`; a file
 * written before it carried one is read as this version: its fields are the same).
 */
export const CalibrationSummarySchema = v.object({
  protocol: v.literal(PROTOCOL_VERSION),
  config: AnalysisConfigSchema,
  samplesPerSide: Count,
  sequential: v.nullable(SequentialConfigSchema),
  aa: FalseVerdictSummarySchema,
  injected: v.array(InjectedSummarySchema),
  detectable: v.array(DetectableChangeSchema),
});
