/** Test helpers: benchmark records from given values, with their real verdict from the runner's statistics. */

import { PROTOCOL_VERSION } from '@tombstone-lab/bench/protocol';
import {
  analyseRun,
  type BenchmarkRecord,
  type Environment,
  type RunRecord,
} from '@tombstone-lab/bench/runner';
import type { BenchmarkVerdict, Role, RunSummary, Sample, Side } from './bench-types.js';
import type { CaseState } from './results-store.js';

const ENV: Environment = {
  node: 'v20.0.0',
  v8: '11.3',
  platform: 'linux',
  arch: 'x64',
  cpuModel: 'test cpu',
  cpuCount: 2,
  execArgv: [],
  loadAverage: [0, 0, 0],
  totalMemory: 1,
  affinity: null,
};

/** A sample of `ns` ns/op on `side` at position `seq`. */
export function sample(side: Side, seq: number, ns: number, extra: Partial<Sample> = {}): Sample {
  return {
    seq,
    side,
    ops: 1000,
    nsPerOp: ns,
    cpuNsPerOp: ns,
    bytesPerOp: 64,
    gcCount: 1,
    gcTimeMs: 0.5,
    warmupOps: 100,
    warmupStable: true,
    startedAt: '2026-01-01T00:00:00.000Z',
    env: ENV,
    ...extra,
  };
}

/** Interleaved samples (ABAB…): baseline values and candidate values, pairwise. */
export function interleaved(baseline: readonly number[], candidate: readonly number[]): Sample[] {
  return baseline.flatMap((b, i) => [
    sample('baseline', 2 * i, b),
    sample('candidate', 2 * i + 1, candidate[i]!),
  ]);
}

/**
 * Paired forks (protocol 10's default design): fork i measures both sides in one ABBA block, `baseline[i]` and
 * `candidate[i]` ns/op; the side loaded first alternates.
 */
export function paired(baseline: readonly number[], candidate: readonly number[]): Sample[] {
  return baseline.flatMap((b, i) =>
    (['baseline', 'candidate'] as const).map((side, j) => {
      const ns = side === 'baseline' ? b : candidate[i]!;
      const first = (i % 2 === 0) === (side === 'baseline');
      const block = { lead: first, wallNs: ns * 1000, cpuNs: ns * 1000, ops: 1000 };
      return sample(side, 2 * i + j, ns, { pair: { fork: i, first, blocks: [block] } });
    }),
  );
}

/** A record of one case. */
export function record(key: string, samples: Sample[], role: Role = 'primary'): BenchmarkRecord {
  return {
    id: { suite: key.split('.')[0]!, benchmark: key.split('.')[1]!, params: {} },
    key,
    role,
    labels: { baseline: 'impl=eager', candidate: 'impl=cow' },
    samples,
    failures: [],
  };
}

/** A factor run (impl: eager → cow, alpha 0.05, threshold 2%) of the given records, as a results file holds it. */
export function runOf(records: BenchmarkRecord[], overrides: Partial<RunRecord> = {}): RunRecord {
  return {
    schemaVersion: PROTOCOL_VERSION,
    runId: 'test',
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: null,
    comparison: { kind: 'factor', factor: 'impl', baseline: 'eager', candidate: 'cow' },
    config: { samplesPerSide: 10, metric: 'nsPerOp', alpha: 0.05, threshold: 0.02 },
    benchmarks: records,
    ...overrides,
  };
}

/** The runner's verdict of a record, analysed (by the runner's analyse stage) as a one-benchmark run. */
export function verdictOf(r: BenchmarkRecord): BenchmarkVerdict {
  return analyseRun(runOf([r])).report.verdicts[0]!;
}

/** The runner's summary of a one-benchmark run, its verdict counts replaced by `counts` (the rest 0). */
export function summaryWith(counts: Partial<RunSummary['outcomes']>): RunSummary {
  const { summary } = analyseRun(runOf([record('S.a', interleaved(around(100), around(100)))])).report;
  const none = { Won: 0, Held: 0, Unchanged: 0, Lost: 0, Inconclusive: 0, Invalid: 0 };
  return { ...summary, outcomes: { ...none, ...counts } };
}

/** A finished case state. */
export function doneCase(r: BenchmarkRecord, overrides: Partial<CaseState> = {}): CaseState {
  return {
    key: r.key,
    role: r.role,
    labels: r.labels,
    status: 'done',
    done: r.samples.length,
    total: r.samples.length,
    samples: r.samples,
    failures: r.failures,
    skipped: 0,
    sides: null,
    verdict: verdictOf(r),
    design: null,
    limits: { correction: 'holm' },
    command: ['run', '--json', '/ws/x.bench.ts'],
    resultsFile: '/ws/.tombstone-bench/r.json',
    run: { id: 1, label: 'impl: eager → cow', startedAt: new Date(new Date().setHours(14, 3, 0, 0)) },
    ...overrides,
  };
}

/** Ten values around `center` (±0.5%, deterministic). */
export function around(center: number): number[] {
  return Array.from({ length: 10 }, (_, i) => center * (1 + ((i * 7) % 10) / 1000 - 0.005));
}

/**
 * Ten values around 100 with ±3% fork noise: baseline `noisy()` against candidate `noisy().reverse()` reads Unchanged
 * (or a guardrail Held) at threshold 2% with an interval reaching past ±2% — which the runner calls Inconclusive.
 */
export function noisy(): number[] {
  return [100, 103, 97, 101, 98, 102, 100.5, 97.5, 101.5, 99.5];
}

/**
 * A case whose statistics read Unchanged (a primary) or Held (a guardrail) but whose interval does not show it (±3%
 * noise, threshold 2%): the runner's Inconclusive with `basis.unresolved`.
 */
export function unresolvedCase(key: string, role: Role, overrides: Partial<CaseState> = {}): CaseState {
  return doneCase(record(key, interleaved(noisy(), noisy().reverse()), role), overrides);
}
