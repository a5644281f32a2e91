import { formatMs, formatRatio } from '@tombstone-lab/bench/format';
import type { PurgeOrder, SortedRun } from '@tombstone-lab/partition';
import { textTable } from '../report/text-report.js';
import {
  type TombstoneHeavyOptions,
  type TombstoneHeavyWorkload,
  tombstoneHeavyCompaction,
} from '../workloads/tombstone-heavy-compaction.js';
import type { MeasuredRun } from './bench-driver.js';
import { type CaseOutcome, type CaseRunOptions, measureFor } from './case-run.js';
import { offThread } from './off-thread.js';
import {
  guardrailNote,
  type MeasuredPair,
  measuredPairs,
  unresolvedNotes,
  VERDICT_COLUMNS,
  verdictCells,
} from './run-report-view.js';

/** Counters of one compaction order at one number of non-compacting runs. */
export interface PurgeOrderCounts {
  readonly otherRuns: number;
  readonly order: PurgeOrder;
  readonly bloomProbes: number;
  /** The seed-003 estimate: (#keys with a GC-able tombstone) × runs deferred, (#keys with any tombstone) × runs eager. */
  readonly formula: number;
  readonly formulaText: string;
  readonly maxPurgeableComputations: number;
  readonly tombstonesPurged: number;
  readonly tombstonesKept: number;
  /** Partitions read before and after the compaction (each both times). */
  readonly readsChecked: number;
  readonly readDivergences: readonly string[];
}

/** The `purge-order` report. */
export interface PurgeOrderReport {
  readonly case: 'purge-order';
  readonly seed: number;
  readonly samplesPerSide: number;
  readonly partitions: number;
  readonly gcablePartitions: number;
  readonly counts: readonly PurgeOrderCounts[];
  /** eager → deferred, co-measured, per number of other runs, with bench's verdicts (Holm across them). */
  readonly pairs: readonly MeasuredPair[];
}

const SEED = 1;
const BENCH_OTHER_RUNS = [100, 1000];
/** The other-runs count of the suite's primary benchmark (`compact[otherRuns=1000]`). */
const PRIMARY_OTHER_RUNS = 1000;

function readAll(w: TombstoneHeavyWorkload, runs: readonly SortedRun[], when: string, out: string[]): void {
  for (const key of w.keys) {
    const got = w.readClusterings(key, runs);
    const want = w.expectedClusterings(key);
    if (got.length !== want.length || got.some((c, i) => c !== want[i])) {
      out.push(`${key} ${when}: expected [${want.join(',')}], got [${got.join(',')}]`);
    }
  }
}

/** One compaction in each order, probes and purges counted, every partition read before and after. */
export function purgeOrderCounts(options: TombstoneHeavyOptions & { otherRuns: number }): PurgeOrderCounts[] {
  return (['eager', 'deferred'] as const).map((order) => {
    const w = tombstoneHeavyCompaction({ ...options, seed: options.seed ?? SEED }, order);
    const divergences: string[] = [];
    readAll(w, [...w.inputs, ...w.others], 'before compaction', divergences);
    const { output, stats } = w.run();
    readAll(w, [output, ...w.others], 'after compaction', divergences);
    const keys = order === 'deferred' ? w.gcablePartitions : w.tombstonePartitions;
    return {
      otherRuns: options.otherRuns,
      order,
      bloomProbes: stats.bloomProbes,
      formula: keys * options.otherRuns,
      formulaText: `${keys} keys with ${order === 'deferred' ? 'a GC-able' : 'any'} tombstone × ${options.otherRuns} runs`,
      maxPurgeableComputations: stats.maxPurgeableComputations,
      tombstonesPurged: stats.tombstonesPurged,
      tombstonesKept: stats.tombstonesKept,
      readsChecked: w.keys.length,
      readDivergences: divergences,
    };
  });
}

/** Builds the report from the counts and the co-measured run. */
export function purgeOrderReport(
  counts: readonly PurgeOrderCounts[],
  shape: { partitions: number; gcablePartitions: number },
  run: MeasuredRun,
): PurgeOrderReport {
  return {
    case: 'purge-order',
    seed: SEED,
    samplesPerSide: run.record.config.samplesPerSide,
    ...shape,
    counts,
    pairs: measuredPairs(run),
  };
}

