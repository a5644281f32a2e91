/**
 * `@tombstone-lab/harness`: deterministic range-tombstone workloads for `@tombstone-lab/partition` — every op a
 * pure function of (seed, stream, op index) — plus the `tombstone-harness` CLI.
 *
 * @packageDocumentation
 */

/** Typed errors of this package. */
export { HarnessArgumentError, WorkloadSpecError } from './errors.js';
/** Seeds and op indexes: checked, parsed from decimal, or drawn fresh. */
export { checkIndex, parseIndex, randomSeed, type Seed } from './seed.js';
