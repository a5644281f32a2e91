import { formatBytes, formatMs, formatRatio } from '@tombstone-lab/bench/format';
import { runHistory } from '../check/run-history.js';
import { textTable } from '../report/text-report.js';
import { rangeMerges } from '../workloads/range-merges.js';
import { RANGE_STORE_NAMES, type RangeStoreName, rangeStoreNamed } from '../workloads/range-stores.js';
import type { Arrival } from '../workloads/successive-range-writes.js';
import type { CASE_METRIC, MeasuredRun } from './bench-driver.js';
import { type CaseOutcome, type CaseRunOptions, measureFor } from './case-run.js';
import { offThread } from './off-thread.js';
import { RANGE_MERGES_PARAMS } from './range-merges-suite.js';
import {
  growthOf,
  type MeasuredPair,
  measuredPairs,
  unresolvedNotes,
  VERDICT_COLUMNS,
  verdictCells,
} from './run-report-view.js';

/** Medians of one store at one (arrival, N), as bench reports them. */
export interface StoreCell {
  readonly cpuNsPerOp: number;
  readonly bytesPerOp: number | null;
}

/**
 * bench's fitted growth exponent (CPU time ≈ a·N^b) with its 95% interval, from the run's RunReport. Only the judged
 * metric is fitted: the RunReport carries one metric's fits, and the case analyses each run once (allocated bytes
 * show as medians per N and ratios per pair).
 */
export interface GrowthCell {
  readonly arrival: Arrival;
  readonly store: RangeStoreName;
  readonly metric: typeof CASE_METRIC;
  readonly exponent: number;
  /** The fitted `a` (metric units at N = 1), so a plot draws the fitted curve as fitted. */
  readonly coefficient: number;
  readonly lower: number | null;
  readonly upper: number | null;
}

/** The `range-merges` report. */
export interface RangeMergesReport {
  readonly case: 'range-merges';
  /** Seed of the random arrival order. */
  readonly seed: number;
  readonly samplesPerSide: number;
  readonly check: {
    readonly workloads: number;
    /** The measured engine path, read back forward and reversed and compared with what the workload wrote. */
    readonly partitionsChecked: number;
    readonly rowsChecked: number;
    /** The same histories replayed through the model checker (`check`'s reference model, quiescent sweeps). */
    readonly modelReads: number;
    readonly modelRows: number;
    readonly divergences: readonly string[];
  };
  readonly rows: readonly {
    readonly arrival: Arrival;
    readonly n: number;
    readonly stores: Readonly<Partial<Record<RangeStoreName, StoreCell>>>;
  }[];
  readonly growth: readonly GrowthCell[];
  /** Each co-measured pair: eager → copy-on-write and copy-on-write → persistent, per (arrival, N). */
  readonly pairs: readonly MeasuredPair[];
}

const SEED = 1;
const SUITES = {
  'copy-on-write': 'range-merges.bench.ts',
  persistent: 'range-merges-persistent.bench.ts',
} as const;

/** The results files (names within `outDir`, without `.json`) the case writes, one per co-measured run. */
export const RANGE_MERGES_RESULTS: readonly string[] = Object.keys(SUITES).map((s) => `range-merges-${s}`);

function sweep(quick: boolean): { arrival: Arrival[]; n: number[] } {
  return quick
    ? { arrival: ['tail', 'random'], n: [256, 1024] }
    : { arrival: RANGE_MERGES_PARAMS.arrival as Arrival[], n: RANGE_MERGES_PARAMS.n };
}

/**
 * Every store × arrival × N once: the measured path (flush, compaction, every partition read forward and reversed
 * against the expectation) and the same history through the model checker (a quiescent sweep of every partition
 * after each flush and the compaction, compared with the reference model). Exported for {@link offThread}.
 */
