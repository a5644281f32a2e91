import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseWorkloadSpec } from '../generator/spec.js';
import { checkStream, parseReplay, runReplay } from './check-run.js';
import { CORRUPTORS } from './corruptors.js';

const specNamed = (name: string) =>
  parseWorkloadSpec(JSON.parse(readFileSync(new URL(`../../specs/${name}.json`, import.meta.url), 'utf8')));
const spec = specNamed('check-mixed');
/**
 * Faults only a timestamp tie across sources reveals run on the spec made for ties (few rows, wide timestamp
 * groups, frequent flushes): in check-mixed the same column is rarely written and deleted at one timestamp on
 * both sides of a flush.
 */
const SPEC_OF: Readonly<Record<string, ReturnType<typeof specNamed>>> = {
  'cell-tie-to-data': specNamed('check-ties'),
};

describe('corruptors', () => {
  it.each(CORRUPTORS.map((c) => [c.name] as const))(
    'the checker catches %s and shrinks it to a replayable history',
    (name) => {
      const found: string[] = [];
      for (const seed of [1, 2, 3]) {
        const r = checkStream(SPEC_OF[name] ?? spec, seed, 0, 20_000, {
          rangeStore: 'copy-on-write',
          corruptor: name,
        });
        expect(r.divergence, `${name} not caught with seed ${seed} in 20000 ops`).not.toBeNull();
        expect(r.shrunkOps).toBeLessThanOrEqual(r.historyOps);
        expect(r.shrunkOps).toBeLessThanOrEqual(8);
        const replay = parseReplay(r.replay!, 'replay.ndjson');
        expect(replay.ops).toHaveLength(r.shrunkOps);
        expect(runReplay(replay).divergence).not.toBeNull();
        // The same shrunk history on the correct engine does not diverge: the fault, not the history, is caught.
        expect(
          runReplay({ ...replay, choice: { rangeStore: 'copy-on-write', corruptor: null } }).divergence,
        ).toBeNull();
        found.push(`seed ${seed}: caught after ${r.historyOps} ops, shrunk to ${r.shrunkOps}`);
      }
      console.log(`${name}: ${found.join('; ')}`);
    },
  );

  it('finds no divergence on the correct engines with the same seeds', () => {
    for (const rangeStore of ['copy-on-write', 'eager', 'persistent'] as const) {
      for (const seed of [1, 2]) {
        for (const s of [spec, ...Object.values(SPEC_OF)]) {
          expect(checkStream(s, seed, 0, 1500, { rangeStore, corruptor: null }).divergence).toBeNull();
        }
      }
    }
  });
});
