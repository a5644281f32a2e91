import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analysedRun } from '../cases/bench-driver.js';
import { gcModeFactorialReport } from '../cases/gc-mode-factorial-case.js';
import { purgeOrderReport } from '../cases/purge-order-case.js';
import { rangeMergesReport } from '../cases/range-merges-case.js';
import { benchmarkRecord, rangeMergesRuns, runRecord } from '../cases/test-runs.js';
import { writeCasePictures } from '../cli/case-picture-files.js';
import { casePictures, gcModePictures, purgeOrderPictures, rangeMergesPictures } from './case-pictures.js';
import { elements, overflowingTexts, pathPoints } from './test-svg.js';

const five = (base: number) => [0, 1, 2, 3, 4].map((i) => base + i);

function rangeMerges() {
  const check = {
    workloads: 18,
    partitionsChecked: 1,
    rowsChecked: 1,
    modelReads: 1,
    modelRows: 1,
    divergences: [],
  };
  return rangeMergesReport(check, rangeMergesRuns());
}

/** Pixel slope of a series' dashed fit line. */
function fitSlope(svg: string, prefix: string): number {
  const path = elements(svg, 'path').find((p) => p.attrs['data-series']?.startsWith(prefix))!;
  const [[a, b]] = pathPoints(path.attrs.d!) as [[{ x: number; y: number }, { x: number; y: number }]];
  return (b.y - a.y) / (b.x - a.x);
}

describe('range-merges pictures', () => {
  it('draw each store’s medians and fitted a·N^b on log-log axes: O(N²) twice as steep as O(N)', () => {
    const r = rangeMerges();
    const pics = rangeMergesPictures(r);
    expect(pics.map((p) => p.file)).toEqual([
      'range-merges-time-random.svg',
      'range-merges-bytes-random.svg',
      'range-merges-time-tail.svg',
      'range-merges-bytes-tail.svg',
    ]);
    const svg = pics.find((p) => p.file === 'range-merges-time-tail.svg')!.svg;
    expect(fitSlope(svg, 'eager') / fitSlope(svg, 'copy-on-write')).toBeCloseTo(2, 2);
    // The legend names each fit with the report's exponent and interval; the dots are the report's medians in ms.
    const eager = r.growth.find(
      (g) => g.store === 'eager' && g.arrival === 'tail' && g.metric === 'cpuNsPerOp',
    )!;
    expect(svg).toContain(`eager: CPU time ∝ N^${eager.exponent.toFixed(2)} [`);
    const dots = elements(svg, 'circle').filter((c) => c.attrs['data-series'] === 'eager medians');
    expect(dots.map((c) => Number(c.attrs['data-y']))).toEqual(
      [256, 1024, 4096].map((n) => (n * n + 2) / 1e6),
    );
    for (const p of pics) expect(overflowingTexts(p.svg)).toEqual([]);
    expect(elements(svg, 'text').map((t) => t.content)).toEqual(
      expect.arrayContaining([
        'N (range deletes per partition, log scale)',
        'CPU time per op (ms, log scale)',
      ]),
    );
  });
});

describe('purge-order and gc-mode pictures', () => {
  const labels = { baseline: 'purgeOrder=eager', candidate: 'purgeOrder=deferred' };

  it('purge-order: probes per order and run count as bars, times from the co-measured pairs', () => {
    const counts = [100, 1000].flatMap((otherRuns) =>
      (['eager', 'deferred'] as const).map((order) => {
        const keys = order === 'eager' ? 5000 : 250;
        return {
          otherRuns,
          order,
          bloomProbes: keys * otherRuns,
          formula: keys * otherRuns,
          formulaText: `${keys} keys × ${otherRuns} runs`,
          maxPurgeableComputations: keys,
          tombstonesPurged: 250,
          tombstonesKept: 4750,
          readsChecked: 5000,
          readDivergences: [],
        };
      }),
    );
    const run = runRecord('purgeOrder', 'eager', 'deferred', [
      benchmarkRecord('T', { otherRuns: 100 }, labels, { baseline: five(7e6), candidate: five(1e6) }),
      benchmarkRecord('T', { otherRuns: 1000 }, labels, { baseline: five(70e6), candidate: five(4e6) }),
    ]);
    const [probes, time] = purgeOrderPictures(
      purgeOrderReport(counts, { partitions: 5000, gcablePartitions: 250 }, analysedRun(run, {})),
    );
    const bars = (svg: string) => elements(svg, 'rect').filter((e) => e.attrs['data-series']);
    expect(bars(probes!.svg).map((b) => Number(b.attrs['data-value']))).toEqual([
      500_000, 25_000, 5_000_000, 250_000,
    ]);
    expect(bars(time!.svg).map((b) => Number(b.attrs['data-value']))).toEqual([
      7.000002, 1.000002, 70.000002, 4.000002,
    ]);
    expect(time!.svg).toContain('deferred ÷ eager = 0.0571×');
    for (const p of [probes!, time!]) expect(overflowingTexts(p.svg)).toEqual([]);
  });

  it('gc-mode-factorial: one line per code level through its two cell medians, effects below', () => {
    const run = runRecord('purgeOrder', 'eager', 'deferred', [
      benchmarkRecord('G', { gcMode: 'timeout' }, labels, { baseline: five(100e6), candidate: five(10e6) }),
      benchmarkRecord('G', { gcMode: 'repair' }, labels, { baseline: five(120e6), candidate: five(30e6) }),
    ]);
    const [pic] = gcModePictures(gcModeFactorialReport([], analysedRun(run, { factorial: 'gcMode' })));
    const pts = (s: string) =>
      elements(pic!.svg, 'circle')
        .filter((c) => c.attrs['data-series'] === s)
        .map((c) => [Number(c.attrs['data-x']), Number(c.attrs['data-y'])]);
    expect(pts('Before (eager max-purgeable)')).toEqual([
      [0, 100.000002],
      [1, 120.000002],
    ]);
    expect(pts('After (deferred)')).toEqual([
      [0, 10.000002],
      [1, 30.000002],
    ]);
    const texts = elements(pic!.svg, 'text').map((t) => t.content);
    expect(texts).toEqual(
      expect.arrayContaining(['timeout', 'repair', '100.00 ms', 'CPU time per compaction (ms)']),
    );
    expect(pic!.svg).toMatch(/interaction \(code effect in repair relative to timeout\): [+−]\d/);
    expect(overflowingTexts(pic!.svg)).toEqual([]);
  });

  it('writes the SVGs and report.html into the case directory; no picture for an unknown report', () => {
    const dir = mkdtempSync(join(tmpdir(), 'case-pictures-'));
    try {
      const html = writeCasePictures(dir, 'range-merges', rangeMerges(), 'the text report');
      expect(readdirSync(dir).sort()).toEqual([
        'range-merges-bytes-random.svg',
        'range-merges-bytes-tail.svg',
        'range-merges-time-random.svg',
        'range-merges-time-tail.svg',
        'report.html',
      ]);
      const page = readFileSync(html!, 'utf8');
      expect(page.match(/<svg /g)).toHaveLength(4);
      expect(page).toMatch(/<pre style="[^"]+">the text report<\/pre>/);
      expect(casePictures({ case: 'other' })).toEqual([]);
      expect(writeCasePictures(dir, 'x', null, '')).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
