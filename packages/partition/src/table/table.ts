import { NO_DELETION_TIME } from '@tombstone-lab/core';
import { checkFlag, checkOptionsBag } from '../argument-checks.js';
import {
  type CompactionResult,
  checkPurgeOrder,
  emptyCompaction,
  type PurgeOrder,
} from '../compaction/compaction.js';
import { SortedRun } from '../compaction/sorted-run.js';
import { gcBeforeFunction, RepairHistory } from '../compaction/tombstone-gc.js';
import { isDeletionSeconds, millisecondsHint } from '../deletion-seconds.js';
import { describeValue, PartitionArgumentError } from '../errors.js';
import { checkPartitionKey, type PartitionKey } from '../model/partition-key.js';
import type { Row } from '../model/row.js';
import type { ReadQuery } from '../read/read.js';
import { type ApplyResult, Memtable } from '../write/memtable.js';
import { builderFor, type PartitionUpdate, type PartitionUpdateBuilder } from '../write/partition-update.js';
import { checkTableOptions, type TableOptions } from './table-options.js';
import { type ResolvedTableStages, resolveTableStages, type TableStages } from './table-stages.js';

/** Current time in seconds, the unit of local deletion times. Injectable so gc grace is testable. */
export type Clock = () => number;

/** Options of a {@link Table}. */
export interface TableRuntimeOptions {
  /** Default: wall clock, `Math.floor(Date.now() / 1000)`. */
  readonly clock?: Clock;
  /**
   * The table's repair history, required when its `tombstoneGc` mode is `'repair'` (record repairs on it as they
   * complete; compaction reads it at the time it runs).
   */
  readonly repairHistory?: RepairHistory;
  /** Replacements for the flush, compaction and read stages (instrumentation, alternatives, fault injection). */
  readonly stages?: TableStages;
}

/** Options of {@link Table.compact}. */
export interface CompactOptions {
  /** Default true. */
  readonly purge?: boolean;
  /** Default `'deferred'`. */
  readonly purgeOrder?: PurgeOrder;
}

/**
 * One table's storage: a memtable taking writes, immutable runs produced by {@link flush} and {@link compact}, and
 * reads merging them. Single-threaded; every published object (partition snapshots, runs) is immutable.
 */
export class Table {
  readonly options: TableOptions;
  #memtable: Memtable;
  #runs: readonly SortedRun[] = Object.freeze([]);
  #nextRunId = 1;
  readonly #clock: Clock;
  /** The repair history gc_before is looked up in (repair mode), or null. */
  readonly repairHistory: RepairHistory | null;
  readonly #stages: ResolvedTableStages;

  /**
   * @throws PartitionArgumentError for settings `tableOptions` did not return (`new Table()`, `new Table({ comparator
   *   })`), a bad clock, repair mode without a repair history, or a repair history in timeout mode.
   */
  constructor(options: TableOptions, runtime: TableRuntimeOptions = {}) {
    this.options = checkTableOptions(options, 'Table');
    checkOptionsBag(runtime, ['clock', 'repairHistory', 'stages'], 'table runtime option');
    this.#stages = resolveTableStages(runtime.stages);
    this.#memtable = new Memtable(options);
    const clock = runtime.clock ?? (() => Math.floor(Date.now() / 1000));
    if (typeof clock !== 'function')
      throw new PartitionArgumentError(`clock must be a function, got ${describeValue(clock)}`);
    this.#clock = clock;
    this.repairHistory = runtime.repairHistory ?? null;
    if (this.repairHistory !== null && !(this.repairHistory instanceof RepairHistory))
      throw new PartitionArgumentError(
        `repairHistory must be a RepairHistory, got ${describeValue(runtime.repairHistory)}`,
      );
    if (options.tombstoneGc.mode === 'repair' && this.repairHistory === null) {
      throw new PartitionArgumentError("tombstoneGc mode 'repair' needs the runtime option repairHistory");
    }
    // Kept and never read in timeout mode, silently (tableOptions refuses the like mix, a propagation delay there).
    if (options.tombstoneGc.mode === 'timeout' && this.repairHistory !== null) {
      throw new PartitionArgumentError(
        "the runtime option repairHistory applies to tombstoneGc mode 'repair' only, got it with mode 'timeout'",
      );
    }
  }

  /** A builder for a write to `key`; pass its `build()` to {@link apply}. */
  update(key: PartitionKey): PartitionUpdateBuilder {
    return builderFor(this.options, key);
  }

  /**
   * Applies a write to the memtable ({@link Memtable.apply}: the snapshot is published when read).
   * @throws PartitionArgumentError for anything but an update built by this table's {@link update}.
   */
  apply(update: PartitionUpdate): ApplyResult {
    return this.#memtable.apply(update);
  }

  /** The current memtable. */
  get memtable(): Memtable {
    return this.#memtable;
  }

  /** The runs, oldest first. */
  get runs(): readonly SortedRun[] {
    return this.#runs;
  }

