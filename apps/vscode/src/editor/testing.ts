/**
 * The Testing API view of benchmarks: suite (file) → benchmark → case. Two run profiles: compare the in-code
 * factor (default) and compare against a git ref. Results come from the same store as the inline surfaces.
 */
import * as vscode from 'vscode';
import { outcomeText, runTag } from '../model/case-text.js';
import type { CaseState, ResultsStore, RunState } from '../model/results-store.js';
import { describeRequest, type RunRequest } from '../model/runner-args.js';
import { type BenchmarkSite, filterFor, isCaseOf } from '../model/source-map.js';
import { testDescription, testVerdict } from '../model/test-state.js';
import type { RunController, StartedRun } from './run-controller.js';
import { surfaceSettings } from './settings.js';

/** Builds the request for the chosen benchmarks (or every file when `keys` is null); undefined = cancelled. */
type RequestFor = (files: string[], filter: string | undefined) => Promise<RunRequest | undefined>;

export class BenchTesting implements vscode.Disposable {
  readonly controller = vscode.tests.createTestController('tombstoneBench', 'Benchmarks');
  private readonly unsubscribe: () => void;
  private readonly onStart: vscode.Disposable;
  /** The test run a profile created for the run about to start. */
  private pending: vscode.TestRun | null = null;
  /** Runs already shown as a test run (live, or loaded from a file). */
  private readonly reportedRuns = new Set<number>();

  constructor(
    private readonly store: ResultsStore,
    private readonly runs: RunController,
    pickRef: () => Promise<string | undefined>,
  ) {
    const factor: RequestFor = async (files, filter) => ({
      kind: 'factor',
      files,
      ...(filter ? { filter } : {}),
    });
    const revision: RequestFor = async (files, filter) => {
      const baseline = await pickRef();
      return baseline ? { kind: 'revision', baseline, files, ...(filter ? { filter } : {}) } : undefined;
    };
    const kind = vscode.TestRunProfileKind.Run;
    this.controller.createRunProfile(
      'Compare in-code factor',
      kind,
      (r, t) => this.runTests(r, t, factor),
      true,
    );
    this.controller.createRunProfile('Compare against git ref…', kind, (r, t) =>
      this.runTests(r, t, revision),
    );
    this.unsubscribe = store.onChange(() => this.syncCases());
    this.onStart = runs.onDidStartRun((started) => void this.track(started));
  }

  /** Replaces the discovered benchmarks (file → sites); a file found by the fallback scan shows why (`reasons`). */
  setSites(sites: Map<string, BenchmarkSite[]>, reasons: ReadonlyMap<string, string> = new Map()): void {
    const files: vscode.TestItem[] = [];
    for (const [file, list] of sites) {
      if (list.length === 0) continue;
      const uri = vscode.Uri.file(file);
      const fileItem = this.controller.createTestItem(file, list[0]!.suite, uri);
      fileItem.description = vscode.workspace.asRelativePath(uri);
      const reason = reasons.get(file);
      if (reason) fileItem.error = reason;
      for (const site of list) {
        const item = this.controller.createTestItem(site.key, site.name, uri);
        item.range = new vscode.Range(site.line - 1, site.column - 1, site.line - 1, site.column - 1);
        fileItem.children.add(item);
      }
      files.push(fileItem);
    }
    this.controller.items.replace(files);
    this.syncCases();
  }

  private siteItems(): vscode.TestItem[] {
    const out: vscode.TestItem[] = [];
    this.controller.items.forEach((f) => {
      f.children.forEach((s) => {
        out.push(s);
      });
    });
    return out;
  }

  /**
   * Each benchmark's case items are the cases of its newest run (an earlier run's other cases — an in-code run's
   * `[size=512]` beside a compare's `[size=512,variant=a]` — go), each described from that run.
   */
  private syncCases(): void {
    for (const site of this.siteItems()) {
      const cases = this.store.newestCases((key) => isCaseOf(key, site.id));
      const keep = new Set(cases.map((c) => c.key));
      const stale: string[] = [];
      site.children.forEach((item) => {
        if (!keep.has(item.id)) stale.push(item.id);
      });
      for (const id of stale) site.children.delete(id);
      for (const c of cases) {
        let item = site.children.get(c.key);
        if (!item) {
          item = this.controller.createTestItem(c.key, c.key.slice(site.id.length) || '(default)', site.uri);
          item.range = site.range;
          site.children.add(item);
        }
        item.description = testDescription(c);
      }
    }
    this.reportLoaded();
  }

