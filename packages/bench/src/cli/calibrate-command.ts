/**
 * `tombstone-bench calibrate`: measures this machine's false-verdict rate (repeated A/A runs), the power at injected
 * slowdowns, and the smallest change detected at 80% power for the chosen n — the numbers to pick n and the threshold.
 */

import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { summarizeCalibration } from '../analyse/calibration-summary.js';
import { measureCalibration } from '../engine/calibration.js';
import type { StageControl } from '../engine/pipeline.js';
import { BenchError, UsageError } from '../errors.js';
import { EXIT } from '../finish/finish-run.js';
import { formatDeltaPercent } from '../format/number-format.js';
import type { RunRecord } from '../model.js';
import { checkBenchTypes, type RunSetup } from '../plan/plan-run.js';
import { NUMBER_LIMITS } from '../plan/run-options.js';
import { reachWarning } from '../report/report-model.js';
import { ensureDirectory, listDirectory } from '../results/directories.js';
import { readRun, writeJsonAtomic } from '../results/results-store.js';
import type { CalibrationSummary, RunCost } from '../stats/calibration.js';
import { stops } from '../stats/sequential/look.js';
import { significanceReach } from '../stats/significance-reach.js';
import { findBenchFiles } from '../suite/discover.js';
import { type CliValues, numberOption, parseNumberText } from './cli-options.js';
import type { CliIo } from './io.js';

const pct = (x: number) => `${Number((x * 100).toFixed(2))}%`;

/** Parses `--slowdowns 0.1,0.05`: fractions in (0, 10]. */
export function parseSlowdowns(raw: string | undefined): number[] {
  if (raw === undefined) return [0.1, 0.05];
  const parts = raw.split(',').map((t) => t.trim());
  return parts.map((t) => {
    let v: number | null;
    try {
      v = parseNumberText('--slowdowns', t, NUMBER_LIMITS.slowdown);
    } catch {
      v = null;
    }
    if (v === null || v <= 0) {
      throw new UsageError(
        `--slowdowns ${JSON.stringify(raw)}: ${JSON.stringify(t)} is not a fraction in (0, 10]`,
      );
    }
    return v;
  });
}

const signed = (x: number) => formatDeltaPercent(Number(x.toFixed(2)));

function renderInjected(inj: CalibrationSummary['injected'][number]): string[] {
  const lines = [
    `Injected +${pct(inj.slowdown)} (booked on ${inj.clock === 'cpu' ? 'CPU' : 'wall'} time): ${inj.runs} runs, ` +
      `${inj.cases} cases, Lost ${inj.lost} = power ${pct(inj.power)}; Inconclusive: ${inj.inconclusive}` +
      (inj.conclusivePower === null ? '' : ` (power where the checks passed: ${pct(inj.conclusivePower)})`),
  ];
  for (const r of inj.readings) {
    const se = r.runs > 1 ? ` ± ${Number(r.standardError.toFixed(2))} (SE)` : '';
    const split =
      r.injectedPercent === null || r.opDeltaPercent === null
        ? ''
        : ` = injected ${signed(r.injectedPercent)} × op itself ${signed(r.opDeltaPercent)}`;
    lines.push(`  ${r.key}: mean Δ ${signed(r.meanDeltaPercent)}${se}${split}, Lost ${r.lost}/${r.runs}`);
  }
  lines.push(
    `  mean over benchmarks: Δ ${signed(inj.meanDeltaPercent)}; within ±2 points of +${pct(inj.slowdown)}: ` +
      `${inj.withinTwoPoints}/${inj.readings.length} benchmarks`,
    renderCost(inj.cost),
  );
  return lines;
}

/** Forks used (of the maximum) and wall time per run: what the sequential design saves. */
export function renderCost(c: RunCost): string {
  const share = c.maxForksPerSide > 0 ? ` (${pct(c.meanForksPerSide / c.maxForksPerSide)})` : '';
  const wall = c.meanRunSeconds === null ? '' : `; wall time per run: mean ${c.meanRunSeconds.toFixed(1)} s`;
  return `  forks per benchmark and side: mean ${Number(c.meanForksPerSide.toFixed(2))} of ${c.maxForksPerSide}${share}${wall}`;
}

