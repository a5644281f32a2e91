import type { Op } from '../ops.js';
import type { WorkloadSpec } from '../spec.js';
import type { EngineSetup } from './engine.js';
import { type Divergence, runHistory } from './run-history.js';

/**
 * Delta debugging (Zeller's ddmin) over an op list: the smallest sub-list, in order, for which `fails` still holds
 * — 1-minimal (no single op can be removed) unless the evaluation budget ran out first. `fails(ops)` must replay on
 * a fresh engine each time.
 */
export function shrinkHistory(
  ops: readonly Op[],
  fails: (ops: readonly Op[]) => boolean,
  budget = 4000,
): { ops: readonly Op[]; evaluations: number } {
  let current = ops;
  let evaluations = 0;
  const test = (candidate: readonly Op[]) => {
    evaluations++;
    return fails(candidate);
  };
  let n = 2;
  while (current.length >= 2 && evaluations < budget) {
    const size = Math.ceil(current.length / n);
    let reduced = false;
    for (let start = 0; start < current.length && evaluations < budget; start += size) {
      const complement = [...current.slice(0, start), ...current.slice(start + size)];
      if (complement.length > 0 && test(complement)) {
        current = complement;
        n = Math.max(n - 1, 2);
        reduced = true;
        break;
      }
    }
    if (!reduced) {
      if (n >= current.length) break;
      n = Math.min(n * 2, current.length);
    }
  }
  return { ops: current, evaluations };
}

/**
 * Shrinks a history that diverges on `setup` to a minimal one that still diverges (each candidate on a fresh
 * engine), and returns it with the divergence it ends in; with `shrink: false` the history is kept whole.
 */
export function shrinkDivergence(
  spec: WorkloadSpec,
  history: readonly Op[],
  setup: EngineSetup,
  divergence: Divergence,
  options: { shrink?: boolean; budget?: number } = {},
): { ops: readonly Op[]; evaluations: number; divergence: Divergence } {
  const shrunk =
    options.shrink === false
      ? { ops: history, evaluations: 0 }
      : shrinkHistory(history, (c) => runHistory(spec, c, setup).divergence !== null, options.budget);
  return { ...shrunk, divergence: runHistory(spec, shrunk.ops, setup).divergence ?? divergence };
}
