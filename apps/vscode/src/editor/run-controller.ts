/**
 * Starts, follows and cancels runner processes, one at a time: progress notification with cancellation, the raw
 * log in the output channel, every event into the {@link ResultsStore}. The last request is kept for Re-run Last,
 * which resumes an interrupted run from its results file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { shellQuote } from '@tombstone-lab/bench/runner';
import * as vscode from 'vscode';
import { resumedCases } from '../model/protocol.js';
import type { ResultsStore } from '../model/results-store.js';
import { describeRequest, type RunRequest, runnerArgs } from '../model/runner-args.js';
import { type RunnerHandle, startRunner } from '../runner/bench-process.js';
import type { RunnerLocation } from '../runner/locate-runner.js';
import { benchSettings } from './settings.js';
import { runnerFor } from './workspace-runner.js';

/** The previous run, for Re-run Last. */
interface LastRun {
  request: RunRequest;
  resultsFile: string;
  interrupted: boolean;
}

function stamp(): string {
  return new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
}

/** A run that started, and a promise that settles when its runner has exited. */
export interface StartedRun {
  request: RunRequest;
  finished: Promise<void>;
}

/** Runs benchmarks for the editor. */
export class RunController implements vscode.Disposable {
  private handle: RunnerHandle | null = null;
  private last: LastRun | null = null;
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
    let resultsFile: string;
    try {
      const first = request.files[0];
      if (first === undefined) throw new Error('no bench file to run');
      runner = runnerFor(first);
      resultsFile = resume ?? join(runner.cwd, '.tombstone-bench', `vscode-${stamp()}.json`);
      const settings = benchSettings();
      args = runnerArgs(request, settings, resultsFile, resume !== undefined);
      this.store.beginRun({ command: args });
    } catch (e) {
      void vscode.window.showErrorMessage(`Tombstone Bench: ${(e as Error).message}`);
      return false;
    }
    this.last = { request, resultsFile, interrupted: false };
    const finished = this.follow(request, runner, args);
    this.started.fire({ request, finished });
    await finished;
    return true;
  }

  private async follow(request: RunRequest, runner: RunnerLocation, args: string[]): Promise<void> {
    this.log.appendLine(`$ cd ${shellQuote([runner.cwd])} && ${shellQuote([runner.bin, ...args])}`);
    const title = `Tombstone Bench: ${describeRequest(request)}`;
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title, cancellable: true },
      async (progress, token) => {
        let reported = 0;
        const handle = startRunner(runner.bin, args, runner.cwd, {
          onEvent: (event) => {
            this.store.apply(event);
            if (event.type === 'run-started' && event.completedForks > 0) this.prefill(event.resultsFile);
            if (event.type === 'sample-finished') {
              const pct = (event.completed / Math.max(event.total, 1)) * 100;
              progress.report({
                increment: pct - reported,
                message: `${event.completed}/${event.total} forks · ${event.key}`,
              });
              reported = pct;
            }
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
        this.store.processEnded(exit.exitCode, exit.cancelled);
        this.log.appendLine(`[extension] runner exited with ${exit.exitCode ?? exit.signal}`);
        this.finished(exit.cancelled);
      },
    );
  }

  private finished(cancelled: boolean): void {
    const run = this.store.run;
    if (this.last) this.last.interrupted = cancelled || run?.status === 'interrupted';
    if (run?.errors.length) {
      void vscode.window
        .showErrorMessage(`Tombstone Bench: ${run.errors[0]}`, 'Show Log')
        .then((pick) => pick && this.log.show());
    } else if (this.last?.interrupted) {
      void vscode.window.showInformationMessage(
        `Tombstone Bench: run cancelled; results so far in ${this.last.resultsFile} (Re-run Last resumes it).`,
      );
    }
  }

  /** Per-case forks of a resumed run, from its results file (the runner wrote it atomically before starting). */
  private prefill(file: string): void {
    try {
      const raw = JSON.parse(readFileSync(file, 'utf8')) as { benchmarks?: unknown };
      this.store.resumed(resumedCases(raw));
    } catch (e) {
      this.log.appendLine(
        `[extension] could not read the resumed results file ${file}: ${(e as Error).message}`,
      );
    }
  }

  /** Cancels the run in progress; resolves when its process tree is gone. */
  async cancel(): Promise<void> {
    const h = this.handle;
    if (!h) return;
    this.log.appendLine(`[extension] cancelling runner ${h.pid}`);
    await h.cancel();
  }

  /** Re-runs the last request; an interrupted run is resumed from its results file. */
  async rerunLast(): Promise<void> {
    const last = this.last;
    if (!last) {
      void vscode.window.showInformationMessage('Tombstone Bench: nothing has run yet.');
      return;
    }
    await this.run(last.request, last.interrupted ? last.resultsFile : undefined);
  }

  dispose(): void {
    void this.cancel();
    this.started.dispose();
  }
}