export function rangeMergesModelCheck(params: {
  arrival: Arrival[];
  n: number[];
}): RangeMergesReport['check'] {
  let workloads = 0;
  let partitionsChecked = 0;
  let rowsChecked = 0;
  let modelReads = 0;
  let modelRows = 0;
  const divergences: string[] = [];
  for (const store of RANGE_STORE_NAMES) {
    for (const arrival of params.arrival) {
      for (const n of params.n) {
        const rangeStore = rangeStoreNamed(store);
        const w = rangeMerges({ n, arrival, rangeStore, seed: SEED });
        const result = w.run();
        const c = w.check(result);
        workloads++;
        partitionsChecked += c.partitionsChecked;
        rowsChecked += c.rowsChecked;
        const where = `${store} ${arrival} n=${n}`;
        for (const d of c.divergences) divergences.push(`${where}: ${d}`);
        // Within gc grace nothing is purged: the compaction keeps every one of the N range tombstones.
        if (result.compaction.tombstonesKept !== n) {
          divergences.push(
            `${where}: compaction kept ${result.compaction.tombstonesKept} tombstones, expected ${n}`,
          );
        }
        const model = runHistory(w.spec, w.history(), { rangeStore });
        modelReads += model.stats.reads;
        modelRows += model.stats.rows;
        if (model.divergence) {
          const d = model.divergence;
          divergences.push(`${where}: model checker diverged at op ${d.position} (${d.read?.pk ?? '?'})`);
        }
      }
    }
  }
  return { workloads, partitionsChecked, rowsChecked, modelReads, modelRows, divergences };
}

function growthCells(run: MeasuredRun): GrowthCell[] {
  return growthOf(run).map((g) => ({
    arrival: g.fixed.arrival as Arrival,
    store: g.level as RangeStoreName,
    metric: 'cpuNsPerOp',
    exponent: g.fit.exponent,
    coefficient: g.fit.coefficient,
    lower: g.fit.lower,
    upper: g.fit.upper,
  }));
}

