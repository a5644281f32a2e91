/**
 * The summary `tombstone-bench calibrate` writes (`<dir>/calibration.json`, read with the protocol's
 * `parseCalibrationSummary`) in the editor's notification: only the runs of that one calibration, so earlier runs of
 * other files never count.
 */
import type { ProtocolCalibrationSummary } from '@tombstone-lab/bench/protocol';

/** A rate as a percentage; `—` for one JSON could not carry (a rate over zero comparisons). */
const pct = (x: number | null) => (x === null ? '—' : `${Number((x * 100).toFixed(1))}%`);

/** `+23%`, as the runner's calibrate report writes a detectable change; `not within +100%` for none. */
const detected = (x: number | null) => (x === null ? 'not within +100%' : `+${pct(x)}`);

/**
 * `; smallest change detected with 80% power at n=5: +23%` (per benchmark when they differ), and what to do when
 * the injected slowdowns were missed: more forks per side (the setting the editor passes as `-n`).
 */
function detectableText(c: ProtocolCalibrationSummary): string {
  const d = c.detectable;
  if (d.length === 0) return '';
  const values = [...new Set(d.map((x) => detected(x.slowdown)))];
  const each =
    values.length === 1 ? values[0] : d.map((x) => `${detected(x.slowdown)} (${x.key})`).join(', ');
  const weak =
    c.injected.some((i) => i.power !== null && i.power < 0.8) || d.some((x) => x.slowdown === null);
  const advice = weak
    ? ` — to detect smaller changes, raise tombstoneBench.samplesPerSide (now ${c.samplesPerSide} forks per side)`
    : '';
  return `; smallest change detected with 80% power at n=${c.samplesPerSide}: ${each}${advice}`;
}

/**
 * `A/A calibration of list-ops.bench.mjs: 3 runs, 6 comparisons, 0 false Won/Lost (0%); raw p < 0.05 in 0%
 * (nominal 5%); injected +10%: Lost in 2 of 2 (power 100%); smallest change detected with 80% power at n=5: +8%.`
 * A power of 0% alone said nothing a user could act on.
 */
export function calibrationText(c: ProtocolCalibrationSummary, file: string): string {
  const a = c.aa;
  const injected = c.injected.map(
    (i) => `injected +${pct(i.slowdown)}: Lost in ${i.lost} of ${i.cases} (power ${pct(i.power)})`,
  );
  return (
    `A/A calibration of ${file}: ${a.runs} runs, ${a.comparisons} comparisons, ${a.falseVerdicts} false Won/Lost ` +
    `(${pct(a.falseVerdictRate)}); raw p < ${c.config.alpha} in ${pct(a.rawSignificantRate)} ` +
    `(nominal ${pct(c.config.alpha)})${injected.length ? `; ${injected.join('; ')}` : ''}${detectableText(c)}.`
  );
}
