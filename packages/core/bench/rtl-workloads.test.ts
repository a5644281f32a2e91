import { describe, expect, it } from 'vitest';
import {
  BENCH_COMPARATOR,
  buildExisting,
  copyAndAdd,
  copyAndAddMiddle,
  copyOnly,
  successiveMerges,
  TAIL_TOMBSTONE,
} from './rtl-workloads.js';

describe.each([false, true])('bench workloads (copyOnWrite=%s)', (copyOnWrite) => {
  it('buildExisting: size disjoint [2i,2i+1]@(1,1) ranges, capacity == size', () => {
    const l = buildExisting(10, copyOnWrite);
    expect(l.size).toBe(10);
    expect(l.capacity).toBe(10);
    expect(l.copyOnWrite).toBe(copyOnWrite);
    expect(String(l)).toBe(
      `{${Array.from({ length: 10 }, (_, i) => `[${2 * i},${2 * i + 1}]@1/1`).join(', ')}}`,
    );
    expect(() => buildExisting(1025, copyOnWrite)).toThrow(RangeError);
  });

  it('the tail tombstone sorts after every existing range', () => {
    const l = buildExisting(1000, copyOnWrite);
    const last = [...l.iterator(true)][0];
    expect(
      BENCH_COMPARATOR.compare(last?.slice.end ?? TAIL_TOMBSTONE.slice.end, TAIL_TOMBSTONE.slice.start),
    ).toBe(-1);
  });

  it('copyOnly / copyAndAdd / copyAndAddMiddle leave the source untouched', () => {
    const l = buildExisting(100, copyOnWrite);
    const before = String(l);
    expect(copyOnly(l).equals(l)).toBe(true);
    const appended = copyAndAdd(l);
    expect(appended.size).toBe(101);
    expect(appended.search([100000])?.toString()).toBe('[100000,100001]@1/1');
    const middle = copyAndAddMiddle(l, () => 0.5);
    expect(middle.size).toBe(101);
    expect(middle.search([101])?.toString()).toBe('[101,101]@2/1');
    expect(middle.search([100])?.toString()).toBe('[100,101)@1/1');
    expect(String(l)).toBe(before);
  });

  it('successiveMerges builds n appended ranges', () => {
    const l = successiveMerges(50, copyOnWrite);
    expect(l.size).toBe(50);
    expect(l.search([98])?.toString()).toBe('[98,99]@1/1');
  });
});
