// Planted bugs in the keys of the row tree (core's PersistentBTree with keyOf: keys kept in the leaves and as
// separators): the memtable twin fuzz of row-tree.test.ts, run over a mutant copy of the tree, must catch each one.
// The mock replaces core's PersistentBTree for this file's whole module graph (the row tree, partitions, the
// updater); with nothing planted the mutant runs the real algorithm, so the same seed passing there shows that a
// catch is the bug's.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { BTREE_MUTATIONS, loadMutantBTree } from '../../../core/src/btree/test-btree-mutants.js';
import { memtableHistoryProperty } from '../test-row-histories.js';

vi.mock('@tombstone-lab/core/internal', async (importOriginal) => {
  const real = await importOriginal<typeof import('@tombstone-lab/core/internal')>();
  const { loadMutantBTree: load } = await import('../../../core/src/btree/test-btree-mutants.js');
  return { ...real, PersistentBTree: (await load()).PersistentBTree };
});

const mutant = await loadMutantBTree();
// Fixed seed and runs: each verdict is deterministic.
const settings = { numRuns: 20, seed: 20261201, endOnFailure: true } as const;

describe('row tree keys: planted key-maintenance bugs are caught by the memtable twin fuzz', () => {
  it('the mutant with nothing planted is the tree partitions use, and passes on the seed of the plants', async () => {
    const { emptyRowTree } = await import('./row-tree.js');
    const { table } = await import('../test-row-histories.js');
    expect(emptyRowTree(table.comparator)).toBeInstanceOf(mutant.PersistentBTree);
    mutant.plant(null);
    expect(fc.check(memtableHistoryProperty(), settings).failed).toBe(false);
  });

  // 'stale-separator' is left out: the row tree is written by key only, and a key descent inserts at the front of the
  // leftmost leaf alone, whose separators no search reads, so that slip cannot change a row tree's answers (core's
  // twin fuzz catches it by its white-box separator check).
  for (const mutation of BTREE_MUTATIONS.filter((m) => m !== 'stale-separator')) {
    it(`planted ${mutation}: the fuzz fails`, () => {
      mutant.plant(mutation);
      try {
        expect(fc.check(memtableHistoryProperty(), settings).failed).toBe(true);
      } finally {
        mutant.plant(null);
      }
    });
  }
});
