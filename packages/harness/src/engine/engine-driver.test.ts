import { readFileSync } from 'node:fs';
import {
  copyOnWriteRangeTombstoneListFactory,
  persistentRangeTombstoneListFactory,
} from '@tombstone-lab/core';
import { describe, expect, it } from 'vitest';
import { HarnessArgumentError } from '../errors.js';
import { defineWorkload, parseWorkloadSpec } from '../spec.js';
import { workload } from '../workload.js';
import { EngineDriver, sliceOf } from './engine-driver.js';

const spec = defineWorkload({
  schema: {
    clustering: [
      { name: 'ck1', type: 'int32', cardinality: 4 },
      { name: 'ck2', type: 'text', reversed: true, cardinality: 6 },
    ],
    columns: [{ name: 'v', type: 'int' }],
  },
  partitions: { count: 3, distribution: { kind: 'uniform' } },
  ops: {
    insert: { weight: 1 },
    update: { weight: 0 },
    rowDelete: { weight: 0 },
    columnDelete: { weight: 0 },
    rangeDelete: { weight: 0 },
    partitionDelete: { weight: 0 },
    readPartition: { weight: 0 },
    readRow: { weight: 0 },
    readSlice: { weight: 0 },
    flush: { weight: 0 },
    compact: { weight: 0 },
  },
});

const NOW = 1_000_000;

function tableWithRows(): EngineDriver {
  const d = new EngineDriver(spec, copyOnWriteRangeTombstoneListFactory);
  let k = 0;
  for (const ck2 of ['a', 'b', 'c', 'd', 'e']) {
    d.apply({ k, kind: 'insert', pk: 'p0', ck: [1, ck2], values: { v: k }, ts: 10 + k++ }, NOW);
  }
  return d;
}

const rowsOf = (d: EngineDriver, reversed = false) =>
  d.table.read('p0', { reversed }).map((r) => `${String(r.clustering[0])}${String(r.clustering[1])}`);

describe('EngineDriver', () => {
  it('maps value-order bounds on a reversed column to clustering order (upper value bound starts the slice)', () => {
    const d = tableWithRows();
    // ck1 = 1 AND ck2 >= 'b' AND ck2 < 'd' deletes b and c, whatever the column's order.
    d.apply(
      {
        k: 9,
        kind: 'deleteRange',
        pk: 'p0',
        range: {
          prefix: [1],
          lower: { value: 'b', inclusive: true },
          upper: { value: 'd', inclusive: false },
        },
        ts: 100,
        ldt: NOW,
      },
      NOW,
    );
    expect(rowsOf(d)).toEqual(['1e', '1d', '1a']); // ck2 is DESC
    expect(rowsOf(d, true)).toEqual(['1a', '1d', '1e']);
    const open = sliceOf(spec, { prefix: [1], lower: { value: 'd', inclusive: false }, upper: null });
    const read = d.table.read('p0', { slice: open }).map((r) => r.clustering[1]);
    expect(read).toEqual(['e']); // ck2 > 'd'
    expect(sliceOf(spec, { prefix: [], lower: null, upper: null }).toString()).toContain('BOTTOM');
  });

  it('applies a generated stream of every op kind the engine has, with reads, flushes and compactions', () => {
    const heavy = parseWorkloadSpec(
      JSON.parse(readFileSync(new URL('../../specs/range-delete-heavy.json', import.meta.url), 'utf8')),
    );
    const w = workload(heavy, 7);
    const d = new EngineDriver(heavy, persistentRangeTombstoneListFactory());
    const kinds = new Set<string>();
    let rowsRead = 0;
    for (let k = 0; k < 20_000; k++) {
      const op = w.op(0, k);
      const applied = d.apply(op, w.now(k));
      kinds.add(op.kind);
      if (op.kind.startsWith('read')) rowsRead += applied.rows;
    }
    expect([...kinds].sort()).toEqual(
      [
        'compact',
        'deletePartition',
        'deleteRange',
        'deleteRow',
        'flush',
        'insert',
        'readPartition',
        'readRow',
        'readSlice',
        'update',
      ].sort(),
    );
    expect(rowsRead).toBeGreaterThan(0);
    expect(d.table.runs.length).toBeGreaterThan(0);
  });

  it('refuses a spec with column deletes: the engine has no cell tombstones', () => {
    const withColumns = parseWorkloadSpec({ ...spec, ops: { ...spec.ops, columnDelete: { weight: 2 } } });
    expect(() => new EngineDriver(withColumns, copyOnWriteRangeTombstoneListFactory)).toThrow(
      HarnessArgumentError,
    );
    expect(() => new EngineDriver(withColumns, copyOnWriteRangeTombstoneListFactory)).toThrow(
      /ops.columnDelete.weight: .*got 2/,
    );
  });
});
