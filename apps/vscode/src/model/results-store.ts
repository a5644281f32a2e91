/**
 * What the editor knows, built only from the runner's events and saved results, kept per run: each run (its files,
 * its in-code factor or git ref, its start time) is the unit. Every surface (lens, decoration, hover, Test Explorer,
 * status bar) shows the newest run that measured a benchmark, with that run's label; older runs stay in
 * {@link ResultsStore.runs} for the results view. Pure (no `vscode`), so every surface renders from the same state
 * and tests need no editor.
 */

import {
  type BenchDiagnostic,
  diagnosticsHeadline,
  diagnosticText,
  errorDiagnostics,
} from '@tombstone-lab/bench/protocol';
import type {
  BenchEvent,
  BenchmarkVerdict,
  Comparison,
  Role,
  RunSummary,
  Sample,
  SampleFailure,
  Side,
  SideSummary,
} from './bench-types.js';
import type { VerdictLimits } from './format.js';
import type { SourceDigests } from './measured-sources.js';

/** Where a case stands. */
export type CaseStatus = 'queued' | 'running' | 'done' | 'cancelled';

/** The run a case belongs to, as surfaces name it. */
export interface RunLabel {
  /** Local sequence number (newer runs have larger ids). */
  id: number;
  /** `vs HEAD~1`, `impl: eager → cow`, `A/A`. */
  label: string;
  startedAt: Date;
  /** Restored from its results file when the editor started (not run in this session). */
  saved?: boolean;
  /** The code it measured, by content (see measured-sources.ts); unknown for a run the editor did not start. */
  sources?: SourceDigests;
}

/**
 * A benchmark measured with another design than its run asked for (its results-file record's `design`): `forks`
 * (one side per fork) where the run asked for paired forks, and why.
 */
export interface DesignFallback {
  kind: 'paired' | 'forks';
  reason: string;
}

/** Everything known about one benchmark case (one key) in one run. */
export interface CaseState {
  key: string;
  role: Role;
  labels: Record<Side, string>;
  status: CaseStatus;
  /** Forks finished for this case (samples + failures) and forks planned. */
  done: number;
  total: number;
  samples: Sample[];
  failures: SampleFailure[];
  /** Forks not run because a side reached the runner's failure limit. */
  skipped: number;
  /** The runner's per-side figures (allocation, GC, warm-up) once the case finished. */
  sides: Record<Side, SideSummary> | null;
  verdict: BenchmarkVerdict | null;
  /** Set when it fell back to another design than the run's (read from the results file once it is written). */
  design: DesignFallback | null;
  limits: VerdictLimits;
  /** The runner command that produced it (argv after the executable), for the reproduction line. */
  command: readonly string[];
  resultsFile: string;
  /** The run that measured it. */
  run: RunLabel;
}

/** What a run is doing. */
export type RunStatus = 'preparing' | 'running' | 'finished' | 'interrupted' | 'failed';

/** One run: started by the extension, or loaded from a saved results file. */
export interface RunState extends RunLabel {
  runId: string | null;
  resultsFile: string | null;
  status: RunStatus;
  /** What the runner is doing before its first fork: `building baseline HEAD~1…`. */
  phase: string | null;
  completed: number;
  total: number;
  exitCode: number | null;
  /** The bench files it runs. */
  files: readonly string[];
  /** The case keys this run measures (from its run-started event), in order. */
  keys: string[];
  /** Errors the runner reported (bad input, compile errors, build failures). */
  errors: string[];
  /** The located errors among them (type and syntax errors of bench files), for the Problems panel. */
  diagnostics: BenchDiagnostic[];
  /** Whether the user cancelled it. */
  cancelled: boolean;
  /** The runner's summary of the run (its verdict counts, gate, checks), once it analysed the whole run. */
  summary: RunSummary | null;
  /** The runner argv (after the executable), for the hover's reproduction line. */
  command: readonly string[];
  cases: Map<string, CaseState>;
}

/** How a run was started (what the events do not carry). */
export interface RunContext {
  command: readonly string[];
  files: readonly string[];
  /** The label until the runner's run-started names the comparison. */
  label: string;
  /** The first progress message (`building baseline HEAD~1…`). */
  phase: string;
  startedAt?: Date;
  /** The code the runner is about to measure, by content. */
  sources?: SourceDigests;
}

