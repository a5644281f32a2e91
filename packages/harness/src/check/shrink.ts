import type { Op } from '../generator/ops.js';
import type { WorkloadSpec } from '../generator/spec.js';
import type { Pacer } from '../pacer.js';
import type { EngineSetup } from './engine.js';
import { type Divergence, runHistory, runHistoryPaced } from './run-history.js';

/**
 * Delta debugging (Zeller's ddmin) over an op list, as a generator: it yields each candidate sub-list and is sent
 * back whether the candidate still fails, so one search serves the synchronous {@link shrinkHistory} and the CLI's
 * paced, interruptible driver. Returns the smallest failing sub-list found, in order — 1-minimal (no single op can be
 * removed) unless the evaluation budget ran out first.
 */
export function* ddmin(
  ops: readonly Op[],
  budget = 4000,
): Generator<readonly Op[], { ops: readonly Op[]; evaluations: number }, boolean> {
  let current = ops;
  let evaluations = 0;
  let n = 2;
  while (current.length >= 2 && evaluations < budget) {
    const size = Math.ceil(current.length / n);
    let reduced = false;
    for (let start = 0; start < current.length && evaluations < budget; start += size) {
      const complement = [...current.slice(0, start), ...current.slice(start + size)];
      if (complement.length === 0) continue;
      evaluations++;
      if (yield complement) {
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
 * The smallest sub-list of `ops`, in order, for which `fails` still holds (see {@link ddmin}). `fails(ops)` must
 * replay on a fresh engine each time.
 */
export function shrinkHistory(
  ops: readonly Op[],
  fails: (ops: readonly Op[]) => boolean,
  budget = 4000,
): { ops: readonly Op[]; evaluations: number } {
  const search = ddmin(ops, budget);
  let step = search.next(false);
  while (step.done !== true) step = search.next(fails(step.value));
  return step.value;
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

/**
 * {@link shrinkDivergence} through `pacer`: every candidate replays paced, so Ctrl-C is heard within a slice even
 * while a long history shrinks. Interrupted, it returns the smallest history found so far — it still diverges, so
 * the replay file written from it is complete and true — with `interrupted` set.
 */
export async function shrinkDivergencePaced(
  spec: WorkloadSpec,
  history: readonly Op[],
  setup: EngineSetup,
  divergence: Divergence,
  pacer: Pacer,
  options: { shrink?: boolean; budget?: number } = {},
): Promise<{ ops: readonly Op[]; evaluations: number; divergence: Divergence; interrupted: boolean }> {
  let smallest = history;
  let found = divergence;
  let evaluations = 0;
  let interrupted = false;
  if (options.shrink !== false) {
    const search = ddmin(history, options.budget);
    let step = search.next(false);
    while (step.done !== true) {
      const candidate = step.value;
      const outcome = await runHistoryPaced(spec, candidate, setup, pacer);
      if (outcome === null) {
        interrupted = true;
        break;
      }
      evaluations++;
      if (outcome.divergence !== null) {
        smallest = candidate;
        found = outcome.divergence;
      }
      step = search.next(outcome.divergence !== null);
    }
  }
  // ddmin returns the last candidate that failed (or the history itself): `found` is its divergence already.
  return { ops: smallest, evaluations, divergence: found, interrupted };
}
