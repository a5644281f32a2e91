/**
 * `tombstone-bench compare-files old.json new.json`: benchstat-style comparison of two saved runs. The analyse stage
 * makes its RunReport (`analyseFiles`); `--json` prints it, the table is formatted from it.
 */

import { resolve } from 'node:path';
import { analyseFiles } from '../analyse/compare-files.js';
import { BenchError, UsageError } from '../errors.js';
import { EXIT } from '../finish/finish-run.js';
import { formatDeltaPercent, formatP } from '../format/number-format.js';
import { alignedTable } from '../format/text-table.js';
import type { FilesReport, Verdict } from '../protocol/types.js';
import { verdictReasonText } from '../protocol/verdict-text.js';
import { formatMetric } from '../report/report-model.js';
import { readRun } from '../results/results-store.js';
import { displayPath } from '../shell-quote.js';
import type { FileSide } from '../stats/compare-files.js';
import { analysisOptions, type CliValues } from './cli-options.js';
import type { CliIo } from './io.js';

const SIDES: readonly FileSide[] = ['baseline', 'candidate', 'both'];

function parseSide(raw: string | undefined): FileSide | undefined {
  if (raw === undefined) return undefined;
  if (!(SIDES as readonly string[]).includes(raw))
    throw new UsageError(`unknown --side ${JSON.stringify(raw)} (${SIDES.join(', ')})`);
  return raw as FileSide;
}

/** The table's cells of one verdict: medians, Δ, n, raw and adjusted p, outcome. */
function rowCells(v: Verdict): string[] {
  const s = v.stats;
  return [
    v.key,
    v.unit,
    s ? formatMetric(s.baseline.median, v.metric) : '—',
    s ? formatMetric(s.candidate.median, v.metric) : '—',
    s && s.deltaPercent !== null ? formatDeltaPercent(Number(s.deltaPercent.toPrecision(4))) : '—',
    s ? `${s.baseline.n}/${s.candidate.n}` : '0/0',
    s ? formatP(s.p, 4) : '—',
    v.pAdjusted === null ? '—' : formatP(v.pAdjusted, 4),
    v.outcome,
  ];
}

/** The printed comparison of a `compare-files` RunReport: one row per benchmark in both files, then the ones in one. */
export function renderFileComparison(report: FilesReport): string {
  const c = report.comparison;
  const header = ['Benchmark', 'Metric', 'Old', 'New', 'Delta', 'n', 'p', 'p (adj.)', 'Outcome'];
  const lines = [
    `old: ${c.old.file}`,
    `new: ${c.new.file}  (side: ${c.side})`,
    '',
    alignedTable(header, report.verdicts.map(rowCells), [
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
  for (const v of report.verdicts.filter((x) => x.outcome === 'Inconclusive'))
    lines.push(`${v.key}: ${verdictReasonText(v)}`);
  if (c.onlyOld.length) lines.push(`only in old: ${c.onlyOld.join(', ')}`);
  if (c.onlyNew.length) lines.push(`only in new: ${c.onlyNew.join(', ')}`);
  return lines.join('\n');
}

/** Runs `compare-files <old.json> <new.json> [--side baseline|candidate|both] [--metric …] [--no-holm]`. */
export function cmdCompareFiles(io: CliIo, values: CliValues, positionals: string[]): number {
  const [oldFile, newFile, ...rest] = positionals;
  if (oldFile === undefined || newFile === undefined || rest.length > 0)
    throw new BenchError('usage: tombstone-bench compare-files <old.json> <new.json>');
  const read = (file: string) => readRun(resolve(io.cwd, file), displayPath(io.cwd, resolve(io.cwd, file)));
  const old = read(oldFile);
  const next = read(newFile);
  const { overrides } = analysisOptions(values, next.config);
  const side = parseSide(values.side);
  const report = analyseFiles(
    { file: oldFile, run: old },
    { file: newFile, run: next },
    { overrides, ...(side ? { side } : {}) },
  );
  if (report.verdicts.length === 0) {
    // Say what each file holds: a `run` of a factor suite and a `compare` of the same suite key it differently.
    const keys = (r: typeof old) => {
      const all = r.benchmarks.map((b) => b.key);
      return all.length > 3 ? `${all.slice(0, 3).join(', ')}, … (${all.length})` : all.join(', ') || 'none';
    };
    throw new BenchError(
      `${oldFile} and ${newFile} have no benchmark in common (old: ${keys(old)}; new: ${keys(next)})`,
    );
  }
  io.stdout(values.json ? `${JSON.stringify(report)}\n` : `${renderFileComparison(report)}\n`);
  return EXIT.ok;
}
