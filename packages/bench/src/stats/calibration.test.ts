import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { summarizeCalibration } from '../analyse/calibration-summary.js';
import { parseCalibrationSummary } from '../protocol/parse.js';
import type { ProtocolCalibrationSummary } from '../protocol/types.js';
import { PROTOCOL_VERSION } from '../protocol/version.js';
import { runCost, simulatedPower, smallestDetectable } from './calibration.js';
import { jitter, makeRecord, makeRun } from './test-fixtures.js';

const AA = { kind: 'aa', label: 'A/A', slowdown: 0 } as const;

/** `runs` runs of `benches` benchmarks; the candidate is scaled by 1 + slowdown; `spread` is the uniform noise. */
function runs(count: number, slowdown: number, spread = 0.04, benches = 4) {
  return Array.from({ length: count }, (_, r) =>
    makeRun(
      Array.from({ length: benches }, (_, b) =>
        makeRecord({
          benchmark: `b${b}`,
          baseline: jitter(100 * (b + 1), 10, spread, 1000 * r + 2 * b + 1),
          candidate: jitter(100 * (b + 1), 10, spread, 1000 * r + 2 * b + 2).map((x) => x * (1 + slowdown)),
        }),
      ),
      {},
      { ...AA, slowdown },
    ),
  );
}

describe('summarizeCalibration', () => {
  const summary = summarizeCalibration(
    runs(6, 0),
    new Map([
      [0.1, runs(3, 0.1)],
      [0.01, runs(3, 0.01)],
    ]),
  );

  it("is what the protocol's parseCalibrationSummary reads (calibration.json), and names a bad field", () => {
    const text = JSON.stringify(summary);
    // The summary's type is the schema's: a field added to one and not the other fails to compile here.
    const typed: ProtocolCalibrationSummary = summary;
    expect(parseCalibrationSummary(text)).toEqual(JSON.parse(JSON.stringify(typed)));
    const bad = JSON.parse(text) as { injected: { clock: string }[] };
    bad.injected[0]!.clock = 'sundial';
    expect(() => parseCalibrationSummary(JSON.stringify(bad))).toThrow(
      /calibration summary at injected\.0\.clock/,
    );
    expect(() => parseCalibrationSummary('{')).toThrow(/calibration summary is not JSON/);
  });

  it('is written under the protocol version, and an unversioned calibration.json of before is still read', () => {
    expect(summary.protocol).toBe(PROTOCOL_VERSION);
    expect(Object.keys(JSON.parse(JSON.stringify(summary)))[0]).toBe('protocol');
    // A calibration.json written before it carried a version (committed with the calibration notes, protocol 6).
    const old = readFileSync(
      new URL('../../../../docs/bench-calibration/summary-seq-cpu.json', import.meta.url),
      'utf8',
    );
    expect(JSON.parse(old)).not.toHaveProperty('protocol');
    const read = parseCalibrationSummary(old);
    expect(read.protocol).toBe(PROTOCOL_VERSION);
    expect(read.aa.comparisons).toBe(JSON.parse(old).aa.comparisons);
    const other = JSON.stringify({ ...JSON.parse(old), protocol: 99 });
    expect(() => parseCalibrationSummary(other)).toThrow(/calibration summary has protocol 99/);
  });

  it('counts A/A comparisons, false verdicts and the runs that had one', () => {
    expect(summary.aa.runs).toBe(6);
    expect(summary.aa.comparisons).toBe(24);
    expect(summary.aa.falseVerdictRate).toBe(summary.aa.falseVerdicts / 24);
    expect(summary.aa.runsWithFalseVerdictRate).toBeLessThanOrEqual(summary.aa.falseVerdicts / 6);
    expect(summary.config.correction).toBe('holm');
  });

  it('measures power and the reading of each injected change per benchmark', () => {
    const ten = summary.injected.find((i) => i.slowdown === 0.1)!;
    expect(ten.cases).toBe(12);
    expect(ten.power).toBe(1);
    expect(ten.conclusivePower).toBe(1);
    for (const r of ten.readings) {
      expect(r.runs).toBe(3);
      expect(r.meanDeltaPercent).toBeGreaterThan(8);
      expect(r.meanDeltaPercent).toBeLessThan(12);
    }
    // 1% is below the 2% threshold: never Lost, whatever the p.
    expect(summary.injected.find((i) => i.slowdown === 0.01)!.lost).toBe(0);
  });

  it('gives each benchmark a smallest detectable change between the threshold and the noise', () => {
    expect(summary.detectable).toHaveLength(4);
    for (const d of summary.detectable) {
      expect(d.slowdown).not.toBeNull();
      expect(d.slowdown!).toBeGreaterThanOrEqual(0.02);
      expect(d.slowdown!).toBeLessThan(0.08);
    }
  });
});

