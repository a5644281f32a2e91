import { basename } from 'node:path';
import { EngineDriver } from '../engine/engine-driver.js';
import { loadSpecFile } from '../spec-file.js';
import { workload } from '../workload.js';
import { rangeStoreNamed } from '../workloads/range-stores.js';
import type { StressTargetRequest } from './stress-command.js';
import type { StressTarget } from './stress-run.js';

/**
 * The real stress target: the spec's op stream for (seed, stream) — op k computed directly from (seed, stream, k) —
 * applied to a fresh engine table with the requested range store.
 * @throws WorkloadSpecError / HarnessArgumentError for a bad spec file or an op the engine cannot apply.
 */
export async function engineStressTarget(
  request: StressTargetRequest,
): Promise<{ target: StressTarget; specName: string }> {
  const spec = await loadSpecFile(request.specFile, '/');
  const w = workload(spec, request.seed);
  const driver = new EngineDriver(w.spec, rangeStoreNamed(request.rangeStore));
  const target: StressTarget = {
    opAt(k) {
      const op = w.op(request.stream, k);
      const now = w.now(k);
      return { kind: op.kind, execute: () => driver.apply(op, now) };
    },
  };
  return { target, specName: (spec as { name?: string }).name ?? basename(request.specFile) };
}
