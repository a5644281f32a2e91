/**
 * `@tombstone-lab/partition`: where range tombstones meet data. Cassandra's `DeletionInfo` over a pluggable range
 * container from `@tombstone-lab/core`, rows and partition updates, the memtable merge updater (copy-then-add with
 * exact heap/data deltas), flush to immutable runs with bloom filters, reads, and tombstone-purging compaction with
 * the deferred (or, to reproduce the regression, eager) max-purgeable order.
 *
 * @packageDocumentation
 */

/** A partition-key bloom filter with a probe counter, and the key hash it probes with. */
export { BloomFilter, hashKey, type KeyHash } from './bloom-filter.js';
/** Cells: a value written at a timestamp; last write wins. */
export { Cell, type CellValue } from './cell.js';
/** Compaction with gc-grace and max-purgeable purging. */
export {
  type CompactionRequest,
  type CompactionResult,
  type CompactionStats,
  compact,
  type PurgeOrder,
} from './compaction.js';
/** Cassandra's (Mutable)DeletionInfo and its read-only face. */
export { DeletionInfo, type RangeStoreSource, type ReadonlyDeletionInfo } from './deletion-info.js';
/** Typed errors of this package. */
export { ImmutableStateError, PartitionArgumentError } from './errors.js';
/** The memtable: key → latest partition snapshot, with data/heap accounting. */
export { type ApplyResult, Memtable, NEW_PARTITION_DATA_SIZE, type PutResult } from './memtable.js';
/** Immutable partition snapshots. */
export { Partition, partitionShellHeap } from './partition.js';
/** Partition keys (non-empty strings). */
export { checkPartitionKey, comparePartitionKeys, type PartitionKey } from './partition-key.js';
/** Combining versions of a partition from several sources. */
export { type MergedVersions, mergeVersions } from './partition-merge.js';
/** A write to one partition and its builder. */
export { PartitionUpdate, PartitionUpdateBuilder } from './partition-update.js';
/** The memtable merge updater. */
export { type MergeResult, mergeDeletion, mergePartitions } from './partition-updater.js';
/** core's range-tombstone containers by name (one list for every tool), and the table default. */
export {
  DEFAULT_RANGE_STORE_NAME,
  isRangeStoreName,
  RANGE_STORE_NAMES,
  type RangeStoreName,
  rangeStoreFactory,
} from './range-stores.js';
/** Partition reads merging memtable and runs. */
export { liveRows, type ReadQuery, type ReadSources, readPartition } from './read.js';
/** Rows. */
export { Row } from './row.js';
/** Flushed/compacted immutable runs. */
export { SortedRun } from './sorted-run.js';
/** A table's storage: memtable, runs, flush, read, compact. */
export { type Clock, type CompactOptions, Table, type TableRuntimeOptions } from './table.js';
/** Table settings. */
export {
  DEFAULT_GC_GRACE_SECONDS,
  type TableOptions,
  type TableOptionsInit,
  tableOptions,
} from './table-options.js';
/** Replaceable flush / compaction / read stages of a table (instrumentation, alternatives, fault injection). */
export type { TableStages } from './table-stages.js';
/** The `tombstoneGc` table option: timeout or repair mode, and the repair history repair mode looks up. */
export {
  DEFAULT_PROPAGATION_DELAY_SECONDS,
  MAX_TOKEN,
  type RepairedRange,
  RepairHistory,
  type TombstoneGcInit,
  type TombstoneGcMode,
  type TombstoneGcOptions,
  tokenOf,
} from './tombstone-gc.js';
