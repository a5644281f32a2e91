/**
 * `tombstone-bench calibrate`: measures this machine's false-verdict rate (repeated A/A runs), the power at injected
 * slowdowns, and the smallest change detected at 80% power for the chosen n — the numbers to pick n and the threshold.
 */

import { type CalibrationOptions, startCalibration } from '../engine/calibrate.js';
import { UsageError } from '../errors.js';
import { formatDeltaPercent } from '../format/number-format.js';
import { CALIBRATION_LIMITS, type NumberCheck } from '../plan/run-options.js';
import { reachWarning } from '../report/report-model.js';
import { displayPath } from '../shell-quote.js';
import type { CalibrationSummary, RunCost } from '../stats/calibration.js';
import { type CliValues, numberOption, parseNumberText } from './cli-options.js';
import type { CliIo } from './io.js';
import type { EventOutputs } from './run-command.js';

const pct = (x: number) => `${Number((x * 100).toFixed(2))}%`;

/** A comma-separated list of numbers in `check`'s range; the error names the option, the list and the bad item. */
function parseList(label: string, raw: string, check: NumberCheck): number[] {
  return raw.split(',').map((t) => {
    try {
      return parseNumberText(label, t.trim(), check);
    } catch (e) {
      const why = (e as Error).message.slice(`${label} `.length);
      throw new UsageError(`${label} ${JSON.stringify(raw)}: ${why}`);
    }
  });
}

/** Parses `--slowdowns 0.1,0.05`: fractions in (0, 10]. */
export function parseSlowdowns(raw: string | undefined): number[] {
  return raw === undefined ? [0.1, 0.05] : parseList('--slowdowns', raw, CALIBRATION_LIMITS.slowdowns);
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
  const forks = `  forks per benchmark and side: mean ${Number(c.meanForksPerSide.toFixed(2))} of ${c.maxForksPerSide}${share}${wall}`;
  return `${forks}${stopsText(c.stops)}`;
}

/** "\n  stopped: 2 with a difference, 1 equivalent, 5 no difference reachable (futility), 0 at the maximum". */
function stopsText(s: RunCost['stops']): string {
  const total = s.difference + s.equivalence + s.futility + s.final + s.undecided;
  if (total === 0) return '';
  const undecided = s.undecided > 0 ? `, ${s.undecided} undecided (interrupted)` : '';
  return (
    `\n  stopped: ${s.difference} with a difference, ${s.equivalence} equivalent, ` +
    `${s.futility} no difference reachable (futility), ${s.final} at the maximum${undecided}`
  );
}

/** Parses `--detect-n 20,30`: samples per side to resample the smallest detectable change at. */
export function parseDetectNs(raw: string | undefined): number[] {
  return raw === undefined ? [] : parseList('--detect-n', raw, CALIBRATION_LIMITS.detectNs);
}

const detected = (x: number | null) => (x === null ? 'not within +100%' : `+${pct(x)}`);

/** `n=10 per side` for fixed-n runs; the looks, spending and futility gamma for sequential ones. */
function designLabel(c: CalibrationSummary): string {
  const q = c.sequential;
  if (!q) return `n=${c.samplesPerSide} per side`;
  const futility = q.futility ? `, futility below ${q.futility}` : '';
  return `sequential n=${q.looks.join(',')} per side (${q.spending}, design alpha ${Number(q.designAlpha.toPrecision(3))}${futility})`;
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

/**
 * Runs `calibrate` through the engine ({@link startCalibration}): `--rounds` (default 5) rounds of an A/A run plus,
 * in the first `--slowdown-rounds` (default all), one run per `--slowdowns` (default 0.1,0.05), then prints the
 * summary the engine wrote with every run to `--out` (a directory); `--from <dir>` (repeatable: several invocations
 * combined) re-summarises earlier calibrations without measuring.
 */
export async function cmdCalibrate(
  io: CliIo,
  values: CliValues,
  options: CalibrationOptions,
  outputs: EventOutputs,
  signal: AbortSignal,
): Promise<number> {
  const measuring = values.from === undefined;
  const rounds = measuring ? numberOption(values, 'rounds', 5, CALIBRATION_LIMITS.rounds) : undefined;
  const calibration = startCalibration(
    {
      ...options,
      ...(values.from !== undefined ? { from: values.from } : {}),
      ...(rounds !== undefined ? { rounds, slowdowns: parseSlowdowns(values.slowdowns) } : {}),
      ...(rounds !== undefined
        ? {
            slowdownRounds: numberOption(
              values,
              'slowdown-rounds',
              rounds,
              CALIBRATION_LIMITS.slowdownRounds,
            ),
          }
        : {}),
      detectNs: parseDetectNs(values['detect-n']),
    },
    { signal, onEvent: outputs.write },
  );
  const { summary, summaryFile, reach, exitCode } = await calibration.result;
  if (summary === null || summaryFile === null) return exitCode;
  if (values.json) io.stdout(`${JSON.stringify(summary)}\n`);
  else io.stdout(`${renderCalibration(summary)}\n`);
  // `calibrate -n 4` used to report power 0% without a word: at that n no run could be Won or Lost.
  const warning = reachWarning(reach, summary.config.correction);
  if (warning !== null)
    io.stderr(`${warning.replace(', so the gate fails', ', so power is 0% by design')}\n`);
  io.stderr(`calibration: ${displayPath(io.cwd, summaryFile)}\n`);
  return exitCode;
}
