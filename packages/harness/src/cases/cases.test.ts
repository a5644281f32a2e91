import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyseRun } from '@tombstone-lab/bench/runner';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/main.js';
import { analysedRun } from './bench-driver.js';
import { CASES } from './case-list.js';
import {
  factorialCounts,
  gcModeFactorialReport,
  renderGcModeFactorialReport,
} from './gc-mode-factorial-case.js';
import { purgeOrderCounts, purgeOrderReport, renderPurgeOrderReport } from './purge-order-case.js';
import { rangeMergesReport, renderRangeMergesReport } from './range-merges-case.js';
import { benchmarkRecord, RANGE_MERGES_CHECK, rangeMergesRuns, runRecord } from './test-runs.js';

const five = (base: number) => [0, 1, 2, 3, 4].map((i) => base + i);

describe('gc-mode-factorial report', () => {
  it('lays the 2×2 out as Before/After × timeout/repair with code and config effects and exact p', () => {
    const counts = factorialCounts({ partitions: 200, otherRuns: 10 });
    expect(counts.map((c) => `${c.order}/${c.gcMode}`)).toEqual([
      'eager/timeout',
      'eager/repair',
      'deferred/timeout',
      'deferred/repair',
    ]);
    const [eagerT, eagerR, deferredT, deferredR] = counts as [
      (typeof counts)[0],
      (typeof counts)[0],
      (typeof counts)[0],
      (typeof counts)[0],
    ];
    expect(eagerT.bloomProbes).toBe(200 * 10);
    expect(deferredT.bloomProbes).toBe(10 * 10); // 5% of 200 keys GC-able
    expect([eagerT.repairLookups, eagerR.repairLookups, deferredR.repairLookups]).toEqual([0, 200, 200]);
    expect(deferredR.bloomProbes).toBe(deferredT.bloomProbes);
    const labels = { baseline: 'purgeOrder=eager', candidate: 'purgeOrder=deferred' };
    const run = runRecord('purgeOrder', 'eager', 'deferred', [
      benchmarkRecord('G', { gcMode: 'timeout' }, labels, { baseline: five(100), candidate: five(10) }),
      benchmarkRecord('G', { gcMode: 'repair' }, labels, { baseline: five(120), candidate: five(30) }),
    ]);
    const r = gcModeFactorialReport(counts, analysedRun(run, { factorial: 'gcMode' }));
    expect(r.medians).toEqual([
      [102, 122],
      [12, 32],
    ]);
    expect(r.codeEffect[0].percent).toBeCloseTo(((12 - 102) / 102) * 100, 10);
    expect(r.configEffect[1].percent).toBeCloseTo(((32 - 12) / 12) * 100, 10);
    expect(r.codeEffect[0].p).toBeCloseTo(2 / 252, 10); // complete separation of 5 vs 5
    expect(r.samePurges).toBe(true);
    const text = renderGcModeFactorialReport(r);
    expect(text).toMatch(/│ Before \(eager\)\s+│/);
    expect(text).toMatch(/│ code effect\s+│ −88\.2% \(p=0\.00794\) │ −73\.8% \(p=0\.00794\) │/);
    expect(text).toContain('identical in all four cells');
  });

  it('refuses a run that is not the eager → deferred × timeout/repair design', () => {
    const labels = { baseline: 'purgeOrder=eager', candidate: 'purgeOrder=deferred' };
    const run = runRecord('purgeOrder', 'eager', 'deferred', [
      benchmarkRecord('G', { gcMode: 'timeout' }, labels, { baseline: five(1), candidate: five(1) }),
    ]);
    expect(() => gcModeFactorialReport([], analysedRun(run, { factorial: 'gcMode' }))).toThrow(
      /two benchmarks/,
    );
  });
});

