import { checkOptionsBag } from '../argument-checks.js';
import { type CompactionRequest, type CompactionResult, compact } from '../compaction/compaction.js';
import { SortedRun } from '../compaction/sorted-run.js';
import { describeValue, PartitionArgumentError } from '../errors.js';
import type { Partition } from '../model/partition.js';
import type { PartitionKey } from '../model/partition-key.js';
import type { Row } from '../model/row.js';
import { type ReadQuery, type ReadSources, readTableSources } from '../read/read.js';
import { TRUSTED } from '../trusted.js';
import type { TableOptions } from './table-options.js';

/**
 * The replaceable stages of a {@link Table}'s storage pipeline. Each receives exactly what the default receives and
 * must return what it returns; the table still validates its own arguments and keeps its runs. Uses:
 * instrumentation (count or time a stage), alternative implementations measured against the default, and fault
 * injection — `@tombstone-lab/harness`'s corruptors plant a wrong stage to prove its model checker catches it.
 */
export interface TableStages {
  /** Writes a flushed memtable's partitions (sorted by key) to a run. Default: `new SortedRun(id, options, partitions)`. */
  readonly writeRun?: (id: number, options: TableOptions, partitions: readonly Partition[]) => SortedRun;
  /** Compacts runs. Default: this package's {@link compact}. */
  readonly compact?: (request: CompactionRequest) => CompactionResult;
  /** Reads one partition. Default: this package's {@link readPartition}. */
  readonly read?: (options: TableOptions, sources: ReadSources, key: PartitionKey, query: ReadQuery) => Row[];
}

/** The stages a table runs: the given ones, this package's own for the rest. */
export type ResolvedTableStages = Required<TableStages>;

const DEFAULT_STAGES: ResolvedTableStages = Object.freeze({
  writeRun: (id: number, options: TableOptions, partitions: readonly Partition[]) =>
    new SortedRun(id, options, partitions, undefined, TRUSTED),
  compact,
  // The unchecked read: a table's own settings and sources need no check on every point read.
  read: readTableSources,
});

/**
 * Validates a `stages` option and fills in the defaults.
 * @throws PartitionArgumentError for an unknown stage name or a stage that is not a function.
 */
export function resolveTableStages(stages: TableStages | undefined): ResolvedTableStages {
  if (stages === undefined) return DEFAULT_STAGES;
  checkOptionsBag(stages, Object.keys(DEFAULT_STAGES), 'table stage');
  for (const [name, stage] of Object.entries(stages)) {
    if (stage !== undefined && typeof stage !== 'function') {
      throw new PartitionArgumentError(`stage ${name} must be a function, got ${describeValue(stage)}`);
    }
  }
  return Object.freeze({ ...DEFAULT_STAGES, ...stages });
}
