import { describe, expect, it } from 'vitest';
import type { Op } from '../generator/ops.js';
import { ReferenceModel } from './reference-model.js';
import { rowText } from './result-row.js';
import { twoColumnSpec } from './test-spec.js';

const spec = twoColumnSpec;

function model(ops: Op[]): ReferenceModel {
  const m = new ReferenceModel(spec);
  for (const op of ops) m.apply(op);
  return m;
}
const all = (m: ReferenceModel, reversed = false) =>
  m.read({ k: 0, kind: 'readPartition', pk: 'p0', reversed }).map(rowText);
const insertAll = (ts: number): Op[] =>
  [-2, -1, 0, 1].flatMap((a) =>
    ['c0', 'c1', 'c2'].map(
      (b) => ({ k: 0, kind: 'insert', pk: 'p0', ck: [a, b], values: { v: `${a}${b}` }, ts }) as Op,
    ),
  );

describe('reference model', () => {
  it('orders rows by clustering order, DESC columns backwards, and reverses on request', () => {
    const m = model(insertAll(1).slice(0, 4));
    expect(all(m)).toEqual([
      '(-2,"c2"){v="-2c2"}',
      '(-2,"c1"){v="-2c1"}',
      '(-2,"c0"){v="-2c0"}',
      '(-1,"c0"){v="-1c0"}',
    ]);
    expect(all(m, true)).toEqual([...all(m)].reverse());
  });

  it('applies CQL-shaped ranges: prefix, inclusive / exclusive, open-ended; ties go to the deletion', () => {
    const m = model([
      ...insertAll(5),
      {
        k: 1,
        kind: 'deleteRange',
        pk: 'p0',
        range: {
          prefix: [-2],
          lower: { value: 'c0', inclusive: false },
          upper: { value: 'c2', inclusive: true },
        },
        ts: 5,
        ldt: 0,
      },
      {
        k: 2,
        kind: 'deleteRange',
        pk: 'p0',
        range: { prefix: [], lower: { value: 0, inclusive: true }, upper: null },
        ts: 4,
        ldt: 0,
      },
      {
        k: 3,
        kind: 'deleteRange',
        pk: 'p0',
        range: { prefix: [], lower: null, upper: { value: -1, inclusive: false } },
        ts: 6,
        ldt: 0,
      },
    ]);
    // Row a=-2 is all deleted by k=3 (a < -1 at ts 6 ≥ 5); k=2 at ts 4 is older than the data.
    expect(all(m).map((r) => r.split('{')[0])).toEqual([
      '(-1,"c2")',
      '(-1,"c1")',
      '(-1,"c0")',
      '(0,"c2")',
      '(0,"c1")',
      '(0,"c0")',
      '(1,"c2")',
      '(1,"c1")',
      '(1,"c0")',
    ]);
    const slice = m.read({
      k: 4,
      kind: 'readSlice',
      pk: 'p0',
      range: { prefix: [0], lower: { value: 'c1', inclusive: true }, upper: null },
      reversed: false,
    });
    expect(slice.map(rowText)).toEqual(['(0,"c2"){v="0c2"}', '(0,"c1"){v="0c1"}']);
  });

  it('keeps row liveness, cells, row and partition deletions apart', () => {
    const m = model([
      { k: 0, kind: 'update', pk: 'p0', ck: [0, 'c0'], values: { v: 'x' }, ts: 10 },
      { k: 1, kind: 'insert', pk: 'p0', ck: [1, 'c0'], values: { v: 'y' }, ts: 10 },
      { k: 2, kind: 'update', pk: 'p0', ck: [1, 'c0'], values: { v: 'z' }, ts: 12 },
      { k: 3, kind: 'deleteRow', pk: 'p0', ck: [1, 'c0'], ts: 11, ldt: 0 },
      { k: 4, kind: 'update', pk: 'p0', ck: [1, 'c1'], values: { v: 'a' }, ts: 20 },
      { k: 5, kind: 'update', pk: 'p0', ck: [1, 'c1'], values: { v: 'b' }, ts: 20 },
      { k: 6, kind: 'deletePartition', pk: 'p0', ts: 10, ldt: 0 },
    ]);
    // (0,c0) is gone (ts 10 ≤ partition deletion 10); (1,c0) keeps only the newer cell; the tie keeps 'b' > 'a'.
    expect(all(m)).toEqual(['(1,"c1"){v="b"}', '(1,"c0"){v="z"}']);
    expect(m.read({ k: 7, kind: 'readRow', pk: 'p0', ck: [0, 'c0'] })).toEqual([]);
  });

  it('column deletes hide the column at or below their timestamp; INSERTed rows stay, UPDATEd ones go', () => {
    const ck = (a: number) => [a, 'c0'] as const;
    const m = model([
      { k: 0, kind: 'insert', pk: 'p0', ck: ck(0), values: { v: 'x' }, ts: 10 },
      { k: 1, kind: 'update', pk: 'p0', ck: ck(1), values: { v: 'y' }, ts: 10 },
      { k: 2, kind: 'update', pk: 'p0', ck: ck(-1), values: { v: 'z' }, ts: 12 },
      { k: 3, kind: 'deleteColumns', pk: 'p0', ck: ck(0), columns: ['v'], ts: 10, ldt: 0 },
      { k: 4, kind: 'deleteColumns', pk: 'p0', ck: ck(1), columns: ['v'], ts: 10, ldt: 0 },
      { k: 5, kind: 'deleteColumns', pk: 'p0', ck: ck(-1), columns: ['v'], ts: 11, ldt: 0 },
      // A column delete of a row nothing was written to shows no row.
      { k: 6, kind: 'deleteColumns', pk: 'p0', ck: ck(-2), columns: ['v'], ts: 11, ldt: 0 },
    ]);
    // (0,c0): INSERTed, its one column deleted at the tie: still there, empty. (1,c0): UPDATEd, gone at the tie.
    // (-1,c0): the write at 12 is newer than the delete at 11.
    expect(all(m)).toEqual(['(-1,"c0"){v="z"}', '(0,"c0"){}']);
    m.apply({ k: 7, kind: 'update', pk: 'p0', ck: ck(1), values: { v: 'w' }, ts: 11 });
    expect(m.read({ k: 8, kind: 'readRow', pk: 'p0', ck: ck(1) }).map(rowText)).toEqual(['(1,"c0"){v="w"}']);
  });
});
