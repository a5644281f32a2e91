/**
 * Starts, follows and cancels runner processes, one at a time: progress notification with cancellation (what the
 * runner is preparing, then forks done), the runner's readable report and log in the output channel, every event
 * into the {@link ResultsStore}. The last request is kept for Re-run Last, which resumes an interrupted run from its
 * results file — only when the runner wrote one (a run cancelled before its first fork has none).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parseCalibrationSummary } from '@tombstone-lab/bench/protocol';
import { shellQuote } from '@tombstone-lab/bench/runner';
import * as vscode from 'vscode';
import { calibrationText } from '../model/calibration.js';
import { firstLine } from '../model/case-text.js';
import { measuredSources } from '../model/measured-sources.js';
import { designFallbacks, resumedCases } from '../model/protocol.js';
import type { ResultsStore, RunState } from '../model/results-store.js';
import { describeRequest, preparingPhase, type RunRequest, runnerArgs } from '../model/runner-args.js';
import { type RunnerHandle, startRunner } from '../runner/bench-process.js';
import type { RunnerLocation } from '../runner/locate-runner.js';
import { rememberSources } from './measured-memory.js';
import { BenchProblems } from './problems.js';
import { benchSettings } from './settings.js';
import { diskText } from './staleness.js';
import { runnerFor } from './workspace-runner.js';

/** The previous run, for Re-run Last. */
interface LastRun {
  request: RunRequest;
  /** The results file to resume, when the previous run was interrupted after the runner wrote it. */
  resumable: string | null;
}

function stamp(): string {
  return new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
}

/** A run that started, and a promise that settles when its runner has exited. */
export interface StartedRun {
  request: RunRequest;
  finished: Promise<void>;
}

type Progress = vscode.Progress<{ message?: string; increment?: number }>;

/** Runs benchmarks for the editor. */
export class RunController implements vscode.Disposable {
  private handle: RunnerHandle | null = null;
  private last: LastRun | null = null;
  private readonly problems = new BenchProblems();
  private readonly started = new vscode.EventEmitter<StartedRun>();
  /** Fires when a runner starts (from a command, a lens or the Test Explorer). */
  readonly onDidStartRun = this.started.event;

  constructor(
    private readonly store: ResultsStore,
    private readonly log: vscode.OutputChannel,
  ) {}

  /** Whether a run is in progress. */
  get running(): boolean {
    return this.handle !== null;
  }

  /** Runs `request`; resolves when the runner has exited (false when it could not start). */
  async run(request: RunRequest, resume?: string): Promise<boolean> {
    if (!vscode.workspace.isTrusted) {
      void vscode.window.showErrorMessage('Tombstone Bench runs nothing in an untrusted workspace.');
      return false;
    }
    if (this.handle) {
      void vscode.window.showWarningMessage(
        'A benchmark run is already in progress (Tombstone Bench: Cancel Run).',
      );
      return false;
    }
    let args: string[];
    let runner: RunnerLocation;
    let output: string;
    let events: string;
    try {
      const first = request.files[0];
      if (first === undefined) throw new Error('no bench file to run');
      runner = runnerFor(first);
      const name = request.kind === 'calibrate' ? `calibration-${stamp()}` : `vscode-${stamp()}.json`;
      output = resume ?? join(runner.cwd, '.tombstone-bench', name);
      const settings = benchSettings();
      events = join(mkdtempSync(join(tmpdir(), 'tombstone-bench-events-')), 'events.ndjson');
      args = runnerArgs(request, settings, { output, events, resume: resume !== undefined });
    } catch (e) {
      void vscode.window.showErrorMessage(`Tombstone Bench: ${(e as Error).message}`);
      return false;
    }
    this.problems.clear();
    // The code the runner is about to read from disk (the commands saved the bench file): its results are stale once
    // that code is not the code in the editor. A calibration measures the machine, not the code.
    const sources =
      request.kind === 'calibrate' ? undefined : measuredSources(request.files, diskText, existsSync);
    const entry = this.store.beginRun({
      command: args,
      files: request.files,
      label: describeRequest(request),
      phase: resume ? `resuming ${basename(resume)}…` : preparingPhase(request),
      ...(sources ? { sources } : {}),
    });
    this.last = { request, resumable: null };
    const finished = this.follow(request, entry, runner, args, output, events).finally(() =>
      rmSync(join(events, '..'), { recursive: true, force: true }),
    );
    this.started.fire({ request, finished });
    await finished;
    return true;
  }

