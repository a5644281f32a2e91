import { describe, expect, it } from 'vitest';
import type { Op } from '../generator/ops.js';
import { shrinkHistory } from './shrink.js';

const flushes = (n: number): Op[] => Array.from({ length: n }, (_, k) => ({ k, kind: 'flush' }) as Op);

describe('delta debugging', () => {
  it('finds the minimal sub-history that still fails, keeping op order', () => {
    // Fails when ops 13, 57 and 90 are all present: the only 1-minimal failing sub-list is exactly those.
    const needed = new Set([13, 57, 90]);
    const fails = (ops: readonly Op[]) => [...needed].every((k) => ops.some((op) => op.k === k));
    const { ops, evaluations } = shrinkHistory(flushes(100), fails);
    expect(ops.map((op) => op.k)).toEqual([13, 57, 90]);
    expect(evaluations).toBeLessThan(200);
  });

  it('stops at its evaluation budget with a history that still fails', () => {
    const fails = (ops: readonly Op[]) => ops.length >= 10;
    const { ops, evaluations } = shrinkHistory(flushes(1000), fails, 5);
    expect(evaluations).toBe(5);
    expect(fails(ops)).toBe(true);
  });
});
