import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seededRandom, seedFrom } from '../measure/rng.js';
import type { RunRecord, Sample, SampleFailure } from '../model.js';
import type { BenchmarkFinishedEvent, RunFinishedEvent } from '../protocol/events.js';
import { parseEvent, parseListOutput } from '../protocol/parse.js';
import { PROTOCOL_VERSION } from '../protocol/version.js';
import { FAST, fastWith, runCli, tempProject } from '../test-helpers.js';

const SUITE = `import { defineSuite } from '@tombstone-lab/bench';
function work(n: number): number { let t = 0; for (let i = 0; i < n; i++) t = (t * 31 + i) | 0; return t; }
export default defineSuite({
  name: 'Speed',
  params: { size: [50] },
  compare: { factor: 'impl', baseline: 'fast', candidate: 'slow' },
  setup: (p: { size: number; impl: string }) => ({ n: p.impl === 'slow' ? p.size * 3 : p.size }),
  benchmarks: {
    loop: (s) => work(s.n),
    alloc: (s, bh) => { bh.consume(new Array(s.n).fill(1)); },
  },
});
`;

function timeline(run: RunRecord): Array<(Sample | SampleFailure) & { key: string }> {
  return run.benchmarks
    .flatMap((b) => [...b.samples, ...b.failures].map((x) => ({ ...x, key: b.key })))
    .sort((a, b) => a.seq - b.seq);
}

