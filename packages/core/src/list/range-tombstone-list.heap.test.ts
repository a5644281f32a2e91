import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boundHeapSize,
  JVM_COMPRESSED_OOPS,
  listShallowSize,
  primitiveArraySize,
  referenceArraySize,
  type SizeModel,
  V8_POINTER_COMPRESSION,
} from '../heap/size-model.js';
import { ClusteringBound } from '../model/clustering-bound.js';
import { INT_CMP, listOf, rt } from '../test-helpers.js';
import { backingArrays, RangeTombstoneList } from './range-tombstone-list.js';

/** Recomputes what a list retains by walking its actual arrays, independently of the list's running counters. */
function walkRetainedHeap(list: RangeTombstoneList, model: SizeModel): number {
  const st = backingArrays(list);
  let total =
    listShallowSize(model) +
    referenceArraySize(model, st.starts.length) +
    referenceArraySize(model, st.ends.length) +
    primitiveArraySize(model, st.markedAts.length, model.longSize) +
    primitiveArraySize(model, st.delTimes.length, model.intSize);
  for (let i = 0; i < list.size; i++) {
    total += boundHeapSize(model, INT_CMP, st.starts[i] as ClusteringBound);
    total += boundHeapSize(model, INT_CMP, st.ends[i] as ClusteringBound);
  }
  return total;
}

type Step =
  | { kind: 'append' }
  | { kind: 'middle'; at: number; t: number }
  | { kind: 'addAll'; at: number; t: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ kind: 'append' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('middle' as const),
      at: fc.nat(400),
      t: fc.integer({ min: 0, max: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('addAll' as const),
      at: fc.nat(400),
      t: fc.integer({ min: 0, max: 3 }),
    }),
  },
);

describe.each([
  ['JVM', JVM_COMPRESSED_OOPS],
  ['V8', V8_POINTER_COMPRESSION],
] as const)('heap accounting (%s size model)', (_name, sizeModel) => {
  it.each([false, true])(
    'memtable identity: Σ(new − old) over copy-then-add merges == heap retained by the final list (copyOnWrite=%s)',
    (copyOnWrite) => {
      fc.assert(
        fc.property(
          fc.array(stepArb, { minLength: 1, maxLength: 60 }),
          fc.constantFrom(0, 1, 16),
          (steps, capacity) => {
            const update = new RangeTombstoneList(INT_CMP, { copyOnWrite, capacity, sizeModel });
            update.add(rt(0, 1, 1));
            // The first write into a LIVE partition charges the copy of the update's list.
            let current = update.copy();
            let charged = current.unsharedHeapSize();
            let tail = 2;
            for (const step of steps) {
              const next = current.copy();
              if (step.kind === 'append') {
                next.add(rt(tail, tail + 1, 1));
                tail += 2;
              } else if (step.kind === 'middle') {
                const x = step.at % tail;
                next.add(rt(x, x, 2 + step.t));
              } else {
                const x = step.at % tail;
                next.addAll(listOf([rt(x, x + 3, 1 + step.t)], { copyOnWrite, sizeModel }));
              }
              charged += next.unsharedHeapSize() - current.unsharedHeapSize();
              expect(next.unsharedHeapSize()).toBe(walkRetainedHeap(next, sizeModel));
              current = next; // only the newest copy is kept
            }
            expect(charged).toBe(walkRetainedHeap(current, sizeModel));
          },
        ),
        { numRuns: 150 },
      );
    },
  );
});

describe('heap figures and their meanings', () => {
  const build = (copyOnWrite: boolean, capacity: number, n: number) => {
    const l = new RangeTombstoneList(INT_CMP, { copyOnWrite, capacity });
    for (let i = 0; i < n; i++) l.add(rt(2 * i, 2 * i + 1, 1));
    return l;
  };

  it('an unshared list owns everything', () => {
    const l = build(true, 4, 3);
    expect(l.heapSize()).toEqual({ total: l.unsharedHeapSize(), owned: l.unsharedHeapSize(), shared: 0 });
  });

  it('a copy-on-write copy reports the shared arrays separately, on both sides', () => {
    const a = build(true, 4, 3);
    const b = a.copy();
    const arrays =
      2 * referenceArraySize(JVM_COMPRESSED_OOPS, 4) +
      primitiveArraySize(JVM_COMPRESSED_OOPS, 4, 8) +
      primitiveArraySize(JVM_COMPRESSED_OOPS, 4, 4);
    for (const l of [a, b]) {
      const h = l.heapSize();
      expect(h.shared).toBe(arrays);
      expect(h.owned + h.shared).toBe(h.total);
      expect(h.total).toBe(walkRetainedHeap(l, JVM_COMPRESSED_OOPS));
    }
  });

  it('an eager copy shares nothing', () => {
    const a = build(false, 4, 3);
    expect(a.copy().heapSize().shared).toBe(0);
    expect(a.heapSize().shared).toBe(0);
  });

  it('copy then add leaves the source unchanged and makes the copy larger', () => {
    for (const copyOnWrite of [false, true]) {
      const a = build(copyOnWrite, 3, 3);
      const before = a.unsharedHeapSize();
      const b = a.copy();
      b.add(rt(100, 101, 1));
      expect(a.unsharedHeapSize()).toBe(before);
      expect(b.unsharedHeapSize()).toBeGreaterThan(before);
    }
  });

  it("a padded list's copy reports the same heap as a compact list's copy", () => {
    const padded = build(true, 1024, 2).copy();
    const compact = build(true, 2, 2).copy();
    expect(padded.unsharedHeapSize()).toBe(compact.unsharedHeapSize());
  });

  it("does not reproduce Cassandra's add() double count: every add is charged once", () => {
    const l = build(false, 8, 0);
    l.add(rt(0, 1, 1));
    const one = l.unsharedHeapSize();
    l.add(rt(2, 3, 1));
    const perRange = 2 * boundHeapSize(JVM_COMPRESSED_OOPS, INT_CMP, rt(2, 3, 1).slice.start);
    expect(l.unsharedHeapSize() - one).toBe(perRange);
  });

  it('BOTTOM and TOP cost nothing; values are charged by their column size', () => {
    const m = JVM_COMPRESSED_OOPS;
    expect(boundHeapSize(m, INT_CMP, rt(0, 1, 1).slice.start)).toBe(24 + 24 + 48 + 24);
    expect(boundHeapSize(m, INT_CMP, ClusteringBound.BOTTOM)).toBe(0);
    const all = new RangeTombstoneList(INT_CMP, { capacity: 1 });
    const empty = all.unsharedHeapSize();
    all.add(ClusteringBound.BOTTOM, ClusteringBound.TOP, 1);
    expect(all.unsharedHeapSize()).toBe(empty);
  });
});
