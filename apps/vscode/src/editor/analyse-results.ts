/**
 * A saved results file analysed for the results view. In a trusted workspace the workspace's runner does it
 * (`report --format json --svg`: its statistics — the final verdicts, Holm-adjusted across the run — and its SVG
 * plots). In an untrusted workspace nothing of the workspace may run, so the engine bundled with the extension reads
 * and analyses the file (`readRun`, `analyseRun` of @tombstone-lab/bench/runner: pure statistics, no plots).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyseRun, readRun } from '@tombstone-lab/bench/runner';
import * as vscode from 'vscode';
import { PROTOCOL_VERSION, parseResults, type ResultsDocument } from '../model/protocol.js';
import { reportAnalysisArgs } from '../model/report-options.js';
import type { RunnerPlot } from '../model/results-html.js';
import { RunnerNotFoundError } from '../runner/locate-runner.js';
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
      doc: bundledAnalysis(file),
      plots: [],
      plotsNote: 'plots need a trusted workspace (they run its runner)',
    };
  try {
    return { ...(await runnerAnalysis(file)), plotsNote: null };
  } catch (e) {
    if (!(e instanceof RunnerNotFoundError)) throw e;
    return { doc: bundledAnalysis(file), plots: [], plotsNote: `no plots: ${e.message}` };
  }
}

/** The results document built by the extension's own copy of the engine (nothing of the workspace runs). */
export function bundledAnalysis(file: string): ResultsDocument {
  const run = readRun(file);
  const doc = { ...run, schemaVersion: PROTOCOL_VERSION, analysis: analyseRun(run).report };
  // Through JSON as the runner writes it (non-finite numbers → null), then the same validation as its output.
  return parseResults(
    JSON.stringify(doc, (_k, v) => (typeof v === 'number' && !Number.isFinite(v) ? null : v)),
  );
}

async function runnerAnalysis(file: string): Promise<{ doc: ResultsDocument; plots: RunnerPlot[] }> {
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
