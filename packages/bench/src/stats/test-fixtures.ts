/**
 * Test-only builders of RunRecord fixtures (excluded from the build by the `test-*.ts` pattern).
 */

import type {
  BenchmarkRecord,
  Environment,
  ParamValue,
  Role,
  RunRecord,
  Sample,
  SampleFailure,
  Side,
} from '../model.js';
import { PROTOCOL_VERSION } from '../protocol/version.js';

/** An unfinished A/A run `r1` with no benchmarks yet: what a results file holds right after its first write. */
export function emptyRunRecord(): RunRecord {
  return {
    schemaVersion: PROTOCOL_VERSION,
    runId: 'r1',
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: null,
    comparison: { kind: 'aa', label: 'A/A' },
    config: { samplesPerSide: 3, metric: 'nsPerOp', alpha: 0.05, threshold: 0.02 },
    benchmarks: [],
  };
}

/** A plausible captured environment; override fields to simulate inconsistency. */
export function env(overrides: Partial<Environment> = {}): Environment {
  return {
    node: 'v20.19.0',
    v8: '11.3.244.8-node.26',
    platform: 'linux',
    arch: 'x64',
    cpuModel: 'Test CPU @ 2.0GHz',
    cpuCount: 2,
    execArgv: [],
    loadAverage: [1, 1, 1],
    totalMemory: 8e9,
    affinity: null,
    ...overrides,
  };
}

/** Options of {@link makeRecord}. */
export interface RecordSpec {
  suite?: string;
  benchmark?: string;
  params?: Record<string, ParamValue>;
  role?: Role;
  baseline: readonly (number | null)[];
  candidate: readonly (number | null)[];
  /** Which side runs first in each pair (default alternates B/C, C/B to mimic randomised order). */
  order?: 'alternating' | 'baseline-first' | 'blocked';
  failures?: Omit<SampleFailure, 'seq'>[];
  envFor?: (side: Side, index: number) => Environment;
  labels?: Record<Side, string>;
}

function sample(seq: number, side: Side, v: number | null, e: Environment): Sample {
  return {
    seq,
    side,
    ops: 10_000,
    nsPerOp: v ?? 1,
    cpuNsPerOp: v ?? 1,
    bytesPerOp: v,
    gcCount: 1,
    gcTimeMs: 0.5,
    warmupOps: 2_000,
    instructionsPerOp: null,
    startedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString(),
    env: e,
  };
}

/**
 * Builds a BenchmarkRecord whose samples carry `baseline[i]` / `candidate[i]` as nsPerOp, cpuNsPerOp and
 * bytesPerOp (null → bytesPerOp missing), interleaved in pairs.
 */
export function makeRecord(spec: RecordSpec): BenchmarkRecord {
  const suite = spec.suite ?? 'RangeTombstoneListBench';
  const benchmark = spec.benchmark ?? 'benchCopyOnly';
  const params = spec.params ?? {};
  const envFor = spec.envFor ?? (() => env());
  const samples: Sample[] = [];
  let seq = 0;
  const pairs = Math.max(spec.baseline.length, spec.candidate.length);
  if (spec.order === 'blocked') {
    for (const [i, v] of spec.baseline.entries())
      samples.push(sample(seq++, 'baseline', v, envFor('baseline', i)));
    for (const [i, v] of spec.candidate.entries())
      samples.push(sample(seq++, 'candidate', v, envFor('candidate', i)));
  } else {
    for (let i = 0; i < pairs; i++) {
      const baselineFirst = spec.order === 'baseline-first' || i % 2 === 0;
      const sides: Side[] = baselineFirst ? ['baseline', 'candidate'] : ['candidate', 'baseline'];
      for (const side of sides) {
        const values = side === 'baseline' ? spec.baseline : spec.candidate;
        if (i < values.length) samples.push(sample(seq++, side, values[i]!, envFor(side, i)));
      }
    }
  }
  const paramText = Object.entries(params).map(([k, v]) => `${k}=${String(v)}`);
  return {
    id: { suite, benchmark, params },
    key: `${suite}.${benchmark}${paramText.length ? `[${paramText.join(',')}]` : ''}`,
    role: spec.role ?? 'primary',
    labels: spec.labels ?? { baseline: 'impl=eager', candidate: 'impl=cow' },
    samples,
    failures: (spec.failures ?? []).map((f) => ({ ...f, seq: seq++ })),
  };
}

