/** Printing an analysed run: SVG plots (`--svg`), the report in `--format` (unless `--json`), where it is stored. */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AnalysedRun } from '../analyse/analyse-run.js';
import { parseFormat, render, svgPlots } from '../report/output.js';
import { ensureDirectory } from '../results/directories.js';
import { displayPath } from '../shell-quote.js';
import type { CliValues } from './cli-options.js';
import type { CliIo } from './io.js';

/** Writes the SVG plots of an analysed run into `dir`; returns the files written. */
function writeSvgPlots(input: AnalysedRun, dir: string, shown: string): string[] {
  ensureDirectory(dir, '--svg', shown);
  return svgPlots(input).map(([name, svg]) => {
    const path = join(dir, name);
    writeFileSync(path, svg);
    return path;
  });
}

/** Prints an analysed run as the options ask (it is not analysed again here: the engine or `report` did that once). */
export function printReport(io: CliIo, values: CliValues, input: AnalysedRun, file: string): void {
  if (values.svg) {
    const dir = resolve(io.cwd, values.svg);
    const written = writeSvgPlots(input, dir, displayPath(io.cwd, dir));
    io.stderr(`wrote ${written.length} SVG plot(s) to ${displayPath(io.cwd, dir)}\n`);
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
