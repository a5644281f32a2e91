import type { ClusteringComparator } from './clustering-comparator.js';
import { RangeTombstoneList } from './range-tombstone-list.js';
import {
  buildConfig,
  checkCapacity,
  type RangeTombstoneListOptions,
} from './range-tombstone-list-options.js';
import type { RangeTombstoneStoreFactory } from './range-tombstone-store.js';

/**
 * A {@link RangeTombstoneStoreFactory} building {@link RangeTombstoneList}s with fixed options. The options are
 * validated here, once, so a bad configuration fails at wiring time rather than on the first tombstone.
 * @throws InvalidConfigurationError for an out-of-range capacity, growth factor or size model.
 */
export function rangeTombstoneListFactory(
  options: RangeTombstoneListOptions = {},
): RangeTombstoneStoreFactory {
  buildConfig(options);
  checkCapacity(options.capacity ?? 1);
  const frozen = Object.freeze({ ...options });
  return (comparator: ClusteringComparator) => new RangeTombstoneList(comparator, frozen);
}

/** Lists with the pre-CASSANDRA-21492 eager, trimmed `copy()` (initial capacity 1, as `DeletionInfo` uses). */
export const eagerRangeTombstoneListFactory: RangeTombstoneStoreFactory = rangeTombstoneListFactory({
  copyOnWrite: false,
});

/** Lists with the O(1) copy-on-write `copy()` (initial capacity 1). */
export const copyOnWriteRangeTombstoneListFactory: RangeTombstoneStoreFactory = rangeTombstoneListFactory({
  copyOnWrite: true,
});