describe('tombstone-bench run (real forks)', () => {
  const dir = tempProject({ 'speed.bench.ts': SUITE });
  const out = join(dir, 'results.json');

  it('interleaves forks in seeded random pairs, records every field, writes the file after each sample', async () => {
    const snapshots: number[] = [];
    const events: Array<Record<string, unknown>> = [];
    const r = await runCli(
      ['run', 'speed.bench.ts', '-n', '4', '--design', 'forks', '--json', '--out', out, ...FAST],
      dir,
      (text) => {
        for (const line of text.split('\n').filter(Boolean)) {
          const e = JSON.parse(line) as Record<string, unknown>;
          // Every line is valid protocol, and carries nothing the schema does not declare.
          expect(parseEvent(line)).toEqual(e);
          events.push(e);
          if (e.type === 'sample-finished') {
            // The file on disk already holds this sample when its event is emitted.
            const onDisk = JSON.parse(readFileSync(out, 'utf8')) as RunRecord;
            snapshots.push(timeline(onDisk).length);
            expect(timeline(onDisk).some((x) => x.seq === e.seq)).toBe(true);
          }
        }
      },
    );
    expect(r.stderr).not.toMatch(/Error/);
    expect([0, 1]).toContain(r.code);
    expect(events.every((e) => e.protocol === PROTOCOL_VERSION)).toBe(true);
    expect(events[0]?.type).toBe('run-started');
    expect(events.at(-1)?.type).toBe('run-finished');
    expect(events.filter((e) => e.type === 'run-finished')).toHaveLength(1);
    const finished = events.filter((e) => e.type === 'benchmark-finished') as BenchmarkFinishedEvent[];
    expect(finished).toHaveLength(2);
    // bytes/op, GC and warm-up figures per side; the verdict with its statistics and checks.
    expect(finished[1]?.sides.baseline.bytesPerOp).toBeGreaterThan(200);
    expect(finished[1]?.sides.candidate.samples).toBe(4);
    expect(finished[0]?.location).toEqual({ file: 'speed.bench.ts', line: 9, column: 5 });
    expect(finished[0]?.analysis?.stats?.baseline.n).toBe(4);
    expect(finished[0]?.analysis?.checks).toHaveLength(8);
    const end = events.at(-1) as RunFinishedEvent;
    expect(end.verdicts?.map((v) => v.key)).toEqual(['Speed.loop[size=50]', 'Speed.alloc[size=50]']);
    expect(end.summary?.benchmarks).toBe(2);
    expect(snapshots).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);

    const run = JSON.parse(readFileSync(out, 'utf8')) as RunRecord;
    expect(run.finishedAt).not.toBeNull();
    expect(run.comparison).toEqual({ kind: 'factor', factor: 'impl', baseline: 'fast', candidate: 'slow' });
    expect(run.invocation).toEqual({
      argv: [
        'tombstone-bench',
        'run',
        'speed.bench.ts',
        '-n',
        '4',
        '--design',
        'forks',
        '--json',
        '--out',
        out,
        ...FAST,
      ],
      cwd: dir,
    });
    expect(run.benchmarks.map((b) => b.key)).toEqual(['Speed.loop[size=50]', 'Speed.alloc[size=50]']);
    expect(run.benchmarks[0]?.location).toEqual({ file: 'speed.bench.ts', line: 9, column: 5 });
    const rand = seededRandom(seedFrom(run.runId));
    for (const b of run.benchmarks) {
      expect(b.failures).toEqual([]);
      const seqs = [...b.samples].sort((x, y) => x.seq - y.seq);
      expect(seqs).toHaveLength(8);
      for (let pair = 0; pair < 4; pair++) {
        const [first, second] = [seqs[2 * pair], seqs[2 * pair + 1]] as [Sample, Sample];
        expect(second.seq).toBe(first.seq + 1);
        expect(first.side).toBe(rand() < 0.5 ? 'baseline' : 'candidate');
        expect(second.side).not.toBe(first.side);
      }
      for (const s of b.samples) {
        expect(s.ops).toBeGreaterThan(0);
        expect(s.nsPerOp).toBeGreaterThan(0);
        expect(s.cpuNsPerOp).toBeGreaterThan(0);
        expect(s.bytesPerOp).not.toBeNull();
        expect(s.gcCount).toBeGreaterThanOrEqual(0);
        expect(s.warmupOps).toBeGreaterThan(0);
        expect(typeof s.warmupStable).toBe('boolean');
        expect(s.env.node).toBe(process.version);
        expect(s.env.execArgv).toContain('--expose-gc');
      }
    }
    // `new Array(50).fill(1)` allocates ≥ 50 pointers; the pure loop allocates (almost) nothing.
    const alloc = run.benchmarks[1]?.samples ?? [];
    expect(Math.min(...alloc.map((s) => s.bytesPerOp ?? 0))).toBeGreaterThan(200);
    const loop = run.benchmarks[0]?.samples ?? [];
    expect(Math.max(...loop.map((s) => s.bytesPerOp ?? 0))).toBeLessThan(16);
  }, 60_000);

  it('resumes an interrupted run, measuring only the missing samples', async () => {
    const full = JSON.parse(readFileSync(out, 'utf8')) as RunRecord;
    const cut = structuredClone(full);
    const last = cut.benchmarks[1] as RunRecord['benchmarks'][number];
    last.samples.sort((a, b) => a.seq - b.seq).splice(5);
    cut.finishedAt = null;
    writeFileSync(out, JSON.stringify(cut));
    const r = await runCli(['run', 'speed.bench.ts', '-n', '4', '--resume', out, '--json', ...FAST], dir);
    const finished = r.stdout.split('\n').filter((l) => l.includes('"sample-finished"'));
    expect(finished).toHaveLength(3);
    const resumed = JSON.parse(readFileSync(out, 'utf8')) as RunRecord;
    expect(resumed.runId).toBe(full.runId);
    // The resumed record keeps the command that started the run.
    expect(resumed.invocation).toEqual(full.invocation);
    expect(resumed.finishedAt).not.toBeNull();
    expect(resumed.benchmarks[0]?.samples).toEqual(full.benchmarks[0]?.samples);
    const b1 = resumed.benchmarks[1]?.samples ?? [];
    expect(b1.filter((s) => s.side === 'baseline')).toHaveLength(4);
    expect(b1.filter((s) => s.side === 'candidate')).toHaveLength(4);
    expect(new Set(timeline(resumed).map((x) => x.seq)).size).toBe(16);
  }, 60_000);

  it('renders the saved run with `report` in every format, and SVG plots', async () => {
    for (const format of ['terminal', 'markdown', 'json', 'jmh']) {
      const r = await runCli(['report', out, '--format', format, '--no-fail-on-lost', '--svg', 'plots'], dir);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(format === 'jmh' ? 'Speed.loop' : 'Speed.loop[size=50]');
      if (format === 'terminal' || format === 'markdown') {
        // Relative to the directory the report is printed in (the run's own directory here).
        expect(r.stdout).toContain(
          format === 'terminal' ? 'Results File: results.json' : 'Results File: `results.json`',
        );
        // The --out path as a reader can use it: relative to the run's directory, not the user's absolute path.
        expect(r.stdout).toContain(
          'tombstone-bench run speed.bench.ts -n 4 --design forks --json --out results.json',
        );
        expect(r.stdout).not.toContain(dir);
      }
    }
    expect(readFileSync(join(dir, 'plots', 'distributions.svg'), 'utf8')).toMatch(/^<svg/);
    const bad = await runCli(['report', out, '--format', 'html'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown --format "html"/);
    const missing = await runCli(['report', join(dir, 'nope.json')], dir);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read results file/);
  });
});

