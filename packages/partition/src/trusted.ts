/**
 * @internal Passed as the last argument by this package's own callers of `new Partition`, `new PartitionUpdate` and
 * `new SortedRun`, whose arguments are already checked (a table's own settings, rows the write path built): the
 * memtable merge publishes a `Partition` per write and compaction one per partition, so they skip the argument checks a
 * caller from outside gets. Not exported from the package.
 */
export const TRUSTED: unique symbol = Symbol('trusted');

/** The type of {@link TRUSTED}. */
export type Trusted = typeof TRUSTED;
