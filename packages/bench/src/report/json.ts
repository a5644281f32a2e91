/**
 * The versioned results JSON: the RunRecord exactly as the runner wrote it (raw samples kept), plus an
 * `analysis` block with the verdicts, checks, summary and optional growth / factorial analyses.
 */

import type { RunRecord } from '../model.js';
import { PROTOCOL_VERSION } from '../protocol/version.js';
import type { RunAnalysis } from '../stats/analyze-run.js';
import type { RunFactorial } from '../stats/factorial.js';
import type { GrowthComparison } from '../stats/growth.js';
import type { NotFittable } from '../stats/not-fittable.js';
import type { ReportInput } from './report-model.js';

/** Version of the `analysis` block's shape. Bump on any incompatible change. */
export const ANALYSIS_VERSION = 1 as const;

/** The `analysis` block of the results document. */
export interface AnalysisBlock extends RunAnalysis {
  analysisVersion: typeof ANALYSIS_VERSION;
  growth: GrowthComparison[];
  factorials: RunFactorial[];
  /** Growth/factorial groups that could not be fitted. */
  notFittable: NotFittable[];
}

/** A RunRecord with its analysis. */
export type ResultsDocument = RunRecord & { analysis: AnalysisBlock };

/**
 * Assembles the results document (pure; the run is copied, not mutated). It is written in the current protocol
 * version whatever version the run's file had: the records read the same, and the analysis is this runner's.
 */
export function buildResultsDocument(input: ReportInput): ResultsDocument {
  return {
    ...input.run,
    schemaVersion: PROTOCOL_VERSION,
    analysis: {
      analysisVersion: ANALYSIS_VERSION,
      ...input.analysis,
      growth: [...(input.growth ?? [])],
      factorials: [...(input.factorials ?? [])],
      notFittable: [...(input.notFittable ?? [])],
    },
  };
}

/**
 * Serialises the results document. Non-finite numbers (an unbounded Hodges-Lehmann interval at tiny n, a CV
 * at mean 0) have no JSON form and are written as null.
 */
export function renderResultsJson(input: ReportInput): string {
  return `${JSON.stringify(
    buildResultsDocument(input),
    (_key, value) => (typeof value === 'number' && !Number.isFinite(value) ? null : value),
    2,
  )}\n`;
}
