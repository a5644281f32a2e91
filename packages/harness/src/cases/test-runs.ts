// Test helpers: results records shaped like bench's, built from given sample values (excluded from the build).
import type { BenchmarkRecord, RunRecord, Sample, Side } from '@tombstone-lab/bench/runner';

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

/** One benchmark with the given ns/op (and bytes/op) samples per side. */
export function benchmarkRecord(
  suite: string,
  params: Record<string, string | number>,
  labels: Record<Side, string>,
  values: Record<Side, readonly number[]>,
  bytes?: Record<Side, readonly number[]>,
): BenchmarkRecord {
  let seq = 0;
  const samples: Sample[] = (['baseline', 'candidate'] as const).flatMap((side) =>
    values[side].map((nsPerOp, i) => ({
      seq: seq++,
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
    config: { samplesPerSide: 5, metric: 'nsPerOp', alpha: 0.05, threshold: 0.02 },
    benchmarks,
  };
}
