import { describe, expect, it } from 'vitest';
import type { BenchEvent } from './bench-types.js';
import { caseLine, statusSummary } from './case-text.js';
import { ResultsStore } from './results-store.js';
import { around, interleaved, record, sample, verdictOf } from './test-fixtures.js';

const T = { protocol: 1 as const, time: '2026-01-01T00:00:00.000Z' };
const started = (keys: string[]): BenchEvent => ({
  ...T,
  type: 'run-started',
  runId: 'r1',
  resultsFile: '/ws/.tombstone-bench/r.json',
  comparison: { kind: 'factor', factor: 'impl', baseline: 'eager', candidate: 'cow' },
  samplesPerSide: 10,
  totalForks: keys.length * 20,
  benchmarks: keys.map((key) => ({
    key,
    role: 'primary',
    labels: { baseline: 'impl=eager', candidate: 'impl=cow' },
  })),
});

function storeWithRun(keys: string[]): ResultsStore {
  const store = new ResultsStore();
  store.beginRun({ limits: { alpha: 0.05, threshold: 0.02 }, command: ['run'] });
  store.apply(started(keys));
  return store;
}

describe('ResultsStore', () => {
  it('tracks progress per case, then the verdict', () => {
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
    store.apply({
      ...T,
      type: 'benchmark-finished',
      key: 'S.a',
      samples: { baseline: 10, candidate: 10 },
      failures: 0,
      analysis: v,
    });
    expect(caseLine(store.get('S.a')!)).toMatch(/−99\.7% {2}p=1\.1e-5 {2}Won$/);
    expect(statusSummary(store.all())).toBe('bench: 1 Won · 0 Held · 0 Lost');
  });

  it('shows the failure reason when every fork of a case crashed', () => {
    const store = storeWithRun(['S.a']);
    store.apply({
      ...T,
      type: 'sample-finished',
      key: 'S.a',
      side: 'baseline',
      seq: 0,
      completed: 1,
      total: 20,
      failure: { seq: 0, side: 'baseline', kind: 'crash', message: 'exit code 134\nstack…', logTail: '' },
    });
    store.apply({
      ...T,
      type: 'benchmark-finished',
      key: 'S.a',
      samples: { baseline: 0, candidate: 0 },
      failures: 1,
    });
    expect(caseLine(store.get('S.a')!)).toBe('✗ crash: exit code 134');
    expect(statusSummary(store.all())).toBe('bench: 0 Won · 0 Held · 1 Lost');
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
