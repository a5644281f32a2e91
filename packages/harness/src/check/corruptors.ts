import {
  ClusteringBound,
  type ClusteringComparator,
  DeletionTime,
  Kind,
  RangeTombstone,
  RangeTombstoneList,
  Slice,
} from '@tombstone-lab/core';
import {
  compact,
  DeletionInfo,
  Partition,
  Row,
  readPartition,
  SortedRun,
  type TableOptions,
  type TableStages,
} from '@tombstone-lab/partition';
import type { EngineSetup } from './engine.js';

/**
 * Deliberately wrong engines, each planted through one of the engine's own extension points (a range-store factory
 * in the table options, or a replaced table stage), so a test can prove the model checker catches every one.
 */
export interface Corruptor {
  readonly name: string;
  readonly description: string;
  /** The engine setup with the fault planted. */
  plant(base: EngineSetup): EngineSetup;
}

function toRangeTombstone(
  comparator: ClusteringComparator,
  a: RangeTombstone | ClusteringBound,
  end: ClusteringBound | undefined,
  markedForDeleteAt: number | undefined,
  localDeletionTime: number | undefined,
): RangeTombstone {
  if (a instanceof RangeTombstone) return a;
  return new RangeTombstone(
    Slice.make(a, end!, comparator), // the comparator: a DESC column's slice is inverted in value order
    DeletionTime.build(markedForDeleteAt!, localDeletionTime ?? 0),
  );
}

/** A copy-on-write list whose `add` turns an inclusive end bound `x]` into `x)` (dropping the range if it empties). */
class EndExclusiveList extends RangeTombstoneList {
  override add(rangeTombstone: RangeTombstone): void;
  override add(start: ClusteringBound, end: ClusteringBound, markedForDeleteAt: number, ldt?: number): void;
  override add(a: RangeTombstone | ClusteringBound, end?: ClusteringBound, at?: number, ldt?: number): void {
    const rt = toRangeTombstone(this.comparator, a, end, at, ldt);
    const e = rt.slice.end;
    if (e.kind !== Kind.INCL_END_BOUND || e.values.length === 0) {
      super.add(rt);
      return;
    }
    const cut = ClusteringBound.exclusiveEnd(...e.values);
    if (Slice.isEmpty(this.comparator, rt.slice.start, cut)) return;
    super.add(new RangeTombstone(Slice.make(rt.slice.start, cut, this.comparator), rt.deletionTime));
  }
}

/** A list that reports every covering deletion one microsecond older, so data written at its timestamp survives. */
class TieToDataList extends RangeTombstoneList {
  override searchDeletionTime(
    clustering: Parameters<RangeTombstoneList['searchDeletionTime']>[0],
  ): DeletionTime | null {
    const dt = super.searchDeletionTime(clustering);
    return dt === null ? null : DeletionTime.build(dt.markedForDeleteAt - 1, dt.localDeletionTime);
  }

  override copy(): RangeTombstoneList {
    const copy = new TieToDataList(this.comparator);
    copy.addAll(this);
    return copy;
  }
}

/** `partitions` with each row rewritten by `rewrite` (null drops the row); unchanged partitions are kept as they are. */
function rewriteRows(
  options: TableOptions,
  partitions: readonly Partition[],
  rewrite: (row: Row) => Row | null,
): Partition[] {
  return partitions.map((p) => {
    const rows = p.toRowArray();
    const out = rows.map(rewrite).filter((r): r is Row => r !== null);
    if (out.length === rows.length && out.every((r, i) => r === rows[i])) return p;
    return new Partition(options, p.key, p.deletionInfo, out);
  });
}

/**
 * The row with every cell tombstone one microsecond older: it still shadows everything written before its
 * timestamp, but a write of that column at the tombstone's own timestamp now wins the tie.
 */
