import { basename } from 'node:path';
import { EngineDriver } from '../check/engine.js';
import { isRead, type Op } from '../generator/ops.js';
import { loadSpecFile } from '../generator/spec-file.js';
import { workload } from '../generator/workload.js';
import { rangeStoreNamed } from '../workloads/range-stores.js';
import type { StressOpResult, StressTarget } from './stress-run.js';
import type { StressTargetRequest } from './stress-target.js';

const NONE: StressOpResult = Object.freeze({ partitions: 0, rows: 0 });
const ONE_PARTITION: StressOpResult = Object.freeze({ partitions: 1, rows: 0 });
const ONE_ROW: StressOpResult = Object.freeze({ partitions: 1, rows: 1 });

/**
 * Applies one op through the checker's engine driver and says what it touched. Flushes and compactions touch no
 * client partition: the partition and row rates count what clients wrote and read.
 */
function execute(driver: EngineDriver, op: Op): StressOpResult {
  if (isRead(op)) return { partitions: 1, rows: driver.read(op).length };
  driver.apply(op);
  switch (op.kind) {
    case 'flush':
    case 'compact':
      return NONE;
    case 'deleteRange':
    case 'deletePartition':
      return ONE_PARTITION;
    default:
      return ONE_ROW;
  }
}

/**
 * The real stress target: the spec's op stream for (seed, stream) — op k computed directly from (seed, stream, k) —
 * applied to a fresh engine table with the requested range store.
 * @throws WorkloadSpecError / HarnessArgumentError for a bad spec file.
 */
export async function engineStressTarget(
  request: StressTargetRequest,
): Promise<{ target: StressTarget; specName: string }> {
  const spec = await loadSpecFile(request.specFile, '/');
  const w = workload(spec, request.seed);
  // As generate and check do: ops past the spec's last valid index are refused before the run, not millions of ops in.
  if (request.ops !== undefined) w.checkRange(0, request.ops);
  const driver = new EngineDriver(w.spec, { rangeStore: rangeStoreNamed(request.rangeStore) });
  const target: StressTarget = {
    opAt(k) {
      const op = w.op(request.stream, k);
      return { kind: op.kind, execute: () => execute(driver, op) };
    },
  };
  return { target, specName: (spec as { name?: string }).name ?? basename(request.specFile) };
}
