/**
 * `@tombstone-lab/partition`: where range tombstones meet data. Cassandra's `DeletionInfo` over a pluggable range
 * container from `@tombstone-lab/core`, rows and partition updates, the memtable merge updater (copy-then-add with
 * exact heap/data deltas), flush to immutable runs with bloom filters, reads, and tombstone-purging compaction with
 * the deferred (or, to reproduce the regression, eager) max-purgeable order.
 *
 * @packageDocumentation
 */

/** The partition-key bloom filter of a run, with a probe counter. */
export { BloomFilter } from './compaction/bloom-filter.js';
/** Compaction with gc-grace and max-purgeable purging. */
export {
  type CompactionRequest,
  type CompactionResult,
  type CompactionStats,
  compact,
  type PurgeOrder,
} from './compaction/compaction.js';
/** Flushed/compacted immutable runs. */
export { SortedRun } from './compaction/sorted-run.js';
/** The `tombstoneGc` table option: timeout or repair mode, and the repair history repair mode looks up. */
export {
  MAX_TOKEN,
  type RepairedRange,
  RepairHistory,
  type TombstoneGcInit,
  type TombstoneGcMode,
  type TombstoneGcOptions,
  tokenOf,
} from './compaction/tombstone-gc.js';
/** Typed errors of this package. */
export { ImmutableStateError, PartitionArgumentError } from './errors.js';
/** Cells: a value written at a timestamp; last write wins. */
export { Cell, type CellValue } from './model/cell.js';
/** Cassandra's (Mutable)DeletionInfo and its read-only face. */
export { DeletionInfo, type RangeStoreSource, type ReadonlyDeletionInfo } from './model/deletion-info.js';
/** Immutable partition snapshots. */
export { Partition } from './model/partition.js';
/** Partition keys (non-empty strings). */
export type { PartitionKey } from './model/partition-key.js';
/** Rows. */
export { Row } from './model/row.js';
/** Partition reads merging memtable and runs. */
export { type ReadQuery, type ReadSources, readPartition } from './read/read.js';
/** core's range-tombstone containers by name (one list for every tool), and the table default. */
export {
  DEFAULT_RANGE_STORE_NAME,
  isRangeStoreName,
  RANGE_STORE_NAMES,
  type RangeStoreName,
  rangeStoreFactory,
} from './table/range-stores.js';
/** A table's storage: memtable, runs, flush, read, compact. */
export { type Clock, type CompactOptions, Table, type TableRuntimeOptions } from './table/table.js';
/** Table settings. */
export {
  type TableOptions,
  type TableOptionsInit,
  tableOptions,
} from './table/table-options.js';
/** Replaceable flush / compaction / read stages of a table (instrumentation, alternatives, fault injection). */
export type { TableStages } from './table/table-stages.js';
/** The memtable: key → latest partition snapshot, with data/heap accounting. */
export { type ApplyResult, Memtable, type PutResult } from './write/memtable.js';
/** A write to one partition and its builder. */
export { PartitionUpdate, PartitionUpdateBuilder } from './write/partition-update.js';
/** The memtable merge updater. */
export { type MergeResult, mergePartitions } from './write/partition-updater.js';
