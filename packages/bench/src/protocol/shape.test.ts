import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CalibrationSummarySchema } from './calibration.js';
import { BenchEventSchema, RunFinishedSchema } from './events.js';
import { ListOutputSchema } from './list.js';
import { ComparisonSchema, RunRecordSchema } from './records.js';
import { RunReportSchema } from './run-report.js';
import { shapeOf } from './shape.js';
import { PROTOCOL_VERSION } from './version.js';

const SHAPES = join(fileURLToPath(new URL('.', import.meta.url)), 'shapes');
const current = () => ({
  events: shapeOf(BenchEventSchema),
  list: shapeOf(ListOutputSchema),
  results: shapeOf(RunRecordSchema),
  report: shapeOf(RunReportSchema),
  calibration: shapeOf(CalibrationSummarySchema),
});
const snapshotFile = (version: number) => join(SHAPES, `v${version}.json`);
type Shapes = ReturnType<typeof current>;

/** The parts (events, list, results, report, calibration) whose shape differs from the committed snapshot. */
function drift(shapes: Shapes, committed: Record<string, unknown>): string[] {
  const parts = new Set([...Object.keys(shapes), ...Object.keys(committed)]);
  return [...parts].filter((k) => JSON.stringify(shapes[k as keyof Shapes]) !== JSON.stringify(committed[k]));
}

describe('protocol shape', () => {
  it(`matches the committed shape of protocol ${PROTOCOL_VERSION} (change a payload → bump PROTOCOL_VERSION)`, () => {
    const file = snapshotFile(PROTOCOL_VERSION);
    // A new version's snapshot is recorded once, on purpose; an existing one is never rewritten by the test.
    if (!existsSync(file) && process.env.RECORD_PROTOCOL_SHAPE === '1') {
      writeFileSync(file, `${JSON.stringify(current(), null, 2)}\n`);
    }
    expect(
      existsSync(file),
      `no shape recorded for protocol ${PROTOCOL_VERSION}: run with RECORD_PROTOCOL_SHAPE=1`,
    ).toBe(true);
    const committed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(drift(current(), committed)).toEqual([]);
    expect(
      current(),
      `a payload changed shape without a PROTOCOL_VERSION bump (recorded: shapes/v${PROTOCOL_VERSION}.json)`,
    ).toEqual(committed);
  });

  it('catches a planted change of the RunReport, an event, the results file and the calibration summary against the committed snapshot', () => {
    const committed = JSON.parse(readFileSync(snapshotFile(PROTOCOL_VERSION), 'utf8')) as Record<
      string,
      unknown
    >;
    const now = current();
    const { exitCode, ...finished } = RunFinishedSchema.entries;
    const events = v.variant('type', [
      ...BenchEventSchema.options.filter((o) => o !== RunFinishedSchema),
      v.object({ ...finished, exit: exitCode }),
    ]);
    const { schemaVersion, ...record } = RunRecordSchema.entries;
    const planted: [Partial<Shapes>, string][] = [
      [{ report: shapeOf(v.object({ ...RunReportSchema.entries, note: v.optional(v.string()) })) }, 'report'],
      [{ events: shapeOf(events) }, 'events'],
      [{ results: shapeOf(v.object({ ...record, version: schemaVersion })) }, 'results'],
      [{ results: shapeOf(v.object({ ...RunRecordSchema.entries, finishedAt: v.string() })) }, 'results'],
      [{ report: shapeOf(v.object({ ...RunReportSchema.entries, comparison: ComparisonSchema })) }, 'report'],
      [
        { calibration: shapeOf(v.object({ ...CalibrationSummarySchema.entries, protocol: v.number() })) },
        'calibration',
      ],
      [{ calibration: shapeOf(v.omit(CalibrationSummarySchema, ['detectable'])) }, 'calibration'],
    ];
    for (const [change, part] of planted) expect(drift({ ...now, ...change }, committed)).toEqual([part]);
  });

  it('catches a planted change: a renamed, an added, a loosened and a retyped field each change the shape', () => {
    const base = shapeOf(RunFinishedSchema);
    const { exitCode, ...rest } = RunFinishedSchema.entries;
    const planted = [
      v.object({ ...rest, exit: exitCode }),
      v.object({ ...RunFinishedSchema.entries, extra: v.optional(v.string()) }),
      v.object({ ...RunFinishedSchema.entries, exitCode: v.number() }),
      v.object({ ...RunFinishedSchema.entries, interrupted: v.string() }),
      v.object({ ...RunFinishedSchema.entries, runId: v.optional(v.string()) }),
    ];
    for (const schema of planted) expect(shapeOf(schema)).not.toEqual(base);
    expect(shapeOf(v.object({ ...RunFinishedSchema.entries }))).toEqual(base);
  });

  it('refuses a schema kind it cannot describe rather than fingerprinting it as nothing', () => {
    expect(() => shapeOf(v.object({ when: v.date() }))).toThrow(/unsupported schema type "date"/);
  });
});
