import type { CaseOutcome, CaseRunOptions } from './case-run.js';
import { runGcModeFactorialCase } from './gc-mode-factorial-case.js';
import { runPurgeOrderCase } from './purge-order-case.js';
import { RANGE_MERGES_RESULTS, runRangeMergesCase } from './range-merges-case.js';

/**
 * A ready-made case study (`tombstone-harness case <name>`): a named, documented workload with its own report.
 * Cases register in {@link CASES}; `list-cases` prints them.
 */
export interface CaseDefinition {
  readonly name: string;
  /** One line for `list-cases`. */
  readonly summary: string;
  /** Where the case comes from (seed document, upstream issue or commit). */
  readonly source: string;
  /** Forks per side of its co-measured runs unless `--samples` says otherwise. */
  readonly defaultSamples: number;
  /** The results files its co-measured runs write (names without `.json`): what `case --results DIR` must hold. */
  readonly results: readonly string[];
  /** Runs the case: model checks and counts in-process, timings co-measured by bench in fresh forks. */
  run(options: CaseRunOptions): Promise<CaseOutcome>;
}

/** The registered case studies, in the order `list-cases` prints them. */
export const CASES: CaseDefinition[] = [
  {
    name: 'range-merges',
    summary:
      'N range deletes into one unflushed partition (N = 256…4096, tail/random), flush, compact, model-check; per range store: time, bytes, growth',
    source: 'CASSANDRA-21492',
    defaultSamples: 5,
    results: RANGE_MERGES_RESULTS,
    run: runRangeMergesCase,
  },
  {
    name: 'purge-order',
    summary:
      'tombstone-heavy compaction: deferred vs eager max-purgeable, bloom probes against the expected count, purges, reads checked',
    source: 'ScyllaDB 38b226f997',
    defaultSamples: 10,
    results: ['purge-order'],
    run: runPurgeOrderCase,
  },
  {
    name: 'gc-mode-factorial',
    summary: '2×2: code (eager → deferred) × tombstone_gc mode (timeout vs repair), box table with p-values',
    source: 'ScyllaDB 38b226f997, with tombstone_gc modes',
    defaultSamples: 10,
    results: ['gc-mode-factorial'],
    run: runGcModeFactorialCase,
  },
];
