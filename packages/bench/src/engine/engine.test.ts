import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors.js';
import type { RunRecord } from '../model.js';
import type { RunOptions } from '../plan/run-options.js';
import type { BenchEvent } from '../protocol/events.js';
import { parseEvent } from '../protocol/parse.js';
import { emptyRunRecord } from '../stats/test-fixtures.js';
import { tempProject } from '../test-helpers.js';
import { startRun } from './engine.js';
import { FAST_RUN } from './test-run.js';

const SUITE = `import { defineSuite } from '@tombstone-lab/bench';
function work(n: number): number { let t = 0; for (let i = 0; i < n; i++) t = (t * 31 + i) | 0; return t; }
export default defineSuite({
  name: 'Engine',
  params: { size: [40, 80] },
  compare: { factor: 'impl', baseline: 'fast', candidate: 'slow' },
  setup: (p: { size: number; impl: string }) => ({ n: p.impl === 'slow' ? p.size * 3 : p.size }),
  benchmarks: { loop: (s) => work(s.n) },
});
`;

const FAST = FAST_RUN;

/** Every event round-trips through the protocol validator unchanged (valid, and nothing undeclared). */
function checked(events: readonly BenchEvent[]): void {
  for (const e of events) expect(parseEvent(JSON.stringify(e))).toEqual(e);
}

describe('startRun (the engine, driven from code)', () => {
  it('streams typed events, is cancelled mid-run with a valid file, and resumes from it', async () => {
    const dir = tempProject({ 'engine.bench.ts': SUITE });
    const out = join(dir, 'r.json');
    const controller = new AbortController();
    const first = startRun(
      { mode: 'run', cwd: dir, samplesPerSide: 3, out, ...FAST },
      { signal: controller.signal },
    );
    const seen: BenchEvent[] = [];
    for await (const e of first) {
      seen.push(e);
      // Cancel while the third fork runs: its process group is killed, the file keeps the two finished forks.
      if (e.type === 'sample-finished' && e.completed === 2) controller.abort();
    }
    const cut = await first.result;
    checked(seen);
    expect(cut.interrupted).toBe(true);
    expect(cut.exitCode).toBe(130);
    expect(seen.map((e) => e.type)).toEqual([
      'run-started',
      'sample-finished',
      'sample-finished',
      'run-finished',
    ]);
    expect(cut.finished).toMatchObject({ type: 'run-finished', interrupted: true, exitCode: 130 });
    const partial = JSON.parse(readFileSync(out, 'utf8')) as RunRecord;
    expect(partial.finishedAt).toBeNull();
    expect(partial.benchmarks.flatMap((b) => b.samples)).toHaveLength(2);

    const second = startRun({ mode: 'run', cwd: dir, resume: out, failOnLost: false, ...FAST });
    const rest: BenchEvent[] = [];
    for await (const e of second) rest.push(e);
    const done = await second.result;
    checked(rest);
    expect(done.exitCode).toBe(0);
    const started = rest[0];
    expect(started?.type === 'run-started' && [started.completedForks, started.totalForks]).toEqual([2, 12]);
    const forks = rest.filter((e) => e.type === 'sample-finished');
    expect(forks).toHaveLength(10);
    expect(forks.at(-1)).toMatchObject({ completed: 12, total: 12 });
    expect(rest.filter((e) => e.type === 'benchmark-finished')).toHaveLength(2);
    expect(rest.filter((e) => e.type === 'run-finished')).toHaveLength(1);
    const end = rest.at(-1);
    if (end?.type !== 'run-finished') throw new Error('the stream ends with run-finished');
    expect(end.interrupted).toBe(false);
    expect(end.verdicts?.map((v) => v.key)).toEqual(['Engine.loop[size=40]', 'Engine.loop[size=80]']);
    expect(end.verdicts?.[1]?.stats?.ratio?.estimate).toBeGreaterThan(1.5);
    expect(done.record?.runId).toBe(partial.runId);
    expect(done.record?.benchmarks.flatMap((b) => b.samples)).toHaveLength(12);
    // A run started from code records the equivalent command line for its report.
    expect(done.record?.invocation?.argv.slice(0, 3)).toEqual(['tombstone-bench', 'run', '-n']);
  }, 90_000);

  it('fits growth in the same run and reports it as numbers', async () => {
    const dir = tempProject({ 'engine.bench.ts': SUITE });
    const run = startRun({
      mode: 'aa',
      cwd: dir,
      samplesPerSide: 2,
      growth: 'size',
      out: join(dir, 'g.json'),
      ...FAST,
    });
    const events: BenchEvent[] = [];
    for await (const e of run) events.push(e);
    await run.result;
    checked(events);
    const end = events.at(-1);
    if (end?.type !== 'run-finished') throw new Error('the stream ends with run-finished');
    // A/A: the in-code factor is a parameter, so each impl level is one growth group over size.
    expect(end.growth?.param).toBe('size');
    expect(end.growth?.comparisons.length).toBe(2);
    expect(typeof end.growth?.comparisons[0]?.baseline.exponent).toBe('number');
  }, 90_000);

  it('rejects a misspelled option, a bad type and an out-of-range value, naming it, in the result and the stream', async () => {
    const cases: [unknown, RegExp][] = [
      [{ mode: 'run', samplesPerSid: 3 }, /unknown option "samplesPerSid"/],
      [{ mode: 'run', pin: 'yes' }, /option pin: /],
      [
        { mode: 'run', samplesPerSide: 0 },
        /samplesPerSide 0 is out of range for a sequential run \(>= 1 and <= 50\); fixedN takes up to 1000/,
      ],
      [{ mode: 'walk' }, /option mode: /],
      [{ mode: 'compare' }, /compare needs a baseline/],
    ];
    for (const [options, message] of cases) {
      const run = startRun(options as RunOptions);
      const events: BenchEvent[] = [];
      for await (const e of run) events.push(e);
      await expect(run.result).rejects.toThrow(message);
      await expect(run.result).rejects.toBeInstanceOf(UsageError);
      expect(events).toEqual([expect.objectContaining({ type: 'error', errorName: 'UsageError' })]);
    }
  });

  it('refuses an existing out file in its own option names (out, resume, force), not the command line flags', async () => {
    const results = JSON.stringify(emptyRunRecord());
    const dir = tempProject({ 'engine.bench.ts': SUITE, 'out/r.json': results, 'out/x.json': '{}' });
    const run = startRun({ mode: 'run', cwd: dir, out: 'out/r.json', ...FAST });
    await expect(run.result).rejects.toThrow(
      /^out "out\/r\.json" already exists; continue that run with \{ resume: "out\/r\.json" \} \(without out\), or pass force: true to replace it$/,
    );
    await expect(run.result).rejects.toBeInstanceOf(UsageError);
    expect(readFileSync(join(dir, 'out/r.json'), 'utf8')).toBe(results);
    // Not a results file: nothing to resume, so resume is not suggested.
    const other = startRun({ mode: 'run', cwd: dir, out: 'out/x.json', ...FAST });
    await expect(other.result).rejects.toThrow(
      /^out "out\/x\.json" already exists and is not a results file; give out a new file name$/,
    );
    expect(readFileSync(join(dir, 'out/x.json'), 'utf8')).toBe('{}');
  });
});
