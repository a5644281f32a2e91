/**
 * Whether the order inside paired forks moved the comparison. Two orders are drawn by coin flips and recorded: which
 * side each fork loads, sets up and warms up first (the JIT's "first one wins" bias would live there: one measuring
 * loop shared by six equal functions read 0.35 ns/op for the first and 4.1–4.3 for the rest, measurement notes),
 * and which side leads each ABBA/BAAB block. With no order effect both are noise; with one, the forks' log ratios
 * differ between the two groups of forks, or a fork's baseline-led blocks differ from its candidate-led ones.
 */

import type { BenchmarkRecord } from '../model.js';
import { mannWhitneyU } from './mann-whitney.js';
import type { MetricName } from './metric.js';
import { forkLogRatio } from './paired.js';
import { signedRankTest } from './signed-rank.js';

/** The two order tests of a paired benchmark (null where a group is empty). */
export interface OrderEffect {
  /** Forks whose baseline went first / whose candidate went first. */
  baselineFirst: number;
  candidateFirst: number;
  /** Exact two-sided Mann-Whitney p: the forks' log ratios by which side went first. */
  firstSideP: number | null;
  /** Mean over forks of (mean block log ratio when the baseline led − when the candidate led); ln units. */
  leadEffect: number | null;
  /** Exact two-sided signed-rank p of that per-fork difference. */
  leadP: number | null;
}

function blockLogs(
  b: NonNullable<BenchmarkRecord['samples'][number]['pair']>,
  c: typeof b,
  metric: MetricName,
) {
  const cpu = metric !== 'nsPerOp';
  return b.blocks.map((x, i) => {
    const y = c.blocks[i]!;
    const ratio = (cpu ? y.cpuNs / y.ops : y.wallNs / y.ops) / (cpu ? x.cpuNs / x.ops : x.wallNs / x.ops);
    return { baselineLed: x.lead, log: Math.log(ratio) };
  });
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The order tests of a paired benchmark's forks; null when its samples are not paired. */
export function orderEffect(
  record: Pick<BenchmarkRecord, 'samples'>,
  metric: MetricName,
): OrderEffect | null {
  const byFork = new Map<
    number,
    { b?: (typeof record.samples)[number]; c?: (typeof record.samples)[number] }
  >();
  for (const s of record.samples) {
    if (!s.pair) return null;
    const e = byFork.get(s.pair.fork) ?? {};
    if (s.side === 'baseline') e.b = s;
    else e.c = s;
    byFork.set(s.pair.fork, e);
  }
  const groups = { baseline: [] as number[], candidate: [] as number[] };
  const leads: number[] = [];
  for (const { b, c } of byFork.values()) {
    if (!b?.pair || !c?.pair || b.pair.blocks.length !== c.pair.blocks.length) continue;
    const d = forkLogRatio(b, c, metric);
    if (d !== null) groups[b.pair.first ? 'baseline' : 'candidate'].push(d);
    const logs = blockLogs(b.pair, c.pair, metric).filter((x) => Number.isFinite(x.log));
    const led = logs.filter((x) => x.baselineLed).map((x) => x.log);
    const followed = logs.filter((x) => !x.baselineLed).map((x) => x.log);
    if (led.length > 0 && followed.length > 0) leads.push(mean(led) - mean(followed));
  }
  const both = groups.baseline.length > 0 && groups.candidate.length > 0;
  return {
    baselineFirst: groups.baseline.length,
    candidateFirst: groups.candidate.length,
    firstSideP: both ? mannWhitneyU(groups.baseline, groups.candidate).p : null,
    leadEffect: leads.length > 0 ? mean(leads) : null,
    leadP: leads.length > 0 ? signedRankTest(leads).p : null,
  };
}
