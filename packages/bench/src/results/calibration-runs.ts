/**
 * The runs of earlier calibrations, read back from their directories (`calibrate --from`): the A/A runs and, per
 * injected slowdown, its runs; an interrupted run counts with its complete benchmarks only.
 */
import { join } from 'node:path';
import { BenchError } from '../errors.js';
import type { RunRecord } from '../model.js';
import { displayPath } from '../shell-quote.js';
import { stops } from '../stats/sequential/look.js';
import { listDirectory } from './directories.js';
import { readRun } from './results-store.js';

/** A calibration's runs: A/A ones and, per injected slowdown, the injected ones. */
export interface RecordedRuns {
  aa: RunRecord[];
  injected: Map<number, RunRecord[]>;
  /** What was left out or cut down, one line each (interrupted runs). */
  notes: string[];
}

/**
 * An interrupted run counts with the benchmarks that have all their forks on both sides (a half-measured one
 * would count a partial sample); null when none has. Ctrl-C in round 1 used to leave `--from` with "no A/A
 * results files" though aa-1.json held complete benchmarks.
 */
function completePart(run: RunRecord, name: string, notes: string[]): RunRecord | null {
  if (run.finishedAt) return run;
  const n = run.config.samplesPerSide;
  // A sequential benchmark is complete once a look stopped it, with fewer than n forks.
  const full = (b: RunRecord['benchmarks'][number]) =>
    (b.looks?.some(stops) ?? false) ||
    (['baseline', 'candidate'] as const).every(
      (side) => [...b.samples, ...b.failures].filter((x) => x.side === side).length >= n,
    );
  const benchmarks = run.benchmarks.filter(full);
  notes.push(
    `note: ${name} was interrupted: ${benchmarks.length} of ${run.benchmarks.length} benchmarks have all ${n} ` +
      `forks per side or were decided${benchmarks.length > 0 ? ' and are used' : ', so it is left out'}`,
  );
  return benchmarks.length > 0 ? { ...run, benchmarks } : null;
}

function recordedIn(
  dir: string,
  into: RecordedRuns,
  files: Map<RunRecord, string>,
  shown: (path: string) => string,
): void {
  for (const name of listDirectory(dir, '--from', shown(dir)).sort()) {
    if (!name.endsWith('.json') || name === 'calibration.json') continue;
    const read = readRun(join(dir, name), shown(join(dir, name)));
    if (read.comparison.kind !== 'aa') continue;
    const run = completePart(read, name, into.notes);
    if (run === null || run.comparison.kind !== 'aa') continue;
    files.set(run, shown(join(dir, name)));
    const s = run.comparison.slowdown ?? 0;
    if (s === 0) into.aa.push(run);
    else into.injected.set(s, [...(into.injected.get(s) ?? []), run]);
  }
}

/**
 * The finished A/A runs of one or more calibration directories (several `calibrate` invocations, combined). Messages
 * name the paths as the user types them from `cwd` (relative inside it).
 * @throws {BenchError} when none holds a complete A/A benchmark, or the runs were measured at different n.
 */
export function recordedCalibration(dirs: readonly string[], cwd?: string): RecordedRuns {
  const out: RecordedRuns = { aa: [], injected: new Map(), notes: [] };
  const files = new Map<RunRecord, string>();
  const shown = (path: string) => (cwd === undefined ? path : displayPath(cwd, path));
  for (const dir of dirs) recordedIn(dir, out, files, shown);
  if (out.aa.length === 0)
    throw new BenchError(
      `--from ${dirs.map(shown).join(' ')}: no A/A run with a complete benchmark in it` +
        (out.notes.length > 0 ? ` (${out.notes.map((n) => n.replace(/^note: /, '')).join('; ')})` : ''),
    );
  // One n for all: the power and the smallest detectable change are per n.
  const n = out.aa[0]!.config.samplesPerSide;
  for (const [run, file] of files) {
    if (run.config.samplesPerSide !== n) {
      throw new BenchError(
        `--from: ${file} has n=${run.config.samplesPerSide} per side, ${files.get(out.aa[0]!)} has n=${n}; ` +
          'combine calibrations of one n',
      );
    }
  }
  return out;
}
