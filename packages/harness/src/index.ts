/**
 * `@tombstone-lab/harness`: deterministic range-tombstone workloads for `@tombstone-lab/partition` — every op a
 * pure function of (seed, stream, op index), computed directly — with NDJSON and CQL export and the
 * `tombstone-harness` CLI.
 *
 * @packageDocumentation
 */

/** The model checker: a stream of a workload against the real engine and the reference model; replay files. */
export {
  checkStream,
  type EngineChoice,
  parseReplay,
  type Replay,
  replayFile,
  runReplay,
  type StreamCheck,
} from './check/check-run.js';
/** Deliberately wrong engines that prove the checker catches faults. */
export { CORRUPTORS, type Corruptor } from './check/corruptors.js';
/** A read's row, as both engine and model answer it. */
export type { ResultRow } from './check/result-row.js';
/** Where engine and model disagreed, and the counters of a replay. */
export type { Divergence, HistoryStats } from './check/run-history.js';
/** CQL export: the schema and one statement per op (`USING TIMESTAMP`), to replay a history on a real cluster. */
export { cqlLiteral, cqlSchema, cqlStatement } from './encode/cql.js';
/** NDJSON: one op per line; int64 values as decimal strings. */
export { decodeOp, encodeOp } from './encode/ndjson.js';
/** Typed errors of this package. */
export { HarnessArgumentError, WorkloadSpecError } from './errors.js';
/** The ops of a history. */
export {
  type CellValue,
  type ClusteringRange,
  type CompactOp,
  type DeleteColumnsOp,
  type DeletePartitionOp,
  type DeleteRangeOp,
  type DeleteRowOp,
  type FlushOp,
  isRead,
  OP_KINDS,
  type Op,
  type OpKind,
  type RangeBound,
  type ReadOp,
  type ReadPartitionOp,
  type ReadRowOp,
  type ReadSliceOp,
  type Value,
  type WriteOp,
} from './generator/ops.js';
/** Seeds and op indexes: checked, parsed from decimal, or drawn fresh. */
export { checkIndex, parseIndex, randomSeed, type Seed } from './generator/seed.js';
/** Workload specs: validation (valibot) with path-and-value errors, and the typed `defineWorkload`. */
export {
  type DistributionSpec,
  defineWorkload,
  parseWorkloadSpec,
  type WidthSpec,
  type WorkloadSpec,
  type WorkloadSpecInput,
} from './generator/spec.js';
/** Loads a `.json` (or `.js` / `.mjs` module) spec file. */
export { loadSpecFile } from './generator/spec-file.js';
/** The generator: `workload(spec, seed).op(stream, k)`. */
export { type Workload, workload } from './generator/workload.js';
/** The range stores a check or stress run can use: the engine's own names (partition's list) and default. */
export {
  DEFAULT_RANGE_STORE_NAME,
  RANGE_STORE_NAMES,
  type RangeStoreName,
} from './workloads/range-stores.js';
