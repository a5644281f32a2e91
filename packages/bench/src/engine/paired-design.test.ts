import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeRun } from '../stats/analyze-run.js';
import { orderEffect } from '../stats/order-effect.js';
import { tempProject } from '../test-helpers.js';
import { startRun } from './engine.js';
import { drain, FAST_RUN, readRecord as read } from './test-run.js';

// The candidate does `factor` × the work of the baseline; the same function and bundle on both sides.
const suite = (factor: number) => `import { defineSuite } from '@tombstone-lab/bench';
function work(n: number): number { let t = 0; for (let i = 0; i < n; i++) t = (t * 31 + i) | 0; return t; }
export default defineSuite({
  name: 'Paired',
  params: { size: [300] },
  compare: { factor: 'impl', baseline: 'a', candidate: 'b' },
  setup: (p: { size: number; impl: string }) => ({ n: p.impl === 'b' ? Math.round(p.size * ${factor}) : p.size }),
  benchmarks: { loop: (s) => work(s.n) },
});
`;

// A bench file that refuses to be loaded twice in one process (global state): paired forks cannot hold it.
const ONCE = `import { defineSuite } from '@tombstone-lab/bench';
const g = globalThis as { __loadedOnce?: boolean };
if (g.__loadedOnce) throw new Error('this module keeps global state and cannot be loaded twice');
g.__loadedOnce = true;
export default defineSuite({
  name: 'Once',
  compare: { factor: 'impl', baseline: 'a', candidate: 'b' },
  setup: () => ({ xs: Array.from({ length: 200 }, (_, i) => i) }),
  benchmarks: { copy: (s) => s.xs.slice() },
});
`;

const FAST = FAST_RUN;

