/**
 * What the editor knows about each benchmark case, built only from the runner's events and saved results:
 * progress while forks run, the verdict when a case finishes, failures. Pure (no `vscode`), so every surface
 * (lens, decoration, hover, Test Explorer, status bar) renders from the same state and tests need no editor.
 */
import type {
  BenchEvent,
  BenchmarkVerdict,
  Role,
  Sample,
  SampleFailure,
  Side,
  SideSummary,
} from './bench-types.js';
import type { VerdictLimits } from './format.js';

/** Where a case stands. */
export type CaseStatus = 'queued' | 'running' | 'done' | 'cancelled';

/** Everything known about one benchmark case (one key). */
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
  limits: VerdictLimits;
  /** The runner command that produced it (argv after the executable), for the reproduction line. */
  command: readonly string[];
  resultsFile: string;
}

/** The run in progress or last finished. */
export interface RunState {
  runId: string | null;
  resultsFile: string | null;
  status: 'running' | 'finished' | 'interrupted' | 'failed';
  completed: number;
  total: number;
  exitCode: number | null;
  /** The case keys this run measures (from its run-started event). */
  keys: string[];
  /** Errors the runner reported (bad input, compile errors, build failures). */
  errors: string[];
}

/** How the current run was started (what the events do not carry). */
export interface RunContext {
  command: readonly string[];
}

/** A saved case as read from a results document (`tombstone-bench report --format json`). */
export interface SavedCase {
  key: string;
  role: Role;
  labels: Record<Side, string>;
  samples: Sample[];
  failures: SampleFailure[];
  verdict: BenchmarkVerdict | null;
}

/** Per-case state plus the current run; listeners hear every change. */
export class ResultsStore {
  private readonly cases = new Map<string, CaseState>();
  private current: RunState | null = null;
  private context: RunContext | null = null;
  private readonly listeners = new Set<() => void>();

  /** Calls `fn` after every change; returns the unsubscribe function. */
  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Starts tracking a run the extension launched (call before its first event). */
  beginRun(context: RunContext): void {
    this.context = context;
    this.current = {
      runId: null,
      resultsFile: null,
      status: 'running',
      completed: 0,
      total: 0,
      exitCode: null,
      keys: [],
      errors: [],
    };
    this.changed();
  }

  /** Applies one runner event. */
  apply(event: BenchEvent): void {
    const run = this.current;
    const ctx = this.context;
    if (!run || !ctx) return;
    switch (event.type) {
      case 'run-started':
        this.started(run, ctx, event);
        break;
      case 'sample-finished':
        this.sampleFinished(run, event);
        break;
      case 'samples-skipped': {
        run.completed = event.completed;
        const c = this.cases.get(event.key);
        if (c) {
          c.skipped += event.count;
          c.done = c.samples.length + c.failures.length + c.skipped;
        }
        break;
      }
      case 'benchmark-finished': {
        const c = this.cases.get(event.key);
        if (c) {
          c.status = 'done';
          c.sides = event.sides;
          c.verdict = event.analysis ?? null;
        }
        break;
      }
      case 'run-finished':
        run.status = event.interrupted ? 'interrupted' : 'finished';
        run.exitCode = event.exitCode;
        // The run's verdicts replace the per-case ones: their p is adjusted across the run's benchmarks.
        for (const v of event.verdicts ?? []) {
          const c = this.cases.get(v.key);
          if (c) c.verdict = v;
        }
        if (event.interrupted) this.markCancelled();
        break;
      case 'run-cancelled':
        run.status = 'interrupted';
        run.exitCode = event.exitCode;
        this.markCancelled();
        break;
      case 'error':
        run.errors.push(event.key ? `${event.key}: ${event.message}` : event.message);
        break;
    }
    this.changed();
  }

  /** The runner process ended (exit code or signal) without, or after, a run-finished event. */
  processEnded(exitCode: number | null, cancelled: boolean): void {
    const run = this.current;
    if (!run) return;
    if (run.status === 'running') {
      run.status = cancelled ? 'interrupted' : exitCode === 0 ? 'finished' : 'failed';
      run.exitCode = exitCode;
    }
    if (cancelled) this.markCancelled();
    this.changed();
  }

  /** Replaces what is known about these cases by a saved run. */
  load(saved: readonly SavedCase[], limits: VerdictLimits, resultsFile: string, command: string[]): void {
    for (const s of saved) {
      const total = Math.max(s.samples.length + s.failures.length, 1);
      this.cases.set(s.key, {
        ...s,
        status: 'done',
        done: s.samples.length + s.failures.length,
        total,
        skipped: 0,
        sides: null,
        limits,
        command,
        resultsFile,
      });
    }
    this.changed();
  }

  /**
   * A resumed run: the forks its results file already holds, per case (run-started counts them only for the whole
   * run), so each case's progress reads `measuring 7/20` from where it stopped.
   */
  resumed(saved: ReadonlyArray<Pick<SavedCase, 'key' | 'samples' | 'failures'>>): void {
    for (const s of saved) {
      const c = this.cases.get(s.key);
      if (!c || c.done > 0) continue;
      c.samples = [...s.samples];
      c.failures = [...s.failures];
      c.done = c.samples.length + c.failures.length;
    }
    this.changed();
  }

  /** Forgets every case and the run. */
  clear(): void {
    this.cases.clear();
    this.current = null;
    this.changed();
  }

  /** The state of one case. */
  get(key: string): CaseState | undefined {
    return this.cases.get(key);
  }

  /** Every known case, in insertion order. */
  all(): CaseState[] {
    return [...this.cases.values()];
  }

  /** The run in progress or last finished, if any. */
  get run(): RunState | null {
    return this.current;
  }

  private started(run: RunState, ctx: RunContext, e: Extract<BenchEvent, { type: 'run-started' }>): void {
    run.runId = e.runId;
    run.resultsFile = e.resultsFile;
    run.total = e.totalForks;
    run.completed = e.completedForks;
    const limits = { alpha: e.config.alpha, threshold: e.config.threshold };
    run.keys = e.benchmarks.map((b) => b.key);
    for (const b of e.benchmarks) {
      this.cases.set(b.key, {
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
        limits,
        command: ctx.command,
        resultsFile: e.resultsFile,
      });
    }
  }

  private sampleFinished(run: RunState, e: Extract<BenchEvent, { type: 'sample-finished' }>): void {
    run.completed = e.completed;
    run.total = e.total;
    const c = this.cases.get(e.key);
    if (!c) return;
    c.status = 'running';
    if (e.sample) c.samples.push(e.sample);
    if (e.failure) c.failures.push(e.failure);
    c.done = c.samples.length + c.failures.length + c.skipped;
  }

  private markCancelled(): void {
    for (const c of this.cases.values())
      if (c.status === 'queued' || c.status === 'running') c.status = 'cancelled';
  }

  private changed(): void {
    for (const fn of this.listeners) fn();
  }
}
