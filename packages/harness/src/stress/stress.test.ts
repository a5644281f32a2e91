import * as hdr from 'hdr-histogram-js';
import { describe, expect, it } from 'vitest';
import { HarnessArgumentError } from '../errors.js';
import { IntendedSchedule } from './intended-schedule.js';
import { LatencyHistograms, TOTAL } from './latency-histograms.js';
import { ProcessMeter } from './process-meter.js';
import { processClock } from './stress-clock.js';
import { medianSummary } from './stress-compare.js';
import { renderBeforeAfter, renderStressTable } from './stress-report.js';
import { runStress, type StressTarget } from './stress-run.js';
import { type StressSummary, summarizeStress } from './stress-summary.js';
import { fakeClock } from './test-clock.js';

/** Every op costs 100 µs except op `stallAt`, which stalls for `stallNs`. */
function stallingTarget(
  clock: { advance(ns: number): void },
  stallAt: number,
  stallNs: number,
): StressTarget {
  return {
    opAt: (k) => ({
      kind: k % 2 === 0 ? 'write' : 'read',
      execute() {
        clock.advance(k === stallAt ? stallNs : 100_000);
        if (k === 7) throw new Error('planted failure');
        return { partitions: 1, rows: k % 2 === 0 ? 3 : 5 };
      },
    }),
  };
}

describe('processClock', () => {
  it('waits until the target without returning early', () => {
    for (const aheadNs of [50_000, 2_000_000]) {
      const until = processClock.now() + aheadNs;
      processClock.waitUntil(until);
      expect(processClock.now()).toBeGreaterThanOrEqual(until);
    }
  });
});

describe('IntendedSchedule', () => {
  it('spaces intended starts by 1/rate and measures latency from the intended start when late', () => {
    const s = new IntendedSchedule(1000, 5_000);
    expect([s.intendedStartNs(0), s.intendedStartNs(3)]).toEqual([5_000, 3_005_000]);
    expect(IntendedSchedule.latencyNs(1_000, 51_000, 52_000)).toBe(51_000); // queued 50 µs behind a stall
    expect(IntendedSchedule.latencyNs(9_000, 8_000, 9_500)).toBe(1_500); // started early: service time
    expect(() => new IntendedSchedule(0, 0)).toThrow(HarnessArgumentError);
    expect(() => new IntendedSchedule(Number.NaN, 0)).toThrow(/NaN/);
  });
});

describe('runStress', () => {
  it('charges a stall to every op scheduled during it at a target rate (coordinated omission), not without one', async () => {
    const paced = fakeClock();
    const a = await runStress(stallingTarget(paced, 10, 50_000_000), { ops: 200, rate: 1000, clock: paced });
    const free = fakeClock();
    const b = await runStress(stallingTarget(free, 10, 50_000_000), { ops: 200, clock: free });
    const total = (o: typeof a) => o.kinds[TOTAL]!;
    // Paced: op 10 ends at 60 ms; ops 11…59 were due at 11…59 ms and each waited for it.
    expect(total(a).maxNs).toBeGreaterThan(49_000_000);
    expect(total(a).p95Ns).toBeGreaterThan(10_000_000);
    // Unpaced: only the stalled op itself is slow.
    expect(total(b).maxNs).toBeGreaterThan(49_000_000);
    expect(total(b).p95Ns).toBeLessThan(200_000);
    // 200 ops at 1000/s take at least 199 ms of schedule.
    expect(a.elapsedSec).toBeGreaterThanOrEqual(0.199);
    expect(a.kinds.write?.ops).toBe(100);
    expect(a.kinds.read?.errors).toBe(1);
    expect(total(a).rows).toBe(100 * 3 + 99 * 5);
    expect(total(a).partitions).toBe(199);
  });

  it('stops at a duration and reports progress with an ETA', async () => {
    const clock = fakeClock();
    const seen: number[] = [];
    const out = await runStress(stallingTarget(clock, -1, 0), {
      durationMs: 50,
      clock,
      progressIntervalMs: 10,
      onProgress: (p) => {
        seen.push(p.etaSec ?? -1);
      },
    });
    // 100 µs per op: 500 ops fit in 50 ms.
    expect(out.kinds[TOTAL]?.ops).toBe(500);
    expect(seen.length).toBeGreaterThanOrEqual(4);
    expect(seen[0]).toBeCloseTo(0.04, 2);
    await expect(runStress(stallingTarget(clock, -1, 0), {})).rejects.toThrow(/op count or a duration/);
    await expect(runStress(stallingTarget(clock, -1, 0), { ops: 1.5 })).rejects.toThrow(/1.5/);
  });
});

