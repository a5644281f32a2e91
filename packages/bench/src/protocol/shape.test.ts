import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BenchEventSchema, RunFinishedSchema } from './events.js';
import { ListOutputSchema } from './list.js';
import { RunRecordSchema } from './records.js';
import { FileComparisonSchema, RunReportSchema } from './run-report.js';
import { shapeOf } from './shape.js';
import { PROTOCOL_VERSION } from './version.js';

const SHAPES = join(fileURLToPath(new URL('.', import.meta.url)), 'shapes');
const current = () => ({
  events: shapeOf(BenchEventSchema),
  list: shapeOf(ListOutputSchema),
  results: shapeOf(RunRecordSchema),
  report: shapeOf(RunReportSchema),
  compareFiles: shapeOf(FileComparisonSchema),
});
const snapshotFile = (version: number) => join(SHAPES, `v${version}.json`);

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
    const committed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    expect(
      current(),
      `a payload changed shape without a PROTOCOL_VERSION bump (recorded: shapes/v${PROTOCOL_VERSION}.json)`,
    ).toEqual(committed);
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
