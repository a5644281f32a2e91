/**
 * `tombstone-bench compare-files old.json new.json`: benchstat-style comparison of two saved runs.
 */

import { resolve } from 'node:path';
import { fileComparisonPayload } from '../analyse/wire.js';
import { BenchError, UsageError } from '../errors.js';
import { EXIT } from '../finish/finish-run.js';
import { formatDeltaPercent, formatP } from '../format/number-format.js';
import { alignedTable } from '../format/text-table.js';
import { verdictReasonText } from '../protocol/verdict-text.js';
import { formatMetric } from '../report/report-model.js';
import { readRun } from '../results/results-store.js';
import { compareFiles, type FileComparison, type FileSide } from '../stats/compare-files.js';
import { METRIC_UNITS } from '../stats/metric.js';
import { analysisOptions, type CliValues } from './cli-options.js';
import type { CliIo } from './io.js';

const SIDES: readonly FileSide[] = ['baseline', 'candidate', 'both'];

function parseSide(raw: string | undefined): FileSide | undefined {
  if (raw === undefined) return undefined;
  if (!(SIDES as readonly string[]).includes(raw))
    throw new UsageError(`unknown --side ${JSON.stringify(raw)} (${SIDES.join(', ')})`);
  return raw as FileSide;
}

/** The printed comparison: one row per benchmark in both files, then the ones found in only one. */
export function renderFileComparison(c: FileComparison, files: { old: string; new: string }): string {
  const unit = METRIC_UNITS[c.metric];
  const rows = c.rows.map((r) => [
    r.key,
    unit,
    formatMetric(r.stats.baseline.median, c.metric),
    formatMetric(r.stats.candidate.median, c.metric),
    formatDeltaPercent(Number(r.stats.deltaPercent.toPrecision(4))),
    `${r.stats.baseline.n}/${r.stats.candidate.n}`,
    formatP(r.stats.p, 4),
    formatP(r.pAdjusted, 4),
    r.outcome,
  ]);
  const header = ['Benchmark', 'Metric', 'Old', 'New', 'Delta', 'n', 'p', 'p (adj.)', 'Outcome'];
  const lines = [
    `old: ${files.old}`,
    `new: ${files.new}  (side: ${c.side})`,
    '',
    alignedTable(header, rows, [
      'left',
      'left',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
      'left',
    ]),
    '',
    'Not co-measured: the files were measured at different times, so machine drift between them reads as a change;',
    'for a verdict you can trust, measure both sides in one run (run, compare --baseline).',
  ];
  const inconclusive = c.rows.filter((r) => r.outcome === 'Inconclusive');
  for (const r of inconclusive)
    lines.push(`${r.key}: ${verdictReasonText({ ...r, metric: c.metric, unit })}`);
  if (c.onlyOld.length) lines.push(`only in old: ${c.onlyOld.join(', ')}`);
  if (c.onlyNew.length) lines.push(`only in new: ${c.onlyNew.join(', ')}`);
  return lines.join('\n');
}

/** Runs `compare-files <old.json> <new.json> [--side baseline|candidate|both] [--metric …] [--no-holm]`. */
export function cmdCompareFiles(io: CliIo, values: CliValues, positionals: string[]): number {
  const [oldFile, newFile, ...rest] = positionals;
  if (oldFile === undefined || newFile === undefined || rest.length > 0)
    throw new BenchError('usage: tombstone-bench compare-files <old.json> <new.json>');
  const old = readRun(resolve(io.cwd, oldFile));
  const next = readRun(resolve(io.cwd, newFile));
  const { overrides } = analysisOptions(values, next.config);
  const side = parseSide(values.side);
  const c = compareFiles(old, next, { ...overrides, ...(side ? { side } : {}) });
  if (c.rows.length === 0) {
    // Say what each file holds: a `run` of a factor suite and a `compare` of the same suite key it differently.
    const keys = (r: typeof old) => {
      const all = r.benchmarks.map((b) => b.key);
      return all.length > 3 ? `${all.slice(0, 3).join(', ')}, … (${all.length})` : all.join(', ') || 'none';
    };
    throw new BenchError(
      `${oldFile} and ${newFile} have no benchmark in common (old: ${keys(old)}; new: ${keys(next)})`,
    );
  }
  io.stdout(
    values.json
      ? `${JSON.stringify(fileComparisonPayload(c))}\n`
      : `${renderFileComparison(c, { old: oldFile, new: newFile })}\n`,
  );
  return EXIT.ok;
}
