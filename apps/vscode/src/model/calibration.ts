/**
 * The summary `tombstone-bench calibrate` writes (`<dir>/calibration.json`) read for the editor's notification:
 * only the runs of that one calibration, so earlier runs of other files never count. Validated at the boundary.
 */
import * as v from 'valibot';
import { ProtocolError } from './protocol.js';

const Rate = v.pipe(v.number(), v.minValue(0), v.maxValue(1));
const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

const CalibrationSchema = v.looseObject({
  samplesPerSide: Count,
  config: v.looseObject({ alpha: v.number(), threshold: v.number() }),
  aa: v.looseObject({
    runs: Count,
    comparisons: Count,
    falseVerdicts: Count,
    falseVerdictRate: Rate,
    rawSignificantRate: Rate,
    inconclusive: Count,
  }),
  injected: v.array(
    v.looseObject({ slowdown: v.number(), runs: Count, cases: Count, lost: Count, power: Rate }),
  ),
});

/** The fields of a calibration summary the editor shows. */
export type CalibrationSummary = v.InferOutput<typeof CalibrationSchema>;

/** Parses `calibration.json`. @throws {ProtocolError} naming the first bad field. */
export function parseCalibration(json: unknown): CalibrationSummary {
  const r = v.safeParse(CalibrationSchema, json);
  if (r.success) return r.output;
  const issue = r.issues[0];
  throw new ProtocolError(
    `unreadable calibration.json at ${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`,
  );
}

const pct = (x: number) => `${Number((x * 100).toFixed(1))}%`;

/**
 * `A/A calibration of list-ops.bench.mjs: 3 runs, 6 comparisons, 0 false Won/Lost (0%); raw p < 0.05 in 0%
 * (nominal 5%); injected +10%: Lost in 2 of 2 (power 100%).`
 */
export function calibrationText(c: CalibrationSummary, file: string): string {
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
