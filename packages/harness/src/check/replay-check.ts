import type { Pacer } from '../pacer.js';
import {
  checkSpecIsCheckable,
  type EngineChoice,
  engineSetup,
  type Replay,
  replayFile,
} from './check-run.js';
import { type Divergence, type HistoryStats, runHistoryPaced } from './run-history.js';
import { shrinkDivergencePaced } from './shrink.js';

/** What re-running a replay found. */
export interface ReplayCheck {
  /** The engine it ran on: the file's, or the one the command line chose instead. */
  readonly choice: EngineChoice;
  /** Stats of the whole replay; null when Ctrl-C stopped it before its end (nothing was judged). */
  readonly stats: HistoryStats | null;
  readonly divergence: Divergence | null;
  /** When it diverged: the (re-)shrunk history as a replay file for `choice`. */
  readonly replay: string | null;
  /** Ops in the file, and after shrinking (equal when `shrink` is false or nothing could be removed). */
  readonly fileOps: number;
  readonly shrunkOps: number;
  /** Ctrl-C stopped the run (stats null) or the shrinking (`replay` is the smallest history found so far). */
  readonly interrupted: boolean;
}

/**
 * Re-runs a replay file's history on a fresh engine — its own range store and corruptor, or `choice` — and, when it
 * diverges, shrinks it again (a history written with `--no-shrink`, or one that diverges on another store, is often
 * not minimal for the engine it now runs on) unless `shrink` is false. Paced through `pacer`, so Ctrl-C stops both
 * the run and the shrinking within a slice (issue 23: `check --replay` never heard it).
 */
export async function checkReplay(
  r: Replay,
  pacer: Pacer,
  options: { choice?: EngineChoice; shrink?: boolean; shrinkBudget?: number } = {},
): Promise<ReplayCheck> {
  checkSpecIsCheckable(r.spec);
  const choice = options.choice ?? r.choice;
  const setup = engineSetup(choice);
  const base = { choice, fileOps: r.ops.length };
  const outcome = await runHistoryPaced(r.spec, r.ops, setup, pacer);
  if (outcome === null)
    return {
      ...base,
      stats: null,
      divergence: null,
      replay: null,
      shrunkOps: r.ops.length,
      interrupted: true,
    };
  const { divergence, stats } = outcome;
  if (divergence === null)
    return { ...base, stats, divergence, replay: null, shrunkOps: r.ops.length, interrupted: false };
  const shrunk = await shrinkDivergencePaced(r.spec, r.ops, setup, divergence, pacer, {
    ...(options.shrink === undefined ? {} : { shrink: options.shrink }),
    ...(options.shrinkBudget === undefined ? {} : { budget: options.shrinkBudget }),
  });
  return {
    ...base,
    stats,
    divergence,
    replay: replayFile(
      r.spec,
      r.seed,
      r.stream,
      choice,
      shrunk.divergence,
      shrunk.ops,
      r.ops.length,
      shrunk.evaluations,
    ),
    shrunkOps: shrunk.ops.length,
    interrupted: shrunk.interrupted,
  };
}
