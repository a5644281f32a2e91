import { UsageError } from '../errors.js';
import { METRIC_UNITS } from '../stats/metric.js';
import { renderJmhJson } from './jmh.js';
import { renderResultsJson } from './json.js';
import { renderMarkdownReport } from './markdown.js';
import type { ReportInput } from './report-model.js';
import { distributionRows, renderDistributionSvg, renderFactorialSvg, renderGrowthSvg } from './svg.js';
import { renderTerminalReport } from './terminal.js';

/** Output formats of `run`, `compare`, `aa` and `report`. */
export const FORMATS = ['terminal', 'markdown', 'json', 'jmh'] as const;
/** One of {@link FORMATS}. */
export type Format = (typeof FORMATS)[number];

/** Checks a `--format` value. */
export function parseFormat(value: string | undefined): Format {
  const f = value ?? 'terminal';
  if (!(FORMATS as readonly string[]).includes(f)) {
    throw new UsageError(`unknown --format ${JSON.stringify(f)} (formats: ${FORMATS.join(', ')})`);
  }
  return f as Format;
}

/** Renders an analysed run in one format. */
export function render(input: ReportInput, format: Format): string {
  switch (format) {
    case 'terminal':
      return renderTerminalReport(input);
    case 'markdown':
      return renderMarkdownReport(input);
    case 'json':
      return renderResultsJson(input);
    case 'jmh':
      return renderJmhJson(input);
  }
}

const fileSafe = (key: string): string => key.replace(/[^\w.=-]+/g, '_');

/**
 * The SVG plots of an analysed run, as `[file name, SVG]` (the command line writes them where `--svg` says): the
 * figures and the growth points from its RunReport, the distributions' samples from its record.
 */
export function svgPlots(input: ReportInput): Array<[string, string]> {
  const { report, run } = input;
  const files: Array<[string, string]> = [
    ['distributions.svg', renderDistributionSvg(distributionRows(run, report.verdicts))],
  ];
  const labels = run.benchmarks[0]?.labels ?? { baseline: 'baseline', candidate: 'candidate' };
  for (const g of report.growth)
    files.push([
      `growth-${fileSafe(g.key)}-${g.param}.svg`,
      renderGrowthSvg(g, labels, METRIC_UNITS[report.config.metric], report.config.metric),
    ]);
  for (const f of report.factorials)
    files.push([`factorial-${fileSafe(f.key)}.svg`, renderFactorialSvg(f, f.key)]);
  return files;
}