describe('summarizeCalibration: what the injector booked', () => {
  /** Runs at 10% injected whose candidate forks booked `share` on CPU time while the op itself ran `op` slower. */
  function booked(count: number, share: number, op: number, metric: 'nsPerOp' | 'cpuNsPerOp') {
    return runs(count, (1 + share) * (1 + op) - 1).map((run) => ({
      ...run,
      config: { ...run.config, metric },
      benchmarks: run.benchmarks.map((b) => ({
        ...b,
        samples: b.samples.map((x) =>
          x.side === 'candidate' ? { ...x, injected: { nsPerOp: share + 0.03, cpuNsPerOp: share } } : x,
        ),
      })),
    }));
  }

  it('splits each reading into the injected share and the op itself, on the metric clock', () => {
    const summary = summarizeCalibration(runs(4, 0), new Map([[0.1, booked(3, 0.1, 0.04, 'cpuNsPerOp')]]), {
      metric: 'cpuNsPerOp',
    });
    const [ten] = summary.injected;
    expect(ten!.clock).toBe('cpu');
    for (const r of ten!.readings) {
      expect(r.injectedPercent).toBeCloseTo(10, 9);
      // The candidate was scaled by 1.1 × 1.04 (then noise): the op itself reads about +4%.
      expect(r.opDeltaPercent!).toBeGreaterThan(1);
      expect(r.opDeltaPercent!).toBeLessThan(7);
      expect(r.opDeltaPercent!).toBeCloseTo(((1 + r.meanDeltaPercent / 100) / 1.1 - 1) * 100, 0);
    }
    expect(ten!.meanDeltaPercent).toBeGreaterThan(12);
    expect(ten!.withinTwoPoints).toBeLessThan(ten!.readings.length);
    // Read on wall time, the same runs show the wall share they measured.
    const wall = summarizeCalibration(runs(4, 0), new Map([[0.1, booked(3, 0.1, 0, 'cpuNsPerOp')]]));
    expect(wall.injected[0]!.readings[0]!.injectedPercent).toBeCloseTo(13, 9);
  });

  it('summarises runs booked on different clocks apart; files without measured shares were booked on wall', () => {
    const mixed = [
      ...booked(2, 0.1, 0, 'cpuNsPerOp'),
      ...runs(3, 0.1).map((r) => ({ ...r, config: { ...r.config, metric: 'cpuNsPerOp' as const } })),
    ];
    const summary = summarizeCalibration(runs(4, 0), new Map([[0.1, mixed]]), { metric: 'cpuNsPerOp' });
    expect(summary.injected.map((i) => [i.clock, i.runs])).toEqual([
      ['cpu', 2],
      ['wall', 3],
    ]);
    expect(summary.injected.find((i) => i.clock === 'wall')!.readings[0]!.injectedPercent).toBeNull();
  });
});

