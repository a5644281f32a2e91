import { join } from 'node:path';
import { type CaseAnalyses, type MeasuredRun, runSuites } from './bench-driver.js';

/** What every case study's `run` receives. */
export interface CaseRunOptions {
  /** Forks per side in the co-measured runs. */
  readonly samples: number;
  /** A reduced parameter sweep (fewer N, fewer runs): minutes become seconds; for smoke tests. */
  readonly quick: boolean;
  /** Where the results files go (one per co-measured run). */
  readonly outDir: string;
  /** Continue an interrupted run in `outDir`: finished results files are kept, unfinished ones resumed by bench. */
  readonly resume?: boolean;
  /** Progress (bench's progress bar and notes): stderr. */
  readonly progress: (text: string) => void;
  readonly isTTY: boolean;
  readonly cwd: string;
  readonly signal?: AbortSignal;
  /**
   * Runs a co-measured suite and returns its record and bench's RunReport; default {@link runSuites} (real forks).
   * Replaceable so the report builders can be tested on recorded runs (and `--results` rebuilds from saved ones).
   */
  readonly measure?: (request: MeasureRequest) => Promise<MeasuredRun>;
}

/** A co-measured run a case asks for, with the analyses (growth, 2×2) bench should add to its RunReport. */
export interface MeasureRequest extends CaseAnalyses {
  readonly suites: readonly string[];
  readonly params?: Readonly<Record<string, readonly (string | number)[]>>;
  /** Results file name within `outDir`. */
  readonly name: string;
}

/** A case's outcome: its typed report (printed with `--json`) and the human text. */
export interface CaseOutcome<R = unknown> {
  readonly report: R;
  readonly text: string;
}

/**
 * Runs one co-measured request for a case through bench's engine: the results file `<name>.json` in `outDir`, and
 * the RunReport the case quotes (`npx tombstone-bench report <name>.json` prints bench's own report of it).
 */
export async function measureFor(options: CaseRunOptions, request: MeasureRequest): Promise<MeasuredRun> {
  if (options.measure) return options.measure(request);
  const outFile = join(options.outDir, `${request.name}.json`);
  options.progress(
    `measuring ${request.suites.join(', ')} (${options.samples} forks per side) → ${outFile}\n`,
  );
  return runSuites({
    resume: options.resume === true,
    suites: request.suites,
    samples: options.samples,
    ...(request.params ? { params: request.params } : {}),
    ...(request.growth !== undefined ? { growth: request.growth } : {}),
    ...(request.factorial !== undefined ? { factorial: request.factorial } : {}),
    outFile,
    progress: options.progress,
    isTTY: options.isTTY,
    cwd: options.cwd,
    ...(options.signal ? { signal: options.signal } : {}),
  });
}
