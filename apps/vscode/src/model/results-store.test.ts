import { describe, expect, it } from 'vitest';
import type { BenchEvent } from './bench-types.js';
import { caseLine, runSummary, runTag } from './case-text.js';
import { designFallbacks, PROTOCOL_VERSION, resumedCases, savedRun } from './protocol.js';
import { ResultsStore } from './results-store.js';
import { resultsDocument } from './saved-results.js';
import { around, interleaved, record, runOf, sample, summaryWith, verdictOf } from './test-fixtures.js';

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
const started = (keys: string[], completedForks = 0): BenchEvent => ({
  ...T,
  type: 'run-started',
  runId: 'r1',
  resultsFile: '/ws/.tombstone-bench/r.json',
  comparison: { kind: 'factor', factor: 'impl', baseline: 'eager', candidate: 'cow' },
  config: { samplesPerSide: 10, metric: 'nsPerOp', alpha: 0.05, threshold: 0.02 },
  samplesPerSide: 10,
  totalForks: keys.length * 20,
  completedForks,
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
  store.beginRun({
    command: ['run'],
    files: ['/ws/s.bench.ts'],
    label: 'in-code factor',
    phase: 'type-checking…',
  });
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
    expect(caseLine(store.get('S.a')!)).toMatch(/−99\.7% {2}p=1\.1e-05 {2}Won$/);
    expect(runSummary(store.run!)).toBe('bench: measuring 7/40 · impl: eager → cow');
    expect(store.get('S.a')!.sides?.baseline.gcCount).toBe(2);
    // The run's verdicts (p adjusted across its benchmarks) replace the per-case ones.
    const basis = { ...v.basis, significant: false, statisticalOutcome: 'Unchanged' as const };
    const unchanged = { ...v, pAdjusted: 0.2, outcome: 'Unchanged' as const, basis };
    store.apply(
      runFinished({ verdicts: [unchanged], correction: 'holm', summary: summaryWith({ Unchanged: 1 }) }),
    );
    expect(caseLine(store.get('S.a')!)).toMatch(/ {2}~ {2}p\(Holm\)=0\.2 {2}Unchanged$/);
    expect(store.run?.status).toBe('finished');
    expect(runSummary(store.run!)).toBe('bench impl: eager → cow: 1 Unchanged');
  });

  it("counts a finished run's verdicts from the runner's summary, not from its cases", () => {
    const store = storeWithRun(['S.a']);
    const won = verdictOf(record('S.a', interleaved(around(100), around(50))));
    store.apply({ ...finished('S.a', 10, 10), analysis: won });
    // Planted: the runner's summary counts a verdict the editor has no case for; the summary is what is shown.
    const summary = summaryWith({ Won: 1, Lost: 1 });
    store.apply(runFinished({ verdicts: [won], correction: 'holm', summary }));
    expect(runSummary(store.run!)).toBe('bench impl: eager → cow: 1 Won · 1 Lost');
    // A saved run is counted by its RunReport's summary as well.
    const saved = store.load({
      cases: [{ ...record('S.a', []), verdict: won }],
      limits: {},
      summary: summaryWith({ Held: 2 }),
      resultsFile: '/saved.json',
      command: [],
      label: 'vs main',
      startedAt: new Date(),
      files: [],
    });
    expect(runSummary(saved)).toBe('bench vs main: 2 Held');
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
    // One wording for a crash on every surface: the runner's Invalid.
    expect(caseLine(store.get('S.a')!)).toBe('Invalid: forks failed (crash: exit code 134 (+1 more))');
    store.apply(runFinished());
    expect(runSummary(store.run!)).toBe('bench impl: eager → cow: 1 Invalid');
  });

  it('continues a resumed case from the forks its results file holds', () => {
    const store = storeWithRun(['S.a', 'S.b']);
    const file = runOf([record('S.a', interleaved(around(10), around(5)).slice(0, 6))]);
    store.resumed(resumedCases(JSON.stringify(file)));
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
    expect(() => resumedCases(JSON.stringify({ ...file, benchmarks: [{ key: 1 }] }))).toThrow(
      'results file at benchmarks.0.',
    );
  });

  it('lists a resumed run once, and a session run keeps its one time when its file is opened', () => {
    const store = storeWithRun(['S.a']);
    store.apply({ ...T, type: 'run-cancelled', exitCode: 130, message: 'interrupted' });
    store.beginRun({ command: ['run'], files: [], label: 'in-code factor', phase: 'resuming…' });
    store.apply(started(['S.a'], 3));
    expect(store.runs()).toHaveLength(1);
    store.apply(runFinished());
    const resumedAt = store.run!.startedAt;
    const file = runOf([record('S.a', interleaved(around(100), around(50)))]);
    const doc = { cases: [{ ...file.benchmarks[0]!, verdict: null }], limits: {}, summary: summaryWith({}) };
    const later = new Date(resumedAt.getTime() + 90_000); // the runner's own startedAt, a minute on
    store.load({
      ...doc,
      resultsFile: '/ws/.tombstone-bench/r.json',
      command: [],
      label: 'x',
      startedAt: later,
      files: [],
    });
    expect(store.runs()).toHaveLength(1);
    expect(store.run!.startedAt).toBe(resumedAt);
  });

  it('keeps the code a run measured on its cases, also when its file is opened or it is restored', () => {
    const sources = { '/ws/s.bench.ts': 'abc' };
    const store = new ResultsStore();
    store.beginRun({ command: ['run'], files: ['/ws/s.bench.ts'], label: 'f', phase: 'p', sources });
    store.apply(started(['S.a']));
    expect(store.get('S.a')!.run.sources).toBe(sources);
    store.apply(runFinished());
    const file = runOf([record('S.a', interleaved(around(100), around(50)))]);
    const doc = { cases: [{ ...file.benchmarks[0]!, verdict: null }], limits: {}, summary: summaryWith({}) };
    const saved = { ...doc, resultsFile: '/ws/.tombstone-bench/r.json', command: [], label: 'x', files: [] };
    store.load({ ...saved, startedAt: new Date() });
    expect(store.get('S.a')!.run.sources).toBe(sources);
    const restored = new ResultsStore();
    restored.load({ ...saved, startedAt: new Date(), saved: true, sources });
    expect(restored.get('S.a')!.run.sources).toBe(sources);
    const fromCli = new ResultsStore();
    fromCli.load({ ...saved, startedAt: new Date(), saved: true });
    expect(fromCli.get('S.a')!.run.sources).toBeUndefined();
  });

  it("names a case's own p raw until the run's correction is applied", () => {
    const store = storeWithRun(['S.a']);
    const won = verdictOf(record('S.a', interleaved(around(100), around(50))));
    store.apply({ ...finished('S.a', 10, 10), analysis: { ...won, pAdjusted: null } });
    expect(caseLine(store.get('S.a')!)).toMatch(/ {2}raw p=\S+ {2}Won$/);
    store.apply(runFinished({ verdicts: [won], correction: 'holm' }));
    expect(caseLine(store.get('S.a')!)).toMatch(/ {2}p\(Holm\)=\S+ {2}Won$/);
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
    // The runner reports the interruption itself, then exits: the run is cancelled, resumable from its file.
    store.apply(runFinished({ interrupted: true, exitCode: 130 }));
    expect(store.current).toBeNull();
    store.processEnded(130, true);
    expect(store.run).toMatchObject({ cancelled: true, resultsFile: '/ws/.tombstone-bench/r.json' });
    expect(caseLine(store.get('S.a')!)).toBe('not measured (cancelled at 1/20)');
    expect(store.get('S.b')!.status).toBe('cancelled');
    expect(store.run?.status).toBe('interrupted');
  });

  it('ends a run cancelled before it started measuring (a compare still building): interrupted, its exit code', () => {
    const store = new ResultsStore();
    store.beginRun({
      command: ['compare'],
      files: [],
      label: 'vs HEAD~1',
      phase: 'building baseline HEAD~1…',
    });
    expect(runSummary(store.run!)).toBe('bench: building baseline HEAD~1…');
    store.apply({
      ...T,
      type: 'run-cancelled',
      exitCode: 130,
      message: 'cancelled before measuring started',
    });
    expect(store.run).toMatchObject({ status: 'interrupted', exitCode: 130, resultsFile: null });
  });

  it("reads a cancel during type-checking as cancelled, not as the runner's tsc failure", () => {
    const store = new ResultsStore();
    store.beginRun({ command: ['run'], files: [], label: 'in-code factor', phase: 'type-checking…' });
    store.apply({ ...T, type: 'error', errorName: 'BenchError', message: 'tsc failed (exit SIGINT)' });
    store.processEnded(130, true);
    expect(store.run).toMatchObject({ status: 'interrupted', cancelled: true, errors: [] });
    expect(runSummary(store.run!)).toBe('bench in-code factor: cancelled');
  });

  it('words a type error without the command line advice to skip the check', () => {
    const store = new ResultsStore();
    store.beginRun({ command: ['run'], files: [], label: 'in-code factor', phase: 'type-checking…' });
    store.apply({
      ...T,
      type: 'error',
      errorName: 'BenchTypeError',
      message:
        'bench files have type errors (pass --no-typecheck to measure anyway):\na.bench.ts:3:7 - error TS2322: x',
    });
    store.processEnded(1, false);
    expect(store.run!.errors).toEqual(['1 type error: a.bench.ts:3:7 x\na.bench.ts:3:7 x']);
    expect(store.run!.diagnostics).toMatchObject([{ file: 'a.bench.ts', line: 3, column: 7, kind: 'type' }]);
    expect(runSummary(store.run!)).toBe('bench: run failed — 1 type error: a.bench.ts:3:7 x');
  });

  it("shows each benchmark's newest run only: a new run replaces an earlier one's results", () => {
    const store = storeWithRun(['S.a', 'S.b']);
    const won = verdictOf(record('S.a', interleaved(around(100), around(50))));
    store.apply({ ...finished('S.a', 10, 10), analysis: won });
    store.apply({ ...finished('S.b', 10, 10), analysis: { ...won, key: 'S.b' } });
    store.apply(runFinished({ verdicts: [won, { ...won, key: 'S.b' }], correction: 'holm' }));
    const first = store.run!;
    // A compare against HEAD~1 of S.a only.
    store.beginRun({
      command: ['compare'],
      files: [],
      label: 'vs HEAD~1',
      phase: 'building baseline HEAD~1…',
    });
    expect(store.get('S.a')!.run.id).toBe(first.id); // nothing of the new run yet
    store.apply({
      ...(started(['S.a']) as Extract<BenchEvent, { type: 'run-started' }>),
      comparison: {
        kind: 'revision',
        baseline: 'HEAD~1',
        candidate: 'working tree',
        baselineCommit: 'a',
        candidateCommit: null,
      },
    });
    const lost = { ...verdictOf(record('S.a', interleaved(around(50), around(100)))), key: 'S.a' };
    store.apply(runFinished({ verdicts: [lost], correction: 'holm' }));
    expect(store.get('S.a')!.verdict?.outcome).toBe('Lost');
    expect(store.get('S.a')!.run.label).toBe('vs HEAD~1');
    expect(store.get('S.b')!.run.label).toBe('impl: eager → cow');
    expect(store.all().map((c) => `${c.key} ${c.verdict?.outcome}`)).toEqual(['S.a Lost', 'S.b Won']);
    expect(store.newestCases((k) => k.startsWith('S.a')).map((c) => c.run.label)).toEqual(['vs HEAD~1']);
    // The status bar sums the newest run, never both.
    expect(runSummary(store.run!)).toBe('bench vs HEAD~1: 1 Lost');
    expect(store.runs().map((r) => r.label)).toEqual(['vs HEAD~1', 'impl: eager → cow']);
    expect(runTag(store.run!, store.run!.startedAt)).toMatch(/^vs HEAD~1 · \d\d:\d\d$/);
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
    const saved = {
      cases: [{ ...record('S.a', []), verdict: null }],
      limits: {},
      summary: summaryWith({}),
      resultsFile: '/r.json',
      command: [],
      label: 'vs main',
      startedAt: new Date(),
      files: [],
    };
    store.load(saved);
    store.load(saved); // the same file again replaces, not adds
    expect(store.runs()).toHaveLength(1);
    store.clear();
    off();
    store.clear();
    expect(calls).toBe(3);
    expect(store.all()).toEqual([]);
  });
});

