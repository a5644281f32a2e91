/**
 * The summary `tombstone-bench calibrate` writes (`<dir>/calibration.json`, read with the protocol's
 * `parseCalibrationSummary`) in the editor's notification: only the runs of that one calibration, so earlier runs of
 * other files never count.
 */
import type { ProtocolCalibrationSummary } from '@tombstone-lab/bench/protocol';

/** A rate as a percentage; `—` for one JSON could not carry (a rate over zero comparisons). */
const pct = (x: number | null) => (x === null ? '—' : `${Number((x * 100).toFixed(1))}%`);

/**
 * `A/A calibration of list-ops.bench.mjs: 3 runs, 6 comparisons, 0 false Won/Lost (0%); raw p < 0.05 in 0%
 * (nominal 5%); injected +10%: Lost in 2 of 2 (power 100%).`
 */
export function calibrationText(c: ProtocolCalibrationSummary, file: string): string {
  const a = c.aa;
  const injected = c.injected.map(
    (i) => `injected +${pct(i.slowdown)}: Lost in ${i.lost} of ${i.cases} (power ${pct(i.power)})`,
  );
  return (
    `A/A calibration of ${file}: ${a.runs} runs, ${a.comparisons} comparisons, ${a.falseVerdicts} false Won/Lost ` +
    `(${pct(a.falseVerdictRate)}); raw p < ${c.config.alpha} in ${pct(a.rawSignificantRate)} ` +
    `(nominal ${pct(c.config.alpha)})${injected.length ? `; ${injected.join('; ')}` : ''}.`
  );
}
