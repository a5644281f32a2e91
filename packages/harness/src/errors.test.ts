import { describeValue as coreDescribeValue } from '@tombstone-lab/core/internal';
import { describe, expect, it } from 'vitest';
import { describeValue, HarnessArgumentError } from './errors.js';
import { checkIndex } from './generator/seed.js';

describe('describeValue (core’s, issue 23: the harness had its own)', () => {
  it('is core’s one rendering', () => {
    expect(describeValue).toBe(coreDescribeValue);
  });

  it('names a bad argument without calling its code: a throwing getter or toJSON is named, not run', () => {
    const getter = {
      get seed(): number {
        throw new Error('getter ran');
      },
    };
    const toJson = { toJSON: () => ({ looks: 'fine' }) };
    expect(() => checkIndex(getter, 'seed')).toThrow(HarnessArgumentError);
    expect(() => checkIndex(getter, 'seed')).toThrow('got {seed: [getter]}');
    expect(() => checkIndex(toJson, 'seed')).toThrow('got {toJSON: function toJSON}');
  });
});