/** A saved case as read from a results document (`tombstone-bench report --format json`). */
export interface SavedCase {
  key: string;
  role: Role;
  labels: Record<Side, string>;
  samples: Sample[];
  failures: SampleFailure[];
  verdict: BenchmarkVerdict | null;
  /** The record's design fallback, when it has one. */
  design?: DesignFallback | null;
  /** `cancelled`: the run was interrupted before this case finished (it has no verdict); default `done`. */
  status?: 'done' | 'cancelled';
  /** Forks planned for the case (both sides); default: the forks it has. */
  total?: number;
}

/** A saved run as read from a results document. */
export interface SavedRun {
  cases: readonly SavedCase[];
  limits: VerdictLimits;
  /** The summary of the run's RunReport. */
  summary: RunSummary;
  resultsFile: string;
  command: readonly string[];
  label: string;
  startedAt: Date;
  files: readonly string[];
  /** Cancelled before it finished (the file has no `finishedAt`); default false. */
  interrupted?: boolean;
  /**
   * Restored after a reload: marked saved, and placed by its start time among the runs (a run of this session that
   * ended meanwhile stays newer).
   */
  saved?: boolean /** The code it measured, when the editor that started it recorded it. */;
  sources?: SourceDigests;
}

/** The label of a comparison: `vs HEAD~1`, `impl: eager → cow`, `A/A`. */
export function comparisonLabel(c: Comparison): string {
  if (c.kind === 'revision') return `vs ${c.baseline}`;
  if (c.kind === 'factor') return `${c.factor}: ${String(c.baseline)} → ${String(c.candidate)}`;
  return c.slowdown ? `A/A +${Math.round(c.slowdown * 100)}%` : 'A/A';
}

/** Every run, newest last; listeners hear every change. */
export class ResultsStore {
  private list: RunState[] = [];
  private nextId = 1;
  private readonly listeners = new Set<() => void>();

  /** Calls `fn` after every change; returns the unsubscribe function. */
  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Starts tracking a run the extension launched (call before its first event); it becomes the newest run. */
  beginRun(context: RunContext): RunState {
    const run = this.newRun(context.label, context.startedAt ?? new Date(), context.files, context.command);
    run.status = 'preparing';
    run.phase = context.phase;
    if (context.sources) run.sources = context.sources;
    this.list.push(run);
    this.changed();
    return run;
  }

  /** What the run in progress is doing before (or instead of) its forks: `building baseline HEAD~1…`. */
  setPhase(phase: string): void {
    const run = this.current;
    if (!run) return;
    run.phase = phase;
    this.changed();
  }

  /** Applies one runner event to the run in progress. */
  apply(event: BenchEvent): void {
    const run = this.current;
    if (!run) return;
    switch (event.type) {
      case 'run-started':
        this.started(run, event);
        break;
      case 'sample-finished':
        this.sampleFinished(run, event);
        break;
      case 'samples-skipped': {
        run.completed = event.completed;
        const c = run.cases.get(event.key);
        if (c) {
          c.skipped += event.count;
          c.done = c.samples.length + c.failures.length + c.skipped;
        }
        break;
      }
      case 'benchmark-finished': {
        const c = run.cases.get(event.key);
        if (c) {
          c.status = 'done';
          c.sides = event.sides;
          c.verdict = event.analysis ?? null;
        }
        break;
      }
      case 'run-finished':
        this.runFinished(run, event);
        break;
      case 'run-cancelled':
        run.status = 'interrupted';
        run.cancelled = true;
        run.exitCode = event.exitCode;
        run.phase = null;
        this.markCancelled(run);
        break;
      case 'error':
        run.errors.push(errorText(event));
        run.diagnostics.push(...errorDiagnostics(event));
        break;
    }
    this.changed();
  }

  /**
   * The runner process of `run` (default: the newest run) ended — exit code or signal —, after or without its
   * run-finished event (after it, the run is no longer {@link current}: it is passed, not looked up).
   */
  processEnded(exitCode: number | null, cancelled: boolean, run: RunState | null = this.run): void {
    if (!run) return;
    run.phase = null;
    if (cancelled) {
      run.cancelled = true;
      // A runner killed mid-preparation reports its own death (`tsc failed (exit SIGINT)`): that is the cancel.
      if (run.status === 'preparing') {
        run.errors = [];
        run.diagnostics = [];
      }
    }
    if (run.status === 'preparing' || run.status === 'running') {
      run.status = cancelled
        ? 'interrupted'
        : exitCode === 0 && run.errors.length === 0
          ? 'finished'
          : 'failed';
      run.exitCode = exitCode;
    }
    if (cancelled || run.status === 'failed') this.markCancelled(run);
    this.changed();
  }

