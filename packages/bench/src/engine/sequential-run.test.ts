import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunOptions } from '../plan/run-options.js';
import { verdictSentence } from '../report/report-model.js';
import { analyzeRun } from '../stats/analyze-run.js';
import { tempProject } from '../test-helpers.js';
import { startRun } from './engine.js';
import { drain, FAST_RUN, readRecord as read } from './test-run.js';

// One benchmark (a family of one: the design's alpha is the run's) whose candidate does 4× the work.
const SUITE = `import { defineSuite } from '@tombstone-lab/bench';
function work(n: number): number { let t = 0; for (let i = 0; i < n; i++) t = (t * 31 + i) | 0; return t; }
export default defineSuite({
  name: 'Seq',
  params: { size: [200] },
  compare: { factor: 'impl', baseline: 'fast', candidate: 'slow' },
  setup: (p: { size: number; impl: string }) => ({ n: p.impl === 'slow' ? p.size * 4 : p.size }),
  benchmarks: { loop: (s) => work(s.n) },
});
`;

// The looks and stops below are the forks design's (Mann-Whitney); paired-design.test.ts has the paired ones.
const FAST: Partial<RunOptions> = { ...FAST_RUN, design: 'forks' };

describe('sequential sampling in the engine', () => {
  const dir = tempProject({ 'seq.bench.ts': SUITE });

  it('stops a 4× slower benchmark at the first look (n = 5 of 10) and records the look', async () => {
    const out = join(dir, 'seq.json');
    const events = await drain(
      startRun({ mode: 'run', cwd: dir, samplesPerSide: 10, out, failOnLost: false, ...FAST }),
    );
    const run = read(out);
    expect(run.config.sequential).toMatchObject({
      looks: [5, 10],
      spending: 'pocock',
      designAlpha: 0.05,
      futility: 0.03,
    });
    // CPU time is the default metric (wall time: --metric nsPerOp).
    expect(run.config.metric).toBe('cpuNsPerOp');
    const b = run.benchmarks[0]!;
    expect(b.samples).toHaveLength(10);
    expect(b.looks).toHaveLength(1);
    expect(b.looks?.[0]).toMatchObject({ n: 5, decision: 'difference', u: 0 });
    expect(b.looks?.[0]?.p).toBeCloseTo(2 / 252, 10);
    // The forks it no longer needs are counted as done, so progress reaches the total.
    const skipped = events.filter((e) => e.type === 'samples-skipped');
    expect(skipped.map((e) => e.type === 'samples-skipped' && [e.side, e.count])).toEqual([
      ['baseline', 5],
      ['candidate', 5],
    ]);
    expect(skipped[1]).toMatchObject({ completed: 20, total: 20 });
    expect(skipped[0]?.type === 'samples-skipped' && skipped[0].reason).toMatch(/decided at n = 5 of 10/);
    const end = events.at(-1);
    if (end?.type !== 'run-finished') throw new Error('the stream ends with run-finished');
    expect(end.skippedForks).toBe(0);
    const verdict = end.verdicts?.[0];
    // The statistics alone: a loaded machine may fail a check (then Inconclusive), never the decision itself.
    expect(verdict?.basis.statisticalOutcome).toBe('Lost');
    expect(verdict?.sequential).toMatchObject({ decidedAt: 5, maxN: 10, decision: 'difference' });
    expect(verdict?.pAdjusted).toBeCloseTo(2 / 252, 10);
    const analysed = analyzeRun(run).verdicts[0]!;
    expect(verdictSentence(analysed)).toMatch(
      /(Lost|Inconclusive), a [\d.]+% increase, decided at n = 5 of 10, p=0\.0079/,
    );
  }, 120_000);

  it('--resume of a finished sequential run measures nothing more; of a cut one continues from its last look', async () => {
    const out = join(dir, 'seq.json');
    const again = await drain(startRun({ mode: 'run', cwd: dir, resume: out, failOnLost: false, ...FAST }));
    expect(again.filter((e) => e.type === 'sample-finished')).toHaveLength(0);
    expect(read(out).benchmarks[0]?.looks).toHaveLength(1);
    const cutFile = join(dir, 'seq-cut.json');
    const cut = read(out);
    const entry = cut.benchmarks[0]!;
    entry.samples = entry.samples.sort((a, b) => a.seq - b.seq).slice(0, 6);
    delete entry.looks;
    cut.finishedAt = null;
    writeFileSync(cutFile, JSON.stringify(cut));
    const resumed = await drain(
      startRun({ mode: 'run', cwd: dir, resume: cutFile, failOnLost: false, ...FAST }),
    );
    expect(resumed.filter((e) => e.type === 'sample-finished')).toHaveLength(4);
    expect(read(cutFile).benchmarks[0]?.looks?.map((l) => [l.n, l.decision])).toEqual([[5, 'difference']]);
    const other = startRun({ mode: 'run', cwd: dir, resume: out, samplesPerSide: 20, ...FAST });
    await expect(other.result).rejects.toThrow(/sequential run with at most 10 samples per side/);
  }, 120_000);

  it('--resume of a run cut after a futility stop stops there again (nothing measured); --no-futility cannot change it', async () => {
    // The first test's forks (5 per side) with A/A-like readings whose ranks interleave (U = 12 of 25, z = 0.10): the
    // predictive power of reaching the final boundary (p ≤ 0.0355 at n = 10) is 2.5%, so the look at 5 stops.
    const cutFile = join(dir, 'seq-futile.json');
    const cut = read(join(dir, 'seq.json'));
    const entry = cut.benchmarks[0]!;
    const values = { baseline: [10, 12, 14, 16, 18], candidate: [9, 11, 15, 17, 19] };
    const seen = { baseline: 0, candidate: 0 };
    for (const s of entry.samples.sort((a, b) => a.seq - b.seq))
      s.cpuNsPerOp = values[s.side][seen[s.side]++]!;
    delete entry.looks;
    cut.finishedAt = null;
    writeFileSync(cutFile, JSON.stringify(cut));
    const refused = startRun({ mode: 'run', cwd: dir, resume: cutFile, futility: false, ...FAST });
    await expect(refused.result).rejects.toThrow(/measured with the futility stop; its design cannot change/);
    const resumed = await drain(
      startRun({ mode: 'run', cwd: dir, resume: cutFile, failOnLost: false, ...FAST }),
    );
    expect(resumed.filter((e) => e.type === 'sample-finished')).toHaveLength(0);
    const skipped = resumed.find((e) => e.type === 'samples-skipped');
    expect(skipped?.type === 'samples-skipped' && skipped.reason).toMatch(
      /stopped at n = 5 of 10: no difference reachable \(predictive power [\d.]+%\)/,
    );
    const looks = read(cutFile).benchmarks[0]?.looks;
    expect(looks?.map((l) => [l.n, l.decision])).toEqual([[5, 'futility']]);
    expect(looks?.[0]?.predictivePower).toBeLessThan(0.03);
    const end = resumed.at(-1);
    if (end?.type !== 'run-finished') throw new Error('the stream ends with run-finished');
    // A futility stop claims nothing: its sequential p is 1, the outcome what a final look without a crossing gives.
    expect(end.verdicts?.[0]?.basis.statisticalOutcome).toBe('Unchanged');
    expect(end.verdicts?.[0]?.sequential).toMatchObject({
      decidedAt: 5,
      decision: 'futility',
      pSequential: 1,
    });
  }, 120_000);

  it('moves a first look that cannot stop to the first n that can (design alpha 0.0125: n = 6, not 5)', async () => {
    // alpha 0.0125 is what Holm gives each of 4 benchmarks: Pocock's share at n = 5 (0.0078) is below the smallest
    // exact p there (0.0079), so before the fix this run had its first look at 5 and could stop only at 10.
    const out = join(dir, 'seq-6.json');
    await drain(
      startRun({ mode: 'run', cwd: dir, samplesPerSide: 10, alpha: 0.0125, out, failOnLost: false, ...FAST }),
    );
    const run = read(out);
    expect(run.config.sequential).toMatchObject({ looks: [6, 10], designAlpha: 0.0125 });
    expect(run.benchmarks[0]?.looks?.map((l) => [l.n, l.decision])).toEqual([[6, 'difference']]);
    expect(run.benchmarks[0]?.samples).toHaveLength(12);
  }, 120_000);

  it('--fixed-n takes every fork and records no design or looks (the design before protocol 5)', async () => {
    const out = join(dir, 'fixed.json');
    await drain(
      startRun({ mode: 'run', cwd: dir, samplesPerSide: 6, fixedN: true, out, failOnLost: false, ...FAST }),
    );
    const run = read(out);
    expect(run.config.sequential).toBeUndefined();
    expect(run.benchmarks[0]?.samples).toHaveLength(12);
    const noFutility = join(dir, 'no-futility.json');
    await drain(
      startRun({ mode: 'run', cwd: dir, samplesPerSide: 5, futility: false, out: noFutility, ...FAST }),
    );
    expect(read(noFutility).config.sequential).toEqual({ looks: [5], spending: 'pocock', designAlpha: 0.05 });
    expect(run.benchmarks[0]?.looks).toBeUndefined();
    expect(analyzeRun(run).verdicts[0]?.sequential).toBeUndefined();
  }, 120_000);

  it('rejects sequential options with fixedN, and a maximum above 50 without it', async () => {
    await expect(
      startRun({ mode: 'run', cwd: dir, fixedN: true, spending: 'pocock' }).result,
    ).rejects.toThrow(/spending is for sequential runs/);
    await expect(startRun({ mode: 'run', cwd: dir, samplesPerSide: 60 }).result).rejects.toThrow(
      /samplesPerSide 60 is out of range for a sequential run \(>= 1 and <= 50\); fixedN takes up to 1000/,
    );
  });
});