/** The human report: probes against the formula, purge counts, read checks, and the co-measured times. */
export function renderPurgeOrderReport(r: PurgeOrderReport): string {
  const divergent = r.counts.reduce((s, c) => s + c.readDivergences.length, 0);
  const lines = [
    'purge-order — tombstone-heavy compaction, most tombstones inside gc grace, many non-compacting runs',
    `seed ${r.seed} · ${r.partitions} partitions, ${r.gcablePartitions} with a GC-able tombstone · ` +
      `${r.samplesPerSide} forks per side`,
    '',
    textTable(
      ['other runs', 'order', 'bloom probes', 'formula', 'max-purgeable', 'purged', 'kept', 'reads checked'],
      r.counts.map((c) => [
        String(c.otherRuns),
        c.order,
        String(c.bloomProbes),
        `${c.formula === c.bloomProbes ? '= ' : '≠ '}${c.formulaText}`,
        String(c.maxPurgeableComputations),
        String(c.tombstonesPurged),
        String(c.tombstonesKept),
        `${c.readsChecked} × 2, ${c.readDivergences.length} divergent`,
      ]),
    ),
    ...r.counts.flatMap((c) => c.readDivergences.slice(0, 5).map((d) => `  ${c.order}: ${d}`)),
    `reads before/after compaction: ${divergent === 0 ? 'all equal the expectation' : `${divergent} DIVERGENCES`}`,
    '',
    "co-measured compaction CPU time (eager → deferred, medians; bench's exact Mann-Whitney p, Holm, verdict, checks)",
    textTable(
      ['other runs', 'eager', 'deferred', 'ratio', ...VERDICT_COLUMNS],
      r.pairs.map((p) => [
        String(p.params.otherRuns),
        formatMs(p.baseline.cpuNsPerOp),
        formatMs(p.candidate.cpuNsPerOp),
        `${formatRatio(p.timeRatio)} (${formatRatio(1 / p.timeRatio)} faster)`,
        ...verdictCells(p),
      ]),
    ),
    ...guardrailNote(r.pairs),
    ...unresolvedNotes(r.pairs),
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * The case's in-process part: the counts for each number of other runs, and how many partitions hold a GC-able
 * tombstone. Exported (and plain data in, plain data out) for {@link offThread}.
 */
export function purgeOrderInProcess(
  partitions: number,
  otherRuns: readonly number[],
): { counts: PurgeOrderCounts[]; gcablePartitions: number } {
  const counts = otherRuns.flatMap((o) => purgeOrderCounts({ partitions, otherRuns: o }));
  const shape = tombstoneHeavyCompaction({ partitions, otherRuns: 0, seed: SEED }, 'deferred');
  return { counts, gcablePartitions: shape.gcablePartitions };
}

/** The `purge-order` case: deferred vs eager max-purgeable on a tombstone-heavy compaction (after ScyllaDB 38b226f997). */
export async function runPurgeOrderCase(options: CaseRunOptions): Promise<CaseOutcome<PurgeOrderReport>> {
  const partitions = 5000; // the suite's default: the counts describe the measured compaction
  // --quick measures the suite's primary (otherRuns = 1000) alone: it once measured 100, a guardrail, so a clear
  // 1.57× speed-up read Held and the quick sweep gave no verdict on the question the case asks.
  const otherRuns = options.quick ? [PRIMARY_OTHER_RUNS] : BENCH_OTHER_RUNS;
  options.progress('purge-order: compactions counted and reads checked in-process…\n');
  const { counts, gcablePartitions } = await offThread(
    import.meta.url,
    purgeOrderInProcess,
    [partitions, otherRuns],
    options.signal,
  );
  const run = await measureFor(options, {
    suites: ['tombstone-heavy-compaction.bench.ts'],
    params: { otherRuns },
    name: 'purge-order',
  });
  const report = purgeOrderReport(counts, { partitions, gcablePartitions }, run);
  return { report, text: renderPurgeOrderReport(report) };
}
