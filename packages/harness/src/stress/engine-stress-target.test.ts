import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { engineStressTarget } from './engine-stress-target.js';
import { TOTAL } from './latency-histograms.js';
import { runStress } from './stress-run.js';

const spec = (name: string) => fileURLToPath(new URL(`../../specs/${name}`, import.meta.url));

describe('engineStressTarget', () => {
  it('drives the engine with every op kind of the spec, without errors, reads returning rows', async () => {
    const { target, specName } = await engineStressTarget({
      specFile: spec('range-delete-heavy.json'),
      seed: 7,
      stream: 0,
      rangeStore: 'persistent',
    });
    expect(specName).toBe('range-delete-heavy');
    const out = await runStress(target, { ops: 20_000 });
    expect(Object.keys(out.kinds).sort()).toEqual(
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
        TOTAL,
      ].sort(),
    );
    expect(out.kinds[TOTAL]?.errors).toBe(0);
    expect(out.kinds.readSlice?.rows).toBeGreaterThan(0);
    expect(out.kinds.flush?.partitions).toBe(0);
    expect(out.kinds.insert?.rows).toBe(out.kinds.insert?.ops);
  });

  it('runs a spec with column deletes (the engine has cell tombstones)', async () => {
    const { target } = await engineStressTarget({
      specFile: spec('mixed.json'),
      seed: 1,
      stream: 0,
      rangeStore: 'eager',
    });
    const out = await runStress(target, { ops: 5_000 });
    expect(out.kinds[TOTAL]?.errors).toBe(0);
    expect(out.kinds.deleteColumns?.ops).toBeGreaterThan(50);
    expect(out.kinds.deleteColumns?.rows).toBe(out.kinds.deleteColumns?.ops);
  });
});
