import { arch, cpus, loadavg, platform, totalmem } from 'node:os';
import { formatDeltaPercent, formatHuman, formatP } from '@tombstone-lab/bench/format';
import type { RunReport } from '@tombstone-lab/bench/protocol';
import { analyseRun, type BenchmarkRecord, type RunRecord, type Sample } from '@tombstone-lab/bench/runner';
import { checksCell, unresolvedNote, unresolvedOf } from '../report/unresolved-text.js';
import type { StressComparison } from './stress-compare.js';
import type { StressSummary } from './stress-summary.js';

/**
 * `stress --compare` judged by bench, not by a delta of medians: each judged metric becomes one benchmark of a bench
 * results record (one sample per fresh stress process, in the order they ran), and bench's `analyseRun` gives its
 * RunReport: exact Mann-Whitney p (Holm across the metrics), Hodges-Lehmann ratio with its interval, the checks and a verdict —
 * the same statistics and wording as `tombstone-bench`. Nothing here computes a statistic itself.
 */

/** A judged metric: a cost per op (larger is worse, as bench's ns/op), read from one process's summary. */
interface JudgedMetric {
  readonly key: string;
  readonly unit: string;
  /** Nanoseconds per op (bench's metric unit). */
  readonly nsPerOp: (s: StressSummary) => number;
}

const total = (s: StressSummary) => s.kinds[s.kinds.length - 1]!;

/** What is judged: throughput (as time per op), tail latency and CPU per op — the figures a store choice moves. */
export const JUDGED_METRICS: readonly JudgedMetric[] = [
  { key: 'time per op (1 / op rate)', unit: 'ns', nsPerOp: (s) => 1e9 / total(s).opRate },
  { key: 'latency p99', unit: 'ns', nsPerOp: (s) => total(s).latencyP99Ms * 1e6 },
  // cpuPerMillionOps is CPU seconds per 10^6 ops: × 10^9 ns / 10^6 ops.
  { key: 'CPU per op', unit: 'ns', nsPerOp: (s) => s.cpuPerMillionOps * 1e3 },
];

/**
 * Rounds per side by default: 6 vs 6 can reach p = 2/C(12, 6) = 0.0022, below alpha 0.05 after Holm across the three
 * judged metrics (0.05 / 3 = 0.0167); 4 vs 4 (0.029) could never be significant there, 5 vs 5 (0.0079) only just.
 */
export const DEFAULT_COMPARE_ROUNDS = 6;

function environment(): Sample['env'] {
  const cpu = cpus();
  return {
    node: process.version,
    v8: process.versions.v8,
    platform: platform(),
    arch: arch(),
    cpuModel: cpu[0]?.model ?? 'unknown',
    cpuCount: cpu.length,
    execArgv: [],
    loadAverage: loadavg() as [number, number, number],
    totalMemory: totalmem(),
    affinity: null,
  };
}

/** The comparison as a bench results record: one benchmark per judged metric, one sample per process. */
export function stressRunRecord(c: StressComparison, startedAt: string): RunRecord {
  const env = environment();
  const labels = { baseline: `range store ${c.configs[0]}`, candidate: `range store ${c.configs[1]}` };
  const benchmarks = JUDGED_METRICS.map(
    (m): BenchmarkRecord => ({
      id: { suite: 'stress', benchmark: m.key, params: {} },
      key: `stress.${m.key}`,
      role: 'primary',
      labels,
      samples: c.runs.map((r, seq) => ({
        seq,
        side: r.side === 'before' ? 'baseline' : 'candidate',
        ops: total(r.summary).totalOps,
        nsPerOp: m.nsPerOp(r.summary),
        cpuNsPerOp: m.nsPerOp(r.summary),
        bytesPerOp: null,
        gcCount: r.summary.gcCount,
        gcTimeMs: r.summary.gcTimeMs,
        warmupOps: 0,
        startedAt,
        env,
      })),
      failures: [],
    }),
  );
  return {
    schemaVersion: 1,
    runId: `stress-${startedAt}`,
    startedAt,
    finishedAt: new Date().toISOString(),
    comparison: c.aa
      ? { kind: 'aa', label: `range store ${c.configs[0]}` }
      : { kind: 'factor', factor: 'range store', baseline: c.configs[0], candidate: c.configs[1] },
    config: { samplesPerSide: c.rounds, metric: 'nsPerOp', alpha: 0.05, threshold: 0.02 },
    benchmarks,
  };
}

/** bench's analysed run of the comparison: its RunReport (verdicts, checks, summary), as `tombstone-bench report` reads it. */
export function judgeStress(c: StressComparison, startedAt: string): RunReport {
  return analyseRun(stressRunRecord(c, startedAt)).report;
}

/** "6 rounds", "1 round": the samples per side of the judged metrics. */
function rounds(analysis: RunReport): string {
  const n = analysis.verdicts[0]?.stats?.baseline.n ?? 0;
  return `${n} round${n === 1 ? '' : 's'}`;
}

/** A median in bench's human time units with three digits: "985 µs", "1.2 ms". */
const time = (ns: number) => formatHuman(ns, 'time', 3);

/** A ratio or an interval bound (null: the samples are too small for a finite one). */
const bound = (x: number | null) => (x === null ? '—' : x.toFixed(3));

/** The verdict table: per judged metric the medians, Δ, HL ratio with its interval, adjusted p, verdict, checks. */
export function renderStressVerdicts(analysis: RunReport): string {
  const notes: string[] = [];
  const rows = analysis.verdicts.map((v) => {
    const s = v.stats;
    const failed = v.checks.filter((c) => !c.passed).map((c) => c.name);
    const unresolved = unresolvedOf(v.outcome, v.basis);
    const metric = v.key.replace(/^stress\./, '');
    if (unresolved !== null)
      notes.push(unresolvedNote(metric, unresolved, { name: '--rounds', noun: 'rounds' }));
    const ratio = s?.ratio
      ? `${bound(s.ratio.estimate)}× [${bound(s.ratio.lower)}, ${bound(s.ratio.upper)}]`
      : '—';
    return [
      metric,
      s ? time(s.baseline.median) : '—',
      s ? time(s.candidate.median) : '—',
      s?.deltaPercent != null ? formatDeltaPercent(Number(s.deltaPercent.toFixed(1))) : '—',
      ratio,
      v.pAdjusted === null ? '—' : formatP(v.pAdjusted, 3),
      v.outcome,
      checksCell(failed, unresolved),
    ];
  });
  const header = [
    'metric',
    'Before',
    'After',
    'Δ median',
    'HL ratio [95% CI]',
    'p (Holm)',
    'verdict',
    'checks',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const reach = analysis.summary.reach;
  const note =
    reach !== null && !reach.reachable
      ? `\nnote: ${rounds(analysis)} per side cannot reach alpha ${analysis.config.alpha} across ${rows.length} metrics (Holm): no verdict can be Won or Lost; use --rounds ${DEFAULT_COMPARE_ROUNDS} or more\n`
      : '';
  return `${[line(header), ...rows.map(line), ...notes].join('\n')}\n${note}`;
}