  private async follow(
    request: RunRequest,
    entry: RunState,
    runner: RunnerLocation,
    args: string[],
    output: string,
    events: string,
  ): Promise<void> {
    this.log.appendLine(`$ cd ${shellQuote([runner.cwd])} && ${shellQuote([runner.bin, ...args])}`);
    const title = `Tombstone Bench (${describeRequest(request)})`;
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title, cancellable: true },
      async (progress, token) => {
        progress.report({ message: this.store.current?.phase ?? undefined });
        const handle = startRunner(runner.bin, args, runner.cwd, events, {
          onEvent: (event) => {
            if (request.kind === 'calibrate') this.calibrationProgress(event, progress);
            else this.store.apply(event);
            if (event.type === 'run-started' && event.completedForks > 0) this.prefill(event.resultsFile);
            if (event.type === 'sample-finished' || event.type === 'run-started') this.report(progress);
          },
          onLog: (line) => this.log.appendLine(line),
          onProtocolError: (e) => this.log.appendLine(`[extension] ${e.message}`),
        });
        this.handle = handle;
        void vscode.commands.executeCommand('setContext', 'tombstoneBench.running', true);
        const sub = token.onCancellationRequested(() => void this.cancel());
        const exit = await handle.exited;
        sub.dispose();
        this.handle = null;
        void vscode.commands.executeCommand('setContext', 'tombstoneBench.running', false);
        this.store.processEnded(exit.exitCode, exit.cancelled, entry);
        this.log.appendLine(`[extension] runner exited with ${exit.exitCode ?? exit.signal}`);
        // The run's own entry: once its run-finished came it is no longer the store's current run.
        this.finished(request, entry, output, runner.cwd);
      },
    );
  }

  /** `7/20 forks · Suite.bench[size=1]`, with the notification's bar moved to match. */
  private reported = 0;
  private report(progress: Progress): void {
    const run = this.store.current;
    if (!run || run.total === 0) return;
    const pct = (run.completed / run.total) * 100;
    const increment = pct - this.reported;
    this.reported = pct;
    progress.report({ increment, message: `${run.completed}/${run.total} forks · ${run.label}` });
  }

  /** A calibration's runs do not replace the benchmarks' results: only its progress is shown. */
  private calibrationRuns = 0;
  private calibrationProgress(event: Parameters<ResultsStore['apply']>[0], progress: Progress): void {
    if (event.type === 'error') this.store.apply(event);
    if (event.type === 'run-started') this.calibrationRuns++;
    if (event.type === 'run-started' || event.type === 'sample-finished') {
      const forks =
        event.type === 'run-started' ? `0/${event.totalForks}` : `${event.completed}/${event.total}`;
      const phase = `A/A calibration run ${this.calibrationRuns} · ${forks} forks`;
      this.store.setPhase(phase);
      progress.report({ message: phase });
    }
  }

  private finished(request: RunRequest, run: RunState, output: string, cwd: string): void {
    this.reported = 0;
    this.calibrationRuns = 0;
    if (run.resultsFile && run.sources) rememberSources(run.resultsFile, run.sources);
    const showLog = (pick: string | undefined) => pick && this.log.show(true);
    if (run.cancelled) {
      // Resumable only when the runner wrote its results file (it does so when the first fork starts).
      const file = run.resultsFile;
      const resumable = request.kind !== 'calibrate' && file !== null && existsSync(file) ? file : null;
      if (this.last) this.last.resumable = resumable;
      void vscode.window.showInformationMessage(
        resumable
          ? `Tombstone Bench: cancelled; results so far in ${resumable} (Re-run Last resumes it).`
          : 'Tombstone Bench: cancelled before the first fork; nothing was measured (Re-run Last starts again).',
      );
      return;
    }
    if (run.errors.length > 0) {
      this.problems.show(run.diagnostics, cwd);
      this.showFailure(run, showLog);
      return;
    }
    if (request.kind === 'calibrate') this.showCalibration(request, output);
    else this.readDesigns(run);
  }

  /**
   * The benchmarks that fell back to one side per fork, with the runner's reason: only its results file says so
   * (the hover and the results view name it). A file that cannot be read leaves the cases as they are: their
   * verdicts still name the design.
   */
  private readDesigns(run: RunState): void {
    const file = run.resultsFile;
    if (!file || !existsSync(file)) return;
    try {
      this.store.setDesigns(run, designFallbacks(readFileSync(file, 'utf8')));
    } catch (e) {
      this.log.appendLine(`[extension] could not read the designs of ${file}: ${(e as Error).message}`);
    }
  }

  /**
   * The toast of a failed run. The status bar keeps saying the run failed after it is gone; located errors are in
   * the Problems panel (the advice is what the editor can do: fix them there and run again), the rest in the output.
   */
  private showFailure(run: RunState, showLog: (pick: string | undefined) => unknown): void {
    const text = `Tombstone Bench: ${firstLine(run.errors[0]!, 200)}`;
    if (run.diagnostics.length === 0) {
      void vscode.window.showErrorMessage(text, 'Show Output').then(showLog);
      return;
    }
    void vscode.window
      .showErrorMessage(`${text} — fix it and run again.`, 'Show Problems', 'Show Output')
      .then((pick) =>
        pick === 'Show Problems'
          ? vscode.commands.executeCommand('workbench.actions.view.problems')
          : showLog(pick),
      );
  }

  private showCalibration(request: RunRequest, dir: string): void {
    try {
      const summary = parseCalibrationSummary(readFileSync(join(dir, 'calibration.json'), 'utf8'));
      const files = request.files.map((f) => basename(f)).join(', ');
      void vscode.window.showInformationMessage(calibrationText(summary, files));
    } catch (e) {
      void vscode.window.showErrorMessage(`Tombstone Bench: calibration: ${(e as Error).message}`);
    }
  }

  /** Per-case forks of a resumed run, from its results file (the runner wrote it atomically before starting). */
  private prefill(file: string): void {
    try {
      this.store.resumed(resumedCases(readFileSync(file, 'utf8')));
    } catch (e) {
      this.log.appendLine(
        `[extension] could not read the resumed results file ${file}: ${(e as Error).message}`,
      );
    }
  }

  /** Forgets the errors of the last run in the Problems panel (Clear Results). */
  clearProblems(): void {
    this.problems.clear();
  }

  /** Cancels the run in progress; resolves when its process tree is gone. */
  async cancel(): Promise<void> {
    const h = this.handle;
    if (!h) return;
    this.log.appendLine(`[extension] cancelling runner ${h.pid}`);
    this.store.setPhase('cancelling…');
    await h.cancel();
  }

  /** Re-runs the last request; an interrupted run with a results file is resumed from it. */
  async rerunLast(): Promise<void> {
    const last = this.last;
    if (!last) {
      void vscode.window.showInformationMessage('Tombstone Bench: nothing has run yet.');
      return;
    }
    await this.run(last.request, last.resumable ?? undefined);
  }

  dispose(): void {
    void this.cancel();
    this.problems.dispose();
    this.started.dispose();
  }
}