/** Wraps records into a RunRecord with the given config. */
export function makeRun(
  benchmarks: BenchmarkRecord[],
  config: Partial<RunRecord['config']> = {},
  comparison: RunRecord['comparison'] = {
    kind: 'factor',
    factor: 'impl',
    baseline: 'eager',
    candidate: 'cow',
  },
): RunRecord {
  return {
    schemaVersion: PROTOCOL_VERSION,
    runId: 'run-test',
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: '2026-01-01T00:10:00.000Z',
    comparison,
    config: { samplesPerSide: 10, metric: 'nsPerOp', alpha: 0.05, threshold: 0.02, ...config },
    benchmarks,
  };
}

/** Deterministic pseudo-noise around `center` (a tiny LCG: fixtures must not depend on Math.random). */
export function jitter(center: number, n: number, spread: number, seed = 1): number[] {
  let state = seed >>> 0;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    out.push(center * (1 + spread * (state / 2 ** 32 - 0.5)));
  }
  return out;
}

/** The seed-000 medians, for building reproducible report fixtures. */
export const SEED_000 = {
  copyOnly1000: { baseline: 3362.5156478614854, candidate: 9.018492886907715 },
  copyAndAdd1000: { baseline: 8842.89307604306, candidate: 5485.592293470344 },
  copyOnly10: { baseline: 56.7137252431266, candidate: 9.083180562797722 },
  copyAndAdd10: { baseline: 186.2202636628365, candidate: 122.92588844176737 },
} as const;

/** Ten values whose median is exactly `m`: the two middle values are m itself, so (m + m) / 2 = m bit for bit. */
export function aroundMedian(m: number, relSpread = 0.01): number[] {
  const offsets = [-4, 1, -3, 0, 2, -2, 4, -1, 0, 3];
  return offsets.map((o) => (o === 0 ? m : m + (o * relSpread * m) / 4));
}

/** Options of {@link makePairedRecord}: per fork, each side's value in every block (equal block counts). */
export interface PairedSpec {
  benchmark?: string;
  role?: Role;
  /** forks[i] = { baseline: block values, candidate: block values, first?, leads? } */
  forks: readonly {
    baseline: readonly number[];
    candidate: readonly number[];
    /** The side loaded and warmed up first (default: alternating by fork). */
    first?: Side;
    /** Which side led each block (default: alternating). */
    leads?: readonly Side[];
  }[];
}

/**
 * A BenchmarkRecord of paired forks (protocol 10): each fork gives a baseline and a candidate sample with the
 * fork's `pair`; a block's value v is recorded as 1,000 ops in v·1,000 ns on both clocks.
 */
export function makePairedRecord(spec: PairedSpec): BenchmarkRecord {
  const samples: Sample[] = [];
  spec.forks.forEach((f, i) => {
    const first: Side = f.first ?? (i % 2 === 0 ? 'baseline' : 'candidate');
    const leads = f.baseline.map((_, k) => f.leads?.[k] ?? (k % 2 === 0 ? 'baseline' : 'candidate'));
    for (const [j, side] of (['baseline', 'candidate'] as const).entries()) {
      const values = f[side];
      const blocks = values.map((v, k) => ({
        lead: leads[k] === side,
        wallNs: v * 1000,
        cpuNs: v * 1000,
        ops: 1000,
      }));
      const total = values.reduce((a, b) => a + b, 0) / values.length;
      samples.push({
        ...sample(2 * i + j, side, total, env()),
        ops: 1000 * values.length,
        bytesPerOp: 0,
        pair: { fork: 2 * i, first: first === side, blocks },
      });
    }
  });
  return {
    id: { suite: 'RangeTombstoneListBench', benchmark: spec.benchmark ?? 'paired', params: {} },
    key: `RangeTombstoneListBench.${spec.benchmark ?? 'paired'}`,
    role: spec.role ?? 'primary',
    labels: { baseline: 'impl=a', candidate: 'impl=b' },
    samples,
    failures: [],
  };
}