  /**
   * Adds a saved run as the newest (below a run in progress); a run already known by its results file is replaced
   * where it stands, so opening an older run from the list does not make it the one the lenses show.
   */
  load(saved: SavedRun): RunState {
    const run = this.newRun(saved.label, saved.startedAt, saved.files, saved.command);
    if (saved.saved) run.saved = true;
    if (saved.sources) run.sources = saved.sources;
    run.status = saved.interrupted ? 'interrupted' : 'finished';
    run.cancelled = saved.interrupted === true;
    run.resultsFile = saved.resultsFile;
    // An interrupted run's summary counts its unmeasured cases as Invalid: it is counted from its cases instead.
    run.summary = saved.interrupted ? null : saved.summary;
    for (const s of saved.cases) {
      const done = s.samples.length + s.failures.length;
      run.keys.push(s.key);
      run.cases.set(s.key, {
        ...s,
        design: s.design ?? null,
        status: s.status ?? 'done',
        done,
        total: Math.max(s.total ?? done, done, 1),
        skipped: 0,
        sides: null,
        limits: saved.limits,
        command: saved.command,
        resultsFile: saved.resultsFile,
        run: labelOf(run),
      });
    }
    run.total = run.completed = [...run.cases.values()].reduce((k, c) => k + c.done, 0);
    const live = this.current;
    const known = this.list.findIndex((r) => r.resultsFile === saved.resultsFile && r !== live);
    if (known >= 0) {
      const before = this.list[known]!;
      run.id = before.id;
      if (before.saved) run.saved = true;
      if (before.sources && !run.sources) run.sources = before.sources;
      // One time per run: a run of this session keeps the time it was launched at (the file's is the runner's,
      // seconds later, and once read `14:03` where the lens had said `14:02`).
      run.startedAt = before.startedAt;
      for (const c of run.cases.values()) c.run = labelOf(run);
      this.list[known] = run;
    } else if (saved.saved) {
      const later = this.list.findIndex((r) => r === live || r.startedAt > saved.startedAt);
      this.list.splice(later < 0 ? this.list.length : later, 0, run);
    } else if (live) this.list.splice(this.list.indexOf(live), 0, run);
    else this.list.push(run);
    this.changed();
    return run;
  }
  /**
   * The design fallbacks of a run's cases, read from its results file once the runner wrote it (the events do not
   * carry them): a case not in `designs` got the run's design.
   */
  setDesigns(run: RunState, designs: ReadonlyMap<string, DesignFallback>): void {
    let changed = false;
    for (const [key, design] of designs) {
      const c = run.cases.get(key);
      if (c && (c.design?.kind !== design.kind || c.design.reason !== design.reason)) {
        c.design = design;
        changed = true;
      }
    }
    if (changed) this.changed();
  }

  /**
   * A resumed run: the forks its results file already holds, per case (run-started counts them only for the whole
   * run), so each case's progress reads `measuring 7/20` from where it stopped.
   */
  resumed(saved: ReadonlyArray<Pick<SavedCase, 'key' | 'samples' | 'failures'>>): void {
    const run = this.current;
    if (!run) return;
    for (const s of saved) {
      const c = run.cases.get(s.key);
      if (!c || c.done > 0) continue;
      c.samples = [...s.samples];
      c.failures = [...s.failures];
      c.done = c.samples.length + c.failures.length;
    }
    this.changed();
  }

  /** Forgets every run (a run in progress keeps going, with its cases forgotten so far). */
  clear(): void {
    const live = this.current;
    this.list = live ? [live] : [];
    this.changed();
  }

  /** The newest state of one case: from the newest run that measured it. */
  get(key: string): CaseState | undefined {
    for (let i = this.list.length - 1; i >= 0; i--) {
      const c = this.list[i]!.cases.get(key);
      if (c) return c;
    }
    return undefined;
  }

  /** The newest state of every known case (one per key), oldest run's cases first. */
  all(): CaseState[] {
    const newest = new Map<string, CaseState>();
    for (const run of this.list) for (const [key, c] of run.cases) newest.set(key, c);
    return [...newest.values()];
  }

  /**
   * The cases of one benchmark (or any set of keys) from the newest run that measured any of them: results of
   * different runs are never shown side by side as if they were one.
   */
  newestCases(matches: (key: string) => boolean): CaseState[] {
    for (let i = this.list.length - 1; i >= 0; i--) {
      const mine = [...this.list[i]!.cases.values()].filter((c) => matches(c.key));
      if (mine.length > 0) return mine;
    }
    return [];
  }

