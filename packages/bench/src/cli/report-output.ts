/** Printing an analysed run: SVG plots (`--svg`), the report in `--format` (unless `--json`), where it is stored. */
import { resolve } from 'node:path';
import type { AnalysedRun } from '../analyse/analyse-run.js';
import { parseFormat, render, writeSvgPlots } from '../report/output.js';
import { displayPath } from '../run/resume-files.js';
import type { CliValues } from './cli-options.js';
import type { CliIo } from './io.js';

/** Prints an analysed run as the options ask (it is not analysed again here: the engine or `report` did that once). */
export function printReport(io: CliIo, values: CliValues, input: AnalysedRun, file: string): void {
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
}
