import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseRun } from '../analyse/analyse-run.js';
import { seriesSummary } from '../analyse/sample-summaries.js';
import { ProtocolError, parseResultsDocument, parseRunRecord, parseRunReport } from '../protocol/parse.js';
import { PROTOCOL_VERSION } from '../protocol/version.js';
import { readRun } from '../results/results-store.js';
import { makeRecord, makeRun } from '../stats/test-fixtures.js';
import { tempProject } from '../test-helpers.js';
import { jmhMetric, renderJmhJson, toJmhResults } from './jmh.js';
import { buildResultsDocument, renderResultsJson } from './json.js';
import { seedRun } from './test-seed-run.js';

describe('results JSON', () => {
  const run = seedRun();
  const analysed = analyseRun(run);

  it('is the RunRecord plus its RunReport as the analysis block, one version, raw samples kept', () => {
    const doc = JSON.parse(renderResultsJson(analysed));
    expect(doc.schemaVersion).toBe(PROTOCOL_VERSION);
    expect(doc.analysis.protocol).toBe(PROTOCOL_VERSION);
    expect(doc.analysis.analysisVersion).toBeUndefined();
    expect(parseRunReport(doc.analysis)).toEqual(analysed.report);
    expect(doc.benchmarks).toEqual(JSON.parse(JSON.stringify(run.benchmarks)));
    expect(doc.analysis.verdicts[0].outcome).toBe('Won');
    expect(doc.analysis.verdicts[0].stats.p).toBeCloseTo(1.0825088224469e-5, 15);
    expect(doc.analysis.summary.gate).toBe('pass');
  });

  it("is what the protocol's parseResultsDocument reads, and its records what parseRunRecord reads", () => {
    const text = renderResultsJson(analysed);
    const doc = parseResultsDocument(text);
    expect(doc.analysis).toEqual(analysed.report);
    expect(doc.benchmarks[0]!.samples).toEqual(JSON.parse(JSON.stringify(run.benchmarks[0]!.samples)));
    const { analysis: _, ...record } = JSON.parse(text) as Record<string, unknown>;
    expect(parseRunRecord(JSON.stringify(record)).runId).toBe(run.runId);
    const raw = JSON.parse(text) as { schemaVersion: number; benchmarks: { samples: { side: string }[] }[] };
    expect(() => parseResultsDocument(JSON.stringify({ ...raw, schemaVersion: 1 }))).toThrow(
      `results document has schemaVersion 1, this client reads protocol ${PROTOCOL_VERSION}`,
    );
    raw.benchmarks[0]!.samples[0]!.side = 'left';
    expect(() => parseResultsDocument(JSON.stringify(raw))).toThrow(ProtocolError);
    expect(() => parseResultsDocument(JSON.stringify(raw))).toThrow(/at benchmarks\.0\.samples\.0\.side/);
    expect(() => parseRunRecord('nope')).toThrow(/results file is not JSON/);
  });

  it('writes non-finite numbers (unbounded intervals at tiny n) as null, and never mutates the run', () => {
    const tiny = makeRun([makeRecord({ baseline: [1, 2], candidate: [3, 4] })]);
    const a = analyseRun(tiny);
    // The report itself is in wire form already: -Infinity (no finite bound at n = 2) is null.
    expect(a.report.verdicts[0]!.stats!.shift.lower).toBeNull();
    const doc = JSON.parse(renderResultsJson(a));
    expect(doc.analysis.verdicts[0].stats.shift.lower).toBeNull();
    expect('analysis' in tiny).toBe(false);
    expect(buildResultsDocument(a).analysis.growth).toEqual([]);
  });
});