describe('runCost: what a kind of run cost', () => {
  it('averages forks per benchmark and side (a sequential stop takes fewer) and wall time of finished runs', () => {
    const full = makeRecord({
      benchmark: 'a',
      baseline: jitter(100, 20, 0.02, 1),
      candidate: jitter(100, 20, 0.02, 2),
    });
    const early = makeRecord({
      benchmark: 'b',
      baseline: jitter(100, 6, 0.02, 3),
      candidate: jitter(150, 6, 0.02, 4),
    });
    const run = makeRun([full, early], { samplesPerSide: 20 });
    const unfinished = { ...makeRun([early], { samplesPerSide: 20 }), finishedAt: null };
    const cost = runCost([run, unfinished]);
    // (20 + 20 + 6 + 6 + 6 + 6) / 6 sides; only the finished run has a wall time (10 minutes in the fixture).
    expect(cost.meanForksPerSide).toBeCloseTo(64 / 6, 12);
    expect(cost.maxForksPerSide).toBe(20);
    expect(cost.meanRunSeconds).toBe(600);
    expect(runCost([unfinished]).meanRunSeconds).toBeNull();
  });

  it('counts how the benchmarks of sequential runs stopped, futility stops apart; none in a fixed-n run', () => {
    const look = (n: number, decision: 'difference' | 'futility' | 'final' | 'continue') => ({
      n,
      u: 0,
      p: 1,
      boundary: 0.002,
      deltaPercent: 0,
      pSequential: null,
      decision,
    });
    const rec = (benchmark: string, looks: ReturnType<typeof look>[]) => ({
      ...makeRecord({ benchmark, baseline: [1, 2], candidate: [1, 2] }),
      looks,
    });
    const seq = { looks: [6, 10, 15, 20], spending: 'pocock' as const, designAlpha: 0.00625, futility: 0.03 };
    const run = makeRun(
      [
        rec('a', [look(6, 'difference')]),
        rec('b', [look(6, 'continue'), look(10, 'futility')]),
        rec('c', [look(6, 'futility')]),
        rec('d', [look(6, 'continue'), look(10, 'continue'), look(15, 'continue'), look(20, 'final')]),
        rec('e', [look(6, 'continue')]),
      ],
      { samplesPerSide: 20, sequential: seq },
    );
    expect(runCost([run]).stops).toEqual({
      difference: 1,
      equivalence: 0,
      futility: 2,
      final: 1,
      undecided: 1,
    });
    expect(runCost([makeRun([rec('a', [])], { samplesPerSide: 20 })]).stops.futility).toBe(0);
  });

  it("is part of the summary for A/A and each injected change, with the runs' design", () => {
    const seq = { looks: [6, 10, 15, 20], spending: 'pocock' as const, designAlpha: 0.0125 };
    const aa = runs(2, 0).map((r) => ({ ...r, config: { ...r.config, sequential: seq } }));
    const s = summarizeCalibration(aa, new Map([[0.1, runs(1, 0.1)]]));
    expect(s.sequential).toEqual(seq);
    expect(s.aa.cost).toMatchObject({ meanForksPerSide: 10, maxForksPerSide: 10, meanRunSeconds: 600 });
    expect(s.injected[0]?.cost.meanForksPerSide).toBe(10);
  });
});

describe('smallestDetectable', () => {
  const rule = { alpha: 0.05 / 8, threshold: 0.02 };
  const pool = (spread: number) => jitter(1, 200, spread, 7);

  it('grows with the noise', () => {
    const quiet = smallestDetectable(pool(0.02), 10, rule)!;
    const noisy = smallestDetectable(pool(0.3), 10, rule)!;
    expect(quiet).toBeLessThan(noisy);
    expect(noisy).toBeGreaterThan(0.1);
  });

  it('shrinks with more samples per side', () => {
    expect(smallestDetectable(pool(0.3), 30, rule)!).toBeLessThan(smallestDetectable(pool(0.3), 10, rule)!);
  });

  it('is the point where the simulated power crosses 80%', () => {
    const d = smallestDetectable(pool(0.3), 10, rule)!;
    expect(simulatedPower(pool(0.3), 10, d, rule)).toBeGreaterThanOrEqual(0.8);
    expect(simulatedPower(pool(0.3), 10, d - 0.01, rule)).toBeLessThan(0.8);
  });

  it('is null for a pool too small to resample', () => {
    expect(smallestDetectable([1, 1.1], 10, rule)).toBeNull();
  });
});