describe('Ctrl-C', () => {
  it('stops after killing the running fork, leaves a valid resumable file', async () => {
    const dir = tempProject({ 'speed.bench.ts': SUITE });
    const out = join(dir, 'r.json');
    const controller = new AbortController();
    let seen = 0;
    const r = await runCli(
      ['run', '-n', '3', '--json', '--out', out, ...FAST],
      dir,
      (text) => {
        // Abort while the second fork is running.
        if (text.includes('"sample-finished"') && ++seen === 1) setTimeout(() => controller.abort(), 30);
      },
      controller.signal,
    );
    expect(r.code).toBe(130);
    expect(r.stderr).toContain('stopping after killing the running fork… (Ctrl-C again to quit now)');
    const partial = JSON.parse(readFileSync(out, 'utf8')) as RunRecord;
    expect(partial.finishedAt).toBeNull();
    const done = timeline(partial).length;
    expect(done).toBeGreaterThanOrEqual(1);
    expect(done).toBeLessThan(12);
    expect(r.stdout.split('\n').filter(Boolean).at(-1)).toContain('"interrupted":true');

    const resumed = await runCli(['run', '-n', '3', '--resume', out, '--no-fail-on-lost', ...FAST], dir);
    expect(resumed.code).toBe(0);
    const full = JSON.parse(readFileSync(out, 'utf8')) as RunRecord;
    expect(timeline(full)).toHaveLength(12);
    expect(full.finishedAt).not.toBeNull();
  }, 60_000);
});