/** Builds the report from the model check and the two co-measured runs (eager → copy-on-write first, copy-on-write → persistent second). */
export function rangeMergesReport(
  check: RangeMergesReport['check'],
  runs: readonly MeasuredRun[],
): RangeMergesReport {
  const pairs = runs.flatMap(measuredPairs);
  const rows = new Map<
    string,
    { arrival: Arrival; n: number; stores: Partial<Record<RangeStoreName, StoreCell>> }
  >();
  for (const p of pairs) {
    const arrival = p.params.arrival as Arrival;
    const n = p.params.n as number;
    const key = `${arrival}:${n}`;
    const row = rows.get(key) ?? { arrival, n, stores: {} };
    for (const side of [p.baseline, p.candidate]) {
      // copy-on-write is measured in both runs; the first (against eager) is the one shown.
      row.stores[side.level as RangeStoreName] ??= {
        cpuNsPerOp: side.cpuNsPerOp,
        bytesPerOp: side.bytesPerOp,
      };
    }
    rows.set(key, row);
  }
  const seen = new Set<string>();
  const growth = runs.flatMap(growthCells).filter((g) => {
    const k = `${g.arrival}:${g.store}:${g.metric}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return {
    case: 'range-merges',
    seed: SEED,
    samplesPerSide: runs[0]?.record.config.samplesPerSide ?? 0,
    check,
    rows: [...rows.values()].sort((a, b) =>
      a.arrival < b.arrival ? -1 : a.arrival > b.arrival ? 1 : a.n - b.n,
    ),
    growth,
    pairs,
  };
}

/** "N^1.98 [1.95, 2.01]": bench's fitted exponent with its 95% interval ('—' for none). */
export function exponentText(g: GrowthCell | undefined): string {
  if (!g) return '—';
  const ci = g.lower !== null && g.upper !== null ? ` [${g.lower.toFixed(2)}, ${g.upper.toFixed(2)}]` : '';
  return `N^${g.exponent.toFixed(2)}${ci}`;
}

/** The human report: the model check line, the time/bytes table per store, growth exponents, pair ratios. */
export function renderRangeMergesReport(r: RangeMergesReport): string {
  const lines = [
    'range-merges — N range deletes into one unflushed partition, then flush and a major compaction',
    `seed ${r.seed} (random arrival order) · ${r.samplesPerSide} forks per side, fresh process per sample`,
    '',
    `model check: ${r.check.workloads} workloads (${RANGE_STORE_NAMES.length} stores × arrivals × N); measured path: ` +
      `${r.check.partitionsChecked} partitions read forward and reversed, ${r.check.rowsChecked} rows; ` +
      `model checker: ${r.check.modelReads} reads, ${r.check.modelRows} rows: ` +
      (r.check.divergences.length === 0 ? '0 divergences' : `${r.check.divergences.length} DIVERGENCES`),
    ...r.check.divergences.slice(0, 10).map((d) => `  ${d}`),
    '',
  ];
  const header = [
    'arrival',
    'N',
    ...RANGE_STORE_NAMES.map((s) => `${s} time`),
    ...RANGE_STORE_NAMES.map((s) => `${s} bytes`),
  ];
  const body = r.rows.map((row) => [
    row.arrival,
    String(row.n),
    ...RANGE_STORE_NAMES.map((s) => (row.stores[s] ? formatMs(row.stores[s]!.cpuNsPerOp) : '—')),
    ...RANGE_STORE_NAMES.map((s) => formatBytes(row.stores[s]?.bytesPerOp ?? null)),
  ]);
  const arrivals = [...new Set(r.rows.map((x) => x.arrival))];
  for (const arrival of arrivals) {
    body.push([
      arrival,
      'growth (time)',
      ...RANGE_STORE_NAMES.map((s) =>
        exponentText(r.growth.find((g) => g.arrival === arrival && g.store === s)),
      ),
      ...RANGE_STORE_NAMES.map(() => ''),
    ]);
  }
  lines.push(
    'median CPU time and allocated bytes per op (one op = N merges + flush + compaction)',
    textTable(header, body),
    '',
  );
  lines.push(
    "co-measured pairs (candidate ÷ baseline median CPU time; bench's exact Mann-Whitney p, Holm, verdict, checks)",
  );
  lines.push(
    textTable(
      ['pair', 'arrival', 'N', 'time ratio', ...VERDICT_COLUMNS, 'bytes ratio'],
      r.pairs.map((p) => [
        `${p.baseline.level} → ${p.candidate.level}`,
        String(p.params.arrival),
        String(p.params.n),
        formatRatio(p.timeRatio),
        ...verdictCells(p),
        p.baseline.bytesPerOp && p.candidate.bytesPerOp
          ? formatRatio(p.candidate.bytesPerOp / p.baseline.bytesPerOp)
          : '—',
      ]),
    ),
    ...unresolvedNotes(r.pairs),
  );
  return `${lines.join('\n')}\n`;
}

/**
 * The `range-merges` case: model-checks every store × arrival × N, then co-measures eager → copy-on-write and
 * copy-on-write → persistent over the sweep (time, allocated bytes, growth exponent per store).
 */
export async function runRangeMergesCase(options: CaseRunOptions): Promise<CaseOutcome<RangeMergesReport>> {
  const params = sweep(options.quick);
  options.progress('range-merges: every store × arrival × N model-checked in-process…\n');
  const check = await offThread(import.meta.url, rangeMergesModelCheck, [params], options.signal);
  const runs: MeasuredRun[] = [];
  for (const [i, suite] of Object.values(SUITES).entries()) {
    runs.push(
      await measureFor(options, { suites: [suite], params, growth: 'n', name: RANGE_MERGES_RESULTS[i]! }),
    );
  }
  const report = rangeMergesReport(check, runs);
  return { report, text: renderRangeMergesReport(report) };
}
