/**
 * `tombstone-bench calibrate`: measures this machine's false-verdict rate (repeated A/A runs), the power at injected
 * slowdowns, and the smallest change detected at 80% power for the chosen n — the numbers to pick n and the threshold.
 */

import { join, resolve } from 'node:path';
import { BenchError, UsageError } from '../errors.js';
import type { RunRecord } from '../model.js';
import { formatDeltaPercent } from '../report/number-format.js';
import { measureCalibration } from '../run/calibrate.js';
import { ensureDirectory, listDirectory } from '../run/directories.js';
import { readRun, writeJsonAtomic } from '../run/results-store.js';
import { NUMBER_LIMITS } from '../run/run-options.js';
import { checkBenchTypes, EXIT, type Session } from '../run/session.js';
import { type CalibrationSummary, summarizeCalibration } from '../stats/calibration.js';
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

/** The printed summary. */
export function renderCalibration(c: CalibrationSummary): string {
  const a = c.aa;
  const lines = [
    `Calibration at n=${c.samplesPerSide} per side, alpha ${c.config.alpha}, threshold ±${pct(c.config.threshold)}, ` +
      `correction ${c.config.correction}`,
    '',
    `A/A (same code both sides): ${a.runs} runs, ${a.comparisons} comparisons`,
    `  false verdicts (Won/Lost): ${a.falseVerdicts} = ${pct(a.falseVerdictRate)} of comparisons; ` +
      `runs with any: ${pct(a.runsWithFalseVerdictRate)}`,
    `  raw p < ${c.config.alpha}: ${pct(a.rawSignificantRate)} (nominal ${pct(c.config.alpha)}); ` +
      `Inconclusive: ${a.inconclusive}`,
  ];
  for (const inj of c.injected) {
    lines.push(
      '',
      `Injected +${pct(inj.slowdown)}: ${inj.runs} runs, ${inj.cases} cases, Lost ${inj.lost} = power ${pct(inj.power)}; ` +
        `Inconclusive: ${inj.inconclusive}` +
        (inj.conclusivePower === null ? '' : ` (power where the checks passed: ${pct(inj.conclusivePower)})`),
    );
    for (const r of inj.readings) {
      const se = r.runs > 1 ? ` ± ${Number(r.standardError.toFixed(2))} (SE)` : '';
      lines.push(
        `  ${r.key}: mean Δ ${formatDeltaPercent(Number(r.meanDeltaPercent.toFixed(2)))}${se}, Lost ${r.lost}/${r.runs}`,
      );
    }
  }
  lines.push(
    '',
    `Smallest slowdown detected with 80% power at n=${c.samplesPerSide} (resampled from the A/A runs):`,
  );
  for (const d of c.detectable)
    lines.push(`  ${d.key}: ${d.slowdown === null ? 'not within +100%' : `+${pct(d.slowdown)}`}`);
  return lines.join('\n');
}

function recorded(dir: string): { aa: RunRecord[]; injected: Map<number, RunRecord[]> } {
  const aa: RunRecord[] = [];
  const injected = new Map<number, RunRecord[]>();
  for (const name of listDirectory(dir, '--from').sort()) {
    if (!name.endsWith('.json') || name === 'calibration.json') continue;
    const run = readRun(join(dir, name));
    // A run still being measured (or cut short) would count a partial round.
    if (run.comparison.kind !== 'aa' || !run.finishedAt) continue;
    const s = run.comparison.slowdown ?? 0;
    if (s === 0) aa.push(run);
    else injected.set(s, [...(injected.get(s) ?? []), run]);
  }
  if (aa.length === 0) throw new BenchError(`--from ${dir}: no A/A results files in it`);
  return { aa, injected };
}

/**
 * Runs `calibrate`: `--rounds` (default 5) rounds of an A/A run plus, in the first `--slowdown-rounds` (default all),
 * one run per `--slowdowns` (default 0.1,0.05),
 * then prints the summary and writes it with every run to `--out` (a directory); `--from <dir>` re-summarises an
 * earlier calibration without measuring.
 */
export async function cmdCalibrate(
  s: Session,
  io: CliIo,
  values: CliValues,
  positionals: string[],
): Promise<number> {
  let runs: { aa: RunRecord[]; injected: Map<number, RunRecord[]> };
  let dir: string;
  if (values.from !== undefined) {
    dir = resolve(io.cwd, values.from);
    runs = recorded(dir);
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
    ensureDirectory(dir, '--out');
    const files = findBenchFiles(positionals, io.cwd);
    checkBenchTypes(s, files);
    const measured = await measureCalibration(s, {
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
    runs = measured;
  }
  const summary = summarizeCalibration(runs.aa, runs.injected, s.output.overrides);
  // With --from, --out names where the new summary goes (the measured runs stay where they are).
  const target = join(
    values.from !== undefined && values.out !== undefined ? resolve(io.cwd, values.out) : dir,
    'calibration.json',
  );
  writeJsonAtomic(target, summary);
  if (values.json) io.stdout(`${JSON.stringify(summary)}\n`);
  else io.stdout(`${renderCalibration(summary)}\n`);
  io.stderr(`calibration: ${target}\n`);
  return EXIT.ok;
}
