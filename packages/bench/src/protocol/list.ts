/**
 * The output of `tombstone-bench list --json`: every bench file with its suite, the source location of each
 * benchmark, its params, the compared factor, and the cases a run would measure.
 */
import * as v from 'valibot';
import { ParamsSchema, ParamValueSchema, RoleSchema } from './records.js';
import { PROTOCOL_VERSION } from './version.js';

/** One case a run of the suite measures (before `--filter` / `--param`). */
export const ListedCaseSchema = v.object({
  key: v.string(),
  benchmark: v.string(),
  params: ParamsSchema,
  role: RoleSchema,
});

/** One bench file. Suite details are null when the file could not be loaded; `loadError` then says why. */
export const ListedSuiteSchema = v.object({
  file: v.string(),
  /** The suite name found in the source (null: no `defineSuite` call found). */
  suite: v.nullable(v.string()),
  benchmarks: v.array(
    v.object({
      name: v.string(),
      file: v.string(),
      line: v.pipe(v.number(), v.integer(), v.minValue(1)),
      column: v.pipe(v.number(), v.integer(), v.minValue(1)),
    }),
  ),
  params: v.nullable(v.record(v.string(), v.array(ParamValueSchema))),
  compare: v.nullable(v.object({ factor: v.string(), baseline: v.string(), candidate: v.string() })),
  cases: v.nullable(v.array(ListedCaseSchema)),
  loadError: v.nullable(v.string()),
});

/** The whole `list --json` document. */
export const ListOutputSchema = v.object({
  protocol: v.literal(PROTOCOL_VERSION),
  suites: v.array(ListedSuiteSchema),
});

/** One bench file of `list --json`. */
export type ListedSuite = v.InferOutput<typeof ListedSuiteSchema>;
/** The `list --json` document. */
export type ListOutput = v.InferOutput<typeof ListOutputSchema>;
