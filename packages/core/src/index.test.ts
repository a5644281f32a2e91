import { describe, expect, it } from 'vitest';
import { usesOutside } from './checks/test-root-exports.js';
import * as root from './index.js';
import * as internal from './internal.js';

// The root's runtime names, pinned: adding one means another package or the README uses it (and this list grows).
const ROOT = [
  'ClusteringBound',
  'ClusteringComparator',
  'ComparatorMismatchError',
  'DeletionTime',
  'EmptySliceError',
  'INVALID_DELETION_TIME',
  'InvalidArgumentError',
  'InvalidBoundKindError',
  'InvalidClusteringValueError',
  'InvalidConfigurationError',
  'InvalidDeletionTime',
  'InvalidRangeStoreError',
  'InvalidTimestampError',
  'JVM_COMPRESSED_OOPS',
  'Kind',
  'MAX_DELETION_TIME',
  'NO_DELETION_TIME',
  'NO_TIMESTAMP',
  'PersistentRangeTombstoneList',
  'RangeTombstone',
  'RangeTombstoneList',
  'RangeTombstoneListBase',
  'Slice',
  'V8_POINTER_COMPRESSION',
  'copyOnWriteRangeTombstoneListFactory',
  'eagerRangeTombstoneListFactory',
  'persistentRangeTombstoneListFactory',
  'rangeTombstoneListFactory',
  'types',
];

describe("core's root exports", () => {
  it('are exactly the pinned list', () => {
    expect(Object.keys(root).sort()).toEqual([...ROOT].sort());
  });
  it('are each used by another package, the consumer checks or a README', () => {
    const unused = [...usesOutside('core', ROOT)].filter(([, files]) => files.length === 0).map(([n]) => n);
    expect(unused).toEqual([]);
  });
  it('share nothing with ./internal (a name has one home)', () => {
    expect(Object.keys(internal).filter((n) => n in root)).toEqual([]);
  });
});