describe('the paired design (the default)', () => {
  const dir = tempProject({
    'same.bench.ts': suite(1),
    'slow.bench.ts': suite(4),
    'once.bench.ts': ONCE,
  });

  it('measures both sides in every fork: two samples per fork, its order and blocks recorded', async () => {
    const out = join(dir, 'same.json');
    await drain(
      startRun({
        mode: 'run',
        cwd: dir,
        files: ['same.bench.ts'],
        fixedN: true,
        samplesPerSide: 8,
        out,
        ...FAST,
      }),
    );
    const run = read(out);
    expect(run.config.design).toBe('paired');
    const samples = [...run.benchmarks[0]!.samples].sort((a, b) => a.seq - b.seq);
    expect(samples).toHaveLength(16);
    for (let i = 0; i < samples.length; i += 2) {
      const [a, b] = [samples[i]!, samples[i + 1]!];
      expect([a.side, b.side]).toEqual(['baseline', 'candidate']);
      expect(a.pair!.fork).toBe(b.pair!.fork);
      expect(a.pair!.first).toBe(!b.pair!.first);
      expect(a.pair!.blocks.length).toBeGreaterThanOrEqual(5);
      expect(a.pair!.blocks.length).toBe(b.pair!.blocks.length);
      for (const [k, blk] of a.pair!.blocks.entries()) expect(blk.lead).toBe(!b.pair!.blocks[k]!.lead);
    }
    const v = analyzeRun(run).verdicts[0]!;
    expect(v.stats!.design).toBe('paired');
    expect(v.checks.find((c) => c.name === 'pairing')!.findings.map((f) => f.quantity)).toContain(
      'paired_forks',
    );
  }, 120_000);

  it('A/A of one function: no order effect (which side goes first, which leads a block), the call sites not shared', async () => {
    const out = join(dir, 'aa.json');
    await drain(
      startRun({
        mode: 'aa',
        cwd: dir,
        files: ['same.bench.ts'],
        fixedN: true,
        samplesPerSide: 12,
        out,
        ...FAST,
      }),
    );
    const e = orderEffect(read(out).benchmarks[0]!, 'cpuNsPerOp')!;
    expect(e.baselineFirst + e.candidateFirst).toBe(12);
    expect(e.baselineFirst).toBeGreaterThan(0);
    expect(e.candidateFirst).toBeGreaterThan(0);
    // A loop shared by both sides reads the second side several times slower (notes: 12×); each side here has its own
    // copy of the bundle and of the measuring kit. Under no effect both p are uniform: below 0.001 once in 1,000.
    if (e.firstSideP !== null) expect(e.firstSideP).toBeGreaterThan(0.001);
    // The lead of a block may cost a few percent on a loaded machine (a fact the pairing check reports); it is
    // randomized, so what matters is that it never reaches the size of a shared loop's bias.
    expect(Math.abs(e.leadEffect!)).toBeLessThan(0.2);
  }, 120_000);

  it('stops a 4× slower candidate at its first look, which the signed-rank test moves past n = 5', async () => {
    const out = join(dir, 'slow.json');
    // A warm-up long enough for the 4× loop to reach optimised code (at 20 ms it stays interpreted in some forks,
    // whichever design: 6–8 µs instead of ~1.5 µs).
    const warm = { ...FAST, warmupMs: 150, warmupMinMs: 60 };
    await drain(
      startRun({
        mode: 'run',
        cwd: dir,
        files: ['slow.bench.ts'],
        samplesPerSide: 10,
        out,
        failOnLost: false,
        ...warm,
      }),
    );
    const run = read(out);
    const first = run.config.sequential!.looks[0]!;
    expect(first).toBeGreaterThan(5); // 2/2^5 = 0.0625 cannot stop at alpha 0.05
    const v = analyzeRun(run).verdicts[0]!;
    // The failed checks and the basis in the message: under load this was once Inconclusive (a helper's full run).
    const why = JSON.stringify({ failed: v.checks.filter((c) => !c.passed), basis: v.basis });
    expect(v.outcome, why).toBe('Lost');
    expect(v.sequential?.decidedAt).toBe(first);
    expect(v.stats!.ratio!.estimate).toBeGreaterThan(2.5);
  }, 120_000);

  it('falls back to one side per fork, with the reason, when both sides cannot run in one process', async () => {
    const out = join(dir, 'once.json');
    await drain(
      startRun({
        mode: 'run',
        cwd: dir,
        files: ['once.bench.ts'],
        fixedN: true,
        // 6: the smallest n at which paired forks can reach alpha 0.05 (2/2^6), so the run itself asks for pairs.
        samplesPerSide: 6,
        out,
        ...FAST,
      }),
    );
    const b = read(out).benchmarks[0]!;
    expect(b.design?.kind).toBe('forks');
    expect(b.design?.reason).toMatch(/first paired fork failed \(throw: this module keeps global state/);
    expect(b.failures).toEqual([]);
    expect(read(out).config.design).toBe('paired');
    expect(b.samples).toHaveLength(12);
    expect(b.samples.every((s) => s.pair === undefined)).toBe(true);
    expect(analyzeRun(read(out)).verdicts[0]!.stats!.design).toBe('forks');
  }, 120_000);

  it('-n too small for paired forks to reach alpha: one side per fork with a note; asked for explicitly, refused', async () => {
    const notes: string[] = [];
    const out = join(dir, 'small.json');
    // Two benchmarks under Holm at -n 5: paired forks reach 2/2^5 × 2 = 0.125 at best, one-side forks 0.016.
    const two = tempProject({ 'two.bench.ts': suite(1).replace('size: [300]', 'size: [300, 600]') });
    await drain(
      startRun({
        mode: 'run',
        cwd: two,
        fixedN: true,
        samplesPerSide: 5,
        out,
        log: (t) => notes.push(t),
        ...FAST,
      }),
    );
    expect(read(out).config.design).toBe('forks');
    expect(notes.join('')).toMatch(
      /note: -n 5 paired forks can reach p 0\.125 at best \(2\/2\^5 × 2 benchmarks, Holm\), not below alpha 0\.05; measuring one side per fork instead .*-n 7 or more keeps both sides/,
    );
    const refused = startRun({
      mode: 'run',
      cwd: two,
      fixedN: true,
      samplesPerSide: 5,
      design: 'paired',
      ...FAST,
    });
    await expect(refused.result).rejects.toThrow(
      /--design paired: -n 5 paired forks can reach p 0\.125 at best.*raise -n to 7/,
    );
  }, 120_000);

  it('--resume keeps a file’s design: a forks file cannot continue paired, and says why', async () => {
    const out = join(dir, 'same.json');
    const old = read(out);
    delete old.config.design; // as written before protocol 10
    for (const b of old.benchmarks) for (const s of b.samples) delete s.pair;
    old.finishedAt = null;
    writeFileSync(join(dir, 'old.json'), JSON.stringify(old));
    const refused = startRun({
      mode: 'run',
      cwd: dir,
      resume: join(dir, 'old.json'),
      design: 'paired',
      ...FAST,
    });
    await expect(refused.result).rejects.toThrow(
      /measured with the forks design \(one side per fork\); it cannot be continued with --design paired \(it was written before paired forks existed\)/,
    );
  }, 60_000);
});
