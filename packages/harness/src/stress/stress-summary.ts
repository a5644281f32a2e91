import { TOTAL } from './latency-histograms.js';
import type { StressOutcome } from './stress-run.js';

/** The cassandra-stress / seed-004 figures of one op kind (or `total`). Rates per second, latencies in ms. */
export interface KindSummary {
  readonly kind: string;
  readonly opRate: number;
  readonly partitionRate: number;
  readonly rowRate: number;
  readonly latencyMeanMs: number;
  readonly latencyMedianMs: number;
  readonly latencyP95Ms: number;
  readonly latencyP99Ms: number;
  readonly latencyP999Ms: number;
  readonly latencyMaxMs: number;
  readonly totalOps: number;
  readonly totalPartitions: number;
  readonly totalErrors: number;
}

/** A stress run's results (what `stress --json` prints). */
export interface StressSummary {
  /** What ran: the seed, spec and engine configuration, as the report names them. */
  readonly label: Readonly<Record<string, string | number>>;
  readonly elapsedSec: number;
  /** Target rate (ops/s) when the run was paced, else null. */
  readonly targetRate: number | null;
  readonly interrupted: boolean;
  /** One entry per op kind, `total` last. */
  readonly kinds: readonly KindSummary[];
  /** Collections during the run and their summed pause, ms (a `PerformanceObserver` of gc entries). */
  readonly gcCount: number;
  readonly gcTimeMs: number;
  /** CPU seconds (user + system) per million ops. */
  readonly cpuPerMillionOps: number;
}

/** Turns a run's tallies into rates and ms. */
export function summarizeStress(
  outcome: StressOutcome,
  label: Record<string, string | number>,
): StressSummary {
  const t = outcome.elapsedSec > 0 ? outcome.elapsedSec : Number.NaN;
  const ms = (ns: number) => ns / 1e6;
  const kinds = Object.entries(outcome.kinds).map(
    ([kind, k]): KindSummary => ({
      kind,
      opRate: k.ops / t,
      partitionRate: k.partitions / t,
      rowRate: k.rows / t,
      latencyMeanMs: ms(k.meanNs),
      latencyMedianMs: ms(k.medianNs),
      latencyP95Ms: ms(k.p95Ns),
      latencyP99Ms: ms(k.p99Ns),
      latencyP999Ms: ms(k.p999Ns),
      latencyMaxMs: ms(k.maxNs),
      totalOps: k.ops,
      totalPartitions: k.partitions,
      totalErrors: k.errors,
    }),
  );
  kinds.sort((a, b) => (a.kind === TOTAL ? 1 : b.kind === TOTAL ? -1 : a.kind < b.kind ? -1 : 1));
  const total = outcome.kinds[TOTAL]?.ops ?? 0;
  return {
    label,
    elapsedSec: outcome.elapsedSec,
    targetRate: outcome.rate,
    interrupted: outcome.interrupted,
    kinds,
    gcCount: outcome.costs.gcCount,
    gcTimeMs: outcome.costs.gcTimeMs,
    cpuPerMillionOps: total > 0 ? outcome.costs.cpuMicros / 1e6 / (total / 1e6) : Number.NaN,
  };
}
