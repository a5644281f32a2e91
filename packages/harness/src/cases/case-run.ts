import { join } from 'node:path';
import type { RunRecord } from '@tombstone-lab/bench/runner';
import { writeFileAtomic } from '../atomic-file.js';
import { runSuites } from './bench-driver.js';

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
   * Runs a co-measured suite and returns its results record; default {@link runSuites} (real forks). Replaceable so
   * the report builders can be tested on recorded runs.
   */
  readonly measure?: (request: MeasureRequest) => Promise<RunRecord>;
}

/** A co-measured run a case asks for. */
export interface MeasureRequest {
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
 * Runs one co-measured request for a case. bench's own terminal report (verdicts, checks, reproduction) is saved
 * beside the results file as `<name>.bench.txt`, never parsed: the case reads the results record.
 */
export async function measureFor(options: CaseRunOptions, request: MeasureRequest): Promise<RunRecord> {
  if (options.measure) return options.measure(request);
  const outFile = join(options.outDir, `${request.name}.json`);
  options.progress(
    `measuring ${request.suites.join(', ')} (${options.samples} forks per side) → ${outFile}\n`,
  );
  const benchReport: string[] = [];
  try {
    return await runSuites({
      resume: options.resume === true,
      suites: request.suites,
      samples: options.samples,
      ...(request.params ? { params: request.params } : {}),
      outFile,
      progress: options.progress,
      report: (text) => benchReport.push(text),
      isTTY: options.isTTY,
      cwd: options.cwd,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } finally {
    // Only a report bench printed: an interrupted run prints none, and an empty file would pass for one.
    const text = benchReport.join('');
    if (text !== '') writeFileAtomic(join(options.outDir, `${request.name}.bench.txt`), text);
  }
}
