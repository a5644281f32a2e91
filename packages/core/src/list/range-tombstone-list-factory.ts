import { allocate } from '../arrays/shared-arrays.js';
import type { ClusteringComparator } from '../model/clustering-comparator.js';
import { createRangeTombstoneList } from './range-tombstone-list.js';
import { checkComparator } from './range-tombstone-list-base.js';
import {
  buildConfig,
  checkCapacity,
  type RangeTombstoneListOptions,
} from './range-tombstone-list-options.js';
import type { RangeTombstoneStoreFactory } from './range-tombstone-store.js';

/**
 * A {@link RangeTombstoneStoreFactory} building {@link RangeTombstoneList}s with fixed options. The options are
 * validated here, once, so a bad configuration fails at wiring time rather than on the first tombstone, and lists
 * built by the factory reuse the validated configuration instead of re-validating the options every time.
 * @throws InvalidConfigurationError for an out-of-range capacity, growth factor or size model.
 */
export function rangeTombstoneListFactory(
  options: RangeTombstoneListOptions = {},
): RangeTombstoneStoreFactory {
  const config = buildConfig(options);
  const capacity = checkCapacity(options.capacity ?? 1);
  return (comparator: ClusteringComparator) => {
    checkComparator(comparator);
    return createRangeTombstoneList(comparator, config, allocate(capacity), 0, 0);
  };
}

/** Lists with the pre-CASSANDRA-21492 eager, trimmed `copy()` (initial capacity 1, as `DeletionInfo` uses). */
export const eagerRangeTombstoneListFactory: RangeTombstoneStoreFactory = rangeTombstoneListFactory({
  copyOnWrite: false,
});

/** Lists with the O(1) copy-on-write `copy()` (initial capacity 1). */
export const copyOnWriteRangeTombstoneListFactory: RangeTombstoneStoreFactory = rangeTombstoneListFactory({
  copyOnWrite: true,
});
