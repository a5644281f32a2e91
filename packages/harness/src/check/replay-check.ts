import {
  checkSpecIsCheckable,
  type EngineChoice,
  engineSetup,
  type Replay,
  replayFile,
} from './check-run.js';
import { type Divergence, type HistoryStats, runHistory } from './run-history.js';
import { shrinkDivergence } from './shrink.js';

/** What re-running a replay found. */
export interface ReplayCheck {
  /** The engine it ran on: the file's, or the one the command line chose instead. */
  readonly choice: EngineChoice;
  readonly stats: HistoryStats;
  readonly divergence: Divergence | null;
  /** When it diverged: the (re-)shrunk history as a replay file for `choice`. */
  readonly replay: string | null;
  /** Ops in the file, and after shrinking (equal when `shrink` is false or nothing could be removed). */
  readonly fileOps: number;
  readonly shrunkOps: number;
}

/**
 * Re-runs a replay file's history on a fresh engine — its own range store and corruptor, or `choice` — and, when it
 * diverges, shrinks it again (a history written with `--no-shrink`, or one that diverges on another store, is often
 * not minimal for the engine it now runs on) unless `shrink` is false.
 */
export function checkReplay(
  r: Replay,
  options: { choice?: EngineChoice; shrink?: boolean; shrinkBudget?: number } = {},
): ReplayCheck {
  checkSpecIsCheckable(r.spec);
  const choice = options.choice ?? r.choice;
  const setup = engineSetup(choice);
  const { divergence, stats } = runHistory(r.spec, r.ops, setup);
  const base = { choice, stats, fileOps: r.ops.length };
  if (divergence === null) return { ...base, divergence, replay: null, shrunkOps: r.ops.length };
  const shrunk = shrinkDivergence(r.spec, r.ops, setup, divergence, {
    ...(options.shrink === undefined ? {} : { shrink: options.shrink }),
    ...(options.shrinkBudget === undefined ? {} : { budget: options.shrinkBudget }),
  });
  return {
    ...base,
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
  };
}