describe('range-merges report', () => {
  it('tabulates every store per (arrival, N) and fits each store’s growth exponent', () => {
    const runs = rangeMergesRuns();
    const r = rangeMergesReport(RANGE_MERGES_CHECK, runs);
    expect(r.rows).toHaveLength(6);
    const tail4096 = r.rows.find((x) => x.arrival === 'tail' && x.n === 4096)!;
    expect(tail4096.stores.eager?.cpuNsPerOp).toBe(4096 * 4096 + 2);
    expect(tail4096.stores['copy-on-write']?.cpuNsPerOp).toBe(409600 + 2); // from the run against eager
    expect(tail4096.stores.persistent?.bytesPerOp).toBe(150 * 4096 * 8 + 2);
    const exp = (store: string) =>
      r.growth.find((g) => g.store === store && g.arrival === 'tail' && g.metric === 'cpuNsPerOp')!;
    expect(exp('eager').exponent).toBeCloseTo(2, 2);
    expect(exp('copy-on-write').exponent).toBeCloseTo(1, 2);
    expect(exp('persistent').exponent).toBeCloseTo(1, 2);
    expect(r.pairs).toHaveLength(12);
    const text = renderRangeMergesReport(r);
    expect(text).toContain('0 divergences');
    expect(text).toMatch(/tail\s+growth \(time\)\s+N\^2\.00/);
  });
});

describe('purge-order report', () => {
  it('counts probes against the seed-003 formula and checks reads before and after', () => {
    const counts = purgeOrderCounts({ partitions: 400, otherRuns: 20, gcableFraction: 0.1 });
    const [eager, deferred] = counts as [(typeof counts)[0], (typeof counts)[0]];
    expect(eager.bloomProbes).toBe(eager.formula);
    expect(eager.formula).toBe(400 * 20);
    expect(deferred.bloomProbes).toBe(40 * 20);
    expect(deferred.tombstonesPurged).toBe(eager.tombstonesPurged);
    expect(eager.readDivergences).toEqual([]);
    expect(deferred.readsChecked).toBe(400);
    const labels = { baseline: 'purgeOrder=eager', candidate: 'purgeOrder=deferred' };
    const run = runRecord('purgeOrder', 'eager', 'deferred', [
      benchmarkRecord('T', { otherRuns: 20 }, labels, { baseline: five(7e6), candidate: five(1e6) }),
    ]);
    const r = purgeOrderReport(counts, { partitions: 400, gcablePartitions: 40 }, analysedRun(run, {}));
    expect(r.pairs[0]?.timeRatio).toBeCloseTo(1000002 / 7000002, 10);
    const text = renderPurgeOrderReport(r);
    expect(text).toContain('= 40 keys with a GC-able tombstone × 20 runs');
    expect(text).toContain('all equal the expectation');
  });
});

