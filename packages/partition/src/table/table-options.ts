import {
  ClusteringComparator,
  JVM_COMPRESSED_OOPS,
  type RangeTombstoneStoreFactory,
  type SizeModel,
} from '@tombstone-lab/core';
import { validateSizeModel } from '@tombstone-lab/core/internal';
import { checkOptionsBag } from '../argument-checks.js';
import { MIN_FALSE_POSITIVE_RATE } from '../compaction/bloom-filter.js';
import {
  type TombstoneGcInit,
  type TombstoneGcOptions,
  tombstoneGcOptions,
} from '../compaction/tombstone-gc.js';
import { describeValue, PartitionArgumentError } from '../errors.js';
import type { RangeStoreSource } from '../model/deletion-info.js';
import { DEFAULT_RANGE_STORE_NAME, rangeStoreFactory } from './range-stores.js';

/** What {@link tableOptions} accepts. Only the comparator is required. */
export interface TableOptionsInit {
  /** Orders the table's clusterings (core's comparator over the clustering column types). */
  readonly comparator: ClusteringComparator;
  /**
   * Builds the range-tombstone container of each partition: the pluggable part. Default: core's persistent tree
   * (`persistentRangeTombstoneListFactory()`: O(1) copies, O(log N) writes anywhere after a copy, appends as fast as
   * the arrays). Core's `copyOnWriteRangeTombstoneListFactory` and `eagerRangeTombstoneListFactory` (the seed's
   * candidate and baseline) stay selectable.
   */
  readonly rangeStore?: RangeTombstoneStoreFactory;
  /** Tombstones younger than this (by local deletion time) are never purged. Default 864000 (10 days). */
  readonly gcGraceSeconds?: number;
  /** Heap size model for rows, cells and deletion info. Default core's `JVM_COMPRESSED_OOPS`. */
  readonly sizeModel?: SizeModel;
  /** Target false-positive rate of each flushed run's bloom filter, in [6.71e-5, 1) (Cassandra's bounds). Default 0.01. */
  readonly bloomFalsePositiveRate?: number;
  /** How gc_before is decided: `{ mode: 'timeout' }` (default, now − gc grace) or `{ mode: 'repair' }`. */
  readonly tombstoneGc?: TombstoneGcInit;
}

/** A table's schema-level settings, validated and frozen. Passed to everything that builds partitions. */
export interface TableOptions extends RangeStoreSource {
  readonly comparator: ClusteringComparator;
  readonly rangeStore: RangeTombstoneStoreFactory;
  readonly gcGraceSeconds: number;
  readonly sizeModel: SizeModel;
  readonly bloomFalsePositiveRate: number;
  readonly tombstoneGc: TombstoneGcOptions;
}

const TABLE_OPTION_KEYS: readonly string[] = [
  'comparator',
  'rangeStore',
  'gcGraceSeconds',
  'sizeModel',
  'bloomFalsePositiveRate',
  'tombstoneGc',
];

/** The range store a table gets when it names none: the persistent tree under the default size model. */
const DEFAULT_RANGE_STORE: RangeTombstoneStoreFactory = rangeStoreFactory(DEFAULT_RANGE_STORE_NAME);

/** Cassandra's default `gc_grace_seconds`: 10 days. */
export const DEFAULT_GC_GRACE_SECONDS = 864_000;

/**
 * Validates and freezes table settings.
 * @throws PartitionArgumentError naming the bad field and value.
 */
export function tableOptions(init: TableOptionsInit): TableOptions {
  checkOptionsBag(init, TABLE_OPTION_KEYS, 'table option');
  if (!(init.comparator instanceof ClusteringComparator)) {
    throw new PartitionArgumentError(
      `comparator must be a ClusteringComparator, got ${describeValue(init.comparator)}`,
    );
  }
  const rangeStore = init.rangeStore ?? DEFAULT_RANGE_STORE;
  if (typeof rangeStore !== 'function') {
    throw new PartitionArgumentError(
      `rangeStore must be a RangeTombstoneStoreFactory function, got ${describeValue(init.rangeStore)}`,
    );
  }
  const gcGraceSeconds = init.gcGraceSeconds ?? DEFAULT_GC_GRACE_SECONDS;
  if (!Number.isSafeInteger(gcGraceSeconds) || gcGraceSeconds < 0) {
    throw new PartitionArgumentError(
      `gcGraceSeconds must be a non-negative safe integer, got ${describeValue(gcGraceSeconds)}`,
    );
  }
  const bloomFalsePositiveRate = init.bloomFalsePositiveRate ?? 0.01;
  if (
    typeof bloomFalsePositiveRate !== 'number' ||
    !(bloomFalsePositiveRate >= MIN_FALSE_POSITIVE_RATE && bloomFalsePositiveRate < 1)
  ) {
    // 1e-300 was accepted and every flush then sized its filter for it (~1.8 GB at 10^7 keys).
    throw new PartitionArgumentError(
      `bloomFalsePositiveRate must be in [${MIN_FALSE_POSITIVE_RATE}, 1), got ${describeValue(bloomFalsePositiveRate)}`,
    );
  }
  const options: TableOptions = Object.freeze({
    comparator: init.comparator,
    rangeStore,
    gcGraceSeconds,
    // Checked here (core's InvalidConfigurationError naming the field): `sizeModel: 'x'` was kept and met later by
    // the heap accounting.
    sizeModel: init.sizeModel === undefined ? JVM_COMPRESSED_OOPS : validateSizeModel(init.sizeModel),
    bloomFalsePositiveRate,
    tombstoneGc: tombstoneGcOptions(init.tombstoneGc),
  });
  RESOLVED.add(options);
  return options;
}

/**
 * Every settings object {@link tableOptions} returned: a table or memtable takes only these, so settings that skipped
 * validation (`new Table({ comparator })` from JavaScript, a hand-built copy) are refused where they enter, not
 * met later as a raw TypeError deep in a write (`options.tombstoneGc.mode` of undefined).
 */
const RESOLVED = new WeakSet<object>();

/**
 * Throws unless `value` is settings {@link tableOptions} returned; `what` names the receiver (`Table`). The message
 * also says what tableOptions would refuse in `value`, so a misspelled key or a wrong value is named
 * (`… got {comparator: …, gcGraceSecs: 5}: unknown table option "gcGraceSecs" (allowed: …)`).
 */
export function checkTableOptions(value: unknown, what: string): TableOptions {
  if (typeof value === 'object' && value !== null && RESOLVED.has(value)) return value as TableOptions;
  let reason = '';
  if (typeof value === 'object' && value !== null) {
    try {
      tableOptions(value as TableOptionsInit);
    } catch (e) {
      if (!(e instanceof PartitionArgumentError)) throw e;
      reason = `: ${e.message}`;
    }
  }
  throw new PartitionArgumentError(
    `${what} needs the settings tableOptions({ comparator, … }) returns, got ${describeValue(value)}${reason}`,
  );
}
