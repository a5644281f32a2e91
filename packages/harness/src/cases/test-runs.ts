// Test helpers: results records shaped like bench's, built from given sample values, and bench's analysis of them
// (excluded from the build).
import type { BenchmarkRecord, RunRecord, Sample, Side } from '@tombstone-lab/bench/runner';
import { analysedRun, type MeasuredRun } from './bench-driver.js';
import type { RangeMergesReport } from './range-merges-case.js';

const env: Sample['env'] = {
  node: 'v20',
  v8: '11',
  platform: 'linux',
  arch: 'x64',
  cpuModel: 'test',
  cpuCount: 2,
  execArgv: [],
  loadAverage: [0, 0, 0],
  totalMemory: 1,
  affinity: null,
};

/**
 * One benchmark with the given CPU (= wall) ns/op (and bytes/op) samples per side, the sides interleaved in time
 * order as bench runs them (baseline, candidate, baseline, …).
 */
export function benchmarkRecord(
  suite: string,
  params: Record<string, string | number>,
  labels: Record<Side, string>,
  values: Record<Side, readonly number[]>,
  bytes?: Record<Side, readonly number[]>,
): BenchmarkRecord {
  const samples: Sample[] = (['baseline', 'candidate'] as const).flatMap((side, s) =>
    values[side].map((nsPerOp, i) => ({
      seq: 2 * i + s,
      side,
      ops: 10,
      nsPerOp,
      cpuNsPerOp: nsPerOp,
      bytesPerOp: bytes?.[side][i] ?? null,
      gcCount: 0,
      gcTimeMs: 0,
      warmupOps: 1,
      startedAt: '2026-12-01T00:00:00.000Z',
      env,
    })),
  );
  samples.sort((a, b) => a.seq - b.seq);
  const rest = Object.entries(params).map(([k, v]) => `${k}=${v}`);
  return {
    id: { suite, benchmark: 'b', params },
    key: `${suite}.b[${rest.join(',')}]`,
    role: 'primary',
    labels,
    samples,
    failures: [],
  };
}

/** A factor-comparison run holding `benchmarks`. */
export function runRecord(
  factor: string,
  baseline: string,
  candidate: string,
  benchmarks: BenchmarkRecord[],
): RunRecord {
  return {
    schemaVersion: 1,
    runId: 'test',
    startedAt: '2026-12-01T00:00:00.000Z',
    finishedAt: '2026-12-01T00:00:01.000Z',
    comparison: { kind: 'factor', factor, baseline, candidate },
    config: { samplesPerSide: 5, metric: 'cpuNsPerOp', alpha: 0.05, threshold: 0.02 },
    benchmarks,
  };
}

const five = (base: number) => [0, 1, 2, 3, 4].map((i) => base + i);

/**
 * The two range-merges runs (eager → copy-on-write, copy-on-write → persistent) over arrival tail/random and
 * N = 256, 1024, 4096: eager time N², the others 100·N, 100·N + 7 and 150·N; bytes 8× time; five samples each;
 * analysed by bench with growth over `n`, as the case asks.
 */
export function rangeMergesRuns(): MeasuredRun[] {
  const ns = [256, 1024, 4096];
  const pair = (suite: string, a: string, b: string, fa: (n: number) => number, fb: (n: number) => number) =>
    analysedRun(
      runRecord(
        'store',
        a,
        b,
        ['tail', 'random'].flatMap((arrival) =>
          ns.map((n) =>
            benchmarkRecord(
              suite,
              { arrival, n },
              { baseline: `store=${a}`, candidate: `store=${b}` },
              { baseline: five(fa(n)), candidate: five(fb(n)) },
              { baseline: five(fa(n) * 8), candidate: five(fb(n) * 8) },
            ),
          ),
        ),
      ),
      { growth: 'n' },
    );
  return [
    pair(
      'R',
      'eager',
      'copy-on-write',
      (n) => n * n,
      (n) => 100 * n,
    ),
    pair(
      'P',
      'copy-on-write',
      'persistent',
      (n) => 100 * n + 7,
      (n) => 150 * n,
    ),
  ];
}

/** A range-merges model check with no divergence, for building the case's report from {@link rangeMergesRuns}. */
export const RANGE_MERGES_CHECK: RangeMergesReport['check'] = {
  workloads: 18,
  partitionsChecked: 306,
  rowsChecked: 1000,
  modelReads: 40,
  modelRows: 900,
  divergences: [],
};
