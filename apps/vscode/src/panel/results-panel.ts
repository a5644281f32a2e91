/**
 * Opens a results file: the runner analyses it (`report --format json --svg`, the runner's own statistics and
 * plots), the store takes its cases (so lenses and hovers show saved results), and a webview shows the page.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import * as vscode from 'vscode';
import { runnerFor } from '../editor/run-controller.js';
import { parseResults, type ResultsDocument, savedCases } from '../model/protocol.js';
import { reportAnalysisArgs } from '../model/report-options.js';
import { type RunnerPlot, resultsHtml } from '../model/results-html.js';
import type { ResultsStore } from '../model/results-store.js';

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

/** Loads `file` into the store and shows it in the results view. */
export async function openResultsPanel(store: ResultsStore, file: string): Promise<vscode.WebviewPanel> {
  const { doc, plots } = await analyseResults(file);
  const { cases, limits } = savedCases(doc);
  store.load(cases, limits, file, doc.invocation?.argv.slice(1) ?? []);
  const panel = vscode.window.createWebviewPanel(
    'tombstoneBench.results',
    `Bench: ${basename(file)}`,
    vscode.ViewColumn.Beside,
    { enableScripts: false },
  );
  panel.webview.html = resultsHtml(
    doc,
    plots,
    `Benchmark results · ${basename(file)}`,
    panel.webview.cspSource,
  );
  return panel;
}
