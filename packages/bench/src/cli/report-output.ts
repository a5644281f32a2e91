/** Printing an analysed run: SVG plots (`--svg`), the report in `--format` (unless `--json`), where it is stored. */
import { resolve } from 'node:path';
import type { RunRecord } from '../model.js';
import { parseFormat, render, writeSvgPlots } from '../report/output.js';
import type { ReportInput } from '../report/report-model.js';
import { displayPath } from '../run/resume-files.js';
import { analyze, type OutputOptions } from '../stats/run-analyses.js';
import type { CliValues } from './cli-options.js';
import type { CliIo } from './io.js';

/** Analyses `run` and prints it as the options ask; returns the analysis (for the gate). */
export function printReport(
  io: CliIo,
  values: CliValues,
  run: RunRecord,
  file: string,
  output: OutputOptions,
): ReportInput {
  const input = analyze(run, output);
  if (values.svg) {
    const written = writeSvgPlots(input, resolve(io.cwd, values.svg));
    io.stderr(`wrote ${written.length} SVG plot(s) to ${values.svg}\n`);
  }
  if (!values.json) {
    // As typed from here: the Reproduction block and the closing line name the file relative to the cwd.
    const shown = displayPath(io.cwd, file);
    const text = render(
      { ...input, resultsFile: shown, colour: io.colour === true },
      parseFormat(values.format),
    );
    io.stdout(text.endsWith('\n') ? text : `${text}\n`);
    io.stderr(`results: ${shown}\n`);
  }
  return input;
}