/** Parses `--detect-n 20,30`: samples per side to resample the smallest detectable change at. */
export function parseDetectNs(raw: string | undefined): number[] {
  if (raw === undefined) return [];
  return raw.split(',').map((t) => {
    const v = Number(t.trim());
    if (!/^\s*\d+\s*$/.test(t) || v < 2 || v > 1000) {
      throw new UsageError(
        `--detect-n ${JSON.stringify(raw)}: ${JSON.stringify(t.trim())} is not a count in 2…1000`,
      );
    }
    return v;
  });
}

const detected = (x: number | null) => (x === null ? 'not within +100%' : `+${pct(x)}`);

/** `n=10 per side` for fixed-n runs; the looks and spending for sequential ones. */
function designLabel(c: CalibrationSummary): string {
  const q = c.sequential;
  if (!q) return `n=${c.samplesPerSide} per side`;
  return `sequential n=${q.looks.join(',')} per side (${q.spending}, design alpha ${Number(q.designAlpha.toPrecision(3))})`;
}

/** The printed summary. */
export function renderCalibration(c: CalibrationSummary): string {
  const a = c.aa;
  const lines = [
    `Calibration at ${designLabel(c)}, alpha ${c.config.alpha}, threshold ±${pct(c.config.threshold)}, ` +
      `correction ${c.config.correction}, metric ${c.config.metric}`,
    '',
    `A/A (same code both sides): ${a.runs} runs, ${a.comparisons} comparisons`,
    `  false verdicts (Won/Lost): ${a.falseVerdicts} = ${pct(a.falseVerdictRate)} of comparisons; ` +
      `runs with any: ${pct(a.runsWithFalseVerdictRate)}`,
    `  raw p < ${c.config.alpha}: ${pct(a.rawSignificantRate)} (nominal ${pct(c.config.alpha)}); ` +
      `Inconclusive: ${a.inconclusive}`,
    renderCost(a.cost),
  ];
  for (const inj of c.injected) lines.push('', ...renderInjected(inj));
  lines.push(
    '',
    `Smallest slowdown detected with 80% power at a fixed n=${c.samplesPerSide} (resampled from the A/A runs):`,
  );
  for (const d of c.detectable) {
    const more = d.atN.map((a) => `n=${a.n}: ${detected(a.slowdown)}`).join(', ');
    lines.push(`  ${d.key}: ${detected(d.slowdown)}${more ? ` (${more})` : ''}`);
  }
  return lines.join('\n');
}