describe('design fallbacks', () => {
  const reason = 'the two sides cannot load in one process';
  const file = runOf([
    { ...record('S.a', interleaved(around(100), around(100))), design: { kind: 'forks', reason } },
    record('S.b', interleaved(around(100), around(100))),
  ]);

  it('are read from the results file of a finished run onto its cases (the events do not carry them)', () => {
    const designs = designFallbacks(JSON.stringify(file));
    expect([...designs]).toEqual([['S.a', { kind: 'forks', reason }]]);
    const store = storeWithRun(['S.a', 'S.b']);
    const run = store.run!;
    let calls = 0;
    store.onChange(() => calls++);
    store.setDesigns(run, designs);
    expect(run.cases.get('S.a')?.design).toEqual({ kind: 'forks', reason });
    expect(run.cases.get('S.b')?.design).toBeNull();
    expect(calls).toBe(1);
    // The same again changes nothing.
    store.setDesigns(run, designs);
    expect(calls).toBe(1);
  });

  it('come with a saved run from its record', () => {
    const saved = savedRun(resultsDocument(file), '/saved.json');
    expect(saved.cases.map((c) => c.design)).toEqual([{ kind: 'forks', reason }, null]);
    const run = new ResultsStore().load(saved);
    expect(run.cases.get('S.a')?.design).toEqual({ kind: 'forks', reason });
  });
});
