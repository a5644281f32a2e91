import { describe, expect, it } from 'vitest';
import { runStress, type StressTarget } from '../stress/stress-run.js';
import { StressTimeline } from '../stress/stress-timeline.js';
import { fakeClock } from '../stress/test-clock.js';
import {
  latencyOverTimeSvg,
  latencyUnit,
  percentileDistributionSvg,
  stressHtmlReport,
  throughputOverTimeSvg,
} from './stress-pictures.js';
import { elements, overflowingTexts } from './test-svg.js';

/** 500 µs per op, op `stallAt` stalls 300 ms; even ops write, odd ones read. */
function target(clock: { advance(ns: number): void }, stallAt: number): StressTarget {
  return {
    opAt: (k) => ({
      kind: k % 2 === 0 ? 'write' : 'read',
      execute() {
        clock.advance(k === stallAt ? 300_000_000 : 500_000);
        return { partitions: 1, rows: 1 };
      },
    }),
  };
}

const label = { spec: 'test', seed: 1 };
const pointsOf = (svg: string, series: string) =>
  elements(svg, 'circle')
    .filter((c) => c.attrs['data-series'] === series)
    .map((c) => ({ x: Number(c.attrs['data-x']), y: Number(c.attrs['data-y']) }));

describe('StressTimeline', () => {
  it('aggregates per bucket and, past its bound, merges neighbours exactly (sums, counts, maxima)', () => {
    const t = new StressTimeline(1000, 10, 4);
    // ends at 5, 15, 25, 35 ns after the start, then 45 forces a merge to 20 ns buckets.
    [5, 15, 25, 35, 45].forEach((at, i) => {
      t.record(1000 + at, 100 * (i + 1), 10 * (i + 1));
    });
    expect(t.bucketSec).toBe(20e-9);
    const b = t.buckets(50e-9);
    expect(b.map((x) => x.ops)).toEqual([2, 2, 1]);
    expect(b.map((x) => x.meanLatencyNs)).toEqual([150, 350, 500]);
    expect(b.map((x) => x.maxServiceNs)).toEqual([20, 40, 50]);
    expect(b.at(-1)?.endSec).toBeCloseTo(50e-9, 15); // cut at the elapsed time
    // An empty bucket is kept (a stall is visible) with no latency.
    const gap = new StressTimeline(0, 10, 8);
    gap.record(5, 1, 1);
    gap.record(35, 1, 1);
    expect(gap.buckets(40e-9).map((x) => x.ops)).toEqual([1, 0, 0, 1]);
    expect(Number.isNaN(gap.buckets(40e-9)[1]!.maxLatencyNs)).toBe(true);
    // The few ns between the last op and the end of the run are not an empty bucket (a drop to 0 op/s)…
    expect(gap.buckets(41e-9).map((x) => x.ops)).toEqual([1, 0, 0, 1]);
    // …but an empty half bucket or more at the end is shown: the engine did nothing there.
    expect(gap.buckets(46e-9).map((x) => x.ops)).toEqual([1, 0, 0, 1, 0]);
  });
});

describe('stress pictures', () => {
  it('shows coordinated omission: after a stall, latency from the intended start rises far above the service time', async () => {
    const clock = fakeClock();
    // 1000 op/s for 1 s; op 200 stalls 300 ms: the ops due during the stall queue behind it, and the queue drains
    // at a net 1000 op/s (2000 op/s of service), until ~0.8 s.
    const o = await runStress(target(clock, 200), { ops: 1000, rate: 1000, clock });
    expect(o.timeline.length).toBeGreaterThanOrEqual(10);
    const svg = latencyOverTimeSvg(o, label);
    const intended = pointsOf(svg, 'max latency, from intended start');
    const service = pointsOf(svg, 'max service time (from actual start)');
    const unit = latencyUnit(300_000_000);
    expect(unit.name).toBe('ms');
    // 0.6–0.7 s, while the queue drains: op 400 ends at 0.6 s, due at 0.4 s; service time stays 0.5 ms.
    const after = intended.find((p) => p.x > 0.6 && p.x < 0.7)!;
    expect(after.y).toBeGreaterThan(100);
    expect(service.find((p) => p.x === after.x)!.y).toBeLessThan(1);
    expect(elements(svg, 'text').map((t) => t.content)).toContain('latency (ms, log scale)');
    expect(overflowingTexts(svg)).toEqual([]);
  });

  it('draws throughput per interval (the stall a gap at zero) and the target rate', async () => {
    const clock = fakeClock();
    const o = await runStress(target(clock, 200), { ops: 1000, rate: 1000, clock });
    const svg = throughputOverTimeSvg(o, label);
    const pts = pointsOf(svg, 'completed ops per second');
    const total = o.timeline.reduce((s, b) => s + b.ops, 0);
    expect(total).toBe(1000);
    // Each point is ops / interval length.
    const first = o.timeline[0]!;
    expect(pts[0]!.y).toBeCloseTo(first.ops / (first.endSec - first.startSec), 6);
    expect(pts.some((p) => p.y === 0)).toBe(true);
    expect(svg).toContain('target rate (1000 op/s)');
  });

  it('plots each kind’s percentile distribution from its HdrHistogram, ending at the max', async () => {
    const clock = fakeClock();
    const o = await runStress(target(clock, 500), { ops: 2000, clock });
    const curve = o.percentiles.total!;
    expect(curve[0]!.percentile).toBe(0);
    expect(curve.at(-1)).toEqual({ percentile: 100, ns: o.kinds.total!.maxNs });
    for (let i = 1; i < curve.length; i++) expect(curve[i]!.ns).toBeGreaterThanOrEqual(curve[i - 1]!.ns);
    // 2000 ops resolve percentiles up to 1 − 1/2000: 99.9% is the last full nine.
    expect(curve.filter((p) => p.percentile < 100).at(-1)!.percentile).toBeGreaterThan(99.9);
    const svg = percentileDistributionSvg(o, label);
    const labels = elements(svg, 'text').map((t) => t.content);
    expect(labels).toEqual(
      expect.arrayContaining(['0%', '90%', '99%', '99.9%', 'read (1,000 ops)', 'total (2,000 ops)']),
    );
    const path = elements(svg, 'path').find((p) => p.attrs['data-series'] === 'total (2,000 ops)');
    expect(path?.attrs.d).toMatch(/^M/);
  });

  it('puts the three pictures and the table in one page with nothing fetched from elsewhere', async () => {
    const clock = fakeClock();
    const o = await runStress(target(clock, 50), { ops: 300, rate: 1000, clock });
    const html = stressHtmlReport(o, label, 'metric  total\nOp rate  1 op/s');
    expect(html.match(/<svg /g)).toHaveLength(3);
    expect(html).toMatch(/<pre style="[^"]+">metric {2}total/);
    expect(html).not.toMatch(/<script|<link|<img|src=|href=|url\(/);
    expect(html.replace(/xmlns="http:\/\/www\.w3\.org\/2000\/svg"/g, '')).not.toMatch(/https?:/);
  });
});
