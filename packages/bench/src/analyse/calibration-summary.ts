/**
 * The analyse stage for `calibrate`: each A/A and injected-slowdown run is analysed (`analyze`, as `analyseRun` does,
 * without projecting a RunReport nobody reads), then summarised by the statistics in `stats/calibration.ts`.
 */
import type { RunRecord } from '../model.js';
import { PROTOCOL_VERSION } from '../protocol/version.js';
import {
  type AnalysedCalibrationRun,
  type CalibrationSummary,
  calibrationSummary,
} from '../stats/calibration.js';
import type { AnalysisConfig } from '../stats/verdict.js';

/** A calibration's summary as `calibration.json` and `calibrate --json` hold it: under the protocol's version. */
export type CalibrationReport = CalibrationSummary & { protocol: typeof PROTOCOL_VERSION };

import { analyze } from './run-analyses.js';

/**
 * Summarises a calibration: `aaRuns` measured the same code on both sides, `injected` maps each injected slowdown
 * (0.1 = 10%) to its runs. Every run is analysed with `overrides` (Holm by default, like any run). `detectNs` adds
 * the smallest detectable change at other samples per side (what raising `-n` would buy).
 * @throws {RangeError} without any run; {@link StatsInputError} for an invalid override.
 */
export function summarizeCalibration(
  aaRuns: readonly RunRecord[],
  injected: ReadonlyMap<number, readonly RunRecord[]>,
  overrides: Partial<AnalysisConfig> = {},
  detectNs: readonly number[] = [],
): CalibrationReport {
  const analysed = (run: RunRecord): AnalysedCalibrationRun & { config: AnalysisConfig } => {
    const { analysis } = analyze(run, { overrides });
    return { run, verdicts: analysis.verdicts, config: analysis.config };
  };
  const aa = aaRuns.map(analysed);
  const shifted = new Map([...injected].map(([s, runs]) => [s, runs.map(analysed)] as const));
  const config = (aa[0] ?? [...shifted.values()][0]?.[0])?.config;
  if (!config) throw new RangeError('calibration needs at least one run');
  return { protocol: PROTOCOL_VERSION, ...calibrationSummary(aa, shifted, config, detectNs) };
}
