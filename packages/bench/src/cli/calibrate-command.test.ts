import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunRecord } from '../model.js';
import { FAST, runCli, tempProject } from '../test-helpers.js';
import { parseDetectNs, parseSlowdowns, renderCost } from './calibrate-command.js';

const SUITE = `import { defineSuite } from '@tombstone-lab/bench';
function work(n: number): number { let t = 0; for (let i = 0; i < n; i++) t = (t * 31 + i) | 0; return t; }
export default defineSuite({
  name: 'Cal',
  compare: { factor: 'impl', baseline: 'a', candidate: 'b' },
  setup: () => ({ n: 2000 }),
  benchmarks: { loop: (s) => work(s.n) },
});
`;

describe('renderCost', () => {
  it('prints how sequential benchmarks stopped, futility stops apart; nothing more for fixed-n runs', () => {
    const cost = { meanForksPerSide: 9.5, maxForksPerSide: 20, meanRunSeconds: 60 };
    const stops = { difference: 1, equivalence: 0, futility: 2, final: 1, undecided: 1 };
    expect(renderCost({ ...cost, stops })).toBe(
      '  forks per benchmark and side: mean 9.5 of 20 (47.5%); wall time per run: mean 60.0 s\n' +
        '  stopped: 1 with a difference, 0 equivalent, 2 no difference reachable (futility), 1 at the maximum, ' +
        '1 undecided (interrupted)',
    );
    const none = { difference: 0, equivalence: 0, futility: 0, final: 0, undecided: 0 };
    expect(renderCost({ ...cost, stops: none })).not.toContain('stopped');
  });
});

describe('tombstone-bench calibrate (real forks)', () => {
  it('runs A/A and injected rounds, prints the rates and writes every run plus the summary', async () => {
    const dir = tempProject({ 'cal.bench.ts': SUITE });
    const out = join(dir, 'cal');
    const args = ['calibrate', 'cal.bench.ts', '--rounds', '2', '--slowdown-rounds', '1', '--slowdowns', '1'];
    const r = await runCli(
      [...args, '-n', '5', '--no-alloc', '--metric', 'nsPerOp', '--out', out, ...FAST],
      dir,
    );
    expect(r.stderr).toContain('calibrate: slowdown-1-1 done (2/3)');
    expect(r.stderr).toContain('calibrate: aa-2 done (3/3)');
    expect(r.code).toBe(0);
    // The suite has a factor with two levels: each level is its own A/A, so one run holds 2 comparisons.
    expect(r.stdout).toMatch(/A\/A \(same code both sides\): 2 runs, 4 comparisons/);
    expect(r.stdout).toMatch(
      /Injected \+100% \(booked on wall time\): 1 runs, 2 cases, Lost \d = power \d+(\.\d+)?%/,
    );
    expect(r.stdout).toMatch(/Smallest slowdown detected with 80% power at a fixed n=5/);
    // The runs use run's default design (sequential; one look at n = 5 when the maximum is 5) and say what they cost.
    expect(r.stdout).toMatch(
      /Calibration at sequential n=5 per side \(pocock, design alpha 0\.025, futility below 0\.03\).*, metric nsPerOp/,
    );
    expect(r.stdout).toMatch(
      /forks per benchmark and side: mean [\d.]+ of 5 \([\d.]+%\); wall time per run: mean [\d.]+ s/,
    );
    for (const f of ['aa-1.json', 'slowdown-1-1.json', 'calibration.json'])
      expect(existsSync(join(out, f))).toBe(true);
    const summary = JSON.parse(readFileSync(join(out, 'calibration.json'), 'utf8'));
    expect(summary.aa.comparisons).toBe(4);
    expect(summary.injected[0].slowdown).toBe(1);

    // Re-summarised from the files, without measuring: the same numbers; a run still in progress (no benchmark with
    // all its forks yet) is not counted, and a note says so.
    const partial = JSON.parse(readFileSync(join(out, 'aa-1.json'), 'utf8')) as RunRecord;
    const cut = partial.benchmarks.map(({ looks: _, ...b }) => ({ ...b, samples: b.samples.slice(0, 3) }));
    writeFileSync(join(out, 'aa-9.json'), JSON.stringify({ ...partial, finishedAt: null, benchmarks: cut }));
    const again = await runCli(['calibrate', '--from', out, '--no-holm', '--out', 'resummary'], dir);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(
      'note: aa-9.json was interrupted: 0 of 2 benchmarks have all 5 forks per side or were decided, so it is left out',
    );
    expect(
      JSON.parse(readFileSync(join(dir, 'resummary', 'calibration.json'), 'utf8')).config.correction,
    ).toBe('none');
    expect(JSON.parse(readFileSync(join(out, 'calibration.json'), 'utf8')).config.correction).toBe('holm');
    expect(again.stdout).toContain('correction none');
    // Without --metric the re-summary reads the runs' own metric (wall time here), not the default (CPU time).
    expect(again.stdout).toContain('metric nsPerOp');
    expect(again.stdout).toMatch(/A\/A \(same code both sides\): 2 runs, 4 comparisons/);

    // Two invocations combined: the runs of both directories count; the summary goes where --out says.
    const copy = join(dir, 'cal2');
    mkdirSync(copy);
    copyFileSync(join(out, 'aa-1.json'), join(copy, 'aa-1.json'));
    const twoDirs = ['calibrate', '--from', out, '--from', copy, '--detect-n', '10'];
    const needsOut = await runCli(twoDirs, dir);
    expect(needsOut.code).toBe(2);
    expect(needsOut.stderr).toMatch(/several directories needs --out/);
    const both = await runCli([...twoDirs, '--out', 'combined'], dir);
    expect(both.code).toBe(0);
    expect(both.stdout).toMatch(/A\/A \(same code both sides\): 3 runs, 6 comparisons/);
    expect(both.stdout).toMatch(/Cal\.loop\[impl=a\]: (\+[\d.]+%|not within \+100%) \(n=10: /);
    expect(existsSync(join(dir, 'combined', 'calibration.json'))).toBe(true);
  }, 120_000);

  it('names a bad --detect-n entry', () => {
    expect(parseDetectNs(undefined)).toEqual([]);
    expect(parseDetectNs('20, 30')).toEqual([20, 30]);
    expect(() => parseDetectNs('20,1.5')).toThrow(
      /"1.5" is not a plain decimal integer \(>= 2 and <= 1000\)/,
    );
    expect(() => parseDetectNs('1')).toThrow(/"1" is out of range \(>= 2 and <= 1000\)/);
  });

  it('names a bad --slowdowns entry', () => {
    expect(parseSlowdowns(undefined)).toEqual([0.1, 0.05]);
    expect(parseSlowdowns('0.1, 0.2')).toEqual([0.1, 0.2]);
    expect(() => parseSlowdowns('0.1,-1')).toThrow(/"-1" is out of range \(> 0 and <= 10\)/);
    expect(() => parseSlowdowns('0.1,,0.2')).toThrow(/"" is not a plain decimal number/);
  });
});