function tombstonesOneOlder(comparator: ClusteringComparator, row: Row): Row {
  if (row.cellTombstoneCount() === 0) return row;
  let out = row.withoutCellTombstones(() => true).row;
  for (const cell of row.cells) {
    if (!cell.isTombstone()) continue;
    const older = Row.deletedColumns(
      comparator,
      row.clustering,
      [cell.column],
      cell.timestamp - 1,
      cell.localDeletionTime,
    );
    out = out === null ? older : Row.merge(out, older);
  }
  return out!;
}

function withStages(base: EngineSetup, stages: TableStages): EngineSetup {
  return { ...base, stages: { ...base.stages, ...stages } };
}

/** A flush that writes `rewrite(options, partitions)` instead of the memtable's partitions. */
function rewritingFlush(
  base: EngineSetup,
  rewrite: (options: TableOptions, partitions: readonly Partition[]) => Partition[],
): EngineSetup {
  return withStages(base, {
    writeRun: (id, options, partitions) => new SortedRun(id, options, rewrite(options, partitions)),
  });
}

/** Every corruptor, by name. */
export const CORRUPTORS: readonly Corruptor[] = Object.freeze([
  {
    name: 'end-exclusive',
    description: 'the range store drops the inclusivity of end bounds ([a, b] is stored as [a, b))',
    plant: (base) => ({ ...base, rangeStore: (c: ClusteringComparator) => new EndExclusiveList(c) }),
  },
  {
    name: 'tie-to-data',
    description: "ties resolved the wrong way: data written at a range tombstone's own timestamp survives it",
    plant: (base) => ({ ...base, rangeStore: (c: ClusteringComparator) => new TieToDataList(c) }),
  },
  {
    name: 'ignore-max-purgeable',
    description:
      'compaction ignores max-purgeable: tombstones past gc grace are purged even when older data remains in other runs or the memtable',
    plant: (base) =>
      withStages(base, { compact: (request) => compact({ ...request, others: [], memtable: null }) }),
  },
  {
    name: 'flush-drops-partition-deletion',
    description: 'flush writes partitions without their partition deletion',
    plant: (base) =>
      rewritingFlush(base, (options, partitions) =>
        partitions.map((p) => {
          if (p.deletionInfo.getPartitionDeletion().isLive()) return p;
          const info = new DeletionInfo(options);
          for (const rt of p.deletionInfo.rangeIterator(false)) info.add(rt);
          return new Partition(options, p.key, info.freeze(), p.toRowArray());
        }),
      ),
  },
  {
    name: 'cell-tie-to-data',
    description:
      "column-delete ties resolved the wrong way: flush writes each cell tombstone one microsecond older, so a write of the column at the tombstone's own timestamp survives it",
    plant: (base) =>
      rewritingFlush(base, (options, partitions) =>
        rewriteRows(options, partitions, (row) => tombstonesOneOlder(options.comparator, row)),
      ),
  },
  {
    name: 'purge-cell-tombstones-in-grace',
    description:
      'compaction purges every cell tombstone, inside gc grace and whatever max-purgeable says, so older writes of the column reappear',
    plant: (base) =>
      withStages(base, {
        compact: (request) => {
          const result = compact(request);
          const partitions = rewriteRows(
            request.table,
            result.output.partitions,
            (row) => row.withoutCellTombstones(() => true).row,
          ).filter((p) => p.rowCount > 0 || !p.deletionInfo.isLive());
          return { ...result, output: new SortedRun(result.output.id, request.table, partitions) };
        },
      }),
  },
  {
    name: 'reversed-skips-last',
    description: 'reversed reads skip the last row',
    plant: (base) =>
      withStages(base, {
        read: (options, sources, key, query) => {
          const rows = readPartition(options, sources, key, query);
          return query.reversed === true && rows.length > 0 ? rows.slice(0, -1) : rows;
        },
      }),
  },
]);

/** The corruptor of that name, or undefined. */
export function corruptorNamed(name: string): Corruptor | undefined {
  return CORRUPTORS.find((c) => c.name === name);
}
