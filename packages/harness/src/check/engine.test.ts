import { ClusteringBound as B, Slice } from '@tombstone-lab/core';
import { describe, expect, it } from 'vitest';
import { comparatorOf, sliceOf } from './engine.js';
import { twoColumnSpec } from './test-spec.js';

const spec = twoColumnSpec;

describe('CQL ranges as engine slices', () => {
  it('keeps value order on ASC columns and swaps the bounds on DESC ones', () => {
    const cmp = comparatorOf(spec);
    const asc = sliceOf(spec, {
      prefix: [],
      lower: { value: -1, inclusive: false },
      upper: { value: 1, inclusive: true },
    });
    expect(String(asc)).toBe(String(Slice.make(B.exclusiveStart(-1), B.inclusiveEnd(1))));
    // b > 'c0' AND b <= 'c2' on a DESC column: from c2 (inclusive) down to c0 (exclusive).
    const desc = sliceOf(spec, {
      prefix: [0],
      lower: { value: 'c0', inclusive: false },
      upper: { value: 'c2', inclusive: true },
    });
    expect(String(desc)).toBe(String(Slice.make(B.inclusiveStart(0, 'c2'), B.exclusiveEnd(0, 'c0'), cmp)));
    expect(desc.includes(cmp, [0, 'c1'])).toBe(true);
    expect(desc.includes(cmp, [0, 'c0'])).toBe(false);
    // Open-ended: a < 0 is everything before the prefix-bound end.
    expect(String(sliceOf(spec, { prefix: [], lower: null, upper: { value: 0, inclusive: false } }))).toBe(
      String(Slice.make(B.BOTTOM, B.exclusiveEnd(0))),
    );
  });
});