  /**
   * gc_before of `key`, in seconds: tombstones deleted before it may be purged. Timeout mode: now minus gc grace
   * (the key may be omitted). Repair mode: the last repair of the key's token range minus the propagation delay
   * (one counted repair-history lookup), or −Infinity when no repair covered it.
   * @throws PartitionArgumentError in repair mode without a key, for a key that is not a non-empty string, or when the
   *   clock answers something that is not a whole number of seconds in [0, 2^32 − 1] (milliseconds are refused).
   */
  gcBefore(key?: PartitionKey): number {
    if (key !== undefined) checkPartitionKey(key);
    const source = this.#gcBeforeSource();
    if (typeof source === 'number') return source;
    if (key === undefined)
      throw new PartitionArgumentError("gcBefore needs a key in tombstoneGc mode 'repair'");
    return source(key);
  }

  #gcBeforeSource(): number | ((key: PartitionKey) => number) {
    const now: unknown = this.#clock();
    // Read once per compaction or gcBefore call, so checked here: a clock answering NaN or a string made gc_before
    // NaN (nothing purged, silently); one answering milliseconds (`Date.now()`) put every tombstone past gc grace.
    if (!isDeletionSeconds(now)) {
      throw new PartitionArgumentError(
        `clock returned ${describeValue(now)}, not a whole number of seconds in [0, ${NO_DELETION_TIME}]${millisecondsHint(now)}`,
      );
    }
    return gcBeforeFunction(this.options.tombstoneGc, this.options.gcGraceSeconds, now, this.repairHistory);
  }

  /** Writes the memtable to a new run and starts an empty memtable. Returns null (and does nothing) when empty. */
  flush(): SortedRun | null {
    const memtable = this.#memtable;
    if (memtable.partitionCount === 0) return null;
    memtable.freeze();
    const run = this.#stages.writeRun(this.#nextRunId++, this.options, memtable.sortedPartitions());
    this.#runs = Object.freeze([...this.#runs, run]);
    this.#memtable = new Memtable(this.options);
    return run;
  }

  /** Reads a partition's live rows from the memtable and all runs. */
  read(key: PartitionKey, query: ReadQuery = {}): Row[] {
    return this.#stages.read(this.options, { memtable: this.#memtable, runs: this.#runs }, key, query);
  }

  /**
   * Compacts the given runs (all current runs by default) into one, which replaces them; the other runs and the
   * memtable bound what may be purged.
   * With no runs to compact (`compact([])`, or `compact()` on a table without runs) it is a no-op: the result has an
   * empty output run (not added to the table, no run id used up) and all-zero stats; the options are still checked.
   * @throws PartitionArgumentError if `inputs` is not an array of runs (options are the second argument), a run is
   *   not one of this table's current runs, or is listed twice; for an unknown option key, a non-boolean `purge` or
   *   an unknown `purgeOrder`. Nothing changes when it throws.
   */
  compact(inputs: readonly SortedRun[] = this.#runs, options: CompactOptions = {}): CompactionResult {
    // Checked before anything moves (the output run id included): a rejected call leaves the table as it was.
    checkOptionsBag(options, ['purge', 'purgeOrder'], 'compact option');
    const purge = checkFlag(options.purge, true, 'purge');
    const purgeOrder = checkPurgeOrder(options.purgeOrder);
    checkRunList(inputs);
    // Nothing to compact is a no-op, as in Cassandra: no stage runs, no clock is read, no run id is used up (the
    // empty output carries the id the next run will take and is not added to the table).
    if (inputs.length === 0) return emptyCompaction(this.options, this.#nextRunId);
    const chosen = new Set(inputs);
    if (chosen.size !== inputs.length)
      throw new PartitionArgumentError('a run is listed twice for compaction');
    for (const run of inputs) {
      if (!this.#runs.includes(run)) {
        const shown = run instanceof SortedRun ? `run ${run.id}` : describeValue(run);
        throw new PartitionArgumentError(`${shown} is not a current run of this table`);
      }
    }
    const others = this.#runs.filter((r) => !chosen.has(r));
    // Read before the output id is taken: a clock refused here leaves the table's next run id as it was.
    const gcBefore = this.#gcBeforeSource();
    const result = this.#stages.compact({
      table: this.options,
      inputs,
      others,
      memtable: this.#memtable,
      outputId: this.#nextRunId++,
      gcBefore,
      purgeOrder,
      purge,
    });
    const replaced: SortedRun[] = [];
    let placed = false;
    for (const run of this.#runs) {
      if (!chosen.has(run)) replaced.push(run);
      else if (!placed) {
        placed = true;
        if (result.output.size > 0) replaced.push(result.output);
      }
    }
    this.#runs = Object.freeze(replaced);
    return result;
  }
}

/**
 * Throws unless `inputs` is an array. Why: `compact({ purge: false })` (options passed first) or `compact('all')`
 * would otherwise fail deep inside `new Set` or iterate a string's characters into a misleading "listed twice".
 */
function checkRunList(inputs: unknown): void {
  if (!Array.isArray(inputs)) {
    throw new PartitionArgumentError(
      `compact inputs must be an array of runs (options are the second argument: compact(undefined, options)), got ${describeValue(inputs)}`,
    );
  }
}
