/**
 * The analyse stage of `compare-files`: two saved runs in, one RunReport out (`comparison.kind` 'files'), so
 * `compare-files --json`, its table and the editor's comparison read the same shape as every analysed run.
 */
import type { BenchmarkRecord, RunRecord, Side } from '../model.js';
import type { BenchmarkSides, FilesReport } from '../protocol/types.js';
import { PROTOCOL_VERSION } from '../protocol/version.js';
import { summarize } from '../stats/analyze-run.js';
import { compareFiles, defaultSide, FILE_CHECKS, type FileSide } from '../stats/compare-files.js';
import { METRIC_UNITS, type MetricName } from '../stats/metric.js';
import { type AnalysisConfig, analysisConfigFromRun, type BenchmarkVerdict } from '../stats/verdict.js';
import { benchmarkSeries, pooledDescription } from './sample-summaries.js';
import { DEFAULT_MAX_FAILURES, sideSummary, summaryPayload, toWire, verdictPayload } from './wire.js';

/** A saved results file: the path as the user gave it, and the run read from it. */
export interface SavedRun {
  file: string;
  run: RunRecord;
}

/** What `compare-files` is told: verdict-rule overrides (as `report` takes them) and the side of each file. */
export interface FileComparisonOptions {
  overrides?: Partial<AnalysisConfig>;
  side?: FileSide;
}

/** A benchmark's samples of `side` (both sides pooled for 'both') as one side `as` of a record. */
function asSide(
  record: BenchmarkRecord,
  side: FileSide,
  as: Side,
): Pick<BenchmarkRecord, 'samples' | 'failures'> {
  const picked = <T extends { side: Side }>(xs: readonly T[]) =>
    xs.filter((x) => side === 'both' || x.side === side).map((x) => ({ ...x, side: as }));
  return { samples: picked(record.samples), failures: picked(record.failures) };
}

/** One file's forks of a benchmark as side `as` (a pooled side counts both sides' forks and failure limits). */
function fileSide(saved: SavedRun, key: string, side: FileSide, as: Side) {
  const record = saved.run.benchmarks.find((b) => b.key === key);
  const forks = record ? asSide(record, side, as) : { samples: [], failures: [] };
  const sides = side === 'both' ? 2 : 1;
  const summary = sideSummary(
    forks,
    as,
    saved.run.config.samplesPerSide * sides,
    DEFAULT_MAX_FAILURES * sides,
  );
  return { forks, summary };
}

/** A benchmark's figures in the comparison: the old file's forks as the baseline, the new file's as the candidate. */
function benchmarkSides(
  key: string,
  old: SavedRun,
  next: SavedRun,
  sides: { old: FileSide; new: FileSide },
  metric: MetricName,
): BenchmarkSides {
  const a = fileSide(old, key, sides.old, 'baseline');
  const b = fileSide(next, key, sides.new, 'candidate');
  const both = { samples: [...a.forks.samples, ...b.forks.samples] };
  return {
    key,
    sides: { baseline: a.summary, candidate: b.summary },
    series: benchmarkSeries(both),
    pooled: pooledDescription(both, metric),
  };
}

/**
 * Compares two saved runs benchmark by benchmark (old is the baseline): the U test, Holm across the common
 * benchmarks and the verdict rule of `run`, with the checks that hold for samples not co-measured. The rule
 * defaults to the new file's (metric, alpha, threshold), overridden by `opts.overrides`.
 * @throws {StatsInputError} for an invalid override, or `side: 'both'` on a file of two implementations.
 */
export function analyseFiles(old: SavedRun, next: SavedRun, opts: FileComparisonOptions = {}): FilesReport {
  // Not a sequential run: each file's samples are taken as they are.
  const config = analysisConfigFromRun(next.run, { ...opts.overrides, sequentialMax: null });
  const c = compareFiles(old.run, next.run, { ...config, ...(opts.side ? { side: opts.side } : {}) });
  const verdicts = c.rows.map(
    (r): BenchmarkVerdict => ({
      key: r.key,
      role: 'primary',
      metric: config.metric,
      unit: METRIC_UNITS[config.metric],
      labels: { baseline: old.file, candidate: next.file },
      stats: r.stats,
      pAdjusted: r.pAdjusted,
      outcome: r.outcome,
      basis: r.basis,
      equivalence: r.equivalence,
      checks: r.checks,
    }),
  );
  const summary = summarize(verdicts, config.alpha, false, config.threshold, config.correction, FILE_CHECKS);
  return {
    protocol: PROTOCOL_VERSION,
    runId: `${old.run.runId} vs ${next.run.runId}`,
    comparison: {
      kind: 'files',
      old: { file: old.file, runId: old.run.runId },
      new: { file: next.file, runId: next.run.runId },
      side: c.side,
      onlyOld: c.onlyOld,
      onlyNew: c.onlyNew,
    },
    config: toWire(config),
    verdicts: verdicts.map(verdictPayload),
    summary: summaryPayload(summary),
    benchmarks: c.rows.map((r) =>
      benchmarkSides(
        r.key,
        old,
        next,
        { old: opts.side ?? defaultSide(old.run), new: c.side },
        config.metric,
      ),
    ),
    growthParam: null,
    growth: [],
    factorialParam: null,
    factorials: [],
    notFittable: [],
    environment: null,
    environments: null,
    reproduction: null,
  };
}