describe('failures are recorded, never hang', () => {
  it('reports a throwing benchmark and a timeout as failures with a non-zero exit', async () => {
    const dir = tempProject({
      'bad.bench.ts': `import { defineSuite } from '@tombstone-lab/bench';
export default defineSuite({
  name: 'Bad',
  benchmarks: {
    boom: () => { throw new Error('kaboom'); },
    hang: () => { for (;;) {} },
  },
});
`,
    });
    const out = join(dir, 'r.json');
    const r = await runCli(['aa', '-n', '1', '--out', out, ...fastWith(['--timeout-ms', '1500'])], dir);
    expect(r.code, r.stderr).toBe(1);
    const run = JSON.parse(readFileSync(out, 'utf8')) as RunRecord;
    const boom = run.benchmarks.find((b) => b.key === 'Bad.boom');
    const hang = run.benchmarks.find((b) => b.key === 'Bad.hang');
    expect(boom?.failures.map((f) => f.kind)).toEqual(['throw', 'throw']);
    expect(boom?.failures[0]?.message).toBe('kaboom');
    expect(boom?.failures[0]?.logTail).toContain('kaboom');
    // Source-mapped: the stack points at the user's file and line (line 5: the `throw`), not the temp bundle.
    expect(boom?.failures[0]?.logTail).toMatch(/bad\.bench\.ts:5:\d+/);
    expect(boom?.failures[0]?.logTail).not.toMatch(/\.mjs:\d+/);
    expect(hang?.failures.map((f) => f.kind)).toEqual(['timeout', 'timeout']);
    expect(hang?.failures[0]?.message).toContain('1500 ms');
  }, 30_000);

  it('counts the forks skipped after the failure limit, so progress reaches total, and says so', async () => {
    const dir = tempProject({
      'boom.bench.ts': `import { defineSuite } from '@tombstone-lab/bench';
export default defineSuite({ name: 'Boom', benchmarks: { boom: () => { throw new Error('kaboom'); } } });
`,
    });
    const r = await runCli(['aa', '-n', '5', '--json', '--out', join(dir, 'r.json'), ...FAST], dir);
    expect(r.code).toBe(1);
    const events = r.stdout.split('\n').filter(Boolean).map(parseEvent);
    const progress = events.flatMap((e) =>
      e.type === 'sample-finished' || e.type === 'samples-skipped' ? [[e.completed, e.total]] : [],
    );
    expect(progress.at(-1)).toEqual([10, 10]);
    const skipped = events.filter((e) => e.type === 'samples-skipped');
    expect(skipped.map((e) => [e.side, e.count]).sort()).toEqual([
      ['baseline', 3],
      ['candidate', 3],
    ]);
    expect(skipped[0]?.reason).toMatch(/2 forks of the (baseline|candidate) side failed/);
    const end = events.at(-1);
    expect(end?.type === 'run-finished' && end.skippedForks).toBe(6);
    const done = events.find((e) => e.type === 'benchmark-finished');
    expect(done?.type === 'benchmark-finished' && done.sides.baseline).toMatchObject({
      failures: 2,
      skipped: 3,
    });
  }, 30_000);
});

describe('list', () => {
  it('shows every suite with its params, compared factor, cases and source locations (human and --json)', async () => {
    const dir = tempProject({ 'speed.bench.ts': SUITE, 'none.bench.ts': 'export const x = 1;\n' });
    const json = await runCli(['list', '--json'], dir);
    expect(json.code).toBe(2); // none.bench.ts does not load: listed with its error, and the exit code (bad input) says so
    expect((await runCli(['list', 'speed.bench.ts'], dir)).code).toBe(0);
    const list = parseListOutput(json.stdout);
    const speed = list.suites.find((s) => s.suite === 'Speed');
    expect(speed?.params).toEqual({ size: [50] });
    expect(speed?.compare).toEqual({ factor: 'impl', baseline: 'fast', candidate: 'slow' });
    expect(speed?.cases?.map((c) => c.key)).toEqual(['Speed.loop[size=50]', 'Speed.alloc[size=50]']);
    expect(speed?.benchmarks[0]).toMatchObject({ name: 'loop', line: 9, column: 5 });
    const none = list.suites.find((s) => s.file.endsWith('none.bench.ts'));
    expect(none?.cases).toBeNull();
    expect(none?.loadError).toMatch(/could not be loaded/);
    const human = await runCli(['list'], dir);
    expect(human.code).toBe(2);
    expect(human.stdout.match(/could not be loaded/g)).toHaveLength(1);
    expect(human.stdout).toContain('params: size=50  impl: fast vs slow');
    expect(human.stdout).toContain('    Speed.alloc[size=50]');
    expect(human.stdout).toMatch(/ {2}loop {2}\S*speed\.bench\.ts:9:5/);
  }, 30_000);
});

