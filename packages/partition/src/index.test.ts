import { describe, expect, it } from 'vitest';
import { usesOutside } from '../../core/src/checks/test-root-exports.js';
import * as root from './index.js';

// The root's runtime names, pinned: adding one means another package or the README uses it (and this list grows).
const ROOT = [
  'BloomFilter',
  'Cell',
  'DEFAULT_RANGE_STORE_NAME',
  'DeletionInfo',
  'ImmutableStateError',
  'MAX_TOKEN',
  'Memtable',
  'Partition',
  'PartitionArgumentError',
  'PartitionUpdate',
  'PartitionUpdateBuilder',
  'RANGE_STORE_NAMES',
  'RepairHistory',
  'Row',
  'SortedRun',
  'Table',
  'compact',
  'isRangeStoreName',
  'mergePartitions',
  'rangeStoreFactory',
  'readPartition',
  'tableOptions',
  'tokenOf',
];

describe("partition's root exports", () => {
  it('are exactly the pinned list', () => {
    expect(Object.keys(root).sort()).toEqual([...ROOT].sort());
  });
  it('are each used by another package, the consumer checks or a README', () => {
    const unused = [...usesOutside('partition', ROOT)]
      .filter(([, files]) => files.length === 0)
      .map(([n]) => n);
    expect(unused).toEqual([]);
  });
});
