import { describe, expect, it } from 'vitest';
import type { BenchEvent } from './bench-types.js';
import { caseLine, statusSummary } from './case-text.js';
import { PROTOCOL_VERSION, resumedCases } from './protocol.js';
import { ResultsStore } from './results-store.js';
import { around, interleaved, record, sample, verdictOf } from './test-fixtures.js';

const T = { protocol: PROTOCOL_VERSION, time: '2026-01-01T00:00:00.000Z' };
const side = (samples: number, failures = 0) => ({
  samples,
  failures,
  skipped: 0,
  bytesPerOp: 32,
  gcCount: 2,
  gcTimeMs: 1.5,
  warmupCapped: 0,
});
const finished = (key: string, nb: number, nc: number, failures = 0) => ({
  ...T,
  type: 'benchmark-finished' as const,
  key,
  samples: { baseline: nb, candidate: nc },
  failures,
  sides: { baseline: side(nb, failures), candidate: side(nc) },
});
const started = (keys: string[]): BenchEvent => ({
  ...T,
  type: 'run-started',
  runId: 'r1',
  resultsFile: '/ws/.tombstone-bench/r.json',
  comparison: { kind: 'factor', factor: 'impl', baseline: 'eager', candidate: 'cow' },
  config: { samplesPerSide: 10, metric: 'nsPerOp', alpha: 0.05, threshold: 0.02 },
  samplesPerSide: 10,
  totalForks: keys.length * 20,
  completedForks: 0,
  benchmarks: keys.map((key) => ({
    key,
    suite: 'S',
    benchmark: key.slice(2),
    params: {},
    role: 'primary' as const,
    labels: { baseline: 'impl=eager', candidate: 'impl=cow' },
  })),
});
const runFinished = (extra: Partial<Extract<BenchEvent, { type: 'run-finished' }>> = {}): BenchEvent => ({
  ...T,
  type: 'run-finished',
  runId: 'r1',
  resultsFile: '/ws/.tombstone-bench/r.json',
  interrupted: false,
  exitCode: 0,
  skippedForks: 0,
  ...extra,
});

function storeWithRun(keys: string[]): ResultsStore {
  const store = new ResultsStore();
  store.beginRun({ command: ['run'] });
  store.apply(started(keys));
  return store;
}

