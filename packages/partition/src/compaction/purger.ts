import type { DeletionTime } from '@tombstone-lab/core';
import { gcBeforeProblem, isGcBefore } from '../deletion-seconds.js';
import { describeValue, PartitionArgumentError } from '../errors.js';
import type { PartitionKey } from '../model/partition-key.js';
import type { Memtable } from '../write/memtable.js';
import { hashKey, PROBE } from './bloom-filter.js';
import type { SortedRun } from './sorted-run.js';

/**
 * Order of the two purge checks. `'deferred'` (the default, ScyllaDB 38b226f997 / Cassandra's order): the cheap
 * grace check first, so max-purgeable — a bloom probe of every overlapping non-compacting run — is only computed
 * for a tombstone that is already old enough. `'eager'` reproduces the regression: max-purgeable first, for every
 * partition holding any tombstone.
 */
export type PurgeOrder = 'deferred' | 'eager';

/** What a compaction's purgers share: its settings and the counters every partition's purger adds to. */
export interface PurgeSettings {
  /** False: no deletion may go (shadowed data is still dropped). */
  readonly purge: boolean;
  readonly order: PurgeOrder;
  /** A number of seconds (timeout mode) or a per-key lookup (repair mode). */
  readonly gcBefore: number | ((key: PartitionKey) => number);
  /** The live memtable, if any: its min timestamp counts for keys it holds. */
  readonly memtable: Memtable | null;
  /** The non-compacting runs: their bloom filters and min timestamps decide max-purgeable. */
  readonly others: readonly SortedRun[];
}

/** The purge inputs a compaction computed, summed over its partitions. */
export interface PurgeCounters {
  maxPurgeableComputations: number;
  bloomProbes: number;
  gcBeforeLookups: number;
}

/**
 * One partition's answer to "may this deletion go" (Cassandra's `DeletionPurger` inside `PurgeFunction`): purging is
 * on, the deletion has passed gc grace (`localDeletionTime < gcBefore(key)`), and it is older than anything that may
 * still hold the key elsewhere (`timestamp < maxPurgeable(key)`: the memtable's and every non-compacting run's min
 * timestamp whose bloom filter may contain the key). Both inputs are computed lazily, at most once per partition, in
 * the configured {@link PurgeOrder}. Every deletion kind — partition, range, row deletion, cell tombstone — asks this
 * one rule; the kinds differ only in what they do with the answer (`compaction.ts`).
 */
export class Purger {
  #gcBefore: number | undefined;
  #maxPurgeable: number | undefined;

  constructor(
    private readonly settings: PurgeSettings,
    private readonly counters: PurgeCounters,
    private readonly key: PartitionKey,
  ) {}

  /** Whether a tombstone written at `timestamp` and created at `localDeletionTime` may be dropped. */
  readonly shouldPurge = (timestamp: number, localDeletionTime: number): boolean => {
    if (!this.settings.purge) return false;
    if (this.settings.order === 'deferred') {
      return localDeletionTime < this.#gcBeforeOfKey() && timestamp < this.#maxPurgeableOfKey();
    }
    return timestamp < this.#maxPurgeableOfKey() && localDeletionTime < this.#gcBeforeOfKey();
  };

  /** {@link shouldPurge} of a deletion time (a partition, range or row deletion). */
  shouldPurgeDeletion(deletion: DeletionTime): boolean {
    return this.shouldPurge(deletion.markedForDeleteAt, deletion.localDeletionTime);
  }

  #gcBeforeOfKey(): number {
    if (this.#gcBefore === undefined) {
      const source = this.settings.gcBefore;
      if (typeof source === 'number') this.#gcBefore = source;
      else {
        this.counters.gcBeforeLookups++;
        const gcBefore: unknown = source(this.key);
        // Once per partition, not per tombstone. NaN (or a string) compares false with every local deletion time:
        // nothing would be purged, silently; Infinity or milliseconds would purge tombstones inside gc grace.
        if (!isGcBefore(gcBefore)) {
          throw new PartitionArgumentError(
            `gcBefore(${describeValue(this.key)}) returned ${describeValue(gcBefore)}, ${gcBeforeProblem(gcBefore)}`,
          );
        }
        this.#gcBefore = gcBefore;
      }
    }
    return this.#gcBefore;
  }

  #maxPurgeableOfKey(): number {
    if (this.#maxPurgeable === undefined) {
      this.counters.maxPurgeableComputations++;
      const { memtable, others } = this.settings;
      let ts = Number.POSITIVE_INFINITY;
      if (memtable?.has(this.key)) ts = Math.min(ts, memtable.minTimestamp);
      const hash = hashKey(this.key);
      for (const run of others) {
        // A stored partition's key (checked when it was written): the unchecked calls keep the per-run cost as it was.
        if (!run[PROBE](this.key)) continue;
        this.counters.bloomProbes++;
        if (run.bloomFilter[PROBE](hash)) ts = Math.min(ts, run.minTimestamp);
      }
      this.#maxPurgeable = ts;
    }
    return this.#maxPurgeable;
  }
}