describe('LatencyHistograms', () => {
  it('percentiles within HdrHistogram’s 3 significant digits, per kind and total, and a log its reader decodes', () => {
    const h = new LatencyHistograms(1_700_000_000_000);
    const values = Array.from({ length: 1000 }, (_, i) => (i + 1) * 1_000);
    values.forEach((v, i) => {
      h.record(i % 3 === 0 ? 'a' : 'b', v, 1, 2, i === 5);
    });
    h.flushInterval(1);
    h.record('a', 5_000_000, 1, 2, false);
    h.flushInterval(2);
    const t = h.summaryOf(TOTAL);
    expect(t.ops).toBe(1001);
    expect(t.errors).toBe(1);
    expect(Math.abs(t.medianNs - 501_000) / 501_000).toBeLessThan(0.001);
    expect(Math.abs(t.p99Ns - 991_000) / 991_000).toBeLessThan(0.001);
    expect(Math.abs(t.maxNs - 5_000_000) / 5_000_000).toBeLessThan(0.001);
    expect(h.summaryOf('a').ops).toBe(335);
    expect(h.kinds()).toEqual(['a', 'b', TOTAL]);
    const log = h.logText();
    expect(log).toMatch(/^#\[Histogram log format version/m);
    expect(log).toMatch(/^Tag=a,/m);
    const reader = new hdr.HistogramLogReader(log);
    let decoded = 0;
    for (let x = reader.nextIntervalHistogram(); x !== null; x = reader.nextIntervalHistogram()) {
      decoded += x.totalCount;
    }
    expect(decoded).toBe(2 * 1001); // the kinds' intervals (a + b) and the total's
  });

  it('never reports a percentile above the recorded max or below the recorded min (one bucket of rounding)', () => {
    const h = new LatencyHistograms(0);
    // HdrHistogram alone answers p99.9 of these with 123519 ns: its bucket's highest value, above the max.
    for (const v of [1000, 2000, 123_457]) h.record('a', v, 1, 1, false);
    const s = h.summaryOf('a');
    expect(s.maxNs).toBe(123_457);
    expect(s.p999Ns).toBe(123_457);
    expect(s.p99Ns).toBe(123_457);
    const one = new LatencyHistograms(0);
    one.record('b', 987_654_321, 1, 1, false);
    const only = one.summaryOf('b');
    expect([only.medianNs, only.p95Ns, only.p999Ns, only.maxNs]).toEqual([
      987_654_321, 987_654_321, 987_654_321, 987_654_321,
    ]);
  });
});

describe('stress and Ctrl-C', () => {
  it('sees an abort within 50 ms of run time, not at the next 1 s progress interval', async () => {
    const clock = fakeClock();
    const controller = new AbortController();
    let ran = 0;
    const target = {
      opAt: () => ({
        kind: 'insert',
        execute: () => {
          ran++;
          clock.advance(1e6); // 1 ms per op
          if (ran === 10) setImmediate(() => controller.abort()); // Ctrl-C arrives 10 ms in
          return { partitions: 1, rows: 1 };
        },
      }),
    };
    const o = await runStress(target, { ops: 10_000, clock, signal: controller.signal });
    expect(o.interrupted).toBe(true);
    expect(ran).toBeGreaterThanOrEqual(10);
    expect(ran).toBeLessThanOrEqual(60);
  });
});

describe('ProcessMeter', () => {
  it('counts the collections and their pauses while garbage is made, and none after stop', async () => {
    const m = new ProcessMeter();
    m.start();
    let keep = 0;
    for (let i = 0; i < 200; i++) keep += new Array(100_000).fill(i).length;
    const costs = await m.stop();
    expect(keep).toBe(20_000_000);
    expect(costs.gcCount).toBeGreaterThan(0);
    expect(costs.gcTimeMs).toBeGreaterThan(0);
    expect(costs.cpuMicros).toBeGreaterThan(0);
    await expect(m.stop()).rejects.toThrow(/before start/);
    // A window without allocation sees (almost) none: the observer counts this window's GCs, not the process's.
    m.start();
    const quiet = await m.stop();
    expect(quiet.gcCount).toBeLessThan(costs.gcCount);
  });
});

describe('stress summary and reports', () => {
  const summary = (opRate: number, label = 'eager', elapsedSec = 2): StressSummary =>
    summarizeStress(
      {
        elapsedSec,
        rate: null,
        interrupted: false,
        kinds: {
          write: {
            ops: opRate,
            partitions: opRate,
            rows: 3 * opRate,
            errors: 0,
            meanNs: 1e6,
            medianNs: 9e5,
            p95Ns: 2e6,
            p99Ns: 3e6,
            p999Ns: 4e6,
            maxNs: 5e6,
          },
          [TOTAL]: {
            ops: 2 * opRate,
            partitions: opRate,
            rows: 3 * opRate,
            errors: 1,
            meanNs: 1.4e6,
            medianNs: 1.2e6,
            p95Ns: 2.9e6,
            p99Ns: 8.1e6,
            p999Ns: 9e6,
            maxNs: 1e7,
          },
        },
        timeline: [],
        percentiles: {},
        costs: { gcCount: 13, gcTimeMs: 5, cpuMicros: 2 * opRate * 220 },
        histogramLog: '',
      },
      { seed: 42, store: label },
    );

  it('derives rates per second and CPU per million ops', () => {
    const s = summary(1000);
    const total = s.kinds[s.kinds.length - 1]!;
    expect(total.kind).toBe(TOTAL);
    expect(total.opRate).toBe(1000);
    expect(total.rowRate).toBe(1500);
    expect(total.latencyP99Ms).toBe(8.1);
    expect(s.cpuPerMillionOps).toBeCloseTo(220, 10);
  });

  it('prints the seed-004 rows, per kind, and a Before → After table with deltas', () => {
    const table = renderStressTable(summary(1000));
    for (const row of [
      'Op rate',
      'Partition rate',
      'Row rate',
      'Latency 99.9th percentile',
      'Total GC count',
      'Total GC time',
      'CPU per million ops',
    ])
      expect(table).toContain(row);
    expect(table).toMatch(/Op rate\s+1,000 op\/s\s+500 op\/s/);
    expect(table).toContain('seed 42');
    const ba = renderBeforeAfter(
      'Before → After, range store eager → copy-on-write',
      summary(1000),
      summary(1062),
    );
    expect(ba).toMatch(/Op rate\s+1,000 op\/s\s+1,062 op\/s\s+\+6\.2%/);
    expect(ba).toMatch(/Latency mean\s+1\.40 ms\s+1\.40 ms\s+\+0\.0%/);
    expect(ba).toMatch(/Total partitions\s+1,000\s+1,062\s*$/m);
  });

  it("prints counts exactly, slow rates as they are (not '0 op/s') and deltas with bench's signs", () => {
    // 10 ops of one kind in 24 s: 0.417 op/s, which a whole-number rate printed as "0 op/s".
    const slow = renderStressTable(summary(10, 'eager', 24));
    expect(slow).toMatch(/Op rate\s+0\.833 op\/s\s+0\.417 op\/s/);
    expect(slow).toMatch(/Row rate\s+1\.25 row\/s\s+1\.25 row\/s/);
    expect(slow).toContain('24.0 s');
    expect(slow).not.toMatch(/ 0 op\/s/);
    // 14,541,576 partitions stay exact (bench's six-significant-digit grouping would print 14,541,600).
    expect(renderStressTable(summary(14541576))).toMatch(/Total partitions\s+14,541,576\s+14,541,576/);
    // A fall prints bench's typographic minus, as its 2×2 effects do ("−7.1%", never ASCII "-7.1%").
    const down = renderBeforeAfter('Before → After', summary(1000), summary(929));
    expect(down).toMatch(/Op rate\s+1,000 op\/s\s+929 op\/s\s+\u22127\.1%/);
    expect(down).not.toMatch(/ -\d/);
  });

  it('takes per-metric medians over fresh processes', () => {
    const m = medianSummary([summary(1000), summary(3000), summary(2000)]);
    expect(m.kinds.at(-1)?.opRate).toBe(2000);
    expect(m.label.processes).toBe(3);
    expect(() => medianSummary([])).toThrow(HarnessArgumentError);
  });
});