describe('bad input: clear error, exit 2, nothing measured', () => {
  const dir = tempProject({
    'speed.bench.ts': SUITE,
    'broken.bench.ts': 'export default defineSuite({ name: "X", \n  benchmarks: { a: () => 1 +  } });\n',
  });

  it('a bench file that does not compile shows esbuild’s error', async () => {
    const r = await runCli(['run', 'broken.bench.ts', ...FAST], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/broken\.bench\.ts does not compile/);
    expect(r.stderr).toMatch(/ERROR\] Unexpected "\}"/);
    expect(r.stderr).toMatch(/ broken\.bench\.ts:2:30:/);
  });

  it.each([
    [['--param', 'sz=50'], /unknown parameter "sz" \(known: size\)/],
    [['--param', 'size=51'], /unknown value "51" for parameter size \(levels: 50\)/],
    [['--filter', 'nothing'], /zero benchmarks matched --filter "nothing"/],
    [['--filter', '('], /not a valid regular expression/],
    [['-n', 'ten'], /-n "ten" is not a plain decimal integer for a sequential run \(>= 1 and <= 50\)/],
    [['-n', '1e1'], /-n "1e1" is not a plain decimal integer for a sequential run \(>= 1 and <= 50\)/],
    [['-n', '-3'], /-n "-3" is not a plain decimal integer for a sequential run \(>= 1 and <= 50\)/],
    [['-n', '0'], /-n "0" is out of range for a sequential run \(>= 1 and <= 50\)/],
    [['--sample-ms', '0x10'], /--sample-ms "0x10" is not a plain decimal number/],
    [['--timeout-ms', '-5'], /--timeout-ms "-5" is out of range \(>= 100\)/],
    [['--bogus'], /unknown option --bogus$/m],
    [
      ['-n', '3', '--fail-on-lost'],
      /--fail-on-lost: -n 3 cannot reach alpha 0\.05 with Holm across 2 benchmarks .* use -n 5 or more/,
    ],
  ])('%j', async (args, message) => {
    const out = join(dir, `never-${Math.random()}.json`);
    const r = await runCli(['run', 'speed.bench.ts', '--out', out, ...fastWith(args)], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(existsSync(out)).toBe(false);
  });

  it('a file that exports no suite, or throws on import, is a clear load error', async () => {
    const d = tempProject({
      'none.bench.ts': 'export const x = 1;\n',
      'throws.bench.ts': "throw new Error('import-time failure');\n",
    });
    const none = await runCli(['aa', 'none.bench.ts', ...FAST], d);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(
      /none\.bench\.ts could not be loaded: the bench file must `export default defineSuite/,
    );
    const throws = await runCli(['aa', 'throws.bench.ts', ...FAST], d);
    expect(throws.code).toBe(2);
    expect(throws.stderr).toMatch(/throws\.bench\.ts could not be loaded: import-time failure/);
  });

  it('with --json, errors are NDJSON events too', async () => {
    const r = await runCli(['run', 'speed.bench.ts', '--json', '--param', 'sz=1', ...FAST], dir);
    expect(r.code).toBe(2);
    const events = r.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(events).toEqual([
      expect.objectContaining({
        protocol: PROTOCOL_VERSION,
        type: 'error',
        errorName: 'UsageError',
        message: expect.stringContaining('"sz"'),
      }),
    ]);
  });

  it('a suite without a factor is `run` as one implementation; mixed with a factor suite it is refused', async () => {
    const plain =
      "import { defineSuite } from '@tombstone-lab/bench';\nexport default defineSuite({ name: 'P', benchmarks: { a: () => 1 } });\n";
    const d = tempProject({ 'plain.bench.ts': plain });
    // -n 2 cannot reach alpha (the halves' check is Inconclusive and would fail the gate): not what this tests.
    const r = await runCli(['run', '-n', '2', '--no-fail-on-lost', '--out', 'r.json', ...FAST], d);
    expect(r.stderr).not.toMatch(/tombstone-bench:/);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Benchmark +Metric +Median +IQR +forks\n/m);
    expect(r.stdout).toMatch(/^P\.a +cpu ns\/op +[\d.]+ [nµm]?s +[\d.]+ [nµm]?s – [\d.]+ [nµm]?s +4$/m);
    expect(r.stdout).toContain('A/A check of the two halves');
    const mixed = tempProject({ 'plain.bench.ts': plain, 'speed.bench.ts': SUITE });
    const m = await runCli(['run', ...FAST], mixed);
    expect(m.code).toBe(2);
    expect(m.stderr).toMatch(/has no `compare` factor while others have one/);
  }, 60_000);
});
