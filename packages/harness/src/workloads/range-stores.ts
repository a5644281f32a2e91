import {
  copyOnWriteRangeTombstoneListFactory,
  eagerRangeTombstoneListFactory,
  persistentRangeTombstoneListFactory,
  type RangeTombstoneStoreFactory,
} from '@tombstone-lab/core';
import { describeValue, HarnessArgumentError } from '../errors.js';

/** The range-tombstone containers core offers, by the name the CLI, suites and reports use. */
export const RANGE_STORE_NAMES = ['eager', 'copy-on-write', 'persistent'] as const;

/** One of {@link RANGE_STORE_NAMES}. */
export type RangeStoreName = (typeof RANGE_STORE_NAMES)[number];

const persistent = persistentRangeTombstoneListFactory();

/**
 * The factory for a range store name (`cow` is accepted for `copy-on-write`, the name `check` uses).
 * @throws HarnessArgumentError naming an unknown store.
 */
export function rangeStoreNamed(name: unknown): RangeTombstoneStoreFactory {
  switch (name) {
    case 'eager':
      return eagerRangeTombstoneListFactory;
    case 'copy-on-write':
    case 'cow':
      return copyOnWriteRangeTombstoneListFactory;
    case 'persistent':
      return persistent;
    default:
      throw new HarnessArgumentError(
        `unknown range store ${describeValue(name)} (expected ${RANGE_STORE_NAMES.join(', ')})`,
      );
  }
}