  /** Every run, newest first. */
  runs(): RunState[] {
    return [...this.list].reverse();
  }

  /** The newest run (in progress or last finished), if any. */
  get run(): RunState | null {
    return this.list.at(-1) ?? null;
  }

  /** The run in progress, if any. */
  get current(): RunState | null {
    const last = this.list.at(-1);
    return last && (last.status === 'preparing' || last.status === 'running') ? last : null;
  }

  private newRun(
    label: string,
    startedAt: Date,
    files: readonly string[],
    command: readonly string[],
  ): RunState {
    return {
      id: this.nextId++,
      label,
      startedAt,
      runId: null,
      resultsFile: null,
      status: 'running',
      phase: null,
      completed: 0,
      total: 0,
      exitCode: null,
      files,
      keys: [],
      errors: [],
      diagnostics: [],
      cancelled: false,
      summary: null,
      command,
      cases: new Map(),
    };
  }

  private started(run: RunState, e: Extract<BenchEvent, { type: 'run-started' }>): void {
    const command = run.command;
    run.status = 'running';
    run.phase = null;
    run.runId = e.runId;
    run.resultsFile = e.resultsFile;
    run.total = e.totalForks;
    run.completed = e.completedForks;
    run.label = comparisonLabel(e.comparison);
    // A resumed run continues an earlier one's file: that run is this one now, not listed beside it.
    if (e.completedForks > 0)
      this.list = this.list.filter((r) => r === run || r.resultsFile !== e.resultsFile);
    const limits = { correction: null };
    run.keys = e.benchmarks.map((b) => b.key);
    run.cases = new Map();
    for (const b of e.benchmarks) {
      run.cases.set(b.key, {
        key: b.key,
        role: b.role,
        labels: b.labels,
        status: 'queued',
        done: 0,
        total: e.samplesPerSide * 2,
        samples: [],
        failures: [],
        skipped: 0,
        sides: null,
        verdict: null,
        design: null,
        limits,
        command,
        resultsFile: e.resultsFile,
        run: labelOf(run),
      });
    }
  }

  private runFinished(run: RunState, e: Extract<BenchEvent, { type: 'run-finished' }>): void {
    run.status = e.interrupted ? 'interrupted' : e.exitCode === 0 || e.summary ? 'finished' : 'failed';
    run.exitCode = e.exitCode;
    run.summary = e.summary ?? null;
    // The run's verdicts replace the per-case ones: their p is adjusted across the run's benchmarks.
    for (const v of e.verdicts ?? []) {
      const c = run.cases.get(v.key);
      if (!c) continue;
      c.verdict = v;
      c.status = 'done';
      c.limits = { ...c.limits, correction: e.correction ?? null };
    }
    if (e.interrupted) this.markCancelled(run);
  }

  private sampleFinished(run: RunState, e: Extract<BenchEvent, { type: 'sample-finished' }>): void {
    run.completed = e.completed;
    run.total = e.total;
    const c = run.cases.get(e.key);
    if (!c) return;
    c.status = 'running';
    if (e.sample) c.samples.push(e.sample);
    if (e.failure) c.failures.push(e.failure);
    c.done = c.samples.length + c.failures.length + c.skipped;
  }

  private markCancelled(run: RunState): void {
    for (const c of run.cases.values())
      if (c.status === 'queued' || c.status === 'running') c.status = 'cancelled';
  }

  private changed(): void {
    for (const fn of this.listeners) fn();
  }
}

function labelOf(run: RunState): RunLabel {
  return {
    id: run.id,
    label: run.label,
    startedAt: run.startedAt,
    ...(run.saved ? { saved: true } : {}),
    ...(run.sources ? { sources: run.sources } : {}),
  };
}

/**
 * An error event in the editor's words. Located errors (type and syntax errors) open with what they are and the
 * first one as `file:line:col message` — the toast and status bar show the first line — then list every one, without
 * the command line's advice to measure anyway (the editor offers no such switch: fix the error, then run again).
 */
export function errorText(e: Extract<BenchEvent, { type: 'error' }>): string {
  const located = errorDiagnostics(e);
  const first = located[0];
  const message = first
    ? [
        `${diagnosticsHeadline(located)}: ${diagnosticText(first)}${located.length > 1 ? ` (+${located.length - 1} more in Problems)` : ''}`,
        ...located.map(diagnosticText),
      ].join('\n')
    : e.message;
  return e.key ? `${e.key}: ${message}` : message;
}