describe('a case report quotes bench’s verdicts (it cannot disagree with bench on the same run)', () => {
  it('follows bench where Holm decides: p = 0.0317 alone is below alpha 0.05, not after Holm across two benchmarks', () => {
    const labels = { baseline: 'purgeOrder=eager', candidate: 'purgeOrder=deferred' };
    // Interleaved in time, no trend, +25% medians; U = 2 of 25 per benchmark: exact p = 8/252 = 0.0317.
    const run = runRecord('purgeOrder', 'eager', 'deferred', [
      benchmarkRecord('T', { otherRuns: 100 }, labels, {
        baseline: [12, 10, 14, 11, 13],
        candidate: [15, 12.5, 17, 14.5, 16],
      }),
      benchmarkRecord('T', { otherRuns: 1000 }, labels, {
        baseline: [22, 20, 24, 21, 23],
        candidate: [25, 22.5, 27, 24.5, 26],
      }),
    ]);
    // The planted disagreement: judged alone (no correction) bench calls both Lost — what the old report's bare
    // p = 0.0317 suggested; across the run Holm makes p 0.0635: no change found, and with 5 forks per side the interval
    // reaches far past ±2%, so not shown Unchanged either: Inconclusive (bench protocol 10).
    expect(
      analyseRun(run, { overrides: { correction: 'none' } }).report.verdicts.map((v) => v.outcome),
    ).toEqual(['Lost', 'Lost']);
    const bench = analysedRun(run, {});
    const r = purgeOrderReport([], { partitions: 1, gcablePartitions: 0 }, bench);
    expect(r.pairs.map((p) => p.verdict)).toEqual(bench.report.verdicts.map((v) => v.outcome));
    expect(r.pairs.map((p) => p.verdict)).toEqual(['Inconclusive', 'Inconclusive']);
    expect(r.pairs.map((p) => p.p)).toEqual(bench.report.verdicts.map((v) => v.stats?.p));
    expect(r.pairs.map((p) => p.pAdjusted)).toEqual(bench.report.verdicts.map((v) => v.pAdjusted));
    expect(r.pairs[0]?.p).toBeCloseTo(8 / 252, 12);
    expect(r.pairs[0]?.pAdjusted).toBeCloseTo(16 / 252, 12);
    const text = renderPurgeOrderReport(r);
    // Every check passed, but an Inconclusive beside "all passed" read as a contradiction: the cell says what is open
    // and a line under the table what the interval shows.
    expect(text).toMatch(/^ *100 .* 0\.0317 +0\.0635 +Inconclusive +passed; interval open$/m);
    expect(text).toMatch(/^ *1000 .* 0\.0317 +0\.0635 +Inconclusive +passed; interval open$/m);
    expect(text).not.toContain('all passed');
    expect(text).toMatch(
      /^T\.b\[otherRuns=100\]: Inconclusive — its interval \[\+3\.57%, \+54\.5%\] reaches past ±2%, so Unchanged is not shown; /m,
    );
    expect(text).not.toMatch(/Lost/);
  });

  it('quotes a failed check: bench’s Inconclusive and the check’s name, not a bare p', () => {
    const labels = { baseline: 'purgeOrder=eager', candidate: 'purgeOrder=deferred' };
    // A run whose two sides ran in separate blocks, not interleaved: bench's pairing check fails.
    const b = benchmarkRecord('T', { otherRuns: 100 }, labels, { baseline: five(7e6), candidate: five(1e6) });
    const blocked = {
      ...b,
      samples: b.samples.map((x) => ({ ...x, seq: x.side === 'baseline' ? x.seq / 2 : 5 + (x.seq - 1) / 2 })),
    };
    const bench = analysedRun(runRecord('purgeOrder', 'eager', 'deferred', [blocked]), {});
    const r = purgeOrderReport([], { partitions: 1, gcablePartitions: 0 }, bench);
    expect(r.pairs[0]?.verdict).toBe(bench.report.verdicts[0]?.outcome);
    expect(r.pairs[0]?.verdict).toBe('Inconclusive');
    expect(renderPurgeOrderReport(r)).toMatch(/Inconclusive +failed: pairing/);
  });
});