describe('ResultsStore', () => {
  it('tracks progress per case, then the verdict, then the run-level verdict', () => {
    const store = storeWithRun(['S.a', 'S.b']);
    expect(caseLine(store.get('S.a')!)).toBe('queued');
    const samples = interleaved(around(3362), around(9));
    for (const [i, s] of samples.slice(0, 7).entries()) {
      store.apply({
        ...T,
        type: 'sample-finished',
        key: 'S.a',
        side: s.side,
        seq: s.seq,
        completed: i + 1,
        total: 40,
        sample: s,
      });
    }
    expect(caseLine(store.get('S.a')!)).toBe('measuring 7/20');
    expect(store.run?.completed).toBe(7);
    const v = verdictOf(record('S.a', samples));
    store.apply({ ...finished('S.a', 10, 10), analysis: v });
    expect(caseLine(store.get('S.a')!)).toMatch(/−99\.7% {2}p=1\.1e-5 {2}Won$/);
    expect(statusSummary(store.all())).toBe('bench: 1 Won · 0 Held · 0 Lost');
    expect(store.get('S.a')!.sides?.baseline.gcCount).toBe(2);
    // The run's verdicts (p adjusted across its benchmarks) replace the per-case ones.
    store.apply(runFinished({ verdicts: [{ ...v, pAdjusted: 0.2, outcome: 'Unchanged' }] }));
    expect(caseLine(store.get('S.a')!)).toMatch(/ {2}~ {2}p=0\.2 {2}Unchanged$/);
    expect(store.run?.status).toBe('finished');
  });

  it('counts skipped forks and shows the failure reason when every fork of a case crashed', () => {
    const store = storeWithRun(['S.a']);
    const failure = {
      seq: 0,
      side: 'baseline' as const,
      kind: 'crash' as const,
      message: 'exit code 134\nstack…',
      logTail: '',
    };
    store.apply({
      ...T,
      type: 'sample-finished',
      key: 'S.a',
      side: 'baseline',
      seq: 0,
      completed: 1,
      total: 20,
      failure,
    });
    store.apply({
      ...T,
      type: 'samples-skipped',
      key: 'S.a',
      side: 'baseline',
      count: 9,
      reason: 'failure limit',
      completed: 10,
      total: 20,
    });
    store.apply({
      ...T,
      type: 'sample-finished',
      key: 'S.a',
      side: 'candidate',
      seq: 1,
      completed: 11,
      total: 20,
      failure: { ...failure, seq: 1, side: 'candidate' },
    });
    expect(caseLine(store.get('S.a')!)).toBe('measuring 11/20');
    store.apply(finished('S.a', 0, 0, 2));
    expect(caseLine(store.get('S.a')!)).toBe('✗ crash: exit code 134 (+1 more)');
    expect(statusSummary(store.all())).toBe('bench: 0 Won · 0 Held · 1 Lost');
  });

  it('continues a resumed case from the forks its results file holds', () => {
    const store = storeWithRun(['S.a', 'S.b']);
    const file = {
      benchmarks: [{ key: 'S.a', samples: interleaved(around(10), around(5)).slice(0, 6), failures: [] }],
    };
    store.resumed(resumedCases(file));
    expect(caseLine(store.get('S.a')!)).toBe('queued');
    const s = sample('baseline', 6, 10);
    store.apply({
      ...T,
      type: 'sample-finished',
      key: 'S.a',
      side: 'baseline',
      seq: 6,
      completed: 7,
      total: 40,
      sample: s,
    });
    expect(caseLine(store.get('S.a')!)).toBe('measuring 7/20');
    expect(store.get('S.b')!.done).toBe(0);
    expect(() => resumedCases({ benchmarks: [{ key: 1 }] })).toThrow(
      'unreadable results file: benchmarks.0.key',
    );
  });

  it('marks unfinished cases cancelled when the run is interrupted', () => {
    const store = storeWithRun(['S.a', 'S.b']);
    const s = sample('baseline', 0, 10);
    store.apply({
      ...T,
      type: 'sample-finished',
      key: 'S.a',
      side: 'baseline',
      seq: 0,
      completed: 1,
      total: 40,
      sample: s,
    });
    store.processEnded(130, true);
    expect(caseLine(store.get('S.a')!)).toBe('cancelled at 1/20');
    expect(store.get('S.b')!.status).toBe('cancelled');
    expect(store.run?.status).toBe('interrupted');
  });

  it('ends a run cancelled before it started measuring (a compare still building): interrupted, its exit code', () => {
    const store = new ResultsStore();
    store.beginRun({ command: ['compare', '--baseline', 'HEAD~1'] });
    store.apply({
      ...T,
      type: 'run-cancelled',
      exitCode: 130,
      message: 'cancelled before measuring started',
    });
    expect(store.run).toMatchObject({ status: 'interrupted', exitCode: 130 });
  });

  it('collects runner errors and ignores events of runs it did not start', () => {
    const idle = new ResultsStore();
    idle.apply(started(['S.a']));
    expect(idle.all()).toEqual([]);
    const store = storeWithRun([]);
    store.apply({ ...T, type: 'error', errorName: 'UsageError', message: 'zero benchmarks matched' });
    store.processEnded(2, false);
    expect(store.run).toMatchObject({ status: 'failed', exitCode: 2, errors: ['zero benchmarks matched'] });
  });

  it('notifies listeners and clears', () => {
    const store = new ResultsStore();
    let calls = 0;
    const off = store.onChange(() => calls++);
    store.load([{ ...record('S.a', []), verdict: null }], { alpha: 0.05, threshold: 0.02 }, '/r.json', []);
    store.clear();
    off();
    store.clear();
    expect(calls).toBe(2);
    expect(store.all()).toEqual([]);
  });
});
