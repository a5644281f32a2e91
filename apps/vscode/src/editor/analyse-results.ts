/**
 * A saved results file analysed by the workspace's runner (`report --format json --svg`): the runner's own
 * statistics — the final verdicts, Holm-adjusted across the run — and its SVG plots.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { parseResults, type ResultsDocument } from '../model/protocol.js';
import { reportAnalysisArgs } from '../model/report-options.js';
import type { RunnerPlot } from '../model/results-html.js';
import { runnerFor } from './workspace-runner.js';

/** Analyses a saved results file with the workspace's runner: the document and the runner's SVG plots. */
export async function analyseResults(file: string): Promise<{ doc: ResultsDocument; plots: RunnerPlot[] }> {
  if (!vscode.workspace.isTrusted)
    throw new Error('analysing results runs the workspace runner: trust the workspace first');
  const runner = runnerFor(file);
  const raw = JSON.parse(readFileSync(file, 'utf8')) as { benchmarks?: [] };
  const svgDir = mkdtempSync(join(tmpdir(), 'tombstone-bench-svg-'));
  try {
    const args = [
      'report',
      file,
      '--format=json',
      `--svg=${svgDir}`,
      ...reportAnalysisArgs(raw.benchmarks ?? []),
    ];
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        runner.bin,
        args,
        { cwd: runner.cwd, maxBuffer: 256 * 1024 * 1024, shell: false },
        (err, out, errText) => {
          // `report` exits 1 when a benchmark is Lost: the document is still complete.
          if (err && !out.trim().startsWith('{'))
            reject(new Error(`tombstone-bench report failed: ${errText || err.message}`));
          else resolve(out);
        },
      );
    });
    const plots = readdirSync(svgDir)
      .filter((n) => n.endsWith('.svg'))
      .sort()
      .map((name) => ({ name, svg: readFileSync(join(svgDir, name), 'utf8') }));
    return { doc: parseResults(stdout), plots };
  } finally {
    rmSync(svgDir, { recursive: true, force: true });
  }
}
