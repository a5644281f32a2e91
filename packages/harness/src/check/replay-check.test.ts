import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseWorkloadSpec } from '../generator/spec.js';
import type { Pacer } from '../pacer.js';
import { checkStream, parseReplay, runReplay } from './check-run.js';
import { checkReplay } from './replay-check.js';

const spec = parseWorkloadSpec(
  JSON.parse(readFileSync(new URL('../../specs/check-mixed.json', import.meta.url), 'utf8')),
);
// The whole diverging history (end-exclusive diverges at op 230 of seed 1), not shrunk: what `--no-shrink` writes.
const unshrunk = checkStream(
  spec,
  1,
  0,
  2000,
  { rangeStore: 'persistent', corruptor: 'end-exclusive' },
  {
    shrink: false,
  },
);
const replay = parseReplay(unshrunk.replay!, 'long.ndjson');

/** A pacer that hands a turn on every op and reports Ctrl-C on its `stopAt`-th turn (never when undefined). */
function pacerStoppingAt(stopAt?: number) {
  let turns = 0;
  const pacer = {
    due: () => true,
    pause: async () => ++turns === stopAt,
    get stopped() {
      return stopAt !== undefined && turns >= stopAt;
    },
  };
  return { pacer: pacer as unknown as Pacer, turns: () => turns };
}

describe('checkReplay and Ctrl-C (issue 23: check --replay never heard it)', () => {
  it('an interrupted replay judges nothing', async () => {
    const c = await checkReplay(replay, pacerStoppingAt(5).pacer);
    expect(c).toMatchObject({ interrupted: true, stats: null, divergence: null, replay: null });
  });

  it('interrupted while shrinking, it keeps the smallest diverging history found so far as a complete replay file', async () => {
    expect(replay.ops.length).toBe(231);
    const counting = pacerStoppingAt();
    const whole = await checkReplay(replay, counting.pacer, { shrink: false });
    expect(whole.divergence).not.toBeNull();
    const runTurns = counting.turns();
    const all = pacerStoppingAt();
    const full = await checkReplay(replay, all.pacer);
    expect(full.interrupted).toBe(false);
    // Stopped halfway through the shrinking's replays.
    const c = await checkReplay(replay, pacerStoppingAt(Math.round((runTurns + all.turns()) / 2)).pacer);
    expect(c.interrupted).toBe(true);
    expect(c.divergence).not.toBeNull();
    expect(c.shrunkOps).toBeLessThan(231);
    const kept = parseReplay(c.replay!, 'kept.ndjson');
    expect(kept.ops).toHaveLength(c.shrunkOps);
    expect(runReplay(kept).divergence).not.toBeNull();
    // Not interrupted, the same replay shrinks further: the kept file was a partial result.
    expect(full.shrunkOps).toBeLessThan(c.shrunkOps);
  });
});