describe('results files of earlier versions', () => {
  it('a protocol 6 file and an older one (5) are read and reported under this version, with the new figures', () => {
    const fixture = readFileSync(new URL('fixtures/main-suite-run.json', import.meta.url), 'utf8');
    const dir = tempProject({});
    for (const version of [6, 5]) {
      const file = join(dir, `v${version}.json`);
      writeFileSync(file, JSON.stringify({ ...JSON.parse(fixture), schemaVersion: version }));
      const run = readRun(file);
      expect(run.schemaVersion).toBe(version);
      const doc = parseResultsDocument(renderResultsJson(analyseRun(run)));
      expect(doc.schemaVersion).toBe(PROTOCOL_VERSION);
      const forks = run.benchmarks[0]!.samples.filter((x) => x.side === 'baseline').length;
      expect(doc.analysis.benchmarks[0]!.series.baseline?.nsPerOp.n).toBe(forks);
      expect(doc.analysis.benchmarks[0]!.pooled?.n).toBe(run.benchmarks[0]!.samples.length);
      expect(doc.analysis.environments?.samples).toBe(run.benchmarks.flatMap((b) => b.samples).length);
      expect(JSON.parse(renderJmhJson(analyseRun(run)))).toHaveLength(run.benchmarks.length * 2);
    }
  });
});

describe('JMH export', () => {
  const run = makeRun([
    makeRecord({ params: { size: 1000 }, baseline: [10, 12, 11, 13], candidate: [5, 6, 5.5, 6.5] }),
  ]);
  const entries = toJmhResults(analyseRun(run));

  it('one avgt entry per side with the side in params', () => {
    expect(entries).toHaveLength(2);
    const [b, c] = entries;
    expect(b).toMatchObject({
      benchmark: 'RangeTombstoneListBench.benchCopyOnly',
      mode: 'avgt',
      threads: 1,
      forks: 4,
      params: { size: '1000', side: 'baseline', variant: 'impl=eager' },
    });
    expect(c!.params.side).toBe('candidate');
    expect(b!.primaryMetric.scoreUnit).toBe('ns/op');
  });

  it('primary metric: mean score, 99.9% t error, percentiles and one raw array per fork in time order', () => {
    const m = entries[0]!.primaryMetric;
    expect(m.score).toBe(11.5);
    const sd = Math.sqrt(((1.5 ** 2 + 0.5 ** 2) * 2) / 3);
    // t(0.9995, 3) = 12.92398
    expect(m.scoreError as number).toBeCloseTo((12.92398 * sd) / 2, 3);
    expect(m.scoreConfidence[0]).toBeCloseTo(11.5 - (m.scoreError as number), 12);
    expect(m.scorePercentiles['0.0']).toBe(10);
    expect(m.scorePercentiles['50.0']).toBe(11.5);
    expect(m.scorePercentiles['100.0']).toBe(13);
    // Fixture order alternates B,C / C,B so the baseline sample order by seq is 10, 12, 11, 13.
    expect(m.rawData).toEqual([[10], [12], [11], [13]]);
  });

  it('secondary metrics present only when every sample recorded them', () => {
    expect(Object.keys(entries[0]!.secondaryMetrics).sort()).toEqual([
      'cpu.time.norm',
      'gc.alloc.rate.norm',
      'gc.count',
      'gc.time',
    ]);
    expect(entries[0]!.secondaryMetrics['gc.alloc.rate.norm']!.scoreUnit).toBe('B/op');
  });

  it('a single fork has a NaN error, as JMH writes it', () => {
    expect(jmhMetric(seriesSummary([5]), [5], 'ns/op')).toMatchObject({
      score: 5,
      scoreError: 'NaN',
      scoreConfidence: ['NaN', 'NaN'],
    });
    expect(JSON.parse(renderJmhJson(analyseRun(run)))).toHaveLength(2);
  });

  it('prints the statistics of the RunReport: a report with other figures prints those (nothing recomputed)', () => {
    const analysed = analyseRun(run);
    const series = analysed.report.benchmarks[0]!.series.baseline!;
    const planted = {
      ...analysed.report,
      benchmarks: [
        {
          ...analysed.report.benchmarks[0]!,
          series: {
            ...analysed.report.benchmarks[0]!.series,
            baseline: { ...series, nsPerOp: seriesSummary([1, 2]) },
          },
        },
      ],
    };
    const [b] = toJmhResults({ run, report: planted });
    expect(b!.primaryMetric.score).toBe(1.5);
    expect(b!.primaryMetric.rawData).toEqual([[10], [12], [11], [13]]);
  });
});