describe('case command', () => {
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return {
      out,
      err,
      io: { stdout: (t: string) => out.push(t), stderr: (t: string) => err.push(t), cwd: '/tmp' },
    };
  };

  it('lists the three cases and rejects unknown names and bad sample counts with typed errors', async () => {
    const a = io();
    expect(await runCli(['list-cases', '--json'], a.io)).toBe(0);
    expect(JSON.parse(a.out.join('')).map((c: { name: string }) => c.name)).toEqual(CASES.map((c) => c.name));
    expect(CASES.map((c) => c.name)).toEqual(['range-merges', 'purge-order', 'gc-mode-factorial']);
    const b = io();
    expect(await runCli(['case', 'range-merge'], b.io)).toBe(2);
    expect(b.err.join('')).toMatch(/expected one case name .*"range-merge"/);
    const d = io();
    // A results directory that does not exist is a usage error before any work (it used to be found after the
    // model checks, as a failed run).
    const started = performance.now();
    expect(
      await runCli(['case', 'gc-mode-factorial', '--results', '/nonexistent', '--out', '/tmp/hc-none'], d.io),
    ).toBe(2);
    expect(d.err.join('')).toMatch(/case: --results "\/nonexistent": is not a directory/);
    expect(performance.now() - started).toBeLessThan(2000);
    const c = io();
    expect(await runCli(['case', 'purge-order', '--samples', '1'], c.io)).toBe(2);
    expect(c.err.join('')).toMatch(/--samples must be an integer in \[2, 50\], got "1"/);
  });

  it('checks --results files and --out before any work, naming the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hc-results-'));
    writeFileSync(join(dir, 'range-merges-copy-on-write.json'), '{"not": "a run"}');
    const settings = (name: string) =>
      JSON.stringify({ tombstoneHarnessCase: 1, name, quick: true, samples: 3 });
    writeFileSync(join(dir, 'case.json'), settings('range-merges'));
    const a = io();
    expect(await runCli(['case', 'range-merges', '--results', dir, '--out', join(dir, 'o')], a.io)).toBe(2);
    expect(a.err.join('')).toMatch(/--results ".*": range-merges reads range-merges-copy-on-write.json/);
    writeFileSync(join(dir, 'case.json'), settings('purge-order'));
    const b = io();
    expect(await runCli(['case', 'purge-order', '--results', dir, '--out', join(dir, 'o')], b.io)).toBe(2);
    expect(b.err.join('')).toMatch(/purge-order reads purge-order.json/);
    const c = io();
    writeFileSync(join(dir, 'file'), '');
    expect(await runCli(['case', 'purge-order', '--out', join(dir, 'file')], c.io)).toBe(2);
    expect(c.err.join('')).toMatch(/case: --out ".*file": is a file; give a directory/);
    const d = io();
    expect(await runCli(['case', 'purge-order', '--results', dir, '--samples', '3'], d.io)).toBe(2);
    expect(d.err.join('')).toMatch(/--samples "3" does not go with --results/);
  });

  const purgeOrderResults = (finished: boolean) => {
    const dir = mkdtempSync(join(tmpdir(), 'hc-saved-'));
    const settings = { tombstoneHarnessCase: 1, name: 'purge-order', quick: true, samples: 5 };
    writeFileSync(join(dir, 'case.json'), JSON.stringify(settings));
    const labels = { baseline: 'purgeOrder=eager', candidate: 'purgeOrder=deferred' };
    const run = runRecord('purgeOrder', 'eager', 'deferred', [
      benchmarkRecord('T', { otherRuns: 100 }, labels, { baseline: five(7e6), candidate: five(1e6) }),
    ]);
    writeFileSync(
      join(dir, 'purge-order.json'),
      JSON.stringify(finished ? run : { ...run, finishedAt: null }),
    );
    return dir;
  };

  it('rebuilds a --quick report from --results with the quick rows, beside the original, never over it', async () => {
    const dir = purgeOrderResults(true);
    const a = io();
    expect(await runCli(['case', 'purge-order', '--results', dir, '--json'], a.io)).toBe(0);
    const report = JSON.parse(a.out.join('')) as { counts: unknown[] };
    // --quick measures one run count (100): two rows (eager, deferred), not the full sweep's.
    expect(report.counts).toHaveLength(2);
    expect(existsSync(join(dir, 'report.json'))).toBe(false);
    const beside = readdirSync(join(dir, '..')).filter((n) =>
      n.startsWith(`${dir.split('/').pop()}-rebuilt-`),
    );
    expect(beside).toHaveLength(1);
    const b = io();
    expect(await runCli(['case', 'purge-order', '--results', dir, '--out', dir, '--force'], b.io)).toBe(2);
    expect(b.err.join('')).toMatch(
      /--out ".*" is the --results directory; the rebuilt report goes beside it/,
    );
  });

  it('names an interrupted run in --results in one line, with the command that finishes it', async () => {
    const dir = purgeOrderResults(false);
    const a = io();
    expect(await runCli(['case', 'purge-order', '--results', dir], a.io)).toBe(2);
    expect(a.err.join('')).toBe(
      `tombstone-harness: case: --results "${dir}": purge-order reads purge-order.json from an interrupted run; finish it with: tombstone-harness case purge-order --resume ${dir}\n`,
    );
  });

  it('quotes a --resume path with spaces and quotes so the hint, pasted into a shell, passes it back unchanged', async () => {
    const parent = mkdtempSync(join(tmpdir(), "hc saved 'q' "));
    const dir = join(parent, 'my results $HOME');
    renameSync(purgeOrderResults(false), dir);
    const a = io();
    expect(await runCli(['case', 'purge-order', '--results', dir], a.io)).toBe(2);
    const hint = /finish it with: (.*)\n$/.exec(a.err.join(''))?.[1] ?? '';
    expect(hint.startsWith('tombstone-harness case purge-order --resume ')).toBe(true);
    // The shell splits the pasted hint into the launcher's arguments; a stand-in launcher prints them one per line.
    const pasted = spawnSync('bash', ['-c', `tombstone-harness() { printf '%s\\n' "$@"; }\n${hint}`], {
      encoding: 'utf8',
    });
    expect(pasted.stderr).toBe('');
    expect(pasted.stdout).toBe(`case\npurge-order\n--resume\n${dir}\n`);
  });

  it('refuses bad options before creating anything: --samples out of bench range, --out under /proc', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'hc-nothing-'));
    for (const args of [
      ['case', 'purge-order', '--samples', '100000'],
      ['case', 'purge-order', '--out', '/proc/nope'],
      ['case', 'purge-order', '--out', '/proc/nope/deeper'],
      ['case', 'purge-order', '--resume', cwd, '--samples', '3'],
    ]) {
      const a = io();
      const started = performance.now();
      expect(await runCli(args, { ...a.io, cwd }), args.join(' ')).toBe(2);
      expect(performance.now() - started).toBeLessThan(2000);
      expect(a.err.join('').split('\n').filter(Boolean)).toHaveLength(1);
    }
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('stops an interrupted case with exit 130, no empty files and a --resume hint for its directory', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'hc-interrupt-'));
    // In a directory that does not exist yet: created, as check's and bench's --out create theirs ("create it first").
    const out = join(cwd, 'runs', 'po');
    const stop = new AbortController();
    stop.abort();
    const a = io();
    const code = await runCli(['case', 'purge-order', '--quick', '--samples', '2', '--out', 'runs/po'], {
      ...a.io,
      cwd,
      signal: stop.signal,
    });
    expect(code).toBe(130);
    // The directory as typed from the cwd (it printed the absolute path).
    expect(a.err.join('')).toContain(
      'the finished samples are kept in runs/po\n  finish it with: tombstone-harness case purge-order --resume runs/po\n',
    );
    for (const name of readdirSync(out)) expect(statSync(join(out, name)).size, name).toBeGreaterThan(0);
    expect(JSON.parse(readFileSync(join(out, 'case.json'), 'utf8'))).toMatchObject({
      quick: true,
      samples: 2,
    });
    const b = io();
    expect(await runCli(['case', 'purge-order', '--out', out], { ...b.io, cwd })).toBe(2);
    expect(b.err.join('')).toMatch(/is not empty; pass --force/);
  }, 60_000);

  it('--resume finishes an interrupted case: the samples measured before Ctrl-C are kept, the report is written', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'hc-resume-'));
    const out = join(cwd, 'po');
    const results = join(out, 'purge-order.json');
    const samplesIn = () => {
      try {
        return (
          JSON.parse(readFileSync(results, 'utf8')) as { benchmarks: { samples: unknown[] }[] }
        ).benchmarks.flatMap((b) => b.samples);
      } catch {
        return []; // not written yet
      }
    };
    // Ctrl-C once bench has written its first sample.
    const stop = new AbortController();
    const poll = setInterval(() => {
      if (samplesIn().length > 0) stop.abort();
    }, 50);
    const a = io();
    const args = ['case', 'purge-order', '--quick', '--samples', '2', '--out', out];
    const first = await runCli(args, { ...a.io, cwd, signal: stop.signal }).finally(() =>
      clearInterval(poll),
    );
    expect(first).toBe(130);
    const kept = samplesIn();
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(4);
    expect(existsSync(join(out, 'report.json'))).toBe(false);
    const b = io();
    expect(await runCli(['case', 'purge-order', '--resume', out], { ...b.io, cwd }), b.err.join('')).toBe(0);
    const all = samplesIn();
    expect(all).toHaveLength(4); // 2 forks per side, one benchmark (otherRuns 100)
    expect(all.slice(0, kept.length)).toEqual(kept);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
    expect(report).toMatchObject({ case: 'purge-order', samplesPerSide: 2 });
    expect(b.out.join('')).toContain('co-measured compaction CPU time');
    // A finished run is not resumed again.
    const c = io();
    expect(await runCli(['case', 'purge-order', '--resume', out], { ...c.io, cwd })).toBe(2);
    expect(c.err.join('')).toContain('that run is complete');
  }, 300_000);
});
