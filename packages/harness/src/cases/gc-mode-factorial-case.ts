import { formatMs } from '@tombstone-lab/bench/format';
import type { PurgeOrder, TombstoneGcMode } from '@tombstone-lab/partition';
import { boxTable, formatEffect, formatP, textTable } from '../report/text-report.js';
import { tombstoneHeavyCompaction } from '../workloads/tombstone-heavy-compaction.js';
import type { MeasuredRun } from './bench-driver.js';
import { type CaseOutcome, type CaseRunOptions, measureFor } from './case-run.js';
import { offThread } from './off-thread.js';
import {
  factorialOf,
  type MeasuredPair,
  measuredPairs,
  unresolvedNotes,
  VERDICT_COLUMNS,
  verdictCells,
} from './run-report-view.js';

/** What one cell of the 2×2 does, counted in-process (deterministic). */
export interface FactorialCellCounts {
  readonly order: PurgeOrder;
  readonly gcMode: TombstoneGcMode;
  readonly bloomProbes: number;
  /** Per-partition gc_before computations that were repair-history lookups (0 in timeout mode). */
  readonly repairLookups: number;
  readonly tombstonesPurged: number;
}

/** One effect of the box table (bench's 2×2): the medians it compares, the change (null: from 0) and its exact p. */
export interface BoxEffect {
  readonly from: number;
  readonly to: number;
  readonly percent: number | null;
  readonly p: number;
}

/** The `gc-mode-factorial` report: seed 004's 2×2 with Before/After rows and timeout/repair columns. */
export interface GcModeFactorialReport {
  readonly case: 'gc-mode-factorial';
  readonly seed: number;
  readonly samplesPerSide: number;
  readonly unit: string;
  /** `medians[row][column]`: rows Before (eager), After (deferred); columns timeout, repair. */
  readonly medians: readonly [readonly [number, number], readonly [number, number]];
  /** Code effect (Before → After) per column. */
  readonly codeEffect: readonly [BoxEffect, BoxEffect];
  /** Config effect (timeout → repair) per row. */
  readonly configEffect: readonly [BoxEffect, BoxEffect];
  readonly interactionPercent: number | null;
  /** bench's verdict on the code effect in each column (eager → deferred at timeout, at repair; Holm across both). */
  readonly verdicts: readonly MeasuredPair[];
  readonly counts: readonly FactorialCellCounts[];
  /** Whether all four cells purged the same tombstones (they must: only the cost differs). */
  readonly samePurges: boolean;
}

const SEED = 1;
const COLUMNS: readonly TombstoneGcMode[] = ['timeout', 'repair'];

/** Runs each cell's compaction once and counts bloom probes, repair lookups and purges. */
export function factorialCounts(
  options: { partitions?: number; otherRuns?: number } = {},
): FactorialCellCounts[] {
  return (['eager', 'deferred'] as const).flatMap((order) =>
    COLUMNS.map((gcMode) => {
      const w = tombstoneHeavyCompaction({ ...options, gcMode, seed: SEED }, order);
      const before = w.repairHistory?.lookups ?? 0;
      const { stats } = w.run();
      const repairLookups = (w.repairHistory?.lookups ?? 0) - before;
      if (repairLookups !== (gcMode === 'repair' ? stats.gcBeforeLookups : 0)) {
        throw new Error(
          `repair history counted ${repairLookups} lookups, compaction ${stats.gcBeforeLookups}`,
        );
      }
      return {
        order,
        gcMode,
        bloomProbes: stats.bloomProbes,
        repairLookups,
        tombstonesPurged: stats.tombstonesPurged,
      };
    }),
  );
}

const box = (e: BoxEffect): BoxEffect => ({ from: e.from, to: e.to, percent: e.percent, p: e.p });

/**
 * Builds the report from the in-process counts and bench's 2×2 of the co-measured factorial run (code factor
 * purgeOrder eager → deferred, configuration parameter gcMode).
 * @throws when the run is not a 2×2 over `gcMode` with timeout before repair.
 */
export function gcModeFactorialReport(
  counts: readonly FactorialCellCounts[],
  run: MeasuredRun,
): GcModeFactorialReport {
  const table = factorialOf(run);
  if (table.config.levels[0] !== 'timeout' || table.code.levels[0] !== 'eager')
    throw new Error(
      `expected eager → deferred × timeout, repair; got ${[...table.code.levels, ...table.config.levels].join(', ')}`,
    );
  const purged = new Set(counts.map((c) => c.tombstonesPurged));
  return {
    case: 'gc-mode-factorial',
    seed: SEED,
    samplesPerSide: run.record.config.samplesPerSide,
    unit: table.unit,
    medians: table.medians,
    codeEffect: [box(table.codeEffect[0]), box(table.codeEffect[1])],
    configEffect: [box(table.configEffect[0]), box(table.configEffect[1])],
    interactionPercent: table.interactionPercent,
    verdicts: measuredPairs(run),
    counts,
    samePurges: purged.size === 1,
  };
}

const effectCell = (e: BoxEffect) => `${formatEffect(e.percent ?? Number.NaN)} (p=${formatP(e.p)})`;

/** The human report: the seed-004 box table (ms per compaction), then what each cell counted. */
export function renderGcModeFactorialReport(r: GcModeFactorialReport): string {
  const rows = [
    ['CPU ms/compaction', 'timeout', 'repair', 'config effect'],
    ['Before (eager)', formatMs(r.medians[0][0]), formatMs(r.medians[0][1]), effectCell(r.configEffect[0])],
    ['After (deferred)', formatMs(r.medians[1][0]), formatMs(r.medians[1][1]), effectCell(r.configEffect[1])],
    ['code effect', effectCell(r.codeEffect[0]), effectCell(r.codeEffect[1]), ''],
  ];
  const lines = [
    'gc-mode-factorial — code (eager → deferred max-purgeable) × configuration (tombstone_gc timeout vs repair)',
    `seed ${r.seed} · ${r.samplesPerSide} forks per side, the four cells interleaved in fresh processes`,
    '',
    boxTable(rows),
    `interaction (code effect in repair relative to timeout): ${formatEffect(r.interactionPercent ?? Number.NaN)}`,
    '',
    "bench's verdict on the code effect (eager → deferred) per column, Holm across both",
    textTable(
      ['gcMode', ...VERDICT_COLUMNS],
      r.verdicts.map((p) => [String(p.params.gcMode), ...verdictCells(p)]),
    ),
    ...unresolvedNotes(r.verdicts),
    '',
    textTable(
      ['cell', 'bloom probes', 'repair lookups', 'purged'],
      r.counts.map((c) => [
        `${c.order === 'eager' ? 'Before' : 'After'} × ${c.gcMode}`,
        String(c.bloomProbes),
        String(c.repairLookups),
        String(c.tombstonesPurged),
      ]),
    ),
    `purge decisions: ${r.samePurges ? 'identical in all four cells' : 'DIFFER between cells'}`,
  ];
  return `${lines.join('\n')}\n`;
}

/** The `gc-mode-factorial` case. */
export async function runGcModeFactorialCase(
  options: CaseRunOptions,
): Promise<CaseOutcome<GcModeFactorialReport>> {
  options.progress('gc-mode-factorial: the four compactions counted in-process…\n');
  const counts = await offThread(import.meta.url, factorialCounts, [{}], options.signal);
  const run = await measureFor(options, {
    suites: ['gc-mode-factorial.bench.ts'],
    factorial: 'gcMode',
    name: 'gc-mode-factorial',
  });
  const report = gcModeFactorialReport(counts, run);
  return { report, text: renderGcModeFactorialReport(report) };
}
