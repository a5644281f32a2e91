/**
 * The analyse stage: a run record in, its {@link RunReport} out — the only place a run is analysed. The engine calls
 * it once when a run completes (its report goes into `run-finished` and to the renderers), `report` once for a
 * saved file; per finished case it gives the benchmark's uncorrected verdict for `benchmark-finished`.
 */
import type { BenchmarkRecord, RunRecord } from '../model.js';
import type { BenchmarkFinishedEvent } from '../protocol/events.js';
import type { RunReport } from '../protocol/types.js';
import { PROTOCOL_VERSION } from '../protocol/version.js';
import { shareableInvocation } from '../shareable-invocation.js';
import { analyzeRun } from '../stats/analyze-run.js';
import { analyze, type OutputOptions, type RunAnalyses } from './run-analyses.js';
import { benchmarkSeries, pooledDescription, sampleEnvironments } from './sample-summaries.js';
import {
  DEFAULT_MAX_FAILURES,
  factorialPayload,
  growthPayload,
  recordedError,
  sideSummary,
  summaryPayload,
  toWire,
  verdictPayload,
} from './wire.js';

/**
 * An analysed run: its {@link RunReport} (every statistic a renderer or client reads) beside its record (the recorded
 * facts: sides, command, samples).
 */
export interface AnalysedRun {
  run: RunRecord;
  report: RunReport;
}

/** The run's one RunReport, projected from its analyses (numbers as JSON carries them: non-finite → null). */
function reportOf(input: RunAnalyses, opts: OutputOptions, maxFailures: number): RunReport {
  const { run, analysis } = input;
  const n = run.config.samplesPerSide;
  const notFittable = input.notFittable ?? [];
  const env = run.benchmarks.flatMap((b) => b.samples)[0]?.env ?? null;
  return {
    protocol: PROTOCOL_VERSION,
    runId: run.runId,
    comparison: toWire(run.comparison),
    config: toWire(analysis.config),
    verdicts: analysis.verdicts.map(verdictPayload),
    summary: summaryPayload(analysis.summary),
    benchmarks: run.benchmarks.map((b) => ({
      key: b.key,
      ...(b.location ? { location: b.location } : {}),
      sides: {
        baseline: sideSummary(b, 'baseline', n, maxFailures),
        candidate: sideSummary(b, 'candidate', n, maxFailures),
      },
      series: benchmarkSeries(b),
      pooled: pooledDescription(b, analysis.config.metric),
    })),
    growthParam: opts.growth ?? null,
    growth: growthPayload(opts.growth ?? '', input.growth ?? [], notFittable).comparisons,
    factorialParam: opts.factorial ?? null,
    factorials: factorialPayload(opts.factorial ?? '', input.factorials ?? [], notFittable).tables,
    notFittable: toWire([...notFittable]),
    environment: env && toWire(env),
    environments: toWire(sampleEnvironments(run.benchmarks.flatMap((b) => b.samples.map((s) => s.env)))),
    reproduction: run.invocation ? toWire(shareableInvocation(run.invocation, opts.share)) : null,
  };
}

/**
 * Analyses `run`: its verdicts (corrected across the run), summary, checks and the growth / factorial fits asked
 * for, as one {@link AnalysedRun}.
 * @throws {StatsInputError} for an invalid override or a growth/factorial parameter the run does not have.
 */
export function analyseRun(
  run: RunRecord,
  opts: OutputOptions = {},
  maxFailures = DEFAULT_MAX_FAILURES,
): AnalysedRun {
  return { run, report: reportOf(analyze(run, opts), opts, maxFailures) };
}

/** `benchmark-finished`'s verdict of one case on its own (no correction: the run's verdicts are in its report). */
export function caseVerdict(
  entry: BenchmarkRecord,
  run: RunRecord,
  overrides: OutputOptions['overrides'],
): Pick<BenchmarkFinishedEvent, 'analysis' | 'analysisError'> {
  try {
    const verdict = analyzeRun({ ...run, benchmarks: [entry] }, overrides ?? {}).verdicts[0];
    return verdict ? { analysis: verdictPayload(verdict) } : {};
  } catch (e) {
    return { analysisError: recordedError(e) };
  }
}

/** The analyses `run-finished` carries, read from the run's report. */
export function finishedAnalyses(report: RunReport) {
  const notFittable = (analysis: 'growth' | 'factorial') =>
    report.notFittable.filter((x) => x.analysis === analysis);
  return {
    summary: report.summary,
    verdicts: report.verdicts,
    correction: report.config.correction,
    ...(report.growthParam !== null
      ? {
          growth: {
            param: report.growthParam,
            comparisons: report.growth,
            notFittable: notFittable('growth'),
          },
        }
      : {}),
    ...(report.factorialParam !== null
      ? {
          factorial: {
            param: report.factorialParam,
            tables: report.factorials,
            notFittable: notFittable('factorial'),
          },
        }
      : {}),
  };
}
