/**
 * A saved results file analysed for the results view. In a trusted workspace the workspace's runner does it
 * (`report --format json --svg`: its statistics — the final verdicts, Holm-adjusted across the run — and its SVG
 * plots). In an untrusted workspace nothing of the workspace may run, so the engine bundled with the extension reads
 * and analyses the file ({@link analyseSavedFile}: pure statistics, no plots).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRun } from '@tombstone-lab/bench/runner';
import * as vscode from 'vscode';
import { parseResults, type ResultsDocument } from '../model/protocol.js';
import { reportAnalysisArgs } from '../model/report-options.js';
import type { RunnerPlot } from '../model/results-html.js';
import { analyseSavedFile } from '../model/saved-results.js';
import { RunnerNotFoundError } from '../runner/locate-runner.js';
import { runCommand } from '../runner/processes.js';
import { runnerFor } from './workspace-runner.js';

/** What the results view shows of a file. */
export interface AnalysedResults {
  doc: ResultsDocument;
  plots: RunnerPlot[];
  /** Why there are no plots (untrusted workspace, no runner installed), or null. */
  plotsNote: string | null;
}

/** Analyses a saved results file: with the workspace's runner when trusted, read-only with the bundled engine else. */
export async function analyseResults(file: string): Promise<AnalysedResults> {
  if (!vscode.workspace.isTrusted)
    return {
      doc: analyseSavedFile(file),
      plots: [],
      plotsNote: 'plots need a trusted workspace (they run its runner)',
    };
  try {
    return { ...(await runnerAnalysis(file)), plotsNote: null };
  } catch (e) {
    if (!(e instanceof RunnerNotFoundError)) throw e;
    return { doc: analyseSavedFile(file), plots: [], plotsNote: `no plots: ${e.message}` };
  }
}

async function runnerAnalysis(file: string): Promise<{ doc: ResultsDocument; plots: RunnerPlot[] }> {
  const runner = runnerFor(file);
  // The engine's reader: it knows every results version the runner does.
  const { benchmarks } = readRun(file);
  const svgDir = mkdtempSync(join(tmpdir(), 'tombstone-bench-svg-'));
  try {
    const args = ['report', file, '--format=json', `--svg=${svgDir}`, ...reportAnalysisArgs(benchmarks)];
    const r = await runCommand(runner.bin, args, { cwd: runner.cwd, maxBuffer: 256 * 1024 * 1024 });
    // `report` exits 1 when a benchmark is Lost: the document is still complete.
    if (r.error && !r.stdout.trim().startsWith('{'))
      throw new Error(`tombstone-bench report failed: ${r.stderr || r.error.message}`);
    const plots = readdirSync(svgDir)
      .filter((n) => n.endsWith('.svg'))
      .sort()
      .map((name) => ({ name, svg: readFileSync(join(svgDir, name), 'utf8') }));
    return { doc: parseResults(r.stdout), plots };
  } finally {
    rmSync(svgDir, { recursive: true, force: true });
  }
}
