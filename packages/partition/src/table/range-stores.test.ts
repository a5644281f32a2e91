import {
  ClusteringComparator,
  copyOnWriteRangeTombstoneListFactory,
  eagerRangeTombstoneListFactory,
  types,
} from '@tombstone-lab/core';
import { describe, expect, it } from 'vitest';
import { PartitionArgumentError } from '../errors.js';
import {
  DEFAULT_RANGE_STORE_NAME,
  isRangeStoreName,
  RANGE_STORE_NAMES,
  rangeStoreFactory,
} from './range-stores.js';
import { tableOptions } from './table-options.js';

describe('range stores by name', () => {
  it('names core’s three containers, and the table default is the named default (persistent)', () => {
    expect(RANGE_STORE_NAMES).toEqual(['eager', 'copy-on-write', 'persistent']);
    expect(DEFAULT_RANGE_STORE_NAME).toBe('persistent');
    expect(rangeStoreFactory('eager')).toBe(eagerRangeTombstoneListFactory);
    expect(rangeStoreFactory('copy-on-write')).toBe(copyOnWriteRangeTombstoneListFactory);
    const defaults = tableOptions({ comparator: new ClusteringComparator([types.int32]) });
    expect(defaults.rangeStore).toBe(rangeStoreFactory(DEFAULT_RANGE_STORE_NAME));
  });

  it('rejects any other name with the allowed names and the value', () => {
    expect(isRangeStoreName('cow')).toBe(false);
    expect(() => rangeStoreFactory('cow' as never)).toThrow(PartitionArgumentError);
    expect(() => rangeStoreFactory('cow' as never)).toThrow(
      'range store must be one of eager, copy-on-write, persistent, got "cow"',
    );
  });
});
