import {
  copyOnWriteRangeTombstoneListFactory,
  eagerRangeTombstoneListFactory,
  persistentRangeTombstoneListFactory,
  type RangeTombstoneStoreFactory,
} from '@tombstone-lab/core';
import { describeValue, PartitionArgumentError } from '../errors.js';

/**
 * The names of core's range-tombstone containers a table can use, in the order reports list them (the seed's
 * baseline, its candidate, then the persistent tree). One list: the harness's CLI, suites and reports use these names.
 */
export const RANGE_STORE_NAMES = Object.freeze(['eager', 'copy-on-write', 'persistent'] as const);

/** One of {@link RANGE_STORE_NAMES}. */
export type RangeStoreName = (typeof RANGE_STORE_NAMES)[number];

/** The range store a table gets when it names none ({@link tableOptions}' `rangeStore` default). */
export const DEFAULT_RANGE_STORE_NAME: RangeStoreName = 'persistent';

const FACTORIES: Readonly<Record<RangeStoreName, RangeTombstoneStoreFactory>> = Object.freeze({
  eager: eagerRangeTombstoneListFactory,
  'copy-on-write': copyOnWriteRangeTombstoneListFactory,
  // One factory under the default size model, shared by every table that names it.
  persistent: persistentRangeTombstoneListFactory(),
});

/** Whether `name` is one of {@link RANGE_STORE_NAMES}. */
export function isRangeStoreName(name: unknown): name is RangeStoreName {
  return typeof name === 'string' && (RANGE_STORE_NAMES as readonly string[]).includes(name);
}

/**
 * The factory of a named range store, for `tableOptions({ rangeStore })`.
 * @throws PartitionArgumentError naming the value and listing the allowed names.
 */
export function rangeStoreFactory(name: RangeStoreName): RangeTombstoneStoreFactory {
  if (!isRangeStoreName(name)) {
    throw new PartitionArgumentError(
      `range store must be one of ${RANGE_STORE_NAMES.join(', ')}, got ${describeValue(name)}`,
    );
  }
  return FACTORIES[name];
}