  /**
   * Saved runs just opened or restored after a reload are shown as one test run, oldest first, so icons follow each
   * benchmark's newest run.
   */
  private reportLoaded(): void {
    const loaded = this.store
      .runs()
      .reverse()
      .filter(
        (r) =>
          !this.reportedRuns.has(r.id) &&
          r.keys.length > 0 &&
          (r.status === 'finished' || r.status === 'interrupted'),
      );
    if (loaded.length === 0) return;
    for (const r of loaded) this.reportedRuns.add(r.id);
    const name = loaded.length === 1 ? runTag(loaded[0]!) : `${loaded.length} saved runs`;
    const run = this.controller.createTestRun(new vscode.TestRunRequest(), name, false);
    for (const r of loaded) this.reportCases(run, r, new Map());
    run.end();
  }

  private async runTests(req: vscode.TestRunRequest, token: vscode.CancellationToken, build: RequestFor) {
    const keys = new Set<string>();
    const files = new Set<string>();
    const add = (item: vscode.TestItem) => {
      const site = this.siteItems().find((s) => s.id === item.id || isCaseOf(item.id, s.id));
      if (site?.uri) {
        keys.add(site.id);
        files.add(site.uri.fsPath);
      } else item.children.forEach(add);
    };
    if (req.include) req.include.forEach(add);
    else this.controller.items.forEach(add);
    const request = await build([...files], req.include ? filterFor([...keys]) : undefined);
    if (!request || files.size === 0) return;
    const run = this.controller.createTestRun(req);
    this.pending = run;
    const cancel = token.onCancellationRequested(() => void this.runs.cancel());
    try {
      await this.runs.run(request);
    } finally {
      cancel.dispose();
      this.pending = null;
      run.end();
    }
  }

  /** Every run, however started, is shown as a test run: cases report as they finish. */
  private async track(started: StartedRun): Promise<void> {
    const entry = this.store.current;
    if (entry) this.reportedRuns.add(entry.id);
    // A calibration measures the machine, not these benchmarks: no test run (it showed an empty `0/0` one).
    if (started.request.kind === 'calibrate') return;
    const run =
      this.pending ??
      this.controller.createTestRun(new vscode.TestRunRequest(), describeRequest(started.request), false);
    const owned = this.pending === null;
    this.pending = null;
    const reported = new Map<string, string>();
    const report = () => entry && this.reportCases(run, entry, reported);
    const unsubscribe = this.store.onChange(report);
    try {
      await started.finished;
      report();
      if (entry) this.reportFailure(run, entry);
    } finally {
      unsubscribe();
      if (owned) run.end();
    }
  }

  /** A run that failed before measuring (type errors, a failed build) marks its files' benchmarks errored. */
  private reportFailure(run: vscode.TestRun, entry: RunState): void {
    if (entry.status !== 'failed' || entry.keys.length > 0) return;
    const message = new vscode.TestMessage(`Run failed: ${entry.errors.join('\n') || 'the runner failed'}`);
    for (const site of this.siteItems())
      if (site.uri && entry.files.includes(site.uri.fsPath)) run.errored(site, message);
  }

  private caseItem(key: string): vscode.TestItem | undefined {
    const parent = this.siteItems().find((s) => isCaseOf(key, s.id));
    return parent?.children.get(key);
  }

  /**
   * Reports each case of the run once it has a state; again if its final verdict differs from the live one (the
   * final analysis adjusts p across the run's benchmarks). A case's state is always its state in this run.
   */
  private reportCases(run: vscode.TestRun, entry: RunState, reported: Map<string, string>): void {
    const lostFails = surfaceSettings().lostFails;
    for (const key of entry.keys) {
      const item = this.caseItem(key);
      const c: CaseState | undefined = entry.cases.get(key);
      if (!item || !c) continue;
      const verdict = testVerdict(c, lostFails);
      const stamp = verdict
        ? `${verdict.state}:${outcomeText(c) ?? ''}:${c.limits.correction ?? ''}`
        : c.status;
      if (reported.get(key) === stamp) continue;
      reported.set(key, stamp);
      if (!verdict) {
        if (c.status === 'queued') run.enqueued(item);
        else if (c.status === 'running') run.started(item);
      } else if (verdict.state === 'passed') run.passed(item);
      else if (verdict.state === 'skipped') run.skipped(item);
      else {
        const message = new vscode.TestMessage(new vscode.MarkdownString(verdict.message));
        if (verdict.state === 'failed') run.failed(item, message);
        else run.errored(item, message);
      }
    }
  }

  /**
   * Forgets every result (Clear Results): the explorer's states (Passed, Errored rows) and the editor's gutter icons
   * go too. `invalidateTestResults` alone only marks them outdated — they stayed on screen (issue 36) — and the
   * Testing API has no call that removes a controller's results: the workbench's own Clear All Results does.
   */
  async clearResults(): Promise<void> {
    this.controller.invalidateTestResults();
    this.syncCases();
    await vscode.commands.executeCommand('testing.clearTestResults');
  }

  dispose(): void {
    this.unsubscribe();
    this.onStart.dispose();
    this.controller.dispose();
  }
}