interface RecordedRuns {
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

function recordedIn(dir: string, into: RecordedRuns, files: Map<RunRecord, string>): void {
  for (const name of listDirectory(dir, '--from').sort()) {
    if (!name.endsWith('.json') || name === 'calibration.json') continue;
    const read = readRun(join(dir, name));
    if (read.comparison.kind !== 'aa') continue;
    const run = completePart(read, name, into.notes);
    if (run === null || run.comparison.kind !== 'aa') continue;
    files.set(run, join(dir, name));
    const s = run.comparison.slowdown ?? 0;
    if (s === 0) into.aa.push(run);
    else into.injected.set(s, [...(into.injected.get(s) ?? []), run]);
  }
}

/** The finished A/A runs of one or more calibration directories (several `calibrate` invocations, combined). */
function recorded(dirs: readonly string[]): RecordedRuns {
  const out: RecordedRuns = { aa: [], injected: new Map(), notes: [] };
  const files = new Map<RunRecord, string>();
  for (const dir of dirs) recordedIn(dir, out, files);
  if (out.aa.length === 0)
    throw new BenchError(
      `--from ${dirs.join(' ')}: no A/A run with a complete benchmark in it` +
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

/** Whether the calibration's runs (each one family of its benchmarks, at its n) can reach alpha. */
function calibrationReach(aa: readonly RunRecord[], summary: CalibrationSummary) {
  const family = Math.max(0, ...aa.map((r) => r.benchmarks.length));
  const n = summary.samplesPerSide;
  const sizes = Array.from({ length: family }, () => ({ baseline: n, candidate: n }));
  return significanceReach(sizes, summary.config.alpha, summary.config.correction);
}

/** The files a calibration writes into its directory: its runs and its summary. */
const CALIBRATION_FILE = /^(?:aa-\d+|slowdown-[\d.e-]+-\d+|calibration)\.json$/;

/**
 * Creates the calibration directory, refusing one that holds an earlier calibration unless `force` (then its files
 * are removed first): measuring into it used to overwrite its aa-1.json and mix its old slowdown runs into the
 * new summary.
 * @throws {UsageError} naming the directory, the files found and both ways on.
 */
function claimCalibrationDirectory(dir: string, shown: string, force: boolean): void {
  ensureDirectory(dir, '--out');
  const earlier = listDirectory(dir, '--out')
    .filter((n) => CALIBRATION_FILE.test(n))
    .sort();
  if (earlier.length === 0) return;
  if (!force) {
    const names = earlier.length > 3 ? `${earlier.slice(0, 3).join(', ')}, …` : earlier.join(', ');
    throw new UsageError(
      `calibrate --out ${shown} already holds a calibration (${names}); summarise it with --from ${shown}, ` +
        'or pass --force to replace it',
    );
  }
  for (const name of earlier) rmSync(join(dir, name), { force: true });
}

/**
 * Runs `calibrate`: `--rounds` (default 5) rounds of an A/A run plus, in the first `--slowdown-rounds` (default all),
 * one run per `--slowdowns` (default 0.1,0.05),
 * then prints the summary and writes it with every run to `--out` (a directory); `--from <dir>` (repeatable: several
 * invocations combined) re-summarises earlier calibrations without measuring.
 */
export async function cmdCalibrate(
  s: RunSetup,
  control: StageControl,
  io: CliIo,
  values: CliValues,
  positionals: string[],
): Promise<number> {
  let runs: RecordedRuns;
  let dir: string;
  const from = values.from?.map((d) => resolve(io.cwd, d));
  if (from !== undefined) {
    if (positionals.length > 0)
      throw new UsageError(
        `calibrate --from re-summarises measured runs and measures nothing; drop ${positionals.join(' ')} ` +
          '(or drop --from to measure them)',
      );
    if (from.length > 1 && values.out === undefined)
      throw new UsageError('calibrate --from with several directories needs --out <dir> for the summary');
    dir = from[0]!;
    runs = recorded(from);
    for (const note of runs.notes) io.stderr(`${note}\n`);
  } else {
    const rounds = numberOption(values, 'rounds', 5, { min: 1, max: 1000, integer: true });
    const slowdowns = parseSlowdowns(values.slowdowns);
    const slowdownRounds = numberOption(values, 'slowdown-rounds', rounds, {
      min: 0,
      max: 1000,
      integer: true,
    });
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
    dir = resolve(io.cwd, values.out ?? join('.tombstone-bench', `calibration-${stamp}`));
    const files = findBenchFiles(positionals, io.cwd);
    checkBenchTypes(s, files);
    claimCalibrationDirectory(dir, values.out ?? dir, values.force === true);
    const measured = await measureCalibration(s, control, {
      files,
      rounds,
      slowdowns,
      slowdownRounds,
      dir,
      onRun: (label, i, total) => io.stderr(`calibrate: ${label} done (${i}/${total})\n`),
    });
    if (measured.interrupted) {
      io.stderr(`interrupted: runs so far in ${dir} (summarise them with --from ${dir})\n`);
      return EXIT.interrupted;
    }
    runs = { ...measured, notes: [] };
  }
  // Without --metric a re-summary reads the metric the runs were measured (and their looks decided) on, not today's
  // default: wall-time runs re-read on CPU time mixed wall-time looks with CPU-time deltas.
  const recordedMetric = runs.aa[0]?.config.metric;
  const overrides =
    values.metric === undefined && recordedMetric !== undefined
      ? { ...s.output.overrides, metric: recordedMetric }
      : s.output.overrides;
  const summary = summarizeCalibration(runs.aa, runs.injected, overrides, parseDetectNs(values['detect-n']));
  // With --from, --out names where the new summary goes (the measured runs stay where they are).
  const target = join(
    from !== undefined && values.out !== undefined ? resolve(io.cwd, values.out) : dir,
    'calibration.json',
  );
  writeJsonAtomic(target, summary);
  if (values.json) io.stdout(`${JSON.stringify(summary)}\n`);
  else io.stdout(`${renderCalibration(summary)}\n`);
  // `calibrate -n 4` used to report power 0% without a word: at that n no run could be Won or Lost.
  const warning = reachWarning(calibrationReach(runs.aa, summary), summary.config.correction);
  if (warning !== null)
    io.stderr(`${warning.replace(', so the gate fails', ', so power is 0% by design')}\n`);
  io.stderr(`calibration: ${target}\n`);
  return EXIT.ok;
}
