/**
 * The versioned results JSON (`--format json`): the RunRecord exactly as the runner wrote it (raw samples kept), plus
 * its RunReport as `analysis` (verdicts, checks, summary, growth / factorial) — one version number for both.
 */

import type { ResultsDocument } from '../protocol/types.js';
import { PROTOCOL_VERSION } from '../protocol/version.js';
import type { ReportInput } from './report-model.js';

/**
 * Assembles the results document (the protocol's `ResultsDocumentSchema`: the run's record with its RunReport as
 * `analysis`) (pure; the run is copied, not mutated). It is written in the current protocol
 * version whatever version the run's file had: the records read the same, and the analysis is this runner's.
 */
export function buildResultsDocument(input: ReportInput): ResultsDocument {
  return {
    ...input.run,
    schemaVersion: PROTOCOL_VERSION,
    analysis: input.report,
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
